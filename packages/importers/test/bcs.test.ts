import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { b, TRADE_HEADER, trade } from '../scripts/bcs-layout.ts';
import { detectFormat, parseReport } from '../src/index.ts';
import { readXls } from '../src/read/xls.ts';
import { buildTemplateXlsx } from '../src/template.ts';
import { expectRefused, parseSample, sample } from './helpers.ts';

/** An .xls workbook of the given rows (sheet "TDSheet"), as BCS sends its reports. */
const xls = (rows: (string | number)[][], sheet = 'TDSheet') => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), sheet);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
};

describe('BCS broker report (samples/bcs.xls, written by scripts/make-bcs-sample.ts)', async () => {
  const r = await parseSample('bcs.xls');
  const byRow = (row: string) => r.deals.find((d) => String(d.row).split(', ')[0] === row);

  it('is recognised by its tables, as a foreign (Russian) broker', () => {
    expect(detectFormat(sample('bcs.xls'))).toEqual({ format: 'bcs_xls', broker: 'БКС Мир инвестиций' });
    expect(r.errors).toEqual([]);
    expect(r.period).toEqual({ from: '01.01.2024', to: '31.12.2024' });
  });

  it('trades of 2.1: the conclusion date, the amount paid or received, ISIN from the assets table', () => {
    // row 39: 200 GAZP × 165.20 = 33 040 RUB, concluded 16.01.24 (settled 17.01)
    expect(byRow('39')).toMatchObject({
      kind: 'purchase',
      transaction_date: '16.01.2024',
      name_security: 'GAZP',
      isin_security: 'RU0007661625',
      type_of_security: 'share',
      quantity: '200',
      purchase_opening_cost: '33040',
      currency_code: 'RUB',
      foreign_broker: true,
    });
    // row 46: 100 SBER × 310.20 = 31 020 RUB, concluded 19.09.24; a Russian broker: section 2, operation 1
    expect(byRow('46')).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      operation_type_id: 1,
      transaction_date: '19.09.2024',
      isin_security: 'RU0009029540',
      sale_closing_cost: '31020',
    });
    // row 52 (the USD block): 10 AAPL × 180 = 1 800 USD on SPB Exchange
    expect(byRow('52')).toMatchObject({
      kind: 'purchase',
      transaction_date: '21.03.2024',
      isin_security: 'US0378331005',
      purchase_opening_cost: '1800',
      currency_code: 'USD',
      exchange: 'СПБ',
    });
    // the repo pair (rows 40, 41) is not a sale and a purchase
    expect(r.skipped.filter((s) => s.row === 40 || s.row === 41).map((s) => s.reason)).toEqual([
      expect.stringMatching(/РЕПО/),
      expect.stringMatching(/РЕПО/),
    ]);
    expect(r.deals.filter((d) => d.kind === 'purchase' || d.kind === 'sale')).toHaveLength(4);
  });

  it("the day's fees are shared among the day's trades in proportion to their amounts, to the kopeck", () => {
    // 16.01.24: exchange fee 6.11 and broker fee 54.98 for GAZP 33 040 + SBER 28 050 = 61 090.
    // GAZP (first): 6.11 × 33 040 / 61 090 = 3.3045… → 3.30; 54.98 × 33 040 / 61 090 = 29.7356… → 29.74; 33.04 in all.
    // SBER takes the remainders: 6.11 − 3.30 = 2.81 and 54.98 − 29.74 = 25.24; 28.05 in all.
    expect(byRow('39')).toMatchObject({ commission: '33.04', row: '39, 14, 15' });
    expect(byRow('45')).toMatchObject({ commission: '28.05', row: '45, 14, 15' });
    expect(byRow('39')?.comment).toMatch(/распределена между сделками этого дня/);
    // 19.09.24: the only trade of the day takes the whole 27.92; 21.03.24 (USD): 1.80
    expect(byRow('46')).toMatchObject({ commission: '27.92' });
    expect(byRow('52')).toMatchObject({ commission: '1.8' });
    // a depository fee is not a cost of a trade
    expect(r.skipped.find((s) => s.row === 20)?.reason).toMatch(/обслуживание счета/);
  });

  it('income of 1.1.1 is asked about: BCS credits it net of the Russian tax', () => {
    // row 17: SBER dividend 2 830.50 credited (3 330 less 15 %); the user enters the gross and the tax
    expect(byRow('17')).toMatchObject({
      kind: 'dividend',
      section: 'third_section',
      isin_security: 'RU0009029540',
      sale_closing_cost: '2830.5',
      currency_code: 'RUB',
      status: 1,
      comment: expect.stringMatching(/за вычетом налога, удержанного в России/),
    });
    // row 21: the coupon names its bond by the assets table's name; row 32: AAPL dividend in USD
    expect(byRow('21')).toMatchObject({ kind: 'coupon', section: 'fourth_section', isin_security: 'RU000A1038V6' });
    expect(byRow('32')).toMatchObject({ kind: 'dividend', currency_code: 'USD', sale_closing_cost: '2.5' });
    // row 22: a bond repaid at par, the cost asked for
    expect(byRow('22')).toMatchObject({ kind: 'repayment', sale_closing_cost: '10000', status: 1 });
    // row 23: an unknown credit becomes a deal to check, never dropped; row 24: the Russian tax for 2024
    expect(byRow('23')).toMatchObject({ kind: 'unknown', sale_closing_cost: '12.34', status: 1 });
    expect(byRow('24')).toMatchObject({ foreign_tax_credit: '390', status: 1 });
    // deposits and the settlement lines of the trades are not income
    for (const row of [13, 16, 19, 29, 31]) expect(r.skipped.map((s) => s.row)).toContain(row);
  });

  it('year-end holdings and money of section 3, the split of section 4', () => {
    const held = r.deals.filter((d) => d.kind === 'position');
    // GAZP 200, AAPL 10, ОФЗ 26238 10, TMOS 1 000; SBER (0 at the end) and the line «в пути» are not holdings
    expect(held.map((d) => [d.isin_security, d.quantity])).toEqual([
      ['RU0007661625', '200'],
      ['US0378331005', '10'],
      ['RU000A1038V6', '10'],
      ['RU000A101X76', '1000'],
    ]);
    expect(held.every((d) => d.transaction_date === '31.12.2024' && d.status === null)).toBe(true);
    const money = r.deals.filter((d) => d.kind === 'cash_balance');
    expect(money.map((d) => [d.currency_code, d.amount_in_currency, d.name_security])).toEqual([
      ['RUB', '51543.5', 'ООО «Компания БКС»'],
      ['USD', '200.7', 'ООО «Компания БКС»'],
    ]);
    // TMOS 100 → 1 000 units on 10.07.24: a split of 10 for 1
    expect(r.splits).toEqual([expect.objectContaining({ isin_security: 'RU000A101X76', ratio: '10' })]);
    // a bond written off at its repayment moves no money here (the money line is row 22)
    expect(r.skipped.find((s) => s.row === 71)?.reason).toMatch(/без денег/);
  });

  it('every money row is accounted for, counted from the raw sheet', () => {
    const [sheet] = readXls(sample('bcs.xls'));
    // a money row has a date dd.mm.yy in column B and a number in a money column (F–J)
    const expected = (sheet?.rows ?? [])
      .filter(
        (x) =>
          /^\d{2}\.\d{2}\.\d{2}$/.test(String(x.cells[1])) &&
          x.cells.slice(5, 10).some((c) => typeof c === 'number' && c !== 0),
      )
      .map((x) => String(x.row));
    // 12 RUB money lines, 4 USD money lines, 5 RUB trades (two of them repo), 1 USD trade
    expect(expected).toHaveLength(22);
    const refs = new Set<string>();
    for (const d of r.deals) for (const p of String(d.row).split(', ')) refs.add(p);
    for (const s of r.skipped) refs.add(String(s.row));
    expect(expected.filter((row) => !refs.has(row))).toEqual([]);
    // totals: RUB costs 33 040 + 28 050 = 61 090, proceeds 31 020; income 2 830.50 + 300.90 + 10 000 + 12.34 = 13 143.74
    expect(r.reconciliation.totals.RUB).toEqual({
      proceeds: { file: '31020', deals: '31020' },
      costs: { file: '61090', deals: '61090' },
      income: { file: '13143.74', deals: '13143.74' },
      taxes: { file: '390', deals: '390' },
    });
  });

  it('a fee on a day without trades is skipped with its reason, not lost', async () => {
    const rows = [
      ['', 'Период:', '', '', '', 'с 01.01.2024 по 31.12.2024'],
      ['', 'Рубль'],
      ['', 'Дата', 'Операция', '', '', '', 'Сумма зачисления', 'Сумма списания', 'Примечание'],
      ['', '05.02.24', 'Вознаграждение компании', '', '', '', '', 12.5, ''],
      ['', '2.1. Сделки:'],
    ];
    const res = await parseReport(xls(rows));
    expect(res.deals).toEqual([]);
    expect(res.skipped).toEqual([{ row: 4, reason: expect.stringMatching(/нет сделок в RUB в этот день/) }]);
  });

  it('currency bought on the exchange is not a security: skipped with its reason', async () => {
    const rows = [
      b('2.1. Сделки:'),
      b('Валюта цены = Рубль, валюта платежа = Рубль'),
      TRADE_HEADER,
      b('USDRUB_TOM'),
      trade('05.03.24', '900001', 'buy', 1000, 91.5, 91500, 'Рубль', '04.03.24'),
      b('Итого по USDRUB_TOM:'),
      b('SBER'),
      trade('05.03.24', '900002', 'buy', 10, 290, 2900, 'Рубль', '04.03.24'),
    ];
    const res = await parseReport(xls(rows));
    // 10 SBER × 290 = 2 900 RUB is the only trade; the 1 000 USD bought for 91 500 RUB is an exchange of money
    expect(res.deals).toEqual([
      expect.objectContaining({ kind: 'purchase', ticker: 'SBER', purchase_opening_cost: '2900' }),
    ]);
    expect(res.skipped).toEqual([
      { row: 5, reason: expect.stringMatching(/обмен валюты.*USDRUB_TOM|USDRUB_TOM.*обмен валюты/) },
    ]);
  });

  it('an empty BCS table gives no deals; an .xls of no known table is refused', async () => {
    // detected by the cash table's header, no rows under it: nothing to read, nothing saved
    const rows = [
      ['', 'Отчет брокера'],
      ['', 'Дата', 'Операция', '', '', '', 'Сумма зачисления', 'Сумма списания'],
    ];
    const res = await parseReport(xls(rows));
    expect(res.deals).toEqual([]);
    await expectRefused(
      xls([
        ['', 'Отчет брокера'],
        ['', 'Какая-то таблица', 'Без заголовков'],
      ]),
      /Не удалось распознать отчет/,
    );
  });
});

describe('any .xls workbook', () => {
  it('our template saved as .xls is read exactly like the .xlsx one', async () => {
    const xlsx = await buildTemplateXlsx();
    const file = new Uint8Array(
      XLSX.write(XLSX.read(xlsx, { type: 'array' }), { type: 'array', bookType: 'biff8' }) as ArrayBuffer,
    );
    expect(detectFormat(file)?.format).toBe('template_xls');
    const [fromXls, fromXlsx] = [await parseReport(file), await parseReport(xlsx)];
    expect(fromXls.format).toBe('template_xls');
    expect(fromXlsx.deals.length).toBeGreaterThan(0);
    // the same deals with the same source keys: a re-upload in the other format adds nothing
    expect(fromXls.deals).toEqual(fromXlsx.deals);
  });
});
