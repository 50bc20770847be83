/** Column layouts of the table formats (see formats/*.md). */

import { tx } from '../texts.ts';
import type { Layout, Operation } from './tabular.ts';

const RU_OPERATIONS: Record<string, Operation> = {
  покупка: 'BUY',
  продажа: 'SELL',
  дивиденд: 'DIVIDEND',
  дивиденды: 'DIVIDEND',
  'выплата дивидендов': 'DIVIDEND',
  купон: 'COUPON',
  'купонное вознаграждение': 'COUPON',
  'купонный доход': 'COUPON',
  погашение: 'REPAYMENT',
  'погашение облигаций': 'REPAYMENT',
  'налог у источника': 'WHT',
  'удержанный налог': 'WHT',
  налог: 'WHT',
  комиссия: 'FEE',
  сплит: 'SPLIT',
  вознаграждение: 'INTEREST',
  проценты: 'INTEREST',
};

/** Our own template for any other broker (buildTemplateCsv / buildTemplateXlsx write it). */
export const TEMPLATE: Layout = {
  formats: { csv: 'template_csv', xlsx: 'template_xlsx', xls: 'template_xls' },
  family: 'template',
  broker: tx('value.templateBroker'),
  brokerIsKz: false,
  decimalComma: false,
  columns: {
    date: ['date', 'дата'],
    type: ['type', 'операция'],
    name: ['name', 'наименование'],
    ticker: ['ticker', 'тикер'],
    isin: ['isin'],
    quantity: ['quantity', 'количество'],
    price: ['price', 'цена'],
    amount: ['amount', 'сумма'],
    currency: ['currency', 'валюта'],
    fee: ['fee', 'комиссия'],
    fee_currency: ['fee_currency', 'валюта комиссии'],
    withholding_tax: ['withholding_tax', 'удержанный налог'],
    country: ['country', 'страна'],
    market: ['market', 'площадка'],
    security_type: ['security_type', 'вид бумаги'],
    broker: ['broker', 'брокер'],
    broker_country: ['broker_country', 'страна брокера'],
    id: ['id'],
    note: ['note', 'примечание'],
  },
  required: ['date', 'type', 'currency', 'amount'],
  operations: {
    buy: 'BUY',
    sell: 'SELL',
    dividend: 'DIVIDEND',
    wht: 'WHT',
    coupon: 'COUPON',
    interest: 'INTEREST',
    repayment: 'REPAYMENT',
    fee: 'FEE',
    split: 'SPLIT',
    position: 'POSITION',
    cash: 'CASH',
    ...RU_OPERATIONS,
  },
};

/** Halyk Finance statement layout defined by us (formats/halyk-finance.md); usually XLSX. */
export const HALYK: Layout = {
  formats: { csv: 'halyk_csv', xlsx: 'halyk_xlsx', xls: 'halyk_xls' },
  family: 'halyk',
  broker: 'Halyk Finance',
  brokerIsKz: true,
  decimalComma: true,
  columns: {
    date: ['Дата операции'],
    type: ['Вид операции'],
    name: ['Наименование инструмента'],
    ticker: ['Тикер'],
    isin: ['ISIN'],
    quantity: ['Количество'],
    price: ['Цена'],
    amount: ['Сумма'],
    currency: ['Валюта'],
    fee: ['Комиссия'],
    withholding_tax: ['Удержанный налог'],
    market: ['Торговая площадка'],
    security_type: ['Вид инструмента'],
    id: ['Номер сделки'],
  },
  required: ['date', 'type', 'name', 'amount', 'currency', 'market'],
  operations: RU_OPERATIONS,
};

/** Jusan Invest statement layout defined by us (formats/jusan-invest.md); usually CSV in Windows-1251. */
export const JUSAN: Layout = {
  formats: { csv: 'jusan_csv', xlsx: 'jusan_xlsx', xls: 'jusan_xls' },
  family: 'jusan',
  broker: 'Jusan Invest',
  brokerIsKz: true,
  decimalComma: true,
  columns: {
    date: ['Дата сделки'],
    type: ['Операция'],
    name: ['Эмитент'],
    ticker: ['Код бумаги'],
    isin: ['ISIN'],
    quantity: ['Кол-во'],
    price: ['Цена за ед.'],
    amount: ['Сумма сделки'],
    currency: ['Валюта расчетов'],
    fee: ['Комиссия брокера'],
    withholding_tax: ['Удержанный налог'],
    market: ['Биржа'],
    security_type: ['Тип бумаги'],
    id: ['№ поручения'],
  },
  required: ['date', 'type', 'name', 'amount', 'currency', 'market'],
  operations: RU_OPERATIONS,
};

export const LAYOUTS = [TEMPLATE, HALYK, JUSAN] as const;
