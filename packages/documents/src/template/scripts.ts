import Decimal from 'decimal.js';
import type { FnoDocument, FnoForm } from '../xml/model.ts';
import type { FormTemplate, TemplateField, TemplatePage, TemplateScript } from './model.ts';
import { asNumber, type Resolve, runScript, type Value } from './script-eval.ts';
import { parseScript, type Script, type ScriptRef, scriptRefs } from './script-parse.ts';

/**
 * The template's scripts run over a document (the check before signing, src/xml/template-check.ts):
 *
 * - CALC: the figure the form computes for a single NUMERIC field, compared with the figure given;
 * - CHECK: a consistency rule; the message code it gives (`res='20269012'`) is a failure of its field when the
 *   labels file (*_loc.xml) types that code ERROR, worded by the template's own text for it. A CHECK on a row
 *   field runs once per row.
 *
 * A script is understood (`compileScripts`) when `parseScript` reads it and it fits the template: its field
 * and every field it reads exist on the pages named, `@row.` and `@formula.csum.` name a column of the script's
 * own page's row group, `@page….` names a single field (a row column read that way: which row?), a CHECK has a
 * condition and quoted results, a CALC's field is a single NUMERIC one. Anything else is skipped, never reported.
 */
export type ScriptType = 'CALC' | 'CHECK';

export interface CompiledScript {
  type: ScriptType;
  source: TemplateScript;
  script: Script;
  form: string;
  page: TemplatePage;
  field: TemplateField;
  /** the field is a row column: the script runs once per row */
  perRow: boolean;
}

export interface ScriptCoverage {
  /** scripts of the type in the template / of them, understood and evaluated by the check */
  calc: { total: number; understood: number };
  check: { total: number; understood: number };
}

interface PageIndex {
  form: string;
  page: TemplatePage;
  single: Map<string, TemplateField>;
  columns: Map<string, TemplateField>;
}

interface Compiled {
  scripts: CompiledScript[];
  coverage: ScriptCoverage;
  pages: Map<string, PageIndex>;
}

const cache = new WeakMap<FormTemplate, Compiled>();

function indexPages(t: FormTemplate): Map<string, PageIndex> {
  const pages = new Map<string, PageIndex>();
  for (const f of t.forms) {
    for (const p of f.pages) {
      pages.set(p.name, {
        form: f.name,
        page: p,
        single: new Map(p.fields.map((x) => [x.name, x])),
        columns: new Map(p.rows.flat().map((x) => [x.name, x])),
      });
    }
  }
  return pages;
}

function fits(s: Script, type: ScriptType, own: PageIndex, perRow: boolean, pages: Map<string, PageIndex>) {
  if (type === 'CHECK') {
    // an unconditional CHECK would refuse every document; results are message codes
    if (!s.when || s.result.k !== 'str' || (s.otherwise && s.otherwise.k !== 'str')) return false;
  }
  return scriptRefs(s).every((r: ScriptRef) => {
    if (r.scope === 'row') return perRow && own.columns.has(r.field);
    if (r.scope === 'csum') return own.columns.has(r.field);
    const p = r.page === null ? own : pages.get(r.page);
    return !!p && p.single.has(r.field);
  });
}

/** The template's scripts the check evaluates, and how many of each type it understands. */
export function compileScripts(t: FormTemplate): Compiled {
  const hit = cache.get(t);
  if (hit) return hit;
  const pages = indexPages(t);
  const scripts: CompiledScript[] = [];
  const coverage: ScriptCoverage = { calc: { total: 0, understood: 0 }, check: { total: 0, understood: 0 } };
  for (const source of t.scripts) {
    const type = source.type.toUpperCase();
    if (type !== 'CALC' && type !== 'CHECK') continue;
    const count = type === 'CALC' ? coverage.calc : coverage.check;
    count.total++;
    const dot = source.field.indexOf('.');
    const own = dot > 0 ? pages.get(source.field.slice(0, dot)) : undefined;
    const name = source.field.slice(dot + 1);
    const single = own?.single.get(name);
    const field = single ?? own?.columns.get(name);
    if (!own || !field) continue;
    const perRow = !single;
    // a CALC fills one single NUMERIC field
    if (type === 'CALC' && (perRow || field.type.toUpperCase() !== 'NUMERIC')) continue;
    const script = parseScript(source.code);
    if (!script || !fits(script, type, own, perRow, pages)) continue;
    count.understood++;
    scripts.push({ type, source, script, form: own.form, page: own.page, field, perRow });
  }
  const out = { scripts, coverage, pages };
  cache.set(t, out);
  return out;
}

/** How many CALC and CHECK scripts of the template the check understands. */
export const scriptCoverage = (t: FormTemplate): ScriptCoverage => compileScripts(t).coverage;

/** What the scripts find wrong in a document. */
export type ScriptFinding =
  | { kind: 'calc'; form: string; page: TemplatePage; field: TemplateField; given: string; expected: string }
  | { kind: 'check'; form: string; page: TemplatePage; field: TemplateField; code: string; row?: number };

/** One copy of a page in the document: its single fields and rows by name. */
interface Sheet {
  form: FnoForm;
  fields: Map<string, string>;
  rows: Map<string, string>[];
}

const FLAG = new Set(['CHECKBOX', 'TCHECKBOX', 'RADIO']);
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A field's text as the script sees it: trimmed; a ticked/unticked flag is 1/0 (`@page.pril_1=0`). */
function scriptValue(f: TemplateField | undefined, raw: string | undefined): Value {
  const v = raw?.trim() ?? '';
  if (v && f && FLAG.has(f.type.toUpperCase())) {
    if (v === 'true' || v === '1') return new Decimal(1);
    if (v === 'false' || v === '0') return new Decimal(0);
  }
  return v;
}

function sheetsOf(doc: FnoDocument): Map<string, Sheet[]> {
  const copies = new Map<string, Sheet[]>();
  for (const form of doc.forms) {
    for (const s of form.sheets) {
      const list = copies.get(s.name) ?? [];
      list.push({ form, fields: new Map(s.fields), rows: (s.rows ?? []).map((r) => new Map(r)) });
      copies.set(s.name, list);
    }
  }
  return copies;
}

/**
 * Runs every understood script over the document, on each copy of its page (and each row for a row field).
 * Another page is read from its one copy (or the one in the same appendix copy); a page the document repeats
 * otherwise leaves the script unevaluated. An absent page reads as empty.
 */
export function runScripts(t: FormTemplate, doc: FnoDocument): ScriptFinding[] {
  const { scripts, pages } = compileScripts(t);
  if (!scripts.length) return [];
  const copies = sheetsOf(doc);
  const EMPTY: Sheet = { form: { name: '', sheets: [] }, fields: new Map(), rows: [] };
  const out: ScriptFinding[] = [];
  for (const c of scripts) {
    let rowNo = 0;
    for (const own of copies.get(c.page.name) ?? []) {
      const other = (page: string): Sheet | null => {
        const list = copies.get(page);
        if (!list?.length) return EMPTY;
        if (list.length === 1) return list[0] as Sheet;
        const same = list.filter((s) => s.form === own.form);
        return same.length === 1 ? (same[0] as Sheet) : null;
      };
      let filled = false;
      const read = (f: TemplateField | undefined, raw: string | undefined): Value => {
        const v = scriptValue(f, raw);
        if (v !== '') filled = true;
        return v;
      };
      const ownIndex = pages.get(c.page.name) as PageIndex;
      const resolver =
        (row: Map<string, string> | undefined): Resolve =>
        (r) => {
          if (r.scope === 'row') return read(ownIndex.columns.get(r.field), row?.get(r.field));
          if (r.scope === 'csum') {
            let sum = new Decimal(0);
            for (const x of own.rows) {
              const n = asNumber(read(ownIndex.columns.get(r.field), x.get(r.field)));
              if (!n) return null;
              sum = sum.plus(n);
            }
            return sum;
          }
          const name = r.page ?? c.page.name;
          const sheet = name === c.page.name ? own : other(name);
          if (!sheet) return null;
          return read(pages.get(name)?.single.get(r.field), sheet.fields.get(r.field));
        };
      if (c.type === 'CHECK') {
        for (const row of c.perRow ? own.rows : [undefined]) {
          if (row) rowNo++;
          const res = runScript(c.script, resolver(row));
          const code = res?.value;
          // LABEL and HINT messages (910.00: «Наименование международного договора не указано») do not refuse
          if (typeof code === 'string' && code !== '' && t.labelTypes?.get(code) === 'ERROR') {
            out.push({
              kind: 'check',
              form: c.form,
              page: c.page,
              field: c.field,
              code,
              ...(row ? { row: rowNo } : {}),
            });
          }
        }
        continue;
      }
      const given = own.fields.get(c.field.name)?.trim() ?? '';
      if (given !== '' && !NUMBER.test(given)) continue;
      const res = runScript(c.script, resolver(undefined));
      const computed = res?.value === undefined || res.value === '' ? null : asNumber(res.value);
      // nothing given and nothing to compute from: an unused line, not a missing figure
      if (!computed || (given === '' && !filled)) continue;
      const digits = c.field.fraction ?? 0;
      const value = new Decimal(given || 0);
      // where the figure has more decimals than the field (`*3.5/100`), KGD's rounding is not documented
      const fitsFigure =
        computed.decimalPlaces() <= digits
          ? value.equals(computed)
          : value.equals(computed.toDecimalPlaces(digits, Decimal.ROUND_DOWN)) ||
            value.equals(computed.toDecimalPlaces(digits, Decimal.ROUND_UP));
      if (fitsFigure) continue;
      const expected = computed.toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
      out.push({ kind: 'calc', form: c.form, page: c.page, field: c.field, given, expected });
    }
  }
  return out;
}
