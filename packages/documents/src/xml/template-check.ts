import { isValidIin } from '@deklarant/contracts';
import type { FnoCode } from '../forms/uncertain.ts';
import { type FormTemplate, pageFields, type TemplateField, type TemplatePage } from '../template/model.ts';
import { templateFor } from '../template/registry.ts';
import { runScripts } from '../template/scripts.ts';
import { type CheckLanguage, type CheckTexts, checkTexts } from './check-texts.ts';
import { KIND_FIELDS } from './header.ts';
import type { FnoDocument, FnoField } from './model.ts';
import { parseFno } from './parse.ts';

/**
 * Fields the tax office fills when it receives the declaration: mandatory in KGD's templates (S1: 910.00
 * marks them so), but never filled by the taxpayer's software.
 */
export const FILLED_BY_TAX_OFFICE = new Set(['receptor_name', 'post_date', 'in_doc_number']);
/** Fields holding an IIN, checked for the control digit (S1: KGD refuses a bad one). */
const IIN_FIELD = /^(iin|iin_spouse|iin_legalrepresentative|notary_iin|.*_iin)$/;
/** Fields of an appendix that do not count as its content (they repeat on every page). */
const NOT_CONTENT = new Set(['iin', 'period_year', 'page_number']);
const DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

export interface TemplateCheckOptions extends CheckLanguage {
  /** the moment of the check; dates after this day (Kazakhstan time) are refused */
  today: Date;
  /** the template to check against; default: the one the writer uses for the form and year */
  template?: FormTemplate;
}

/** Day number (days since epoch) of a dd.mm.yyyy date; null when it is not a real calendar date. */
function dayOf(v: string): number | null {
  const m = DATE.exec(v);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const dt = new Date(t);
  return dt.getUTCDate() === d && dt.getUTCMonth() === mo - 1 ? t / 86_400_000 : null;
}

/** Kazakhstan calendar day (UTC+5) of a moment, as a day number. */
const kzDay = (at: Date) => Math.floor((at.getTime() + 5 * 3_600_000) / 86_400_000);

/** What is wrong with a value: a `checks:value.*` sentence and its number (a length, a count of decimals). */
interface ValueProblem {
  key:
    | 'fraction'
    | 'integer'
    | 'maxDigits'
    | 'exactDigits'
    | 'date'
    | 'future'
    | 'checkbox'
    | 'maxChars'
    | 'exactChars'
    | 'iin';
  n?: number;
}

function valueProblem(f: TemplateField, v: string, today: number): ValueProblem | null {
  const type = f.type.toUpperCase();
  if (type === 'NUMERIC') {
    const frac = f.fraction ?? 0;
    const re = frac > 0 ? new RegExp(`^-?\\d+(\\.\\d{1,${frac}})?$`) : /^-?\d+$/;
    if (!re.test(v)) return frac > 0 ? { key: 'fraction', n: frac } : { key: 'integer' };
    const digits = v.replace(/^-/, '').split('.')[0]?.length ?? 0;
    if (f.length && digits > f.length) return { key: 'maxDigits', n: f.length };
    if (f.length && f.lengthFixed && digits !== f.length) return { key: 'exactDigits', n: f.length };
  } else if (type === 'DATE') {
    const d = dayOf(v);
    if (d === null) return { key: 'date' };
    // like KGD's own checks (910.00: submit_date, accept_date, notice_date > get_cur_date): the
    // document's dates, not the dates of the deals listed in its tables
    if (d > today && !f.name.startsWith('field_')) return { key: 'future' };
  } else if (type === 'CHECKBOX' || type === 'TCHECKBOX' || type === 'RADIO') {
    if (!/^(true|false|0|1)$/.test(v)) return { key: 'checkbox' };
  } else if (f.length && [...v].length > f.length) {
    return { key: 'maxChars', n: f.length };
  } else if (f.length && f.lengthFixed && [...v].length !== f.length) {
    return { key: 'exactChars', n: f.length };
  }
  if (IIN_FIELD.test(f.name) && v !== '' && !isValidIin(v)) return { key: 'iin' };
  return null;
}

const isTrue = (v: string | undefined) => v === 'true' || v === '1';

/**
 * Checks a ФНО document against its form template before signing: every field known to the template,
 * mandatory fields present, lengths and types, IIN control digits, exactly one declaration kind, each
 * appendix flag (pril_N) matching its appendix, no date after today, and the template's own scripts (see
 * `scriptProblems`): every figure the form computes (CALC) as the form computes it, every consistency rule
 * (CHECK) kept. Returns the problems in Russian (or in `opts.lang`: texts of the `checks` catalogue), each
 * naming the field as printed on the form ([] = the document may be signed).
 */
export function checkAgainstTemplate(input: string | FnoDocument, opts: TemplateCheckOptions): string[] {
  const doc = typeof input === 'string' ? parseFno(input) : input;
  const tx = checkTexts(opts);
  const code = doc.code as FnoCode;
  const year = taxYear(doc);
  let t: FormTemplate;
  try {
    t = opts.template ?? templateFor(code, year);
  } catch {
    return [doc.code ? tx.t('form.unsupported', { code: doc.code, year }) : tx.t('form.unsupportedNoCode', { year })];
  }
  const out: string[] = [];
  const today = kzDay(opts.today);
  const label = (f: TemplateField) => tx.label(t, f.labelCode) || f.name;
  /** a sentence naming a page: `<key>.titled` with the page's printed title, `<key>.untitled` without one */
  const onPage = (key: string, form: string, page: TemplatePage, params: Record<string, unknown>) => {
    const title = tx.label(t, page.titleCode);
    const at = { form: form.replace(/^form_(\d{3})_(\d{2})$/, '$1.$2'), ...(title ? { title } : {}) };
    return tx.t(`${key}.${title ? 'titled' : 'untitled'}`, { ...params, ...at });
  };
  if (doc.version !== t.version) out.push(tx.t('form.version', { given: doc.version, expected: t.version }));
  const values = new Map<string, string>();
  for (const form of doc.forms) {
    const tf = t.forms.find((f) => f.name === form.name);
    if (!tf) {
      out.push(tx.t('form.extraAppendix', { name: form.name, code: t.code }));
      continue;
    }
    for (const sheet of form.sheets) {
      const page = tf.pages.find((p) => p.name === sheet.name);
      if (!page) {
        out.push(onPage('page.extra', form.name, tf.pages[0]!, { page: sheet.name }));
        continue;
      }
      const known = new Map(pageFields(page).map((f) => [f.name, f]));
      const given = new Map(sheet.fields);
      const check = ([name, v]: FnoField) => {
        const f = known.get(name);
        if (!f) {
          out.push(onPage('page.unknownField', form.name, page, { name }));
          return;
        }
        if (v === '') return;
        if (!values.has(name) || values.get(name) === '') values.set(name, v);
        const p = valueProblem(f, v, today);
        if (p) out.push(onPage(`value.${p.key}`, form.name, page, { field: label(f), value: v, n: p.n }));
      };
      sheet.fields.forEach(check);
      for (const r of sheet.rows ?? []) r.forEach(check);
      for (const f of page.fields) {
        if (f.mandatory && !FILLED_BY_TAX_OFFICE.has(f.name) && !given.get(f.name)) {
          out.push(onPage('page.mandatory', form.name, page, { field: label(f) }));
        }
      }
    }
  }
  // exactly one declaration kind (S1: the kind flag is required)
  const kinds = KIND_FIELDS.filter((k) => t.forms[0]?.pages.some((p) => p.fields.some((f) => f.name === k)));
  if (kinds.length && kinds.filter((k) => isTrue(values.get(k))).length !== 1) {
    out.push(tx.t('form.oneKind'));
  }
  // pril_N matches the presence of appendix N (S1)
  const prefix = `form_${t.code.slice(0, 3)}_0`;
  for (const page of t.forms[0]?.pages ?? []) {
    for (const f of page.fields) {
      const m = /^pril_(\d)$/.exec(f.name);
      if (!m) continue;
      const name = `${prefix}${m[1]}`;
      const filled = doc.forms
        .filter((x) => x.name === name)
        .some((x) =>
          x.sheets.some((s) => s.fields.some(([n, v]) => v !== '' && !NOT_CONTENT.has(n)) || !!s.rows?.length),
        );
      const flagged = isTrue(values.get(f.name));
      const appx = `${t.code.slice(0, 3)}.0${m[1]}`;
      if (filled && !flagged) out.push(tx.t('form.appendixNotTicked', { appendix: appx }));
      if (!filled && flagged) out.push(tx.t('form.appendixNotFilled', { appendix: appx }));
    }
  }
  out.push(...scriptProblems(t, doc, tx, label, onPage));
  return out;
}

type OnPage = (key: string, form: string, page: TemplatePage, params: Record<string, unknown>) => string;

/**
 * What the template's own scripts find (src/template/scripts.ts): a figure that differs from what the form
 * computes (CALC: `calc.mismatch`/`calc.missing` with both figures) and a consistency rule the document breaks
 * (CHECK: the template's own message for its code, in Kazakh for kk where the template has it, named by the
 * field and, for a row field, the row). Scripts the check does not understand are skipped, never reported.
 */
function scriptProblems(
  t: FormTemplate,
  doc: FnoDocument,
  tx: CheckTexts,
  label: (f: TemplateField) => string,
  onPage: OnPage,
): string[] {
  const out = new Set<string>();
  for (const f of runScripts(t, doc)) {
    if (f.kind === 'calc') {
      const key = f.given === '' ? 'calc.missing' : 'calc.mismatch';
      out.add(onPage(key, f.form, f.page, { field: label(f.field), value: f.given, expected: f.expected }));
    } else {
      const message = tx.label(t, f.code)?.trim() || f.code;
      const key = f.row === undefined ? 'script.failed' : 'script.failedRow';
      out.add(onPage(key, f.form, f.page, { field: label(f.field), row: f.row, message }));
    }
  }
  return [...out];
}

/** The tax year of a document: its period_year (250.00 carries the assets' year + 1). */
function taxYear(doc: FnoDocument): number {
  const py = doc.forms[0]?.sheets.flatMap((s) => s.fields).find(([n]) => n === 'period_year')?.[1];
  const y = Number(py);
  if (!Number.isInteger(y)) return 0;
  return doc.code === '250.00' ? y - 1 : y;
}
