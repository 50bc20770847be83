/**
 * The T-Bank export in several sheets («Динамика позиций», «Завершенные сделки», «Незавершенные сделки»,
 * « Движение ДС», «Неторговые операции»; formats/tbank.md), built here with exceljs in the columns two public
 * readers of it look for. It was refused as an unknown file; now its trades are read and its money sheet's rows
 * are listed with what to do. Names, numbers and amounts are made up; each figure is worked out next to it.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseReport } from '../src/index.ts';
import type { ImportResult } from '../src/types.ts';

const HEADER = [
  '№ сделки',
  'Дата заключен.',
  'Время заключ.',
  'ISIN/рег.код',
  'Актив',
  'Количество актива⁷, шт./грамм',
  'Цена',
  'Сумма сделки в валюте расчетов⁸',
  'Валюта расчетов',
  'Комиссия банка',
  'Валюта комиссии',
  'Коммент.',
];

async function workbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const positions = wb.addWorksheet('Динамика позиций');
  positions.addRow(['Инструмент', 'Актив ¹', 'кол-во, шт./грамм⁵']);
  positions.addRow(['Акции', 'Сбербанк', 0, 60]);
  const done = wb.addWorksheet('Завершенные сделки');
  done.addRow(['Брокерский отчет: завершенные сделки']);
  done.addRow(HEADER);
  done.addRow([
    '7001',
    '15.01.2025 10:31:12',
    '10:31:12',
    'RU0009029540',
    'Сбербанк',
    100,
    280.5,
    28050,
    'RUB',
    14.03,
    'RUB',
    '',
  ]);
  done.addRow([
    '7002',
    '20.03.2025 11:00:00',
    '11:00:00',
    'RU0009029540',
    'Сбербанк',
    -40,
    310,
    12400,
    'RUB',
    6.2,
    'RUB',
    '',
  ]);
  done.addRow(['7003', '21.03.2025 17:45:00', '17:45:00', 'US0378331005', 'Apple', 2, 180, '', 'USD', 0.54, 'USD', '']);
  done.addRow([
    '7004',
    '02.04.2025 12:00:00',
    '12:00:00',
    'RU000A0JX0J2',
    'ОФЗ 26219',
    -10,
    98,
    9800,
    'RUB',
    0,
    'RUB',
    'РЕПО ч.1',
  ]);
  done.addRow([
    '7005',
    '03.04.2025 12:00:00',
    '12:00:00',
    'USD000UTSTOM',
    'Доллар США',
    100,
    90.5,
    9050,
    'RUB',
    4.5,
    'RUB',
    '',
  ]);
  done.addRow(['Итого', '', '', '', '', '', '', 59300]);
  const open = wb.addWorksheet('Незавершенные сделки');
  open.addRow(HEADER);
  open.addRow([
    '7006',
    '30.12.2025 18:00:00',
    '18:00:00',
    'US5949181045',
    'Microsoft',
    5,
    420,
    2100,
    'USD',
    1.05,
    'USD',
    '',
  ]);
  const cash = wb.addWorksheet(' Движение ДС');
  cash.addRow(['Дата', 'Наименование операции', 'Комментарий']);
  cash.addRow(['05.02.2025', 'Перевод', 'Пополнение счета', 50000]);
  cash.addRow(['10.07.2025', 'Выплата дивидендов', 'Сбербанк/ 60 шт.', 2010.6]);
  wb.addWorksheet('Неторговые операции');
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const FILE = 'Т-Инвестиции-Тестов-(01.01.25-31.12.25).xlsx';
const byRow = (r: ImportResult, label: string) => r.deals.find((d) => d.row === label);
const skipOf = (r: ImportResult, label: string) => r.skipped.find((s) => s.row === label)?.reason;

describe('T-Bank export in several sheets', () => {
  it('is recognised as T-Bank (it was refused as an unknown file)', async () => {
    expect(detectFormat(await workbook())?.format).toBe('tbank_xlsx');
  });

  it('trades: the sign of the quantity is the side, the bank’s commission the commission', async () => {
    const r = await parseReport(await workbook(), { filename: FILE });
    // row 3: +100 SBER × 280.50 = 28 050 RUB bought, commission 14.03 RUB; a Russian broker: foreign for us
    expect(byRow(r, 'Завершенные сделки, строка 3')).toMatchObject({
      kind: 'purchase',
      transaction_date: '15.01.2025',
      isin_security: 'RU0009029540',
      quantity: '100',
      purchase_opening_cost: '28050',
      commission: '14.03',
      foreign_broker: true,
    });
    // row 4: −40 SBER, 40 × 310 = 12 400 RUB received: a sale in section 2
    expect(byRow(r, 'Завершенные сделки, строка 4')).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      quantity: '40',
      sale_closing_cost: '12400',
      commission: '6.2',
    });
    // row 5: no amount stated, 2 × 180 = 360 USD
    expect(byRow(r, 'Завершенные сделки, строка 5')).toMatchObject({
      purchase_opening_cost: '360',
      currency_code: 'USD',
    });
    // the period is in the file name: (01.01.25-31.12.25)
    expect(r.period).toEqual({ from: '01.01.2025', to: '31.12.2025' });
  });

  it('a repo leg and a currency purchase are not trades in securities; the total line is not a trade', async () => {
    const r = await parseReport(await workbook(), { filename: FILE });
    expect(skipOf(r, 'Завершенные сделки, строка 6')).toMatch(/РЕПО/);
    expect(skipOf(r, 'Завершенные сделки, строка 7')).toMatch(/обмен валюты/);
    expect(r.errors).toEqual([]);
  });

  it('a trade not yet settled is read with its note', async () => {
    const r = await parseReport(await workbook(), { filename: FILE });
    // 5 MSFT × 420 = 2 100 USD, concluded 30.12.2025
    expect(byRow(r, 'Незавершенные сделки, строка 2')).toMatchObject({ purchase_opening_cost: '2100' });
    expect(byRow(r, 'Незавершенные сделки, строка 2')?.comment).toMatch(/Незавершенные сделки/);
  });

  it('every row of the money sheet is listed with what to do; the totals are those of the trades read', async () => {
    const r = await parseReport(await workbook(), { filename: FILE });
    expect(skipOf(r, 'Движение ДС, строка 2')).toMatch(/внесите ее вручную/);
    expect(skipOf(r, 'Движение ДС, строка 3')).toMatch(/внесите ее вручную/);
    // RUB: bought 28 050, sold 12 400; USD: bought 360 + 2 100 = 2 460
    expect(r.reconciliation.totals.RUB?.costs).toEqual({ file: '28050', deals: '28050' });
    expect(r.reconciliation.totals.RUB?.proceeds).toEqual({ file: '12400', deals: '12400' });
    expect(r.reconciliation.totals.USD?.costs).toEqual({ file: '2460', deals: '2460' });
  });
});
