import { type CheckLanguage, checkTexts } from './check-texts.ts';

/**
 * Per-field value patterns of the ФНО XML (docs/formats.md: whole tenge, dd.mm.yyyy, "true"/"false").
 * XSD 1.0 cannot tie a value type to the @name attribute, so validateXml() applies these after the XSD.
 * An empty value is always allowed (<field name="x"/>).
 */
export interface ValueRule {
  name: RegExp;
  value: RegExp;
  /** what the value should be: the message is the `checks:rule.<expect>` sentence */
  expect: RuleExpectation;
}

/** The `checks:rule.*` sentences: what a value should be. */
export type RuleExpectation =
  | 'digits12'
  | 'year'
  | 'pageNumber'
  | 'officeCode'
  | 'flag'
  | 'date'
  | 'phone'
  | 'email'
  | 'tenge'
  | 'kbk'
  | 'number'
  | 'lineNumber';

const DATE = /^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.\d{4}$/;
const INT = /^-?\d{1,15}$/;
const DEC = /^-?\d{1,15}(\.\d{1,6})?$/;

export const VALUE_RULES: readonly ValueRule[] = [
  { name: /^(iin|iin_spouse|iin_legalrepresentative|notary_iin)$/, value: /^\d{12}$/, expect: 'digits12' },
  { name: /^period_year$/, value: /^\d{4}$/, expect: 'year' },
  { name: /^page_number$/, value: /^[1-9]\d{0,4}$/, expect: 'pageNumber' },
  { name: /^rating_auth_code$/, value: /^\d{4}$/, expect: 'officeCode' },
  { name: /^(dt_\w+|pril_\d)$/, value: /^(true|false)$/, expect: 'flag' },
  { name: /^(accept_date|submit_date|post_date|app_year)$/, value: DATE, expect: 'date' },
  { name: /^payer_phone_number$/, value: /^\+?\d{10,15}$/, expect: 'phone' },
  { name: /^email$/, value: /^[^\s@]+@[^\s@]+$/, expect: 'email' },
  // computation lines and payments: whole tenge
  { name: /^field_270_0[12]_[A-K](_\d+)*$/, value: INT, expect: 'tenge' },
  { name: /^field_270_02_(tax|pen)_\d+$/, value: INT, expect: 'tenge' },
  { name: /^field_270_02_kbk_\d+$/, value: /^\d{6}$/, expect: 'kbk' },
  { name: /^field_270_02_kogd_\d+$/, value: /^\d{4}$/, expect: 'officeCode' },
  { name: /^field_240_00_\d{3}$/, value: INT, expect: 'tenge' },
  // 270.04 rows: A row number, D quantity, F date, J amount in currency
  { name: /^field_270_04_[BE]_A_\d+$/, value: /^\d{1,6}$/, expect: 'lineNumber' },
  { name: /^field_270_04_B_D_\d+$/, value: DEC, expect: 'number' },
  { name: /^field_270_04_B_F_\d+$/, value: DATE, expect: 'date' },
  { name: /^field_270_04_B_J_\d+$/, value: DEC, expect: 'number' },
  { name: /^field_270_0[67]_A$/, value: /^\d{1,6}$/, expect: 'lineNumber' },
  { name: /^field_250_0\d_\d+_A_\d+$/, value: /^\d{1,6}$/, expect: 'lineNumber' },
];

/** The problem of a field's value (Russian, or `opts.lang`), null when the value fits its rule. */
export function checkValue(name: string, value: string, opts: CheckLanguage = {}): string | null {
  if (value === '') return null;
  for (const r of VALUE_RULES) {
    if (r.name.test(name) && !r.value.test(value)) return checkTexts(opts).t(`rule.${r.expect}`, { name, value });
  }
  return null;
}
