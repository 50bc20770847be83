/**
 * OKX files seen in real exports (formats/okx.md): a file saved again in Excel (order ids «3.56E+18»), the
 * funding account's deposits and withdrawals in the trade history layout, BOMs in every cell, and the funding
 * history refused with the export to download. Every figure here is our own.
 */
import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';
import { expectRefused } from './helpers.ts';

const csv = (...lines: string[]) => new TextEncoder().encode(lines.join('\n'));
const HEAD =
  'id,Order id,Time,Trade Type,Symbol,Action,Amount,Trading Unit,Filled Price,PnL,Fee,Fee Unit,Position Change,Position Balance,Balance Change,Balance,Balance Unit';

describe('OKX trade history saved again in Excel: every order id is «3.56E+18», seconds cut', () => {
  const file = csv(
    'UID:1,Account Type:Trading,Time Zone:UTC+0',
    HEAD,
    // lines 3-6 at 10:15: a purchase filled twice: 0.01 + 0.03 = 0.04 BTC for 800 + 2 400 = 3 200 USDT,
    // fees 0.00001 + 0.00003 = 0.00004 BTC
    '9,3.56E+18,2026-05-11 10:15,Spot,BTC-USDT,Buy,0.01,BTC,80000,0,-0.00001,BTC,0,0,0.00999,0.00999,BTC',
    '9,3.56E+18,2026-05-11 10:15,Spot,BTC-USDT,Buy,0.03,BTC,80000,0,-0.00003,BTC,0,0,0.02997,0.03996,BTC',
    '9,3.56E+18,2026-05-11 10:15,Spot,BTC-USDT,Sell,800,BTC,80000,0,0,USDT,0,0,-800,2400,USDT',
    '9,3.56E+18,2026-05-11 10:15,Spot,BTC-USDT,Sell,2400,BTC,80000,0,0,USDT,0,0,-2400,0,USDT',
    // lines 7-8 at 11:40, another order of the same day: a sale of 0.01 BTC for 810 USDT, fee 0.81 USDT
    '9,3.56E+18,2026-05-11 11:40,Spot,BTC-USDT,Sell,0.01,BTC,81000,0,0,BTC,0,0,-0.01,0.02996,BTC',
    '9,3.56E+18,2026-05-11 11:40,Spot,BTC-USDT,Buy,810,BTC,81000,0,-0.81,USDT,0,0,809.19,809.19,USDT',
  );

  it('the rows of one time and pair are one deal (not all the day’s rows merged), with a note', async () => {
    const r = await parseReport(file);
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({
        row: '3, 4, 5, 6',
        kind: 'purchase',
        quantity: '0.04',
        purchase_opening_cost: '3200',
        comment: 'Сумма в USDT учтена как USD. Комиссия 0.00004 BTC.',
      }),
      expect.objectContaining({
        row: '7, 8',
        kind: 'sale',
        quantity: '0.01',
        sale_closing_cost: '810',
        commission: '0.81',
      }),
    ]);
    expect(new Set(r.deals.map((d) => d.source_key)).size).toBe(2);
    expect(r.reconciliation.notes.join(' ')).toMatch(/3\.56E\+18/);
  });
});

describe('OKX funding account rows in the trade history layout', () => {
  it('deposits and withdrawals are skipped with a reason, not flagged as derivatives', async () => {
    const r = await parseReport(
      csv(
        'UID:1,Account Type:Funding,Time Zone:UTC+8',
        HEAD,
        '2,,2026-05-12 10:00:00,Withdrawal,,Withdrawal,0.05,BTC,0,0,-0.0002,BTC,0,0,-0.05,0,BTC',
        '1,,2026-05-11 21:00:00,Deposit,,Deposit,1000,USDT,0,0,0,USDT,0,0,1000,1000,USDT',
      ),
    );
    expect(r.deals).toEqual([]);
    expect(r.skipped).toEqual([
      { row: 3, reason: 'Пополнение или вывод OKX («Withdrawal»): не является сделкой' },
      { row: 4, reason: 'Пополнение или вывод OKX («Deposit»): не является сделкой' },
    ]);
  });

  it('a BOM before every cell of the account line, the header and the ids does not change the deal', async () => {
    const r = await parseReport(
      csv(
        '\uFEFFUID:1,\uFEFFAccount Type:Main,\uFEFFTime Zone:UTC+3',
        `\uFEFF${HEAD}`,
        // 02:05 at UTC+3 is 23:05 UTC of the day before: bought 0.01 BTC for 600 USDT on 21.06.2026
        '\uFEFF11,900,2026-06-22 02:05:02,Spot,BTC-USDT,Buy,0.01,USDT,60000,0,-0.00001,BTC,0,0,0.00999,0.00999,BTC',
        '\uFEFF12,900,2026-06-22 02:05:02,Spot,BTC-USDT,Sell,600,USDT,60000,0,0,USDT,0,0,-600,0,USDT',
      ),
    );
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({ transaction_date: '21.06.2026', quantity: '0.01', purchase_opening_cost: '600' }),
    ]);
  });

  it('the funding history and the withdrawal history are refused with the export to download', async () => {
    await expectRefused(
      csv(
        'id,Time,Type,Amount,Before Balance,After Balance,Symbol',
        '1,2025-10-31 11:55:15,Withdrawal,-0.01,0.01,0,BTC',
      ),
      /история счета Funding OKX.*Trading history/,
    );
    await expectRefused(
      csv(
        'UID: 1,Account type: Funding,Time: 07/10/2026 09:46',
        '',
        'Time,Crypto,Withdrawal address,Network,Transaction ID,Amount,Fee,Status,Reference no.',
        '05/11/2026 21:37:10,BTC,bc1qexample,Bitcoin,abc,0.05,0.00001,Sent,1',
      ),
      /история счета Funding OKX/,
    );
  });
});
