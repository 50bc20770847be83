import {
  DEAL_ID_FIELDS,
  OPERATION_REPAYMENT,
  operationIdsOf,
  operationTypeId,
  type SectionCode,
} from '@deklarant/contracts';

/** How a field is entered: the input widget and the value it posts. */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'amount' // digits with , or . (up to 2 decimals; validateDeal says so)
  | 'quantity' // up to 5 decimals
  | 'percent'
  | 'date' // DatePickerInput limited to the report year
  | 'anyDate' // return period, purchase date: not limited to the year
  | 'isin' // up to 30 Latin letters or digits
  | 'bin' // ##-####### or 12 digits
  | 'digits'
  | 'select'
  | 'checkbox';

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

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  ref?: RefList;
  /** operation types a section offers (operation type ids, from OPERATIONS_BY_SECTION of contracts) */
  only?: readonly number[];
  maxLength?: number;
  /** shown only for these reporting forms */
  forms?: readonly number[];
}

const f = (name: string, label: string, kind: FieldKind, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  kind,
  ...extra,
});

// Field building blocks shared by several sections.
const name = f('name_security', 'Наименование ценной бумаги', 'text', { maxLength: 255 });
const isin = f('isin_security', 'ISIN', 'isin');
const security = f('type_of_security', 'Вид ценной бумаги', 'select', { ref: 'security' });
const quantity = f('quantity', 'Количество', 'quantity');
const date = f('transaction_date', 'Дата сделки', 'date');
const currency = f('currency_code', 'Валюта сделки', 'select', { ref: 'currency' });
const currencyId = f('currency_code_id', 'Валюта', 'select', { ref: 'currencyId' });
const sale = f('sale_closing_cost', 'Стоимость реализации', 'amount');
const cost = f('purchase_opening_cost', 'Стоимость приобретения', 'amount');
const purchaseDate = f('purchase_transaction_date', 'Дата приобретения', 'anyDate');
const market = f('market_id', 'Рынок', 'select', { ref: 'market' });
const bidding = f('type_of_bidding_method', 'Метод торгов', 'select', { ref: 'bidding' });
const broker = f('broker_bin', 'БИН брокера', 'bin');
const country = f('country_code_registration_id', 'Страна регистрации эмитента', 'select', { ref: 'country' });
const countryId = f('country_id', 'Страна', 'select', { ref: 'country' });
const ftc = f('foreign_tax_credit', 'Налог, уплаченный за рубежом', 'amount');
const benefit = f('availability_tax_benefit', 'Налоговая льгота (корректировка дохода)', 'select', {
  ref: 'adjustment',
});
const offshore = f('is_offshore', 'Сделка с лицом из государства с льготным налогообложением', 'checkbox');
const comment = f('comment', 'Комментарий', 'textarea', { maxLength: 255 });
/** The operation type select of a section: the choices are the section's own (validateDeal refuses others). */
const op = (code: SectionCode) =>
  f('operation_type_id', 'Тип операции', 'select', { ref: 'operation', only: operationIdsOf(code) });
const debtType = f('debt_type', 'Вид задолженности', 'select', { ref: 'debtType' });
const amountOwed = f('amount_owed', 'Сумма задолженности', 'amount');
const returnPeriod = f('return_period', 'Срок возврата', 'anyDate');

/** The fields of every section's form, in screen order: one table instead of twenty forms. */
export const SECTION_FIELDS: Record<SectionCode, readonly FieldDef[]> = {
  '1A': [
    op('1A'),
    name,
    isin,
    security,
    quantity,
    date,
    currency,
    sale,
    purchaseDate,
    cost,
    market,
    bidding,
    broker,
    benefit,
    offshore,
    comment,
  ],
  '2': [
    op('2'),
    name,
    isin,
    security,
    country,
    quantity,
    date,
    currency,
    sale,
    purchaseDate,
    cost,
    market,
    bidding,
    broker,
    ftc,
    benefit,
    offshore,
    comment,
  ],
  '1B': [
    op('1B'),
    name,
    isin,
    security,
    country,
    quantity,
    date,
    currency,
    { ...sale, label: 'Сумма дохода (дивиденд, вознаграждение, погашение)' },
    { ...cost, label: 'Стоимость приобретения (для погашения)' },
    market,
    broker,
    ftc,
    benefit,
    comment,
  ],
  '1C': [op('1C'), name, quantity, date, currency, { ...sale, label: 'Сумма дохода' }, cost, broker, offshore, comment],
  '3': [
    name,
    isin,
    security,
    country,
    quantity,
    date,
    currency,
    { ...sale, label: 'Сумма дивидендов' },
    broker,
    ftc,
    comment,
  ],
  '4': [
    op('4'),
    name,
    isin,
    security,
    country,
    date,
    currency,
    { ...sale, label: 'Сумма вознаграждения или погашения' },
    { ...cost, label: 'Стоимость приобретения (для погашения)' },
    broker,
    ftc,
    benefit,
    comment,
  ],
  rental: [
    { ...name, label: 'Наименование имущества' },
    f('property_name', 'Адрес или описание имущества', 'text', { maxLength: 255 }),
    { ...date, label: 'Дата получения арендной платы', kind: 'date' },
    { ...sale, label: 'Сумма арендной платы, ₸' },
    { ...broker, label: 'БИН/ИИН арендатора' },
    comment,
  ],
  purchase: [
    op('purchase'),
    name,
    isin,
    security,
    country,
    quantity,
    date,
    currency,
    cost,
    market,
    bidding,
    broker,
    comment,
  ],
  history: [name, isin, quantity, { ...date, label: 'Дата покупки', kind: 'anyDate' }, currency, cost, broker, comment],
  '5-1': [
    { ...name, label: 'Наименование имущества' },
    isin,
    country,
    { ...security, forms: [3] },
    f('address', 'Адрес (местонахождение)', 'text', { maxLength: 255 }),
    quantity,
    { ...broker, label: 'БИН брокера (при наличии)' },
  ],
  '5-2': [
    f('bank_name', 'Наименование банка', 'text', { maxLength: 255 }),
    f('bank_id', 'SWIFT/идентификатор банка', 'text', { maxLength: 50 }),
    f('country_code_id', 'Страна банка', 'select', { ref: 'country' }),
    currency,
    f('amount_in_currency', 'Остаток на 31 декабря', 'amount'),
  ],
  '7': [
    f('name_creditor', 'Должник или кредитор', 'text', { maxLength: 255 }),
    debtType,
    amountOwed,
    currencyId,
    returnPeriod,
  ],
  '250-1': [f('amount', 'Сумма наличных денег', 'amount'), currencyId],
  '250-2': [
    f('name', 'Наименование', 'text', { maxLength: 255 }),
    isin,
    countryId,
    quantity,
    currencyId,
    f('purchase_price', 'Стоимость приобретения', 'amount'),
  ],
  '250-3': [
    f('name', 'Наименование фонда или юридического лица', 'text', { maxLength: 255 }),
    f('nominal_value', 'Номинальная стоимость', 'amount'),
    currencyId,
  ],
  '250-4': [
    f('name', 'Вид недвижимости', 'text', { maxLength: 255 }),
    countryId,
    f('id_number', 'Кадастровый (регистрационный) номер', 'text', { maxLength: 128 }),
    f('location', 'Местонахождение', 'textarea', { maxLength: 512 }),
  ],
  '250-5': [
    f('kind_of_transport', 'Вид транспортного средства', 'text', { maxLength: 128 }),
    f('brand_model', 'Марка, модель', 'text', { maxLength: 128 }),
    countryId,
    f('id_number', 'Регистрационный номер', 'text', { maxLength: 128 }),
    f('vin_number', 'VIN', 'text', { maxLength: 30 }),
  ],
  '250-6': [
    f('bank_name', 'Наименование банка', 'text', { maxLength: 128 }),
    f('amount', 'Сумма на счете', 'amount'),
    currencyId,
    f('bank_id', 'Идентификационный номер банка', 'text', { maxLength: 128 }),
    countryId,
  ],
  '250-7': [
    f('company_name', 'Наименование юридического лица', 'text', { maxLength: 128 }),
    f('shareholding_size', 'Размер доли, %', 'percent'),
    f('id_number', 'Идентификационный номер юридического лица', 'text', { maxLength: 128 }),
    countryId,
  ],
  '250-8': [
    f('name', 'Наименование имущества', 'text', { maxLength: 255 }),
    quantity,
    f('property_value', 'Стоимость имущества', 'amount'),
    currencyId,
    countryId,
  ],
  '250-9': [
    f('name_creditor', 'Должник или кредитор', 'text', { maxLength: 255 }),
    debtType,
    amountOwed,
    currencyId,
    countryId,
    f('id_number', 'Номер договора', 'digits', { maxLength: 128 }),
    f('notary_iin', 'ИИН нотариуса', 'digits', { maxLength: 12 }),
    returnPeriod,
  ],
};

/** Fields posted as integers (reference ids): the contracts' list. */
export const ID_FIELDS: ReadonlySet<string> = new Set(DEAL_ID_FIELDS);

/** For 1B and 4 the repayment type is preselected. */
export const PRESELECTED: Partial<Record<SectionCode, Record<string, string>>> = {
  '1B': { operation_type_id: String(operationTypeId(OPERATION_REPAYMENT)) },
  '4': { operation_type_id: String(operationTypeId(OPERATION_REPAYMENT)) },
};

/** Sections whose deals have a purchase history (sales). */
export const HISTORY_CODES = new Set<SectionCode>(['1A', '2']);

/** The title line of a deal card: the first naming field the section has, else the fallback (section title). */
export function dealTitle(deal: Record<string, unknown>, fallback = 'Без названия'): string {
  for (const k of ['name_security', 'name', 'bank_name', 'company_name', 'kind_of_transport', 'name_creditor']) {
    const v = deal[k];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return fallback;
}
