import { fieldsText, fieldsTextOrNone } from '../texts.ts';

/**
 * The catalogue of deal fields: every field a deal can hold, declared once with its stored type,
 * its Russian label (from the `fields` catalogue, see texts.ts), how it is typed on the form (widget), how validateDeal checks it (format) and
 * how the registers print it (column). The per-section files (income.ts, assets.ts, form250.ts)
 * say which of these fields a section has, in which order, with which required-when rule and tenge
 * conversion. deals.ts (zod), deal-rules.ts (validateDeal), the web form, the server's conversions
 * and the documents' columns are all derived from here (docs/adr/2026-11-24-section-dictionary.md).
 */

/** How the value is stored and posted: decimal string, dd.mm.yyyy or text, integer id, boolean. */
export type FieldType = 'text' | 'decimal' | 'id' | 'flag' | 'resolved';

/** How a field is entered on the deal form. */
export type Widget =
  | 'text'
  | 'textarea'
  | 'amount' // digits with , or . (up to 2 decimals)
  | 'quantity' // up to 5 decimals
  | 'percent'
  | 'date' // limited to the report year
  | 'anyDate' // return period, purchase date: not limited to the year
  | 'isin' // up to 30 Latin letters or digits
  | 'bin' // ##-####### or 12 digits
  | 'digits'
  | 'select'
  | 'checkbox'
  | 'broker'; // Kazakh or foreign broker (foreign_broker)

/** Reference lists of GET /api/common/* a select reads; value is the id unless stated. */
export type RefList =
  | 'currency' // value = ISO code (currency_code)
  | 'currencyId' // value = id (currency_code_id)
  | 'country'
  | 'operation'
  | 'market'
  | 'security'
  | 'bidding'
  | 'adjustment'
  | 'debtType';

/** The format check validateDeal applies to a filled value. */
export type FieldFormat =
  | 'amount2'
  | 'amount4'
  | 'quantity5'
  | 'percent'
  | 'date'
  | 'isin'
  | 'bin'
  | 'iin'
  | 'operation'
  | 'select'
  | 'text';

export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'flag';

export interface FieldSpec {
  type: FieldType;
  /** Russian label on the form (a section may say it in its own words) */
  label: string;
  widget?: Widget;
  ref?: RefList;
  format: FieldFormat;
  /** register column (XLSX, PDF): header and cell kind; absent = never printed */
  column?: { label?: string; kind?: ColumnKind };
  /** the stored value is rounded to this many decimals (half up) instead of being refused */
  roundTo?: number;
}

/** A catalogue entry whose stored type is known to the compiler (the zod and TS types are derived from it). */
type Spec<T extends FieldType> = FieldSpec & { type: T };
/** An entry before its texts are read from the catalogue (the label and column header are added below). */
type Draft<T extends FieldType> = Omit<Spec<T>, 'label'>;
type Extra = Partial<Omit<FieldSpec, 'type' | 'label'>>;

const text = (extra: Extra = {}): Draft<'text'> => ({
  type: 'text',
  widget: 'text',
  format: 'text',
  column: {},
  ...extra,
});
/** An amount typed on the form; `printed` false: never a register column. */
const amount = (printed = true, extra: Extra = {}): Draft<'decimal'> => ({
  type: 'decimal',
  widget: 'amount',
  format: 'amount2',
  ...(printed ? { column: { kind: 'money' } } : {}),
  ...extra,
});
/** A tenge figure the server computes (rate × amount): up to 4 decimals, never typed. */
const tenge = (): Draft<'decimal'> => ({ type: 'decimal', format: 'amount4', column: { kind: 'money' } });
const ref = (list: RefList, extra: Extra = {}): Draft<'id'> => ({
  type: 'id',
  widget: 'select',
  ref: list,
  format: 'select',
  ...extra,
});
const flag = (printed: boolean): Draft<'flag'> => ({
  type: 'flag',
  widget: 'checkbox',
  format: 'text',
  ...(printed ? { column: { kind: 'flag' } } : {}),
});
/** A name the caller resolves from a reference id for the documents (never posted). */
const resolved = (): Draft<'resolved'> => ({ type: 'resolved', format: 'text', column: {} });

/**
 * The Russian label and register header of every field come from the `fields` catalogue
 * (packages/i18n/locales/ru/fields.json: field.<name>.label, field.<name>.column when the header differs).
 */
function withTexts<T extends Record<string, Omit<FieldSpec, 'label'>>>(
  drafts: T,
): { [K in keyof T]: T[K] & { label: string } } {
  const out: Record<string, FieldSpec> = {};
  for (const [name, d] of Object.entries(drafts)) {
    const header = fieldsTextOrNone(`field.${name}.column`);
    out[name] = {
      ...d,
      label: fieldsText(`field.${name}.label`),
      ...(d.column ? { column: { ...d.column, ...(header ? { label: header } : {}) } } : {}),
    };
  }
  return out as { [K in keyof T]: T[K] & { label: string } };
}

/** Every deal field, in the order the registers print them. */
/** The debt kinds of the forms' debt tables, stored as the form's own letters: Д receivable, К payable. */
export const DEBT_TYPES = ['Д', 'К'] as const;

export const FIELDS = withTexts({
  transaction_date: text({ widget: 'date', format: 'date', column: { kind: 'date' } }),
  purchase_transaction_date: text({ widget: 'anyDate', format: 'date', column: { kind: 'date' } }),
  name_security: text(),
  isin_security: text({ widget: 'isin', format: 'isin' }),
  operation_name: resolved(),
  security_type_name: resolved(),
  market_name: resolved(),
  country_code: resolved(),
  currency_code: text({ widget: 'select', ref: 'currency', format: 'select' }),
  quantity: {
    type: 'decimal',
    widget: 'quantity',
    format: 'quantity5',
    column: { kind: 'number' },
  } as Draft<'decimal'>,
  purchase_opening_cost: amount(),
  sale_closing_cost: amount(),
  cost_in_foreign_currency: amount(),
  sales_cost_in_foreign_currency: amount(),
  amount_in_foreign_currency: amount(),
  opening_volume_in_foreign_currency: amount(true, { format: 'text' }),
  closing_volume_in_foreign_currency: amount(true, { format: 'text' }),
  opening_volume_in_tenge_currency: amount(true, { format: 'text' }),
  closing_volume_in_tenge_currency: amount(true, { format: 'text' }),
  cost_in_tenge_currency: tenge(),
  sales_cost_in_tenge_currency: tenge(),
  amount_in_tenge_currency: tenge(),
  remuneration: amount(),
  value_added_income: { type: 'decimal', format: 'text', column: { kind: 'money' } } as Draft<'decimal'>,
  foreign_tax_credit: amount(),
  foreign_tax_in_tenge: tenge(),
  foreign_broker: { type: 'flag', widget: 'broker', format: 'text', column: { kind: 'flag' } } as Draft<'flag'>,
  broker_bin: text({ widget: 'bin', format: 'bin' }),
  broker_name: text({ widget: 'text' }),
  broker_country_id: ref('country'),
  is_offshore: flag(true),
  is_ready_purchase_price: flag(true),
  property_name: text(),
  rent_amount: amount(),
  address: text(),
  bank_name: text(),
  bank_id: text(),
  amount_in_currency: amount(),
  name_creditor: text(),
  debt_type: text({ widget: 'select', ref: 'debtType', format: 'select' }),
  amount_owed: amount(),
  return_period: text({ widget: 'anyDate' }),
  name: text(),
  company_name: text(),
  id_number: text(),
  location: text({ widget: 'textarea' }),
  kind_of_transport: text(),
  brand_model: text(),
  vin_number: text(),
  notary_iin: text({ widget: 'digits', format: 'iin' }),
  amount: amount(),
  purchase_price: amount(),
  nominal_value: amount(),
  property_value: amount(),
  shareholding_size: {
    type: 'decimal',
    widget: 'percent',
    format: 'percent',
    roundTo: 2,
    column: { kind: 'number' },
  } as Draft<'decimal'>,
  comment: text({ widget: 'textarea' }),
  // reference ids (not printed: the documents print the names resolved from them)
  operation_type_id: ref('operation', { format: 'operation' }),
  market_id: ref('market'),
  type_of_security: ref('security'),
  type_of_bidding_method: ref('bidding'),
  country_code_registration_id: ref('country'),
  country_code_id: ref('country'),
  country_id: ref('country'),
  currency_code_id: ref('currencyId'),
  availability_tax_benefit: ref('adjustment'),
  /** the sale a purchase-history row belongs to: set by the form, not chosen */
  first_a_and_second_section_deal_id: { type: 'id', format: 'text' } as Draft<'id'>,
});

export type FieldName = keyof typeof FIELDS;
/** Field names of one stored type (e.g. FieldsOfType<'decimal'>). */
export type FieldsOfType<T extends FieldType> = {
  [K in FieldName]: (typeof FIELDS)[K]['type'] extends T ? K : never;
}[FieldName];
export const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];

/** The field's catalogue entry; undefined for a name the dictionary does not know. */
export const fieldSpec = (name: string): FieldSpec | undefined =>
  Object.hasOwn(FIELDS, name) ? (FIELDS as Record<string, FieldSpec>)[name] : undefined;

export const isDictionaryField = (name: string): name is FieldName => fieldSpec(name) !== undefined;

/** Names of the stored fields of one type, in catalogue order. */
export const fieldsOfType = <T extends FieldType>(type: T): FieldsOfType<T>[] =>
  FIELD_NAMES.filter((n) => FIELDS[n].type === type) as FieldsOfType<T>[];
