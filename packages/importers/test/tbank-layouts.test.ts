/**
 * T-Bank (Tinkoff) broker report XLSX: what the public parsers of the real report handle and ours did not
 * (formats/tbank.md). Each workbook is built here with exceljs in the layout of scripts/make-tbank-sample.ts;
 * samples/tbank-layouts.xlsx has all of it in one report.
 */
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CASH_HEADER, TRADE_HEADER as HEADER, trade, WRAPPED_HEADER as WRAPPED } from '../scripts/tbank-layout.ts';
import { detectFormat, parseReport } from '../src/index.ts';
import { expectRefused, parseSample, sample } from './helpers.ts';

type Line = (string | number)[];

const TRADES_TITLE = '1.1 Информация о совершенных и исполненных сделках на конец отчетного периода';
const UNSETTLED_TITLE = '1.2 Информация о неисполненных сделках на конец отчетного периода';

/** row 5 of every report below: 100 SBER × 280.50 = 28 050 RUB, fee 14.03 */
const BUY = trade('4100001', '15.02.2024', 'Покупка', 'Сбербанк', 'SBER', 280.5, 100, 28050, 14.03);

/**
 * A report: rows 1–4 are the bank, the period, the title of 1.1 and `header`; the trades start at row 5.
 * `unsettled` adds section 1.2 with its header; `cash` goes under section 2 (a currency code alone opens a block).
 */
async function report(opts: {
  trades: Line[];
  header?: string[];
  period?: string;
  unsettled?: Line[];
  /** the header of 1.2 when it differs from 1.1's */
  unsettledHeader?: Line;
  cash?: Line[];
}): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('broker_rep');
  ws.addRow(['АО «ТБанк»']);
  ws.addRow([`Отчет о сделках и операциях за период ${opts.period ?? '01.01.2024 - 31.12.2024'}`]);
  ws.addRow([TRADES_TITLE]);
  ws.addRow(opts.header ?? HEADER);
  for (const t of opts.trades) ws.addRow(t);
  if (opts.unsettled) {
    ws.addRow([UNSETTLED_TITLE]);
    ws.addRow(opts.unsettledHeader ?? opts.header ?? HEADER);
    for (const t of opts.unsettled) ws.addRow(t);
  }
  ws.addRow(['2. Операции с денежными средствами']);
  ws.addRow(CASH_HEADER);
  for (const c of opts.cash ?? []) ws.addRow(c);
  ws.addRow(['3.1 Движение по ценным бумагам инвестора']);
  ws.addRow(['4.1 Информация о ценных бумагах']);
  ws.addRow(['Сокращенное наименование актива', 'Код актива', 'ISIN', 'Тип']);
  ws.addRow(['Сбербанк', 'SBER', 'RU0009029540', 'Акции обыкновенные']);
  ws.addRow(['Walmart-ао', 'WMT', 'US9311421039', 'Акции обыкновенные']);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const parse = (bytes: Uint8Array) => parseReport(bytes, { filename: 'broker-report.xlsx' });

describe('T-Bank broker report: the real file’s layouts', () => {
  it('header cells wrapped inside words («Дата заклю\\nчения») are detected and read', async () => {
    const bytes = await report({ header: WRAPPED, trades: [BUY] });
    expect(detectFormat(bytes)).toEqual({ format: 'tbank_xlsx', broker: 'Т-Банк (Тинькофф)' });
    const r = await parse(bytes);
    expect(r.errors).toEqual([]);
    // row 5: 100 SBER × 280.50 = 28 050 RUB, fee 14.03, read through the wrapped `Номер сдел\nки`,
    // `Дата заклю\nчения`, `Валюта расче\nтов`
    expect(r.deals).toHaveLength(1);
    expect(r.deals[0]).toMatchObject({
      kind: 'purchase',
      transaction_date: '15.02.2024',
      quantity: '100',
      purchase_opening_cost: '28050',
      commission: '14.03',
      currency_code: 'RUB',
    });

    // the detection compares the shared strings without whitespace even without the title of 1.1, and with
    // the line break written as `&#10;` or `_x000D_\n` (Excel's carriage return)
    const files = unzipSync(await report({ header: WRAPPED, trades: [BUY] }));
    const strings = strFromU8(files['xl/sharedStrings.xml']!)
      .replace(TRADES_TITLE, 'Сделки')
      .replace('Дата заклю\nчения', 'Дата заклю&#10;чения')
      .replace('Номер сдел\nки', 'Номер сдел_x000D_\nки');
    expect(strings).toContain('Дата заклю&#10;чения');
    expect(strings).toContain('Номер сдел_x000D_\nки');
    expect(strings).not.toContain('1.1 Информация');
    const rezipped = zipSync({ ...files, 'xl/sharedStrings.xml': strToU8(strings) });
    expect(detectFormat(rezipped)?.format).toBe('tbank_xlsx');
  });

  it('a report without a required column is refused naming T-Bank and the column, not the template', async () => {
    // `Вид сделки` is one of the header words the detection looks for: the title of 1.1 still says T-Bank
    const bytes = await report({ header: HEADER.map((h) => (h === 'Вид сделки' ? 'Тип сделки' : h)), trades: [BUY] });
    expect(detectFormat(bytes)?.format).toBe('tbank_xlsx');
    const e = await expectRefused(bytes, /Т-Банка: «Вид сделки»\./);
    expect(e.message).not.toMatch(/Шаблон/);
  });

  it('REPO legs («РЕПО 1 Продажа», «РЕПО 2 Покупка») are skipped with the reason, not a sale and a purchase', async () => {
    const r = await parse(
      await report({
        trades: [
          BUY,
          // rows 6–7: 100 SBER lent on 10.06 against 100 × 300 = 30 000 RUB, returned on 11.06 for 30 010
          trade('4100002', '10.06.2024', 'РЕПО 1 Продажа', 'Сбербанк', 'SBER', 300, 100, 30000),
          trade('4100003', '11.06.2024', 'РЕПО 2 Покупка', 'Сбербанк', 'SBER', 300.1, 100, 30010),
        ],
      }),
    );
    expect(r.errors).toEqual([]);
    // only the purchase of row 5 is a deal: no sale of 30 000, no second purchase of 30 010
    expect(r.deals.map((d) => [d.kind, String(d.row)])).toEqual([['purchase', '5']]);
    expect(r.skipped).toEqual([
      { row: 6, reason: expect.stringMatching(/РЕПО.*«РЕПО 1 Продажа».*не продажа и не покупка/) },
      { row: 7, reason: expect.stringMatching(/РЕПО.*«РЕПО 2 Покупка»/) },
    ]);
    // the costs are the 28 050 of row 5 alone; no proceeds
    expect(r.reconciliation.totals.RUB!.costs).toEqual({ file: '28050', deals: '28050' });
    expect(r.reconciliation.totals.RUB!.proceeds).toEqual({ file: '0', deals: '0' });
  });

  it('currency bought or sold on the exchange (USDRUB_TOM, EURRUB_TOM, CNYRUB_TOM, «Доллар США») is a conversion, skipped', async () => {
    const r = await parse(
      await report({
        trades: [
          BUY,
          // row 6: 1 000 USD × 91.50 = 91 500 RUB (the code of USDRUB_TOM is USD000UTSTOM)
          trade('4100004', '01.03.2024', 'Покупка', 'USDRUB_TOM', 'USD000UTSTOM', 91.5, 1000, 91500, 45.75),
          // row 7: 100 EUR × 99 = 9 900 RUB
          trade('4100005', '02.03.2024', 'Покупка', 'EURRUB_TOM', 'EUR_RUB__TOM', 99, 100, 9900),
          // row 8: 5 000 CNY sold × 12.50 = 62 500 RUB
          trade('4100006', '01.04.2024', 'Продажа', 'CNYRUB_TOM', 'CNYRUB_TOM', 12.5, 5000, 62500),
          // row 9: 500 USD sold × 92.50 = 46 250 RUB, the currency named in words
          trade('4100007', '02.04.2024', 'Продажа', 'Доллар США', 'USD', 92.5, 500, 46250),
        ],
      }),
    );
    expect(r.errors).toEqual([]);
    expect(r.deals.map((d) => String(d.row))).toEqual(['5']);
    expect(r.skipped.map((s) => s.row)).toEqual([6, 7, 8, 9]);
    for (const s of r.skipped) expect(s.reason).toMatch(/обмен валюты, а не сделка с ценными бумагами/);
    expect(r.skipped[3]!.reason).toContain('«Доллар США»');
    // no proceeds: the 62 500 and 46 250 of rows 8–9 are not sales of securities
    expect(r.reconciliation.totals.RUB!.proceeds).toEqual({ file: '0', deals: '0' });
  });

  it('section 1.2 (concluded, settled after the period) is read with a note; a trade number of 1.1 is not read twice', async () => {
    // rows 5 (1.1), 6 title of 1.2, 7 its header, 8–9 its trades
    const unsettled = trade('4100008', '30.12.2024', 'Продажа', 'Сбербанк', 'SBER', 270, 50, 13500, 6.75, '03.01.2025');
    const r = await parse(await report({ trades: [BUY], unsettled: [unsettled, BUY] }));
    expect(r.errors).toEqual([]);
    // row 8: 50 SBER × 270 = 13 500 RUB sold on 30.12.2024 (a 2024 sale), fee 6.75, settled 03.01.2025
    expect(r.deals.find((d) => String(d.row) === '8')).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      transaction_date: '30.12.2024',
      quantity: '50',
      sale_closing_cost: '13500',
      commission: '6.75',
      comment: expect.stringMatching(/после его окончания \(раздел 1\.2 .*03\.01\.2025\)/),
    });
    // row 9 repeats trade 4100001 of row 5: listed as skipped, the purchase imported once
    expect(r.deals.filter((d) => d.kind === 'purchase')).toHaveLength(1);
    expect(r.skipped).toEqual([{ row: 9, reason: expect.stringMatching(/№ 4100001 .*1\.2.*1\.1/) }]);
    expect(r.deals).toHaveLength(2);

    // next year's report lists the same trade in 1.1: the same source key (the trade number), so importing
    // both reports keeps one deal
    const next = await parse(await report({ period: '01.01.2025 - 31.12.2025', trades: [unsettled] }));
    const key = r.deals.find((d) => String(d.row) === '8')!.source_key;
    expect(next.deals).toHaveLength(1);
    expect(next.deals[0]!.source_key).toBe(key);
    expect(next.deals[0]!.comment ?? '').not.toMatch(/раздел 1\.2/);

    // a 1.2 with no trades («Сделки отсутствуют») adds nothing; a 1.2 table without a needed column is not
    // dropped silently: its trade line (row 8) is listed as skipped, naming the column
    const none = await parse(await report({ trades: [BUY], unsettled: [['Сделки отсутствуют']] }));
    expect([none.deals.length, none.skipped, none.errors]).toEqual([1, [], []]);
    const odd = await parse(
      await report({
        trades: [BUY],
        unsettledHeader: HEADER.map((h) => (h === 'Код актива' ? 'Код инструмента' : h)),
        unsettled: [unsettled],
      }),
    );
    expect(odd.deals).toHaveLength(1);
    expect(odd.skipped).toEqual([{ row: 8, reason: expect.stringMatching(/раздела 1\.2.*«Код актива»/) }]);
  });

  it('a header (and title) repeated at a page break inside 1.1 is skipped, not read as a trade', async () => {
    // row 6: the header again; row 7: 50 SBER × 300 = 15 000 RUB sold, fee 7.50
    const sale = trade('4100009', '20.03.2024', 'Продажа', 'Сбербанк', 'SBER', 300, 50, 15000, 7.5);
    const r = await parse(await report({ trades: [BUY, HEADER, sale] }));
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([]);
    expect(r.deals.map((d) => [d.kind, String(d.row)])).toEqual([
      ['purchase', '5'],
      ['sale', '7'],
    ]);
    expect(r.deals[1]).toMatchObject({ sale_closing_cost: '15000', commission: '7.5' });

    // the title of 1.1 repeated too (row 6), then the header (row 7): the sale of row 8 is still in 1.1
    const again = await parse(await report({ trades: [BUY, [TRADES_TITLE], HEADER, sale] }));
    expect(again.errors).toEqual([]);
    expect(again.deals.map((d) => [d.kind, String(d.row)])).toEqual([
      ['purchase', '5'],
      ['sale', '8'],
    ]);
  });

  it('a planned dividend («План;…» in the note) is skipped, not counted as income', async () => {
    // rows 5 trade, 6 section 2, 7 its header, 8 RUB, 9–10 a paid dividend and its tax, 11 USD, 12 the planned one
    const r = await parse(
      await report({
        trades: [BUY],
        cash: [
          ['RUB'],
          // 100 SBER × 33.30 = 3 330 RUB, 15 % withheld = 499.50
          ['11.07.2024', '09:00:00', '11.07.2024', 'Выплата дивидендов', 3330, 0, 'RU0009029540/ Сбербанк/ 100 шт.'],
          ['11.07.2024', '09:00:00', '11.07.2024', 'Налог (дивиденды)', 0, 499.5, 'RU0009029540/ Сбербанк/ 100 шт.'],
          ['USD'],
          // 10 WMT × 0.21 = 2.10 USD announced, not paid in 2024
          ['20.12.2024', '09:00:00', '20.12.2024', 'Выплата дивидендов', 2.1, 0, 'План;Walmart-ао/ 10 шт.'],
        ],
      }),
    );
    expect(r.errors).toEqual([]);
    const income = r.deals.filter((d) => d.kind === 'dividend');
    expect(income).toHaveLength(1);
    expect(income[0]).toMatchObject({ row: '9, 10', sale_closing_cost: '3330', foreign_tax_credit: '499.5' });
    expect(r.skipped).toEqual([
      { row: 12, reason: expect.stringMatching(/Плановая.*«Выплата дивидендов».*не выплачена/) },
    ]);
    // income: the 3 330 RUB alone; no USD income
    expect(r.reconciliation.totals.RUB!.income).toEqual({ file: '3330', deals: '3330' });
    expect(r.reconciliation.totals.USD?.income ?? { file: '0', deals: '0' }).toEqual({ file: '0', deals: '0' });
  });
});

describe('samples/tbank-layouts.xlsx: all of it in one report', () => {
  it('is detected and read: 4 deals, 6 rows skipped with their reasons, no errors', async () => {
    const r = await parseSample('tbank-layouts.xlsx');
    expect(detectFormat(sample('tbank-layouts.xlsx'))?.format).toBe('tbank_xlsx');
    expect(r.errors).toEqual([]);
    // row 6: purchase 100 SBER for 28 050; row 12: sale 50 for 15 510 (fee 7.76); row 15 (section 1.2): sale 50
    // for 13 500 on 30.12.2024 (fee 6.75); rows 22–23: dividend 3 330 with 499.50 withheld
    expect(r.deals.map((d) => [d.kind, String(d.row)])).toEqual([
      ['purchase', '6'],
      ['sale', '12'],
      ['sale', '15'],
      ['dividend', '22, 23'],
    ]);
    expect(r.deals[2]).toMatchObject({ sale_closing_cost: '13500', comment: expect.stringMatching(/03\.01\.2025/) });
    // rows 7–8 REPO legs, 9 USDRUB_TOM, 11 CNYRUB_TOM, 21 the deposit, 25 the planned dividend; row 10 (the
    // header again) is neither a deal nor a skip
    expect(r.skipped.map((s) => s.row)).toEqual([7, 8, 9, 11, 21, 25]);
    // proceeds 15 510 + 13 500 = 29 010; costs 28 050; income 3 330; taxes 499.50
    expect(r.reconciliation.totals.RUB).toMatchObject({
      proceeds: { file: '29010', deals: '29010' },
      costs: { file: '28050', deals: '28050' },
      income: { file: '3330', deals: '3330' },
      taxes: { file: '499.5', deals: '499.5' },
    });
  });
});
