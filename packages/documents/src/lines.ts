import type { FifthSectionField } from '@deklarant/contracts';
import type Decimal from 'decimal.js';
import { sum, toDecimal, wholeTenge } from './format.ts';
import type { DeclarationDocument } from './types.ts';

type Fifth = NonNullable<DeclarationDocument['fifthSection']>;

/** Where a line's amount comes from. */
export type LineSource =
  | { field: FifthSectionField }
  | { sum: string[] } // other lines of the same table
  | { diff: [FifthSectionField, FifthSectionField] }
  | { first: FifthSectionField[] }
  | null;

export interface LineDef {
  /** line id inside its appendix, e.g. 'A_1_2' (270.01) or '001' (240.00) */
  line: string;
  label: string;
  source: LineSource;
  /** the mapping is inferred, not confirmed by an official legend */
  uncertain?: string;
}

/**
 * 270.01 lines (docs/sections.md) and the fifth_section field each one shows.
 * Lines without a source exist on the form but the app does not compute them (left empty).
 */
export const LINES_270_01: readonly LineDef[] = [
  { line: 'A', label: 'Имущественный доход, всего', source: { field: 'property_income' } },
  {
    line: 'A_1',
    label: 'Доход от прироста стоимости при реализации имущества',
    source: { sum: ['A_1_1', 'A_1_2'] },
    uncertain: 'сумма строк A_1_1 и A_1_2 (в расчете value_income_amount — только раздел I.A)',
  },
  {
    line: 'A_1_1',
    label: 'в том числе в Республике Казахстан',
    source: { field: 'value_income_amount' },
    uncertain: 'value_income_amount (реализация через брокера РК, раздел I.A) отнесен к A_1_1',
  },
  {
    line: 'A_1_2',
    label: 'в том числе за пределами Республики Казахстан',
    source: { field: 'from_sale_property_outside_rk' },
  },
  { line: 'A_2', label: 'Доход от передачи имущества в уставный капитал', source: null },
  { line: 'A_3', label: 'Доход от сдачи в аренду имущества', source: { field: 'income_from_rental' } },
  { line: 'A_4', label: 'Доход от уступки права требования', source: null },
  { line: 'A_5', label: 'Прочий имущественный доход', source: null },
  { line: 'B', label: 'Прочие доходы, всего', source: { field: 'other_income_amount' } },
  {
    line: 'B_1',
    label: 'Доходы из источников за пределами Республики Казахстан',
    source: { sum: ['B_1_4', 'B_1_5', 'B_1_9'] },
    uncertain: 'сумма строк B_1_4, B_1_5, B_1_9',
  },
  { line: 'B_1_1', label: 'по трудовым договорам', source: null },
  { line: 'B_1_2', label: 'по договорам гражданско-правового характера', source: null },
  { line: 'B_1_3', label: 'выигрыши', source: null },
  { line: 'B_1_4', label: 'дивиденды', source: { field: 'dividends' } },
  { line: 'B_1_5', label: 'вознаграждения', source: { field: 'rewards' } },
  { line: 'B_1_6', label: 'стипендии', source: null },
  { line: 'B_1_7', label: 'по договорам страхования', source: null },
  { line: 'B_1_8', label: 'пенсионные выплаты', source: null },
  {
    line: 'B_1_9',
    label: 'прочие доходы',
    source: { field: 'other_income_not_from_tax_agent' },
    uncertain: 'other_income_not_from_tax_agent (РЕПО, производные инструменты) отнесены к B_1_9',
  },
  { line: 'B_2', label: 'Доход домашнего работника', source: null },
  { line: 'B_3', label: 'Доход гражданина по договорам гражданско-правового характера', source: null },
  { line: 'B_4', label: 'Доход медиатора', source: null },
  { line: 'B_5', label: 'Доход от ведения личного подсобного хозяйства', source: null },
  { line: 'B_6', label: 'Доход трудового иммигранта', source: null },
  { line: 'B_7', label: 'Иные доходы', source: null },
  { line: 'C', label: 'Прибыль контролируемой иностранной компании', source: null },
  {
    line: 'D',
    label: 'Общая сумма доходов',
    source: { first: ['total_income_tax', 'total_income_to_declaration'] },
  },
  { line: 'E', label: 'Корректировка дохода, всего', source: { field: 'adjustment_of_income_amount' } },
  {
    line: 'E_1',
    label: 'корректировка по статье 341 Налогового кодекса',
    source: { field: 'adjustment_of_income_amount' },
    uncertain: 'вся корректировка отнесена к ст. 341 (E_2–E_4 не заполняются)',
  },
  { line: 'E_2', label: 'корректировка по статье 654 Налогового кодекса', source: null },
  { line: 'E_3', label: 'корректировка по международному договору', source: null },
  { line: 'E_4', label: 'корректировка по Конституционному закону о МФЦА', source: null },
  { line: 'F', label: 'Налоговые вычеты', source: null },
  { line: 'F_1', label: 'налоговые вычеты', source: null, uncertain: 'назначение строки не подтверждено' },
  { line: 'F_2', label: 'прочие налоговые вычеты', source: null, uncertain: 'назначение строки не подтверждено' },
  { line: 'G', label: 'Облагаемый доход', source: { field: 'taxable_amount_of_income' } },
  { line: 'H', label: 'Сумма исчисленного ИПН', source: { field: 'calculated_amount_of_income_tax' } },
  { line: 'I', label: 'Зачет иностранного налога', source: { field: 'foreign_tax_credit' } },
  { line: 'J', label: 'Зачет иностранного налога по прибыли КИК', source: null },
  { line: 'K', label: 'Сумма ИПН, подлежащая уплате', source: { field: 'amount_of_IPN_final' } },
];

/**
 * 240.00 lines. The official 2018-Code line codes were NOT found (docs/formats.md): this numbering
 * is the app's own, in fifth_section order. Every mapping here is uncertain.
 */
const UNCERTAIN_240 = 'коды строк 240.00 не подтверждены официальной формой';
export const LINES_240_00: readonly LineDef[] = (
  [
    ['total_income_to_declaration', 'Общая сумма доходов'],
    ['property_income', 'Имущественный доход'],
    ['value_income_amount', 'Доход от прироста стоимости'],
    ['from_sale_property_outside_rk', 'в том числе от реализации имущества за пределами РК'],
    ['income_from_rental', 'Доход от сдачи имущества в аренду'],
    ['other_income_amount', 'Прочие доходы'],
    ['dividends', 'Дивиденды'],
    ['rewards', 'Вознаграждения'],
    ['other_income_not_from_tax_agent', 'Прочие доходы, не облагаемые у источника выплаты'],
    ['adjustment_of_income_amount', 'Корректировка дохода, всего'],
    ['adjustment_of_income_341_part_1_value', 'корректировка по пункту 1 статьи 341'],
    ['adjustment_of_income_341_part_2_value', 'корректировка по пункту 2 статьи 341'],
    ['adjustment_of_income_point7_amount', 'корректировка по подпункту 7) пункта 1 статьи 341'],
    ['taxable_amount_of_income', 'Облагаемый доход'],
    ['calculated_amount_of_income_tax', 'Сумма исчисленного ИПН'],
    ['amount_of_personal_income_tax_from_outside_rk', 'Налог, уплаченный за пределами РК'],
    ['foreign_tax_credit', 'Зачет иностранного налога'],
    ['amount_of_IPN_final', 'Сумма ИПН, подлежащая уплате'],
  ] as [FifthSectionField, string][]
).map(([field, label], i) => ({
  line: String(i + 1).padStart(3, '0'),
  label,
  source: { field },
  uncertain: UNCERTAIN_240,
}));

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

/** Fills a line table from fifth_section. `appendix` is '270_01' or '240_00'. */
export function computeLines(defs: readonly LineDef[], appendix: string, fifth: Fifth = {}): ComputedLine[] {
  const done = new Map<string, Decimal | null>();
  // two passes: sums may refer to lines listed after them
  for (const d of defs) if (!(d.source && 'sum' in d.source)) done.set(d.line, value(d, fifth, done));
  for (const d of defs) if (d.source && 'sum' in d.source) done.set(d.line, value(d, fifth, done));
  const dotted = appendix.replace('_', '.');
  return defs.map((d) => {
    const v = done.get(d.line) ?? null;
    return {
      ...d,
      code: `${dotted}.${d.line.replaceAll('_', '.')}`,
      xmlField: `field_${appendix}_${d.line}`,
      amount: v ? v.toString() : '',
      whole: v ? wholeTenge(v) : '',
    };
  });
}

export const lines270 = (doc: DeclarationDocument) => computeLines(LINES_270_01, '270_01', doc.fifthSection);
export const lines240 = (doc: DeclarationDocument) => computeLines(LINES_240_00, '240_00', doc.fifthSection);
