/**
 * Writes samples/tbank.xlsx, a made-up T-Bank broker report in the layout of formats/tbank.md, and
 * samples/tbank-layouts.xlsx, the same report with what other public parsers of the real report meet (header
 * cells wrapped inside words, REPO legs, currency bought on the exchange, a header repeated at a page break,
 * an unsettled trade in section 1.2, a planned dividend):
 * npx tsx packages/importers/scripts/make-tbank-sample.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { CASH_HEADER, SECURITIES_HEADER, TRADE_HEADER, trade, WRAPPED_HEADER } from './tbank-layout.ts';

// made-up trades: a MOEX share bought and sold, a US share on SPB Exchange, a federal loan bond with accrued interest
const TRADES: (string | number)[][] = [
  [
    '4100001',
    '6200001',
    'Исполнена',
    '15.02.2024',
    '10:31:05',
    'ММВБ',
    'T+',
    'Покупка',
    'Сбербанк',
    'SBER',
    280.5,
    'RUB',
    100,
    28050,
    0,
    28050,
    'RUB',
    14.03,
    'RUB',
    0,
    'RUB',
    0,
    'RUB',
    '19.02.2024',
  ],
  [
    '4100002',
    '6200002',
    'Исполнена',
    '04.03.2024',
    '17:45:10',
    'СПБ',
    'T+',
    'Покупка',
    'Apple',
    'AAPL',
    180.25,
    'USD',
    10,
    1802.5,
    0,
    1802.5,
    'USD',
    0.9,
    'USD',
    0,
    'USD',
    0,
    'USD',
    '06.03.2024',
  ],
  [
    '4100003',
    '6200003',
    'Исполнена',
    '20.05.2024',
    '11:02:44',
    'ММВБ',
    'T+',
    'Покупка',
    'ОФЗ 26238',
    'SU26238RMFS4',
    60.5,
    'RUB',
    10,
    6050,
    123.4,
    6173.4,
    'RUB',
    3.03,
    'RUB',
    0.61,
    'RUB',
    0,
    'RUB',
    '21.05.2024',
  ],
  [
    '4100004',
    '6200004',
    'Исполнена',
    '12.09.2024',
    '12:15:00',
    'ММВБ',
    'T+',
    'Продажа',
    'Сбербанк',
    'SBER',
    310.2,
    'RUB',
    100,
    31020,
    0,
    31020,
    'RUB',
    15.51,
    'RUB',
    0,
    'RUB',
    0,
    'RUB',
    '13.09.2024',
  ],
];

/** rows 1–4 of every report: the broker, the period, the investor, the title of section 1.1 */
function reportStart() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('broker_rep');
  ws.addRow(['АО «ТБанк»']);
  ws.addRow(['Отчет о сделках и операциях за период 01.01.2024 - 31.12.2024']);
  ws.addRow(['Инвестор: Пример Примерович Примеров']);
  ws.addRow(['1.1 Информация о совершенных и исполненных сделках на конец отчетного периода']);
  return { wb, ws };
}

async function main() {
  const { wb, ws } = reportStart();
  ws.addRow(TRADE_HEADER);
  for (const t of TRADES) ws.addRow(t);
  ws.addRow(['1.2 Информация о неисполненных сделках на конец отчетного периода']);
  ws.addRow(['Сделки отсутствуют']);
  ws.addRow(['2. Операции с денежными средствами']);
  // the per-currency summary, then per currency its code alone and its operations (InvestBook
  // TinkoffCashFlowTable / TinkoffSecurityEventCashFlowTable read the operations under the same columns)
  ws.addRow([
    'Валюта',
    'Входящий остаток на начало периода',
    'Исходящий остаток на конец периода',
    'Плановый исходящий остаток',
    'Задолженность клиента перед брокером',
    'Сумма непокрытого остатка',
    'Задолженность клиента перед Депозитарием',
  ]);
  ws.addRow(['RUB', 0, 3997.22, 3997.22, 0, 0, 0]);
  ws.addRow(['USD', 0, 0.35, 0.35, 0, 0, 0]);
  ws.addRow(CASH_HEADER);
  ws.addRow(['RUB']);
  ws.addRow(['05.02.2024', '12:00:00', '05.02.2024', 'Пополнение счета', 40000, 0, '']);
  // 100 SBER × 33.30 = 3 330 RUB; 15 % withheld from a non-resident: 499.50
  ws.addRow(['11.07.2024', '09:00:00', '11.07.2024', 'Выплата дивидендов', 3330, 0, 'RU0009029540/ Сбербанк/ 100 шт.']);
  ws.addRow(['11.07.2024', '09:00:00', '11.07.2024', 'Налог (дивиденды)', 0, 499.5, 'RU0009029540/ Сбербанк/ 100 шт.']);
  // 10 ОФЗ 26238 × 35.40 = 354 RUB coupon; 13 % withheld: 46.02
  ws.addRow(['02.10.2024', '10:00:00', '02.10.2024', 'Выплата купонов', 354, 0, 'ОФЗ 26238/ 10 шт.']);
  ws.addRow(['02.10.2024', '10:00:00', '02.10.2024', 'Налог (купонный доход)', 0, 46.02, 'ОФЗ 26238/ 10 шт.']);
  ws.addRow(['31.12.2024', '23:59:00', '31.12.2024', 'Комиссия по тарифу', 0, 99, 'Тариф Инвестор']);
  ws.addRow(['USD']);
  // 10 AAPL × 0.25 = 2.50 USD; 10 % US tax (W-8BEN): 0.25
  ws.addRow(['15.08.2024', '16:00:00', '15.08.2024', 'Выплата дивидендов', 2.5, 0, 'Apple/ 10 шт.']);
  ws.addRow(['15.08.2024', '16:00:00', '15.08.2024', 'Налог (дивиденды)', 0, 0.25, 'Apple/ 10 шт.']);
  ws.addRow(['3.1 Движение по ценным бумагам инвестора']);
  ws.addRow(['4.1 Информация о ценных бумагах']);
  ws.addRow(SECURITIES_HEADER);
  ws.addRow(['Сбербанк', 'SBER', 'RU0009029540', '10301481B', 'ПАО Сбербанк', 'Акции обыкновенные', 3, 'RUB']);
  ws.addRow(['Apple', 'AAPL', 'US0378331005', '', 'Apple Inc.', 'Акции обыкновенные', 0.00001, 'USD']);
  ws.addRow(['ОФЗ 26238', 'SU26238RMFS4', 'RU000A1038V6', 'SU26238RMFS4', 'Минфин России', 'Облигации', 1000, 'RUB']);
  writeFileSync(join(import.meta.dirname, '..', 'samples', 'tbank.xlsx'), new Uint8Array(await wb.xlsx.writeBuffer()));
}

async function layouts() {
  const { wb, ws } = reportStart();
  ws.addRow(WRAPPED_HEADER); // row 5
  // row 6: 100 SBER × 280.50 = 28 050 RUB, fee 14.03
  ws.addRow(trade('4100101', '15.02.2024', 'Покупка', 'Сбербанк', 'SBER', 280.5, 100, 28050, 14.03, '19.02.2024'));
  // rows 7–8: the two legs of a REPO (the shares lent for a day against 30 000 RUB): not a sale, not a purchase
  ws.addRow(trade('4100102', '10.06.2024', 'РЕПО 1 Продажа', 'Сбербанк', 'SBER', 300, 100, 30000, 0, '10.06.2024'));
  ws.addRow(trade('4100103', '11.06.2024', 'РЕПО 2 Покупка', 'Сбербанк', 'SBER', 300.1, 100, 30010, 0, '11.06.2024'));
  // row 9: 1 000 USD bought for roubles on the exchange: a currency conversion
  ws.addRow(
    trade('4100104', '01.03.2024', 'Покупка', 'USDRUB_TOM', 'USD000UTSTOM', 91.5, 1000, 91500, 45.75, '04.03.2024'),
  );
  ws.addRow(WRAPPED_HEADER); // row 10: the header repeated at a page break
  // row 11: 5 000 CNY sold on the exchange
  ws.addRow(
    trade('4100105', '02.04.2024', 'Продажа', 'Китайский юань', 'CNYRUB_TOM', 12.5, 5000, 62500, 31.25, '03.04.2024'),
  );
  // row 12: 50 SBER × 310.20 = 15 510 RUB, fee 7.76
  ws.addRow(trade('4100106', '12.09.2024', 'Продажа', 'Сбербанк', 'SBER', 310.2, 50, 15510, 7.76, '13.09.2024'));
  ws.addRow(['1.2 Информация о неисполненных сделках на конец отчетного периода']);
  ws.addRow(WRAPPED_HEADER); // row 14
  // row 15: concluded on 30.12.2024, settled on 03.01.2025: 50 SBER × 270 = 13 500 RUB, fee 6.75
  ws.addRow(trade('4100107', '30.12.2024', 'Продажа', 'Сбербанк', 'SBER', 270, 50, 13500, 6.75, '03.01.2025'));
  ws.addRow(['1.3 Сделки за расчетный период, обязательства из которых прекращены  не в результате исполнения']);
  ws.addRow(['Сделки отсутствуют']);
  ws.addRow(['2. Операции с денежными средствами']);
  ws.addRow(CASH_HEADER);
  ws.addRow(['RUB']); // row 20
  ws.addRow(['05.02.2024', '12:00:00', '05.02.2024', 'Пополнение счета', 200000, 0, '']);
  // rows 22–23: 100 SBER × 33.30 = 3 330 RUB; 15 % withheld: 499.50
  ws.addRow(['11.07.2024', '09:00:00', '11.07.2024', 'Выплата дивидендов', 3330, 0, 'RU0009029540/ Сбербанк/ 100 шт.']);
  ws.addRow(['11.07.2024', '09:00:00', '11.07.2024', 'Налог (дивиденды)', 0, 499.5, 'RU0009029540/ Сбербанк/ 100 шт.']);
  ws.addRow(['USD']); // row 24
  // row 25: a dividend announced, not paid yet
  ws.addRow(['20.12.2024', '09:00:00', '20.12.2024', 'Выплата дивидендов', 2.1, 0, 'План;Walmart-ао/ 10 шт.']);
  ws.addRow(['3.1 Движение по ценным бумагам инвестора']);
  ws.addRow(['4.1 Информация о ценных бумагах']);
  ws.addRow(SECURITIES_HEADER);
  ws.addRow(['Сбербанк', 'SBER', 'RU0009029540', '10301481B', 'ПАО Сбербанк', 'Акции обыкновенные', 3, 'RUB']);
  ws.addRow(['Walmart-ао', 'WMT', 'US9311421039', '', 'Walmart Inc.', 'Акции обыкновенные', 0.1, 'USD']);
  writeFileSync(
    join(import.meta.dirname, '..', 'samples', 'tbank-layouts.xlsx'),
    new Uint8Array(await wb.xlsx.writeBuffer()),
  );
}

await main();
await layouts();
