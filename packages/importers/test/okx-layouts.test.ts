import { describe, expect, it } from 'vitest';
import { detectFormat, parseReport } from '../src/index.ts';
import { utcDay, zoneOffset } from '../src/parsers/okx.ts';
import { parseSample, sample } from './helpers.ts';

/**
 * The current OKX trade history export (formats/okx.md): `Symbol`, `Action`, `Trading Unit`, `Fee Unit`,
 * `Balance Unit`; the two rows of a fill have different ids and one `Order id`; an order may have several fills;
 * `Amount` is unsigned; often the account line `UID:…,Account Type:…,Time Zone:UTC+8` above the header.
 */

const utf8 = (s: string) => new TextEncoder().encode(s);
const HEADER =
  'id,Order id,Time,Trade Type,Symbol,Action,Amount,Trading Unit,Filled Price,PnL,Fee,Fee Unit,Position Change,Position Balance,Balance Change,Balance,Balance Unit';
/** One row of the current layout: the coin of the row is its balance unit. */
const row = (id: string, order: string, time: string, action: string, amount: string, fee: string, coin: string) =>
  `${id},${order},${time},Spot,BTC-USDT,${action},${amount},USDT,60000,0,${fee},${coin},0,0,0,0,${coin}`;

describe('OKX current export (samples/okx-trades-current.csv, real rows)', async () => {
  const r = await parseSample('okx-trades-current.csv');

  it('is detected by its header', () => {
    expect(detectFormat(sample('okx-trades-current.csv'))).toEqual({ format: 'okx_trades_csv', broker: 'OKX' });
    expect(r.errors).toEqual([]);
    expect(r.deals).toHaveLength(2);
  });

  it('a fill whose two rows have different ids and one order id: a purchase, the fee in BTC a note', () => {
    // lines 2–3, order …663104: Buy 0.06436375 (Balance Unit BTC, fee −0.00016091 BTC), Sell 6131.599771 EUR
    expect(r.deals[0]).toMatchObject({
      row: '2, 3',
      kind: 'purchase',
      transaction_date: '20.10.2025',
      name_security: 'BTC',
      quantity: '0.06436375',
      purchase_opening_cost: '6131.599771',
      currency_code: 'EUR',
      commission: null,
      comment: 'Комиссия 0.00016091 BTC.',
    });
  });

  it('an order of six fills is one sale: the sums of its Sell (ADA) and Buy (EUR) rows', () => {
    // lines 4–15, one order …282240: ADA given 149.291 + 149.291 + 2051.6807 + 1585.3896 + 1554.1592 + 1119.0986
    // = 6608.9101; EUR received 85.8273959 + 643.70551472 + 85.8273959 + 911.59902 + 893.33070816 + 1179.51123443
    // = 3799.80126911; fees in EUR 0.21456849 + 1.60926379 + 0.21456849 + 2.27899755 + 2.23332677 + 2.94877809
    // = 9.49950318 (the quote coin, so the commission)
    expect(r.deals[1]).toMatchObject({
      row: '4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15',
      kind: 'sale',
      section: 'second_section',
      transaction_date: '20.10.2025',
      name_security: 'ADA',
      quantity: '6608.9101',
      sale_closing_cost: '3799.80126911',
      commission: '9.49950318',
      currency_code: 'EUR',
    });
    expect(r.reconciliation.totals.EUR!.proceeds).toEqual({ file: '3799.80126911', deals: '3799.80126911' });
  });

  it('the same rows under the older column names (Instrument, Type, Unit … Unit) give the same deals', async () => {
    const text = new TextDecoder()
      .decode(sample('okx-trades-current.csv'))
      .replace(
        /^.*\n/,
        'id,Order id,Time,Trade Type,Instrument,Type,Amount,Unit,Filled Price,PL,Fee,Fee Unit,Position Change,Position Balance,Balance Change,Balance,Unit\n',
      );
    const old = await parseReport(utf8(text));
    expect(old.errors).toEqual([]);
    // the first «Unit» is EUR on every row; the coin of the row is the last one (BTC, EUR, ADA)
    expect(old.deals.map((d) => [d.kind, d.quantity, d.purchase_opening_cost ?? d.sale_closing_cost])).toEqual([
      ['purchase', '0.06436375', '6131.599771'],
      ['sale', '6608.9101', '3799.80126911'],
    ]);
  });
});

describe('OKX export with the account line and Time Zone:UTC+8 (samples/okx-trades-utc8.csv)', async () => {
  const r = await parseSample('okx-trades-utc8.csv');

  it('is detected below the account line; the transfer is skipped', () => {
    expect(detectFormat(sample('okx-trades-utc8.csv'))).toEqual({ format: 'okx_trades_csv', broker: 'OKX' });
    expect(r.errors).toEqual([]);
    // 7 fills of BTC-USDC, lines 3–16; line 17 is a transfer
    expect(r.deals).toHaveLength(7);
    expect(r.skipped).toEqual([{ row: 17, reason: expect.stringMatching(/Перевод/) }]);
    expect(r.reconciliation.notes).toContain(
      'Время в файле OKX указано в поясе UTC+8: даты сделок пересчитаны в UTC, как в выгрузках Binance и Bybit.',
    );
  });

  it('times are converted from UTC+8 to the UTC date, as Binance and Bybit dates are read', () => {
    // lines 3–4: 2026-07-20 00:12:37 at UTC+8 is 2026-07-19 16:12:37 UTC → 19.07.2026; 0.00310089 BTC for
    // 199.98879966 USDC (priced as USD)
    expect(r.deals[0]).toMatchObject({
      row: '3, 4',
      kind: 'purchase',
      transaction_date: '19.07.2026',
      quantity: '0.00310089',
      purchase_opening_cost: '199.98879966',
      currency_code: 'USD',
    });
    // lines 5–6: 00:15:02 at UTC+8 on 20.07 → 16:15:02 UTC on 19.07
    expect(r.deals[1]).toMatchObject({ row: '5, 6', transaction_date: '19.07.2026' });
    // lines 7–8: 20:23:47 at UTC+8 → 12:23:47 UTC, the same day; a sale of 0.00387238 BTC for 250.42875079,
    // fee 0.25042875 USDC → commission
    expect(r.deals[2]).toMatchObject({
      row: '7, 8',
      kind: 'sale',
      transaction_date: '20.07.2026',
      quantity: '0.00387238',
      sale_closing_cost: '250.42875079',
      commission: '0.25042875',
    });
    // lines 9–10: 2026-07-31 23:41:36 at UTC+8 → 15:41:36 UTC, still 31.07
    expect(r.deals[3]).toMatchObject({ row: '9, 10', transaction_date: '31.07.2026' });
  });
});

describe('OKX time zone and order edge cases', () => {
  const file = (preamble: string, ...rows: string[]) => utf8([preamble, HEADER, ...rows].filter(Boolean).join('\n'));

  it('a year boundary: 07:30 on 1 January at UTC+8 is 23:30 UTC on 31 December', async () => {
    const r = await parseReport(
      file(
        'UID:1,Account Type:Main,Time Zone:UTC+8',
        row('1', '100', '2025-01-01 07:30:00', 'Buy', '0.01', '-0.00001', 'BTC'),
        row('2', '100', '2025-01-01 07:30:00', 'Sell', '600', '0', 'USDT'),
      ),
    );
    // in Almaty time (UTC+5) it would be 04:30 on 01.01.2025; the date is the UTC one, as for Binance and Bybit
    expect(r.deals[0]).toMatchObject({ row: '3, 4', transaction_date: '31.12.2024', quantity: '0.01' });
  });

  it('a west zone moves the date forward; no account line keeps the time as written', async () => {
    const west = await parseReport(
      file(
        'UID:1,Account Type:Main,Time Zone:UTC-5',
        row('1', '100', '2024-12-31 20:00:00', 'Buy', '0.01', '0', 'BTC'),
        row('2', '100', '2024-12-31 20:00:00', 'Sell', '600', '0', 'USDT'),
      ),
    );
    // 20:00 at UTC−5 on 31.12.2024 is 01:00 UTC on 01.01.2025
    expect(west.deals[0]).toMatchObject({ transaction_date: '01.01.2025' });
    const plain = await parseReport(
      file(
        '',
        row('1', '100', '2024-12-31 20:00:00', 'Buy', '0.01', '0', 'BTC'),
        row('2', '100', '2024-12-31 20:00:00', 'Sell', '600', '0', 'USDT'),
      ),
    );
    expect(plain.deals[0]).toMatchObject({ row: '2, 3', transaction_date: '31.12.2024' });
    expect(plain.reconciliation.notes).toEqual([]);
  });

  it('an unreadable time zone is said in a note, and the time is taken as written', async () => {
    const r = await parseReport(
      file(
        'UID:1,Account Type:Main,Time Zone:Asia/Shanghai',
        row('1', '100', '2025-01-01 07:30:00', 'Buy', '0.01', '0', 'BTC'),
        row('2', '100', '2025-01-01 07:30:00', 'Sell', '600', '0', 'USDT'),
      ),
    );
    expect(r.deals[0]).toMatchObject({ transaction_date: '01.01.2025' });
    expect(r.reconciliation.notes).toContain(
      'Часовой пояс файла OKX «Asia/Shanghai» не распознан: даты сделок взяты как в файле.',
    );
  });

  it('fills of one order on two dates are two deals (each date has its own exchange rate)', async () => {
    const r = await parseReport(
      file(
        '',
        // lines 2–3: 0.01 BTC for 600 USDT on 31.12.2024; lines 4–5: 0.02 BTC for 1210 USDT on 01.01.2025
        row('1', '100', '2024-12-31 23:59:00', 'Buy', '0.01', '0', 'BTC'),
        row('2', '100', '2024-12-31 23:59:00', 'Sell', '600', '0', 'USDT'),
        row('3', '100', '2025-01-01 00:01:00', 'Buy', '0.02', '0', 'BTC'),
        row('4', '100', '2025-01-01 00:01:00', 'Sell', '1210', '0', 'USDT'),
      ),
    );
    expect(r.deals.map((d) => [d.row, d.transaction_date, d.quantity, d.purchase_opening_cost])).toEqual([
      ['2, 3', '31.12.2024', '0.01', '600'],
      ['4, 5', '01.01.2025', '0.02', '1210'],
    ]);
  });

  it('an order with Sell rows and no Buy row is a row error naming its lines', async () => {
    const r = await parseReport(file('', row('1', '100', '2024-06-01 10:00:00', 'Sell', '600', '0', 'USDT')));
    expect(r.deals).toEqual([]);
    expect(r.errors).toEqual([expect.objectContaining({ row: '2', message: expect.stringMatching(/нет пары строк/) })]);
  });

  it('reads time zones', () => {
    expect([zoneOffset('UTC+8'), zoneOffset('UTC-03:30'), zoneOffset('UTC'), zoneOffset('Asia/Shanghai')]).toEqual([
      480,
      -210,
      0,
      null,
    ]);
    expect(utcDay('2026-07-20 00:12:37', 480)).toBe('2026-07-19');
  });
});
