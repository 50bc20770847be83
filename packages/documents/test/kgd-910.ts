import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readTemplateFile } from '../src/template/load.ts';
import type { FormTemplate } from '../src/template/model.ts';
import type { FnoDocument, FnoField, FnoForm } from '../src/xml/model.ts';

/**
 * KGD's real 910.00 template (version 27, revision 133) from the shared research folder; never copied into the
 * repository. Unpacked with `tar xjf` into a temporary folder once per test file; null when it is absent.
 */
export const PACKAGE_910 = resolve(
  __dirname,
  '../../../../shared/research/fno-templates/910.00/form_910_00_v27_r133.tar.bz2',
);

function unpack910(): string | null {
  if (!existsSync(PACKAGE_910)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'kgd-910-'));
  try {
    execFileSync('tar', ['xjf', PACKAGE_910, '-C', dir]);
  } catch {
    return null;
  }
  return join(dir, 'form_910_00_v27_r133.xml');
}

/** The unpacked template file, or null. */
export const file910 = unpack910();
/** The template read by our reader, or null. */
export const t910: FormTemplate | null = file910 ? readTemplateFile(file910) : null;

type Fields = Record<string, string>;
/** A page's single fields and rows: `rows` are lists of { column: value }. */
export interface Page910 {
  fields: Fields;
  rows?: Fields[];
}
/** Changes to `filled910`: per page, fields to set ('' empties one) and rows to replace; null drops the page. */
export type Change910 = Record<string, { fields?: Fields; rows?: Fields[] } | null>;

const HEAD = { iin: '900101300126', period_year: '2024', period_half_year: '2' };
const f00 = (n: string) => `field_910_00_${n}`;

/**
 * A 910.00 for the second half of 2024, filled consistently by hand the way the form's own rules (its CALC and
 * CHECK scripts) want it, with two appendices that carry row groups:
 *
 * - 910.00 p.1: income 001 = 10 000 000, tax 005 = 3 % = 300 000, adjustment 006 = 20 000, 007 = 005 - 006,
 *   008 = 007 x 0.5, 009 = 008 - 011 - 021 (nothing on 910.03); 010 = 010_1 + 010_2;
 * - p.2: 011_i = 010_i x 3.5 % rounded half up (432.075 -> 432), 011 their sum; 016_1..6 (every month) with
 *   016 = their sum = 910.01 column F's total, and 016_A..E filled as the form wants once 016 is;
 * - p.3: 021 = 021_1 + 021_2; 023 = 023_1 + 023_2, not below 910.01 column X's total;
 * - p.4: the signature block;
 * - 910.01 p.1 (rows: employee C with D and F) and p.6 (rows: X), each with its column totals;
 * - 910.02 p.3: one row with a treaty (J, K) and its country L.
 */
export function filled910(change: Change910 = {}): FnoDocument {
  const pages: Record<string, { form: string } & Page910> = {
    page_910_00_01: {
      form: 'form_910_00',
      fields: {
        ...HEAD,
        currency_code: 'KZT',
        payer_name1: 'ИВАНОВ',
        payer_name2: 'ИВАН',
        dt_regular: 'true',
        dt_main: 'false',
        dt_additional: 'false',
        dt_notice: 'false',
        dt_final: 'false',
        cb_n1: 'true',
        cb_n2: 'false',
        ved_buch: 'true',
        ne_ved_buch: 'false',
        ep: 'false',
        tis: 'false',
        pril_1: 'true',
        pril_2: 'true',
        pril_3: 'false',
        [f00('001')]: '10000000',
        [f00('005')]: '300000',
        [f00('006')]: '20000',
        [f00('007')]: '280000',
        [f00('008')]: '140000',
        [f00('009')]: '132568',
        [f00('010_1')]: '100000',
        [f00('010_2')]: '12345',
        [f00('010')]: '112345',
      },
    },
    page_910_00_02: {
      form: 'form_910_00',
      fields: {
        ...HEAD,
        [f00('011_1')]: '3500',
        [f00('011_2')]: '432',
        [f00('011')]: '3932',
        ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((m) => [f00(`016_${m}`), m <= 2 ? '200000' : '150000'])),
        [f00('016')]: '1000000',
        [f00('016_A')]: '1000000',
        ...Object.fromEntries(['B', 'C', 'D', 'E'].map((x) => [f00(`016_${x}`), '0'])),
      },
    },
    page_910_00_03: {
      form: 'form_910_00',
      fields: {
        ...HEAD,
        [f00('021_1')]: '1000',
        [f00('021_2')]: '2500',
        [f00('021')]: '3500',
        [f00('023_1')]: '2000',
        [f00('023_2')]: '1000',
        [f00('023')]: '3000',
      },
    },
    page_910_00_04: {
      form: 'form_910_00',
      fields: {
        ...HEAD,
        head_name: 'ИВАНОВ ИВАН',
        submit_date: '20.02.2025',
        accept_date: '20.02.2025',
        rating_auth_code: '6004',
      },
    },
    page_910_01_01: {
      form: 'form_910_01',
      fields: { ...HEAD, page_number: '1', field_910_01_F_SUM: '1000000' },
      rows: [
        { A: '1', B: 'ПЕТРОВ ПЕТР', C: '900101300126', D: '6', E: '1', F: '600000' },
        { A: '2', B: 'СИДОРОВА АННА', C: '900101300126', D: '6', E: '1', F: '400000' },
      ].map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [`field_910_01_${k}`, v]))),
    },
    page_910_01_06: {
      form: 'form_910_01',
      fields: { ...HEAD, page_number: '1', field_910_01_X_SUM: '2500' },
      rows: [
        { field_910_01_A: '1', field_910_01_X: '1500' },
        { field_910_01_A: '2', field_910_01_X: '1000' },
      ],
    },
    page_910_02_03: {
      form: 'form_910_02',
      fields: { ...HEAD, page_number: '1' },
      rows: [{ field_910_02_A: '1', field_910_02_J: '1', field_910_02_K: 'КОНВЕНЦИЯ', field_910_02_L: 'RU' }],
    },
  };
  const forms: FnoForm[] = [];
  for (const [name, p] of Object.entries(pages)) {
    const c = change[name];
    if (c === null) continue;
    const fields = Object.entries({ ...p.fields, ...c?.fields }) as FnoField[];
    const rows = (c?.rows ?? p.rows)?.map((r) => Object.entries(r) as FnoField[]);
    let form = forms.find((f) => f.name === p.form);
    if (!form) {
      form = { name: p.form, sheets: [] };
      forms.push(form);
    }
    form.sheets.push({ name, fields, ...(rows ? { rows } : {}) });
  }
  return { code: '910.00', formatVersion: '1', version: '27', forms };
}
