import { FIFTH_SECTION_FIELDS, type FifthSectionField } from '@deklarant/contracts';
import registers from '@deklarant/i18n/locales/ru/registers.json';
import Decimal from 'decimal.js';
import { sum, toDecimal } from './format.ts';
import type { DeclarationDocument } from './types.ts';

type Fifth = NonNullable<DeclarationDocument['fifthSection']>;
const ZERO = new Decimal(0);
const ROUND_HALF_UP = Decimal.ROUND_HALF_UP;

/**
 * The lines' Russian names live in the `registers` catalogue (line270.<line>, line240.<field>), where the
 * Kazakh and English ones are too; `label` is the Russian one (the XML and the checks name lines by it).
 */
const L270 = registers.line270;
const L240: Partial<Record<string, string>> = registers.line240;
const line240 = (field: string): string => {
  const label = L240[field];
  if (!label) throw new Error(`registers catalogue has no line240.${field}`);
  return label;
};

/** Where a line's amount comes from. */
export type LineSource =
  | { field: FifthSectionField }
  | { sum: string[] } // other lines of the same table
  | { diff: [FifthSectionField, FifthSectionField] }
  | { first: FifthSectionField[] }
  | null;

/**
 * How the form itself derives a line from its other lines, in whole tenge (KGD's templates compute such lines
 * with CALC scripts over the form's own fields, e.g. 910.00 `field_910_00_007 = 005 - 006`; S3 fills 270.01
 * the same way: every income line rounded first, then A_1 = A_1_1 + A_1_2, D = A + B, G = D - E,
 * H = G x 0.1, K = H - I). Lines listed in `minus` are subtracted; `rate` multiplies the sum by the year's
 * flat tax rate. Without a formula the whole figure is the line's own amount rounded.
 */
export interface LineFormula {
  plus: string[];
  minus?: string[];
  /** multiplied by `LineOptions.taxRate` (rounded half up); without that rate the line's own amount is rounded */
  rate?: true;
  /** never below zero (tax payable) */
  floor0?: true;
  /**
   * The credit line (I) that takes up a rounding remainder: when the engine's own figure of this line is
   * nothing (under half a tenge: the foreign tax covers the whole tax) but the printed lines leave a tenge or
   * two, the printed credit grows by that remainder, so the form says nothing is payable, as the engine does.
   */
  credit?: string;
}

export interface LineDef {
  /** line id inside its appendix, e.g. 'A_1_2' (270.01) or '001' (240.00) */
  line: string;
  label: string;
  source: LineSource;
  /** the form's own arithmetic for the whole-tenge figure */
  formula?: LineFormula;
  /** the mapping is inferred, not confirmed by an official legend */
  uncertain?: string;
}

/**
 * 270.01 lines (docs/sections.md) and the fifth_section field each one shows.
 * Lines without a source exist on the form but the app does not compute them (left empty).
 */
export const LINES_270_01: readonly LineDef[] = [
  {
    line: 'A',
    label: L270.A,
    source: { field: 'property_income' },
    formula: { plus: ['A_1', 'A_2', 'A_3', 'A_4', 'A_5'] },
  },
  {
    line: 'A_1',
    label: L270.A_1,
    source: { sum: ['A_1_1', 'A_1_2'] },
    formula: { plus: ['A_1_1', 'A_1_2'] },
    // i18n-ignore: why the mapping is uncertain: a note for developers (docs, tests), not printed
    uncertain: 'сумма строк A_1_1 и A_1_2 (в расчете value_income_amount — только раздел I.A)',
  },
  {
    line: 'A_1_1',
    label: L270.A_1_1,
    source: { field: 'value_income_amount' },
    // i18n-ignore: why the mapping is uncertain: a note for developers (docs, tests), not printed
    uncertain: 'value_income_amount (реализация через брокера РК, раздел I.A) отнесен к A_1_1',
  },
  {
    line: 'A_1_2',
    label: L270.A_1_2,
    source: { field: 'from_sale_property_outside_rk' },
  },
  { line: 'A_2', label: L270.A_2, source: null },
  { line: 'A_3', label: L270.A_3, source: { field: 'income_from_rental' } },
  { line: 'A_4', label: L270.A_4, source: null },
  { line: 'A_5', label: L270.A_5, source: null },
  {
    line: 'B',
    label: L270.B,
    source: { field: 'other_income_amount' },
    formula: { plus: ['B_1', 'B_2', 'B_3', 'B_4', 'B_5', 'B_6', 'B_7'] },
  },
  {
    line: 'B_1',
    label: L270.B_1,
    source: { sum: ['B_1_4', 'B_1_5', 'B_1_9'] },
    formula: { plus: ['B_1_1', 'B_1_2', 'B_1_3', 'B_1_4', 'B_1_5', 'B_1_6', 'B_1_7', 'B_1_8', 'B_1_9'] },
    // i18n-ignore: why the mapping is uncertain: a note for developers (docs, tests), not printed
    uncertain: 'сумма строк B_1_4, B_1_5, B_1_9',
  },
  { line: 'B_1_1', label: L270.B_1_1, source: null },
  { line: 'B_1_2', label: L270.B_1_2, source: null },
  { line: 'B_1_3', label: L270.B_1_3, source: null },
  { line: 'B_1_4', label: L270.B_1_4, source: { field: 'dividends' } },
  { line: 'B_1_5', label: L270.B_1_5, source: { field: 'rewards' } },
  { line: 'B_1_6', label: L270.B_1_6, source: null },
  { line: 'B_1_7', label: L270.B_1_7, source: null },
  { line: 'B_1_8', label: L270.B_1_8, source: null },
  {
    line: 'B_1_9',
    label: L270.B_1_9,
    source: { field: 'other_income_not_from_tax_agent' },
    // i18n-ignore: why the mapping is uncertain: a note for developers (docs, tests), not printed
    uncertain: 'other_income_not_from_tax_agent (РЕПО, производные инструменты) отнесены к B_1_9',
  },
  { line: 'B_2', label: L270.B_2, source: null },
  { line: 'B_3', label: L270.B_3, source: null },
  { line: 'B_4', label: L270.B_4, source: null },
  { line: 'B_5', label: L270.B_5, source: null },
  { line: 'B_6', label: L270.B_6, source: null },
  { line: 'B_7', label: L270.B_7, source: null },
  { line: 'C', label: L270.C, source: null },
  {
    line: 'D',
    label: L270.D,
    source: { first: ['total_income_tax', 'total_income_to_declaration'] },
    formula: { plus: ['A', 'B', 'C'] },
  },
  {
    line: 'E',
    label: L270.E,
    source: { field: 'adjustment_of_income_amount' },
    formula: { plus: ['E_1', 'E_2', 'E_3', 'E_4'] },
  },
  {
    line: 'E_1',
    label: L270.E_1,
    source: { field: 'adjustment_of_income_amount' },
    // i18n-ignore: why the mapping is uncertain: a note for developers (docs, tests), not printed
    uncertain: 'вся корректировка отнесена к ст. 341 (E_2–E_4 не заполняются)',
  },
  { line: 'E_2', label: L270.E_2, source: null },
  { line: 'E_3', label: L270.E_3, source: null },
  { line: 'E_4', label: L270.E_4, source: null },
  { line: 'F', label: L270.F, source: null },
  // i18n-ignore: why the mapping is uncertain: a note for developers (docs, tests), not printed
  { line: 'F_1', label: L270.F_1, source: null, uncertain: 'назначение строки не подтверждено' },
  // i18n-ignore: why the mapping is uncertain: a note for developers (docs, tests), not printed
  { line: 'F_2', label: L270.F_2, source: null, uncertain: 'назначение строки не подтверждено' },
  {
    line: 'G',
    label: L270.G,
    source: { field: 'taxable_amount_of_income' },
    formula: { plus: ['D'], minus: ['E', 'F'] },
  },
  {
    line: 'H',
    label: L270.H,
    source: { field: 'calculated_amount_of_income_tax' },
    formula: { plus: ['G'], rate: true },
  },
  { line: 'I', label: L270.I, source: { field: 'foreign_tax_credit' } },
  { line: 'J', label: L270.J, source: null },
  {
    line: 'K',
    label: L270.K,
    source: { field: 'amount_of_IPN_final' },
    formula: { plus: ['H'], minus: ['I', 'J'], floor0: true, credit: 'I' },
  },
];

/**
 * 240.00 lines. The official 2018-Code line codes were NOT found (docs/formats.md): this numbering
 * is the app's own, in fifth_section order. Every mapping here is uncertain.
 */
// i18n-ignore: why the mapping is uncertain: a note for developers (docs, tests), not printed
const UNCERTAIN_240 = 'коды строк 240.00 не подтверждены официальной формой';
// the declaration's total first, then the calculation's own lines in fifth_section order (the tax total is
// the 270.00 form's own line, not one of 240.00)
export const LINES_240_00: readonly LineDef[] = [
  'total_income_to_declaration' as const,
  ...FIFTH_SECTION_FIELDS.filter((f) => f !== 'total_income_to_declaration' && f !== 'total_income_tax'),
].map((field, i) => ({
  line: String(i + 1).padStart(3, '0'),
  label: line240(field),
  source: { field },
  uncertain: UNCERTAIN_240,
}));

/** The fifth_section fields each section's deals add to (packages/tax), for the 240.00 registers' line codes. */
const FIELDS_OF_SECTION: Partial<Record<string, readonly string[]>> = {
  first_section_a: ['value_income_amount'],
  first_section_b: ['value_income_amount', 'dividends', 'rewards'],
  first_section_c: ['other_income_not_from_tax_agent'],
  second_section: ['from_sale_property_outside_rk'],
  third_section: ['dividends'],
  fourth_section: ['rewards'],
  income_from_rental: ['income_from_rental'],
};

/**
 * The 240.00 lines a section's register feeds, as printed on the form ('240.00.004'); null for a section
 * 240.00 has no line for (purchases count only through the sales' cost, foreign money, debts).
 */
export function feeds240(sectionKey: string): string | null {
  if (sectionKey === 'sixth_section_first_part') return '240.00.024';
  const fields = FIELDS_OF_SECTION[sectionKey];
  if (!fields) return null;
  const code = (f: string) => LINES_240_00.find((d) => d.source && 'field' in d.source && d.source.field === f)?.line;
  return fields.map((f) => `240.00.${code(f)}`).join(', ');
}

export interface ComputedLine extends LineDef {
  /** printed code, e.g. '270.01.A.1.2' or '240.00.001' */
  code: string;
  /** ФНО XML field name, e.g. 'field_270_01_A_1_2' */
  xmlField: string;
  /** exact amount (decimal string) or '' when the line is empty */
  amount: string;
  /** whole tenge for the form ('' when empty) */
  whole: string;
}

function value(def: LineDef, fifth: Fifth, done: Map<string, Decimal | null>): Decimal | null {
  const s = def.source;
  if (!s) return null;
  if ('field' in s) return toDecimal(fifth[s.field]);
  if ('sum' in s) return sum(s.sum.map((l) => done.get(l) ?? null));
  if ('first' in s) {
    for (const f of s.first) {
      const d = toDecimal(fifth[f]);
      if (d) return d;
    }
    return null;
  }
  const a = toDecimal(fifth[s.diff[0]]);
  const b = toDecimal(fifth[s.diff[1]]);
  return a ? a.minus(b ?? 0) : null;
}

/** What the form's arithmetic needs besides fifth_section. */
export interface LineOptions {
  /**
   * The year's one ИПН rate when it applies to every income on the form (H = G x rate), as a decimal
   * string ('0.10'); absent when rates differ by kind or amount: H is then the engine's own tax, rounded.
   */
  taxRate?: string | null;
}

/** Whole tenge of every line: formulas over the other lines' whole figures, else the amount rounded. */
function wholeFigures(
  defs: readonly LineDef[],
  exact: Map<string, Decimal | null>,
  opts: LineOptions,
): Map<string, Decimal | null> {
  const byLine = new Map(defs.map((d) => [d.line, d]));
  const out = new Map<string, Decimal | null>();
  const whole = (line: string): Decimal | null => {
    if (out.has(line)) return out.get(line) ?? null;
    const def = byLine.get(line);
    const own = exact.get(line) ?? null;
    const f = def?.formula;
    let v: Decimal | null = own ? own.toDecimalPlaces(0, ROUND_HALF_UP) : null;
    // without the year's one rate the tax line is the engine's own tax, rounded
    if (f && (!f.rate || opts.taxRate)) {
      const plus = f.plus.map(whole);
      const minus = (f.minus ?? []).map(whole);
      // a formula line is empty only when it and everything it is made of are empty
      if (own || [...plus, ...minus].some((x) => x !== null)) {
        let r = (sum(plus) ?? ZERO).minus(sum(minus) ?? ZERO);
        if (f.rate && opts.taxRate) r = r.times(opts.taxRate);
        r = r.toDecimalPlaces(0, ROUND_HALF_UP);
        const credit = f.credit ? whole(f.credit) : null;
        const absorbs = credit?.isPositive() && !credit.isZero() && r.isPositive() && !r.isZero();
        if (absorbs && credit && own?.toDecimalPlaces(0, ROUND_HALF_UP).isZero()) {
          out.set(f.credit as string, credit.plus(r));
          r = ZERO;
        }
        v = f.floor0 && r.isNegative() ? ZERO : r;
      }
    }
    out.set(line, v);
    return v;
  };
  for (const d of defs) whole(d.line);
  return out;
}

/**
 * Fills a line table from fifth_section. `appendix` is '270_01' or '240_00'. `amount` is the engine's exact
 * figure; `whole` is what the form prints: the income lines rounded, the totals and the tax derived from those
 * whole figures as the form derives them (so that K = H - I - J holds on the printed form, to the tenge).
 */
export function computeLines(
  defs: readonly LineDef[],
  appendix: string,
  fifth: Fifth = {},
  opts: LineOptions = {},
): ComputedLine[] {
  const done = new Map<string, Decimal | null>();
  // two passes: sums may refer to lines listed after them
  for (const d of defs) if (!(d.source && 'sum' in d.source)) done.set(d.line, value(d, fifth, done));
  for (const d of defs) if (d.source && 'sum' in d.source) done.set(d.line, value(d, fifth, done));
  const wholes = wholeFigures(defs, done, opts);
  const dotted = appendix.replace('_', '.');
  return defs.map((d) => {
    const v = done.get(d.line) ?? null;
    const w = wholes.get(d.line) ?? null;
    return {
      ...d,
      code: `${dotted}.${d.line.replaceAll('_', '.')}`,
      xmlField: `field_${appendix}_${d.line}`,
      amount: v ? v.toString() : '',
      whole: w ? (w.isZero() ? '0' : w.toFixed(0)) : '',
    };
  });
}

export const lines270 = (doc: DeclarationDocument) =>
  computeLines(LINES_270_01, '270_01', doc.fifthSection, { taxRate: doc.taxRate ?? null });
export const lines240 = (doc: DeclarationDocument) => computeLines(LINES_240_00, '240_00', doc.fifthSection);
