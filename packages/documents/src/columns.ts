import type { SectionCode } from '@deklarant/contracts';
import type { DocumentDeal } from './types.ts';

export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'flag';
export type DealKey = Exclude<keyof DocumentDeal, 'id' | 'status'>;

export interface ColumnDef {
  key: DealKey;
  label: string;
  kind: ColumnKind;
}

const c = (key: DealKey, label: string, kind: ColumnKind = 'text'): ColumnDef => ({ key, label, kind });

/** Every printable deal field with its Russian header, in display order. Reference ids are left out. */
export const COLUMNS: readonly ColumnDef[] = [
  c('transaction_date', 'Дата сделки', 'date'),
  c('purchase_transaction_date', 'Дата приобретения', 'date'),
  c('name_security', 'Наименование'),
  c('isin_security', 'ISIN'),
  c('operation_name', 'Операция'),
  c('security_type_name', 'Вид ценной бумаги'),
  c('market_name', 'Торговая площадка'),
  c('country_code', 'Страна'),
  c('currency_code', 'Валюта'),
  c('quantity', 'Количество', 'number'),
  c('purchase_opening_cost', 'Цена покупки', 'money'),
  c('sale_closing_cost', 'Цена продажи', 'money'),
  c('cost_in_foreign_currency', 'Стоимость приобретения в валюте', 'money'),
  c('sales_cost_in_foreign_currency', 'Стоимость реализации в валюте', 'money'),
  c('amount_in_foreign_currency', 'Сумма в валюте', 'money'),
  c('opening_volume_in_foreign_currency', 'Объем открытия в валюте', 'money'),
  c('closing_volume_in_foreign_currency', 'Объем закрытия в валюте', 'money'),
  c('opening_volume_in_tenge_currency', 'Объем открытия, тенге', 'money'),
  c('closing_volume_in_tenge_currency', 'Объем закрытия, тенге', 'money'),
  c('cost_in_tenge_currency', 'Стоимость приобретения, тенге', 'money'),
  c('sales_cost_in_tenge_currency', 'Стоимость реализации, тенге', 'money'),
  c('amount_in_tenge_currency', 'Сумма, тенге', 'money'),
  c('remuneration', 'Вознаграждение', 'money'),
  c('value_added_income', 'Доход, тенге', 'money'),
  c('foreign_tax_credit', 'Налог, уплаченный за рубежом, тенге', 'money'),
  c('broker_bin', 'БИН брокера'),
  c('is_offshore', 'Оффшор', 'flag'),
  c('is_ready_purchase_price', 'Готовая цена покупки', 'flag'),
  c('property_name', 'Имущество'),
  c('rent_amount', 'Сумма аренды, тенге', 'money'),
  c('address', 'Адрес'),
  c('bank_name', 'Банк'),
  c('bank_id', 'Код банка'),
  c('amount_in_currency', 'Сумма в валюте', 'money'),
  c('name_creditor', 'Кредитор / должник'),
  c('debt_type', 'Вид задолженности'),
  c('amount_owed', 'Сумма задолженности', 'money'),
  c('return_period', 'Срок возврата'),
  c('name', 'Наименование'),
  c('company_name', 'Наименование компании'),
  c('id_number', 'Регистрационный номер'),
  c('location', 'Местонахождение'),
  c('kind_of_transport', 'Вид транспорта'),
  c('brand_model', 'Марка, модель'),
  c('vin_number', 'VIN'),
  c('notary_iin', 'ИИН нотариуса'),
  c('amount', 'Сумма', 'money'),
  c('purchase_price', 'Цена приобретения', 'money'),
  c('nominal_value', 'Номинальная стоимость', 'money'),
  c('property_value', 'Стоимость имущества', 'money'),
  c('shareholding_size', 'Доля участия, %', 'number'),
  c('comment', 'Комментарий'),
];

const BY_KEY = new Map(COLUMNS.map((col) => [col.key, col]));

const SALES: DealKey[] = [
  'transaction_date',
  'name_security',
  'isin_security',
  'operation_name',
  'quantity',
  'currency_code',
  'sales_cost_in_tenge_currency',
  'cost_in_tenge_currency',
  'value_added_income',
];
const INCOME: DealKey[] = [
  'transaction_date',
  'name_security',
  'isin_security',
  'operation_name',
  'currency_code',
  'amount_in_foreign_currency',
  'amount_in_tenge_currency',
  'foreign_tax_credit',
];
const PURCHASES: DealKey[] = [
  'transaction_date',
  'name_security',
  'isin_security',
  'quantity',
  'currency_code',
  'cost_in_foreign_currency',
  'cost_in_tenge_currency',
];

/** The main columns of each section (PDF prints these; XLSX adds every other filled field). */
export const SECTION_COLUMNS: Record<SectionCode, DealKey[]> = {
  '1A': SALES,
  '1B': INCOME,
  '1C': [...INCOME.slice(0, 5), 'amount_in_tenge_currency', 'value_added_income'],
  '2': SALES,
  '3': INCOME,
  '4': INCOME,
  rental: ['transaction_date', 'property_name', 'rent_amount', 'amount_in_tenge_currency'],
  purchase: PURCHASES,
  history: PURCHASES,
  '5-1': ['name_security', 'isin_security', 'security_type_name', 'country_code', 'address', 'quantity'],
  '5-2': ['bank_name', 'bank_id', 'country_code', 'currency_code', 'amount_in_currency'],
  '7': ['name_creditor', 'debt_type', 'currency_code', 'amount_owed', 'return_period'],
  '250-1': ['amount', 'currency_code'],
  '250-2': ['name', 'isin_security', 'country_code', 'quantity', 'currency_code', 'purchase_price'],
  '250-3': ['name', 'nominal_value', 'currency_code'],
  '250-4': ['name', 'country_code', 'id_number', 'location'],
  '250-5': ['kind_of_transport', 'brand_model', 'country_code', 'id_number', 'vin_number'],
  '250-6': ['bank_name', 'amount', 'currency_code', 'id_number', 'country_code'],
  '250-7': ['company_name', 'shareholding_size', 'id_number', 'country_code'],
  '250-8': ['name', 'quantity', 'property_value', 'currency_code', 'country_code'],
  '250-9': ['name_creditor', 'debt_type', 'amount_owed', 'currency_code', 'country_code', 'id_number', 'notary_iin'],
};

export const column = (key: DealKey): ColumnDef => BY_KEY.get(key) ?? c(key, key);

const filled = (v: unknown) => v !== null && v !== undefined && v !== '' && v !== 'null';

/** Section main columns followed by every other field filled in at least one deal. */
export function allColumns(code: SectionCode | undefined, deals: DocumentDeal[]): ColumnDef[] {
  const main = code ? SECTION_COLUMNS[code] : [];
  const present = new Set<DealKey>();
  for (const d of deals)
    for (const col of COLUMNS) if (!present.has(col.key) && filled(d[col.key])) present.add(col.key);
  const rest = COLUMNS.filter((col) => present.has(col.key) && !main.includes(col.key));
  return [...main.map(column), ...rest];
}
