import { operationTypeId } from '../operations.ts';
import { OPERATION_REPAYMENT } from '../reference.ts';
import { isForeignBroker, isinOverThreshold, kazakhBroker } from './rules.ts';
import type { SectionField, SectionSpec } from './types.ts';

/*
 * The income sections (step 4): sales, dividends and rewards, rent, purchases and their history.
 * Their texts (whose deals belong here, help, the section's own labels and words) are in the `fields`
 * catalogue under section.<key> (packages/i18n/locales/ru/fields.json).
 */

const name: SectionField = { name: 'name_security', required: true, maxLength: 255 };
const isin: SectionField = { name: 'isin_security' };
const security: SectionField = { name: 'type_of_security' };
const country: SectionField = { name: 'country_code_registration_id' };
const quantity: SectionField = { name: 'quantity' };
const date: SectionField = { name: 'transaction_date', required: true };
const currency: SectionField = { name: 'currency_code', required: true };
const sale: SectionField = {
  name: 'sale_closing_cost',
  required: true,
  tenge: { to: 'sales_cost_in_tenge_currency', rate: 'deal' },
};
const cost: SectionField = {
  name: 'purchase_opening_cost',
  tenge: { to: 'cost_in_tenge_currency', rate: 'purchase' },
};
const purchaseDate: SectionField = { name: 'purchase_transaction_date' };
const market: SectionField = { name: 'market_id' };
const bidding: SectionField = { name: 'type_of_bidding_method' };
const op: SectionField = { name: 'operation_type_id' };
const ftc: SectionField = { name: 'foreign_tax_credit', tenge: { to: 'foreign_tax_in_tenge', rate: 'deal' } };
const benefit: SectionField = { name: 'availability_tax_benefit' };
const offshore: SectionField = { name: 'is_offshore' };
const comment: SectionField = { name: 'comment', maxLength: 255 };

/**
 * The broker block: Kazakh or foreign; the BIN is required for a Kazakh broker only, a foreign
 * broker is recorded by its name and country (issue 18).
 */
const broker: readonly SectionField[] = [
  { name: 'foreign_broker' },
  { name: 'broker_bin', required: kazakhBroker },
  { name: 'broker_name', maxLength: 255, shownWhen: isForeignBroker },
  { name: 'broker_country_id', shownWhen: isForeignBroker },
];
const required = (f: SectionField): SectionField => ({ ...f, required: true });

const SALES_COLUMNS = [
  'transaction_date',
  'name_security',
  'isin_security',
  'operation_name',
  'quantity',
  'currency_code',
  'sale_closing_cost',
  'sales_cost_in_tenge_currency',
  'purchase_opening_cost',
  'cost_in_tenge_currency',
  'value_added_income',
] as const;
/** Dividends and rewards: the amount in its currency, in tenge, and the foreign tax in both (issue 18). */
const INCOME_COLUMNS = [
  'transaction_date',
  'name_security',
  'isin_security',
  'operation_name',
  'currency_code',
  'sale_closing_cost',
  'amount_in_tenge_currency',
  'foreign_tax_credit',
  'foreign_tax_in_tenge',
] as const;
const PURCHASE_COLUMNS = [
  'transaction_date',
  'name_security',
  'isin_security',
  'quantity',
  'currency_code',
  'purchase_opening_cost',
  'cost_in_tenge_currency',
] as const;

/** The payment date of an income (its label is the section's own: section.<key>.field.transaction_date). */
const paymentDate: SectionField = date;
const repayment = { operation_type_id: String(operationTypeId(OPERATION_REPAYMENT)) };

export const INCOME_SECTIONS: readonly SectionSpec[] = [
  {
    code: '1A',
    fields: [
      required(op),
      name,
      required(isin),
      required(security),
      required(quantity),
      date,
      currency,
      { ...sale, line: '270.04 B (J)' },
      purchaseDate,
      required(cost),
      required(market),
      required(bidding),
      ...broker,
      benefit,
      offshore,
      comment,
    ],
    columns: SALES_COLUMNS,
    preset: { foreign_broker: false },
  },
  {
    code: '1B',
    fields: [
      op,
      name,
      { ...isin, required: isinOverThreshold },
      required(security),
      required(country),
      required(quantity),
      paymentDate,
      currency,
      sale,
      cost,
      market,
      ...broker,
      ftc,
      benefit,
      comment,
    ],
    columns: INCOME_COLUMNS,
    preset: { ...repayment, foreign_broker: false },
  },
  {
    code: '1C',
    fields: [op, name, required(quantity), date, currency, sale, cost, ...broker, offshore, comment],
    columns: [...INCOME_COLUMNS.slice(0, 5), 'amount_in_tenge_currency', 'value_added_income'],
    preset: { foreign_broker: false },
  },
  {
    code: '2',
    fields: [
      required(op),
      name,
      required(isin),
      security,
      required(country),
      quantity,
      date,
      currency,
      { ...sale, line: '270.04 B (J)' },
      purchaseDate,
      required(cost),
      required(market),
      required(bidding),
      ...broker,
      ftc,
      benefit,
      offshore,
      comment,
    ],
    columns: SALES_COLUMNS,
    preset: { foreign_broker: true },
  },
  {
    code: '3',
    fields: [
      name,
      isin,
      required(security),
      required(country),
      required(quantity),
      paymentDate,
      currency,
      sale,
      ...broker,
      ftc,
      comment,
    ],
    columns: INCOME_COLUMNS,
    preset: { foreign_broker: true },
  },
  {
    code: '4',
    fields: [
      op,
      name,
      isin,
      required(security),
      required(country),
      paymentDate,
      currency,
      sale,
      cost,
      ...broker,
      ftc,
      benefit,
      comment,
    ],
    columns: INCOME_COLUMNS,
    preset: { ...repayment, foreign_broker: true },
  },
  {
    code: 'rental',
    fields: [
      name,
      { name: 'property_name', maxLength: 255 },
      { name: 'transaction_date' },
      sale,
      { name: 'broker_bin', required: kazakhBroker },
      comment,
    ],
    columns: ['transaction_date', 'property_name', 'rent_amount', 'amount_in_tenge_currency'],
  },
  {
    code: 'purchase',
    fields: [
      required(op),
      name,
      required(isin),
      security,
      required(country),
      quantity,
      date,
      currency,
      { ...cost, required: true, tenge: { to: 'cost_in_tenge_currency', rate: 'deal' } },
      required(market),
      required(bidding),
      ...broker,
      comment,
    ],
    columns: PURCHASE_COLUMNS,
    preset: { foreign_broker: false },
  },
  {
    code: 'history',
    fields: [
      name,
      isin,
      quantity,
      { ...date, widget: 'anyDate' },
      currency,
      { ...cost, tenge: { to: 'cost_in_tenge_currency', rate: 'deal' } },
      ...broker,
      comment,
    ],
    columns: PURCHASE_COLUMNS,
    preset: { foreign_broker: false },
  },
];
