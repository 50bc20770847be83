import { operationTypeId } from '../operations.ts';
import { OPERATION_REPAYMENT } from '../reference.ts';
import { isForeignBroker, isinOverThreshold, kazakhBroker } from './rules.ts';
import type { SectionField, SectionSpec } from './types.ts';

/* The income sections (step 4): sales, dividends and rewards, rent, purchases and their history. */

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
  'sales_cost_in_tenge_currency',
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
  'cost_in_foreign_currency',
  'cost_in_tenge_currency',
] as const;

const INCOME_WORDS = {
  create: 'Добавление дохода',
  edit: 'Редактирование дохода',
  mainKzt: 'Сумма дохода в тенге',
  income: 'Доход в тенге',
} as const;
/** Dividends and rewards: the registers name the payment and the income, not a sale. */
const INCOME_COLUMN_LABELS = {
  transaction_date: 'Дата выплаты',
  sale_closing_cost: 'Сумма дохода в валюте',
  amount_in_tenge_currency: 'Сумма дохода, тенге',
  purchase_opening_cost: 'Стоимость приобретения (для погашения)',
} as const;
const paymentDate: SectionField = { ...date, label: 'Дата выплаты' };
const repayment = { operation_type_id: String(operationTypeId(OPERATION_REPAYMENT)) };

export const INCOME_SECTIONS: readonly SectionSpec[] = [
  {
    code: '1A',
    who: 'Казахстанский брокер',
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
    help: [
      'Продажа ценных бумаг через казахстанского брокера (Freedom Broker, Halyk Finance, Jýsan Invest и др.).',
      'Бумаги, проданные через иностранного брокера (Interactive Brokers, Exante, Freedom24), — в разделе II.',
    ],
  },
  {
    code: '1B',
    who: 'Казахстанский эмитент, брокер РК',
    fields: [
      op,
      name,
      { ...isin, required: isinOverThreshold },
      required(security),
      required(country),
      required(quantity),
      paymentDate,
      currency,
      { ...sale, label: 'Сумма дохода (дивиденд, вознаграждение, погашение)' },
      { ...cost, label: 'Стоимость приобретения (для погашения)' },
      market,
      ...broker,
      ftc,
      benefit,
      comment,
    ],
    columns: INCOME_COLUMNS,
    preset: { ...repayment, foreign_broker: false },
    words: INCOME_WORDS,
    columnLabels: INCOME_COLUMN_LABELS,
    help: [
      'Дивиденды, купоны и погашение облигаций казахстанских эмитентов (ISIN KZ…).',
      'Доход зачислен казахстанским брокером или регистратором.',
    ],
  },
  {
    code: '1C',
    who: 'РЕПО и деривативы, брокер РК',
    fields: [
      op,
      name,
      required(quantity),
      date,
      currency,
      { ...sale, label: 'Сумма дохода' },
      cost,
      ...broker,
      offshore,
      comment,
    ],
    columns: [...INCOME_COLUMNS.slice(0, 5), 'amount_in_tenge_currency', 'value_added_income'],
    preset: { foreign_broker: false },
    help: [
      'Доход по операциям обратного РЕПО и производным инструментам (фьючерсы, опционы).',
      'Через казахстанского брокера; купоны и дивиденды сюда не относятся.',
    ],
  },
  {
    code: '2',
    who: 'Иностранный брокер: IBKR, Exante, Freedom24',
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
    help: [
      'Продажа ценных бумаг через иностранного брокера: Interactive Brokers, Exante, Freedom24 и др.',
      'Сюда же — иностранные бумаги (ISIN US…, DE…), проданные на зарубежной бирже.',
    ],
  },
  {
    code: '3',
    who: 'Иностранный эмитент или брокер',
    fields: [
      name,
      isin,
      required(security),
      required(country),
      required(quantity),
      paymentDate,
      currency,
      { ...sale, label: 'Сумма дивидендов' },
      ...broker,
      ftc,
      comment,
    ],
    columns: INCOME_COLUMNS,
    preset: { foreign_broker: true },
    words: INCOME_WORDS,
    columnLabels: INCOME_COLUMN_LABELS,
    help: [
      'Дивиденды иностранных компаний (Apple, Microsoft и др.), в том числе через иностранного брокера.',
      'Налог, удержанный за рубежом, укажите в поле «Налог, уплаченный за рубежом».',
    ],
  },
  {
    code: '4',
    who: 'Иностранный эмитент или брокер',
    fields: [
      op,
      name,
      isin,
      required(security),
      required(country),
      paymentDate,
      currency,
      { ...sale, label: 'Сумма вознаграждения или погашения' },
      { ...cost, label: 'Стоимость приобретения (для погашения)' },
      ...broker,
      ftc,
      benefit,
      comment,
    ],
    columns: INCOME_COLUMNS,
    preset: { ...repayment, foreign_broker: true },
    words: INCOME_WORDS,
    columnLabels: INCOME_COLUMN_LABELS,
    help: [
      'Купоны и погашение иностранных облигаций, проценты по счетам за рубежом.',
      'Доход выплачен иностранным эмитентом, брокером или банком.',
    ],
  },
  {
    code: 'rental',
    fields: [
      { ...name, label: 'Наименование имущества' },
      { name: 'property_name', maxLength: 255 },
      { name: 'transaction_date', label: 'Дата получения арендной платы' },
      { ...sale, label: 'Сумма арендной платы, ₸' },
      { name: 'broker_bin', label: 'БИН/ИИН арендатора', required: kazakhBroker },
      comment,
    ],
    columns: ['transaction_date', 'property_name', 'rent_amount', 'amount_in_tenge_currency'],
    words: { mainKzt: 'Арендная плата в тенге', income: 'Доход в тенге' },
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
      { ...date, label: 'Дата покупки', widget: 'anyDate' },
      currency,
      { ...cost, tenge: { to: 'cost_in_tenge_currency', rate: 'deal' } },
      ...broker,
      comment,
    ],
    columns: PURCHASE_COLUMNS,
    preset: { foreign_broker: false },
  },
];
