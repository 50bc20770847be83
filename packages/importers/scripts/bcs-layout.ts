/** The BCS report's tables (formats/bcs.md), shared by scripts/make-bcs-sample.ts and the tests. */
export type Row = (string | number)[];
/** a row starting in column B */
export const b = (...cells: (string | number)[]): Row => ['', ...cells];

export const CASH_HEADER = b(
  'Дата',
  'Операция',
  '',
  '',
  '',
  'Сумма зачисления',
  'Сумма списания',
  'В т.ч.НДС (руб.)',
  'Остаток (+/-)',
  'в т.ч. гарант. обеспечение',
  'в т.ч. депозитная маржа',
  'Площадка',
  'Примечание',
  'Промежуточный клиринг (FORTS)',
);
/** a money line: date, operation, credit, debit, note */
export const cash = (date: string, op: string, credit: number | '', debit: number | '', note = ''): Row =>
  b(date, op, '', '', '', credit, debit, 0, '', '', '', 'ФР', note, '');

export const TRADE_HEADER = b(
  'Дата',
  'Номер',
  'Время',
  'Куплено, шт',
  'Цена',
  'Сумма платежа',
  'Продано, шт',
  'Цена',
  'Сумма выручки',
  'Валюта',
  'Валюта платежа',
  'Дата соверш.',
  'Время соверш.',
  'Тип сделки (20*)',
  'Оплата (факт)',
  'Поставка (факт)',
  'Место сделки',
  'Примечание',
);
/** a trade: settlement date, number, bought or sold quantity, price, amount, currency, conclusion date, type */
export const trade = (
  settled: string,
  id: string,
  side: 'buy' | 'sell',
  qty: number,
  price: number,
  amount: number,
  currency: string,
  concluded: string,
  type = 'Биржевая',
  venue = 'ММВБ',
): Row =>
  b(
    settled,
    id,
    '10:30:00',
    side === 'buy' ? qty : '',
    side === 'buy' ? price : '',
    side === 'buy' ? amount : '',
    side === 'sell' ? qty : '',
    side === 'sell' ? price : '',
    side === 'sell' ? amount : '',
    currency,
    currency,
    concluded,
    '10:30:00',
    type,
    settled,
    settled,
    venue,
    '',
  );
