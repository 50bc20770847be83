/**
 * Bybit exports seen in real files (formats/bybit.md): the 2026 spot order history with `feeCoin,ExecFeeV2`, and
 * the balance logs and Closed P&L, refused with the export to download. Every figure here is our own.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, parseReport } from '../src/index.ts';
import { expectRefused } from './helpers.ts';

const csv = (...lines: string[]) => new TextEncoder().encode(lines.join('\n'));

describe('Bybit spot order history with `feeCoin,ExecFeeV2` (Fees written «--»)', () => {
  const file = csv(
    'Spot Pairs,Order Type,Direction,feeCoin,ExecFeeV2,Filled Value,Filled Price,Filled Quantity,Fees,Transaction ID,Order No.,Timestamp (UTC)',
    // SELL 0.001 BTC for 95 EUR (= 0.001 × 95 000), fee 0.095 EUR in the quote coin → commission 0.095
    'BTCEUR,MARKET,SELL,EUR,0.095,95.00000000000000000000,95000.00000000000000000000,0.00100000000000000000,--,301, 401,08:22 2026-06-05',
    // BUY 2 SOL for 300 USDT (= 2 × 150), fee 0.002 SOL in the coin bought → a note
    'SOLUSDT,LIMIT,BUY,SOL,0.002,300,150,2,--,302, 402,10:00 2026-01-10',
    // BUY 10 ADA for 6 USDT, fee 0.0001 in a third coin, MNT → a note naming it
    'ADAUSDT,MARKET,BUY,MNT,0.0001,6,0.6,10,--,303, 403,11:00 2026-01-11',
  );

  it('the fee is ExecFeeV2 in feeCoin', async () => {
    expect(detectFormat(file)).toEqual({ format: 'bybit_spot_csv', broker: 'Bybit' });
    const r = await parseReport(file);
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'sale',
        transaction_date: '05.06.2026',
        quantity: '0.001',
        sale_closing_cost: '95',
        currency_code: 'EUR',
        commission: '0.095',
      }),
      expect.objectContaining({
        kind: 'purchase',
        quantity: '2',
        purchase_opening_cost: '300',
        commission: null,
        comment: 'Сумма в USDT учтена как USD. Комиссия 0.002 SOL.',
      }),
      expect.objectContaining({
        kind: 'purchase',
        name_security: 'ADA',
        commission: null,
        comment: 'Сумма в USDT учтена как USD. Комиссия 0.0001 MNT.',
      }),
    ]);
  });
});

describe('other Bybit reports are refused with the export to download', () => {
  it('the Unified Trading Account transaction log (below its account line)', async () => {
    await expectRefused(
      csv(
        'UID: 1,Company Name: ,Country:',
        'Uid,Currency,Contract,Type,Direction,Quantity,Position,Filled Price,Funding,Fee Paid,Cash Flow,Change,Wallet Balance,Action,Time(UTC)',
        '1,BTC,BTCEUR,TRADE,BUY,0.001,0,95000,0,-0.000001,0.001,0.000999,0.000999,--,2026-06-05 08:22:20',
        '1,EUR,BTCEUR,TRADE,BUY,-95,0,95000,0,0,-95,-95,5,--,2026-06-05 08:22:20',
      ),
      /журнал изменения баланса Bybit.*Spot Orders → Order History/,
    );
  });

  it('the funding account log and Closed P&L', async () => {
    await expectRefused(
      csv('UID: 1,Company Name: ,Country:', 'Uid,Date & Time(UTC),Coin,QTY,Type,Account Balance,Description'),
      /журнал изменения баланса Bybit/,
    );
    await expectRefused(
      csv(
        'Market,Order Quantity,Entry Price,Exit Price,Opening Fee,Closing Fee,Funding Fee,Trade Type,Realized P&L,Trade time',
        'ETHUSDT,1,3000,3100,1.5,1.55,0.1,Trade,96.85,12:00 2026-01-10',
      ),
      /закрытых позициях по деривативам/,
    );
  });
});
