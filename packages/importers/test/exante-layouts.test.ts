import { describe, expect, it } from 'vitest';
import { detectFormat, parseReport } from '../src/index.ts';
import { utf16 } from './exante-file.ts';
import { parseSample, sample } from './helpers.ts';

/**
 * Exante Transactions export as it is downloaded: UTF-16LE with a BOM, tab-separated, with `UUID` and
 * `Parent UUID` (samples/exante-transactions-utf16.csv, rows from public Exante parsers' tests, formats/exante.md).
 */

const utf8 = (s: string) => new TextEncoder().encode(s);

const HEADER =
  'Transaction ID,Account ID,Symbol ID,ISIN,Operation type,When,Sum,Asset,EUR equivalent,Comment,UUID,Parent UUID';
/** A transactions CSV (line 1 the header, the given rows from line 2). */
const transactions = (...rows: string[]) => utf8([HEADER, ...rows].join('\n'));
const leg = (id: string, op: string, sum: string, asset: string, uuid = 'None', parent = 'None') =>
  `${id},ACC.001,DEF.NYSE,US0000000003,${op},2024-03-02 15:00:00,${sum},${asset},0,None,${uuid},${parent}`;

describe('Exante transactions, UTF-16 with tabs (samples/exante-transactions-utf16.csv)', async () => {
  const r = await parseSample('exante-transactions-utf16.csv');
  const byRow = (row: string) => r.deals.find((d) => String(d.row) === row);

  it('is detected and read with no row errors', () => {
    expect(detectFormat(sample('exante-transactions-utf16.csv'))).toEqual({
      format: 'exante_transactions_csv',
      broker: 'Exante',
    });
    expect(r.errors).toEqual([]);
    // ABC buy and sale, XYZ buy and sale, DEF buy and sale, QQQ and NGE dividends, the GOOG tax refund
    expect(r.deals).toHaveLength(9);
  });

  it('a purchase and a sale of one symbol in the same second are two deals', () => {
    // rows 16–18 (all at 2020-03-02 15:00:00): +150 DEF, −1500 USD, commission −3 USD → a purchase of 150 for 1500
    expect(byRow('16, 17, 18')).toMatchObject({
      kind: 'purchase',
      transaction_date: '02.03.2020',
      name_security: 'DEF',
      isin_security: 'US0000000003',
      quantity: '150',
      purchase_opening_cost: '1500',
      commission: '3',
      currency_code: 'USD',
    });
    // rows 19–21, the same second: −150 DEF, +1500 USD, commission −3 USD → a sale of 150 for 1500
    expect(byRow('19, 20, 21')).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      quantity: '150',
      sale_closing_cost: '1500',
      commission: '3',
    });
    // proceeds in the file: ABC 1000 (row 8) + XYZ 100 (row 14) + DEF 1500 (row 20) = 2600
    expect(r.reconciliation.totals.USD!.proceeds).toEqual({ file: '2600', deals: '2600' });
    // costs: ABC 1500 (row 5) + XYZ 100 (row 11) + DEF 1500 (row 17) = 3100
    expect(r.reconciliation.totals.USD!.costs).toEqual({ file: '3100', deals: '3100' });
  });

  it('trades at distinct times stay as they were', () => {
    // rows 4–6: +150 ABC, −1500 USD, −3 USD; rows 7–9: −50 ABC, +1000 USD, −3 USD
    expect(byRow('4, 5, 6')).toMatchObject({ kind: 'purchase', quantity: '150', purchase_opening_cost: '1500' });
    expect(byRow('7, 8, 9')).toMatchObject({ kind: 'sale', quantity: '50', sale_closing_cost: '1000' });
  });
});

describe('Exante header names in another case', () => {
  it('«Operation Type» (capital T) is the transactions export', async () => {
    const text = new TextDecoder('utf-16le').decode(sample('exante-transactions-utf16.csv'));
    const bytes = utf16(text.replace(/^\uFEFF/, '').replace('Operation type', 'Operation Type'));
    expect(detectFormat(bytes)).toEqual({ format: 'exante_transactions_csv', broker: 'Exante' });
    const r = await parseReport(bytes);
    expect(r.errors).toEqual([]);
    // the same nine deals as with «Operation type»; the DEF sale of rows 19–21 among them
    expect(r.deals).toHaveLength(9);
    expect(r.deals.find((d) => d.row === '19, 20, 21')).toMatchObject({ kind: 'sale', sale_closing_cost: '1500' });
  });

  it('the trades export with lower-case names', async () => {
    const csv = [
      'time,account id,side,symbol id,isin,type,price,currency,quantity,commission,commission currency,p&l,traded volume',
      '2024-02-05 15:30:01,ABC1234.001,buy,AAPL.NASDAQ,US0378331005,STOCK,185.02,USD,20,2,USD,0,3700.40',
    ].join('\n');
    expect(detectFormat(utf8(csv))).toEqual({ format: 'exante_trades_csv', broker: 'Exante' });
    // 20 AAPL for the traded volume 3 700.40 USD, commission 2 USD
    expect((await parseReport(utf8(csv))).deals[0]).toMatchObject({
      kind: 'purchase',
      quantity: '20',
      purchase_opening_cost: '3700.4',
      commission: '2',
    });
  });
});

describe('Exante: several trades of one symbol in one second', () => {
  it('legs linked by Parent UUID are paired by the links, whatever their order', async () => {
    // lines 2–7: the two asset legs first, then the cash and commission legs; each points to its asset leg
    const r = await parseReport(
      transactions(
        leg('1', 'TRADE', '10', 'DEF.NYSE', 'a1'),
        leg('2', 'TRADE', '-10', 'DEF.NYSE', 'a2'),
        leg('3', 'TRADE', '-1000', 'USD', 'c1', 'a1'),
        leg('4', 'TRADE', '1100', 'USD', 'c2', 'a2'),
        leg('5', 'COMMISSION', '-1', 'USD', 'f1', 'a1'),
        leg('6', 'COMMISSION', '-2', 'USD', 'f2', 'a2'),
      ),
    );
    expect(r.errors).toEqual([]);
    // a1: +10 DEF for −1000 USD, commission 1 → a purchase
    expect(r.deals[0]).toMatchObject({
      row: '2, 4, 6',
      kind: 'purchase',
      quantity: '10',
      purchase_opening_cost: '1000',
      commission: '1',
    });
    // a2: −10 DEF for +1100 USD, commission 2 → a sale
    expect(r.deals[1]).toMatchObject({
      row: '3, 5, 7',
      kind: 'sale',
      quantity: '10',
      sale_closing_cost: '1100',
      commission: '2',
    });
    expect(r.deals).toHaveLength(2);
  });

  it('without links, in file order: two partial fills of a purchase', async () => {
    // lines 2–4: +5 DEF, −500 USD, −1 USD; lines 5–7: the commission first, then +5 DEF, −505 USD
    const r = await parseReport(
      transactions(
        leg('1', 'TRADE', '5', 'DEF.NYSE'),
        leg('2', 'TRADE', '-500', 'USD'),
        leg('3', 'COMMISSION', '-1', 'USD'),
        leg('4', 'COMMISSION', '-1.5', 'USD'),
        leg('5', 'TRADE', '5', 'DEF.NYSE'),
        leg('6', 'TRADE', '-505', 'USD'),
      ),
    );
    expect(r.errors).toEqual([]);
    expect(r.deals.map((d) => [d.row, d.kind, d.quantity, d.purchase_opening_cost, d.commission])).toEqual([
      ['2, 3, 4', 'purchase', '5', '500', '1'],
      ['5, 6, 7', 'purchase', '5', '505', '1.5'],
    ]);
  });

  it('legs that cannot be paired are one row error naming every line, not a merged trade', async () => {
    // lines 2–7: both trades' asset and cash legs, then both commissions: which commission is whose is unknown
    const r = await parseReport(
      transactions(
        leg('1', 'TRADE', '150', 'DEF.NYSE'),
        leg('2', 'TRADE', '-1500', 'USD'),
        leg('3', 'TRADE', '-150', 'DEF.NYSE'),
        leg('4', 'TRADE', '1500', 'USD'),
        leg('5', 'COMMISSION', '-3', 'USD'),
        leg('6', 'COMMISSION', '-3', 'USD'),
      ),
    );
    expect(r.deals).toEqual([]);
    expect(r.errors).toEqual([
      expect.objectContaining({ row: '2, 3, 4, 5, 6, 7', message: expect.stringMatching(/несколько сделок по DEF/) }),
    ]);
  });

  it('one trade with two commission legs keeps both as its commission', async () => {
    // lines 2–5: +10 DEF, −1000 USD, commissions 1 and 0.5 → commission 1.5
    const r = await parseReport(
      transactions(
        leg('1', 'TRADE', '10', 'DEF.NYSE'),
        leg('2', 'TRADE', '-1000', 'USD'),
        leg('3', 'COMMISSION', '-1', 'USD'),
        leg('4', 'COMMISSION', '-0.5', 'USD'),
      ),
    );
    expect(r.deals).toEqual([expect.objectContaining({ row: '2, 3, 4, 5', commission: '1.5' })]);
  });
});
