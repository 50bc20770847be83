import { FIFTH_SECTION_FIELDS, type FifthSectionField, FORM } from '@deklarant/contracts';
import { LINES_240_00, LINES_270_01, type LineDef } from '@deklarant/documents';

/** Russian names of the fifth_section figures (step 6 'Исчисление ИПН'). */
export const FIFTH_SECTION_LABELS: Record<FifthSectionField, string> = {
  property_income: 'Имущественный доход',
  value_income_amount: 'Доход от прироста стоимости в РК',
  from_sale_property_outside_rk: 'Доход от прироста стоимости за пределами РК',
  income_from_rental: 'Доход от сдачи имущества в аренду',
  other_income_amount: 'Прочие доходы',
  dividends: 'Дивиденды',
  rewards: 'Вознаграждения',
  other_income_not_from_tax_agent: 'Доходы, не облагаемые у источника выплаты',
  total_income_to_declaration: 'Общая сумма доходов',
  total_income_tax: 'Общая сумма доходов',
  adjustment_of_income_amount: 'Корректировка дохода, всего',
  adjustment_of_income_341_part_1_value: 'Корректировка по пункту 1 статьи 341',
  adjustment_of_income_341_part_2_value: 'Корректировка по пункту 2 статьи 341',
  adjustment_of_income_point7_amount: 'Корректировка по подпункту 7) пункта 1 статьи 341',
  taxable_amount_of_income: 'Облагаемый доход',
  calculated_amount_of_income_tax: 'Сумма исчисленного ИПН',
  amount_of_personal_income_tax_from_outside_rk: 'Налог, уплаченный за пределами РК',
  foreign_tax_credit: 'Зачет иностранного налога',
  amount_of_IPN_final: 'Сумма ИПН, подлежащая уплате',
};

function codeFor(defs: readonly LineDef[], appendix: string, field: FifthSectionField): string | null {
  const def = defs.find((d) => {
    const s = d.source;
    if (!s) return false;
    if ('field' in s) return s.field === field;
    if ('first' in s) return s.first.includes(field);
    return false;
  });
  return def ? `${appendix}.${def.line.replaceAll('_', '.')}` : null;
}

/** The printed line code of a figure on the form ('270.01.A.1.2', '240.00.003'), or null when not on the form. */
export function lineCode(form: number, field: FifthSectionField): string | null {
  if (form === FORM.F270) return codeFor(LINES_270_01, '270.01', field);
  if (form === FORM.F240) return codeFor(LINES_240_00, '240.00', field);
  return null;
}

/** Display order of step 6: incomes, totals, adjustments, the tax. */
export const FIELD_ORDER: readonly FifthSectionField[] = FIFTH_SECTION_FIELDS;
