/**
 * The T-Bank broker report's trades table (formats/tbank.md), shared by scripts/make-tbank-sample.ts and the
 * tests that build reports of their own.
 */
export const TRADE_HEADER = [
  'Номер сделки',
  'Номер поручения',
  'Признак исполнения',
  'Дата заключения',
  'Время',
  'Торговая площадка',
  'Режим торгов',
  'Вид сделки',
  'Сокращенное наименование',
  'Код актива',
  'Цена за единицу',
  'Валюта цены',
  'Количество',
  'Сумма (без НКД)',
  'НКД',
  'Сумма сделки',
  'Валюта расчетов',
  'Комиссия брокера',
  'Валюта комиссии',
  'Комиссия биржи',
  'Валюта комиссии биржи',
  'Комиссия клир. центра',
  'Валюта комиссии клир. центра',
  'Дата расчетов',
];

/** the header as the real file has it: the pandas parser reads `Дата заклю\nчения`, `Валю\nта цены` */
const WRAPPED: Record<string, string> = {
  'Номер сделки': 'Номер сдел\nки',
  'Дата заключения': 'Дата заклю\nчения',
  'Цена за единицу': 'Цена за едини\nцу',
  'Валюта цены': 'Валю\nта цены',
  'Сумма (без НКД)': 'Сумма (без\nНКД)',
  'Валюта расчетов': 'Валюта расче\nтов',
};
export const WRAPPED_HEADER = TRADE_HEADER.map((h) => WRAPPED[h] ?? h);

/** a trade line: fees in the trade's currency, the broker's only */
export const trade = (
  id: string,
  date: string,
  kind: string,
  name: string,
  code: string,
  price: number,
  quantity: number,
  amount: number,
  fee = 0,
  settled = date,
): (string | number)[] => [
  id,
  `6${id.slice(1)}`,
  'Исполнена',
  date,
  '10:00:00',
  'ММВБ',
  'T+',
  kind,
  name,
  code,
  price,
  'RUB',
  quantity,
  amount,
  0,
  amount,
  'RUB',
  fee,
  'RUB',
  0,
  'RUB',
  0,
  'RUB',
  settled,
];

/** section 2's operations table */
export const CASH_HEADER = [
  'Дата',
  'Время совершения',
  'Дата исполнения',
  'Операция',
  'Сумма зачисления',
  'Сумма списания',
  'Примечание',
];

/** section 4.1, the securities */
export const SECURITIES_HEADER = [
  'Сокращенное наименование актива',
  'Код актива',
  'ISIN',
  'Код государственной регистрации',
  'Наименование эмитента',
  'Тип',
  'Номинал',
  'Валюта номинала',
];
