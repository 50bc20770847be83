/**
 * The catalogue of deal fields: every field a deal can hold, declared once with its stored type,
 * its Russian label, how it is typed on the form (widget), how validateDeal checks it (format) and
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

const text = (label: string, extra: Partial<Omit<FieldSpec, 'type'>> = {}): Spec<'text'> => ({
  type: 'text',
  label,
  widget: 'text',
  format: 'text',
  column: {},
  ...extra,
});
const amount = (
  label: string,
  column: string | null = label,
  extra: Partial<Omit<FieldSpec, 'type'>> = {},
): Spec<'decimal'> => ({
  type: 'decimal',
  label,
  widget: 'amount',
  format: 'amount2',
  ...(column === null ? {} : { column: { label: column, kind: 'money' } }),
  ...extra,
});
/** A tenge figure the server computes (rate × amount): up to 4 decimals, never typed. */
const tenge = (label: string): Spec<'decimal'> => ({
  type: 'decimal',
  label,
  format: 'amount4',
  column: { kind: 'money' },
});
const ref = (label: string, list: RefList, extra: Partial<Omit<FieldSpec, 'type'>> = {}): Spec<'id'> => ({
  type: 'id',
  label,
  widget: 'select',
  ref: list,
  format: 'select',
  ...extra,
});
const flag = (label: string, column: string | null): Spec<'flag'> => ({
  type: 'flag',
  label,
  widget: 'checkbox',
  format: 'text',
  ...(column ? { column: { label: column, kind: 'flag' } } : {}),
});
/** A name the caller resolves from a reference id for the documents (never posted). */
const resolved = (label: string): Spec<'resolved'> => ({ type: 'resolved', label, format: 'text', column: {} });

/** Every deal field, in the order the registers print them. */
export const FIELDS = {
  transaction_date: text('Дата сделки', { widget: 'date', format: 'date', column: { kind: 'date' } }),
  purchase_transaction_date: text('Дата приобретения', { widget: 'anyDate', format: 'date', column: { kind: 'date' } }),
  name_security: text('Наименование ценной бумаги', { column: { label: 'Наименование' } }),
  isin_security: text('ISIN', { widget: 'isin', format: 'isin' }),
  operation_name: resolved('Операция'),
  security_type_name: resolved('Вид ценной бумаги'),
  market_name: resolved('Торговая площадка'),
  country_code: resolved('Страна'),
  currency_code: text('Валюта сделки', {
    widget: 'select',
    ref: 'currency',
    format: 'select',
    column: { label: 'Валюта' },
  }),
  quantity: {
    type: 'decimal',
    label: 'Количество',
    widget: 'quantity',
    format: 'quantity5',
    column: { kind: 'number' },
  } as Spec<'decimal'>,
  purchase_opening_cost: amount('Стоимость приобретения', 'Цена покупки'),
  sale_closing_cost: amount('Стоимость реализации', 'Цена продажи'),
  cost_in_foreign_currency: amount('Стоимость приобретения в валюте'),
  sales_cost_in_foreign_currency: amount('Стоимость реализации в валюте'),
  amount_in_foreign_currency: amount('Сумма в валюте'),
  opening_volume_in_foreign_currency: amount('Объем открытия в валюте', undefined, { format: 'text' }),
  closing_volume_in_foreign_currency: amount('Объем закрытия в валюте', undefined, { format: 'text' }),
  opening_volume_in_tenge_currency: amount('Объем открытия, тенге', undefined, { format: 'text' }),
  closing_volume_in_tenge_currency: amount('Объем закрытия, тенге', undefined, { format: 'text' }),
  cost_in_tenge_currency: tenge('Стоимость приобретения, тенге'),
  sales_cost_in_tenge_currency: tenge('Стоимость реализации, тенге'),
  amount_in_tenge_currency: tenge('Сумма, тенге'),
  remuneration: amount('Вознаграждение'),
  value_added_income: {
    type: 'decimal',
    label: 'Доход, тенге',
    format: 'text',
    column: { kind: 'money' },
  } as Spec<'decimal'>,
  foreign_tax_credit: amount('Налог, уплаченный за рубежом', 'Налог, уплаченный за рубежом, в валюте'),
  foreign_tax_in_tenge: tenge('Налог, уплаченный за рубежом, тенге'),
  foreign_broker: {
    type: 'flag',
    label: 'Брокер',
    widget: 'broker',
    format: 'text',
    column: { label: 'Иностранный брокер', kind: 'flag' },
  } as Spec<'flag'>,
  broker_bin: text('БИН брокера', { widget: 'bin', format: 'bin' }),
  broker_name: text('Название брокера', { widget: 'text' }),
  broker_country_id: ref('Страна брокера', 'country'),
  is_offshore: flag('Сделка с лицом из государства с льготным налогообложением', 'Оффшор'),
  is_ready_purchase_price: flag('Готовая цена покупки', 'Готовая цена покупки'),
  property_name: text('Адрес или описание имущества', { column: { label: 'Имущество' } }),
  rent_amount: amount('Сумма аренды', 'Сумма аренды, тенге'),
  address: text('Адрес (местонахождение)', { column: { label: 'Адрес' } }),
  bank_name: text('Наименование банка', { column: { label: 'Банк' } }),
  bank_id: text('SWIFT/идентификатор банка', { column: { label: 'Код банка' } }),
  amount_in_currency: amount('Остаток на 31 декабря', 'Сумма в валюте'),
  name_creditor: text('Должник или кредитор', { column: { label: 'Кредитор / должник' } }),
  debt_type: text('Вид задолженности', { widget: 'select', ref: 'debtType', format: 'select' }),
  amount_owed: amount('Сумма задолженности'),
  return_period: text('Срок возврата', { widget: 'anyDate' }),
  name: text('Наименование'),
  company_name: text('Наименование юридического лица', { column: { label: 'Наименование компании' } }),
  id_number: text('Регистрационный номер'),
  location: text('Местонахождение', { widget: 'textarea' }),
  kind_of_transport: text('Вид транспортного средства', { column: { label: 'Вид транспорта' } }),
  brand_model: text('Марка, модель'),
  vin_number: text('VIN'),
  notary_iin: text('ИИН нотариуса', { widget: 'digits', format: 'iin' }),
  amount: amount('Сумма', 'Сумма'),
  purchase_price: amount('Стоимость приобретения', 'Цена приобретения'),
  nominal_value: amount('Номинальная стоимость'),
  property_value: amount('Стоимость имущества'),
  shareholding_size: {
    type: 'decimal',
    label: 'Размер доли, %',
    widget: 'percent',
    format: 'percent',
    roundTo: 2,
    column: { label: 'Доля участия, %', kind: 'number' },
  } as Spec<'decimal'>,
  comment: text('Комментарий', { widget: 'textarea' }),
  // reference ids (not printed: the documents print the names resolved from them)
  operation_type_id: ref('Тип операции', 'operation', { format: 'operation' }),
  market_id: ref('Рынок', 'market'),
  type_of_security: ref('Вид ценной бумаги', 'security'),
  type_of_bidding_method: ref('Метод торгов', 'bidding'),
  country_code_registration_id: ref('Страна регистрации эмитента', 'country'),
  country_code_id: ref('Страна банка', 'country'),
  country_id: ref('Страна', 'country'),
  currency_code_id: ref('Валюта', 'currencyId'),
  availability_tax_benefit: ref('Налоговая льгота (корректировка дохода)', 'adjustment'),
  /** the sale a purchase-history row belongs to: set by the form, not chosen */
  first_a_and_second_section_deal_id: { type: 'id', label: 'Сделка продажи', format: 'text' } as Spec<'id'>,
} satisfies Record<string, FieldSpec>;

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
