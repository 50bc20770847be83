import type { SectionCode } from '../sections.ts';
import { onForm270 } from './rules.ts';
import type { SectionField, SectionSpec } from './types.ts';

/* Assets at period end (step 5 of 240.00/270.00) and the rows of form 250.00. */

const yearEnd = (name: SectionField['name'], extra: Partial<SectionField> = {}): SectionField => ({
  name,
  required: true,
  tenge: { to: 'amount_in_tenge_currency', rate: 'year_end' },
  ...extra,
});
const req = (name: SectionField['name'], extra: Partial<SectionField> = {}): SectionField => ({
  name,
  required: true,
  ...extra,
});
const currencyId = req('currency_code_id');
const countryId = req('country_id');
const returnPeriod: SectionField = { name: 'return_period' };

export const ASSET_SECTIONS: readonly SectionSpec[] = [
  {
    code: '5-1',
    fields: [
      req('name_security', { maxLength: 255 }),
      { name: 'isin_security' },
      req('country_code_registration_id'),
      { name: 'type_of_security', forms: [3], required: onForm270 },
      { name: 'address', maxLength: 255 },
      { name: 'quantity' },
      { name: 'broker_bin' },
    ],
    columns: ['name_security', 'isin_security', 'security_type_name', 'country_code', 'address', 'quantity'],
  },
  {
    code: '5-2',
    fields: [
      req('bank_name', { maxLength: 255 }),
      { name: 'bank_id', maxLength: 50 },
      req('country_code_id'),
      req('currency_code'),
      yearEnd('amount_in_currency', { line: '270.06' }),
    ],
    columns: ['bank_name', 'bank_id', 'country_code', 'currency_code', 'amount_in_currency'],
  },
  {
    code: '7',
    fields: [
      req('name_creditor', { maxLength: 255 }),
      req('debt_type'),
      yearEnd('amount_owed', { line: '270.07' }),
      currencyId,
      returnPeriod,
    ],
    columns: ['name_creditor', 'debt_type', 'currency_code', 'amount_owed', 'return_period'],
  },
];

const row250 = (code: SectionCode, fields: SectionField[], columns: SectionSpec['columns']): SectionSpec => ({
  code,
  fields: fields.map((f) => ({ line: `250.00 раздел ${code.slice(4)}`, ...f })),
  columns,
});

export const FORM_250_SECTIONS: readonly SectionSpec[] = [
  row250('250-1', [yearEnd('amount'), currencyId], ['amount', 'currency_code']),
  row250(
    '250-2',
    [
      req('name', { maxLength: 255 }),
      req('isin_security'),
      countryId,
      req('quantity'),
      currencyId,
      yearEnd('purchase_price'),
    ],
    ['name', 'isin_security', 'country_code', 'quantity', 'currency_code', 'purchase_price'],
  ),
  row250(
    '250-3',
    [req('name', { maxLength: 255 }), yearEnd('nominal_value'), currencyId],
    ['name', 'nominal_value', 'currency_code'],
  ),
  row250(
    '250-4',
    [
      req('name', { maxLength: 255 }),
      countryId,
      req('id_number', { maxLength: 128 }),
      req('location', { maxLength: 512 }),
    ],
    ['name', 'country_code', 'id_number', 'location'],
  ),
  row250(
    '250-5',
    [
      req('kind_of_transport', { maxLength: 128 }),
      req('brand_model', { maxLength: 128 }),
      countryId,
      req('id_number', { maxLength: 128 }),
      req('vin_number', { maxLength: 30 }),
    ],
    ['kind_of_transport', 'brand_model', 'country_code', 'id_number', 'vin_number'],
  ),
  row250(
    '250-6',
    [
      req('bank_name', { maxLength: 128 }),
      yearEnd('amount'),
      currencyId,
      { name: 'bank_id', maxLength: 128 },
      countryId,
    ],
    ['bank_name', 'amount', 'currency_code', 'bank_id', 'country_code'],
  ),
  row250(
    '250-7',
    [
      req('company_name', { maxLength: 128 }),
      req('shareholding_size'),
      { name: 'id_number', maxLength: 128 },
      countryId,
    ],
    ['company_name', 'shareholding_size', 'id_number', 'country_code'],
  ),
  row250(
    '250-8',
    [req('name', { maxLength: 255 }), req('quantity'), yearEnd('property_value'), currencyId, countryId],
    ['name', 'quantity', 'property_value', 'currency_code', 'country_code'],
  ),
  row250(
    '250-9',
    [
      req('name_creditor', { maxLength: 255 }),
      req('debt_type'),
      yearEnd('amount_owed'),
      currencyId,
      countryId,
      { name: 'id_number', widget: 'digits', maxLength: 128 },
      { name: 'notary_iin', maxLength: 12 },
      returnPeriod,
    ],
    ['name_creditor', 'debt_type', 'amount_owed', 'currency_code', 'country_code', 'id_number', 'notary_iin'],
  ),
];
