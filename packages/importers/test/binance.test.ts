import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';
import { parseSample } from './helpers.ts';

describe('Binance', () => {
  it('Spot Trade History: USDT priced as USD, crypto-for-crypto flagged as an exchange', async () => {
    const r = await parseSample('binance-trades.csv');
    expect(r.format).toBe('binance_trades_csv');
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({
        section: 'purchase_transaction_section',
        operation_type_id: 4,
        transaction_date: '10.02.2024',
        name_security: 'BTC',
        quantity: '0.01',
        purchase_opening_cost: '420',
        currency_code: 'USD',
        type_of_security: 'digital_asset',
        commission: null,
        comment: 'Сумма в USDT учтена как USD. Комиссия 0.00001 BTC.',
      }),
      expect.objectContaining({
        section: 'second_section',
        operation_type_id: 1,
        quantity: '0.005',
        sale_closing_cost: '335',
        commission: '0.335',
        status: null,
      }),
      expect.objectContaining({
        section: 'second_section',
        operation_type_id: 2,
        name_security: 'ETH',
        currency_code: 'BTC',
        sale_closing_cost: '0.0055',
        status: 1,
      }),
    ]);
  });

  it('Transaction History ledger: groups legs by time, flags crypto rewards, skips deposits', async () => {
    const r = await parseSample('binance-ledger.csv');
    expect(r.format).toBe('binance_ledger_csv');
    expect(r.deals).toEqual([
      expect.objectContaining({ kind: 'unknown', status: 1, currency_code: 'USDT', sale_closing_cost: '0.42', row: 9 }),
      expect.objectContaining({
        kind: 'purchase',
        name_security: 'SOL',
        quantity: '5',
        purchase_opening_cost: '500',
        row: 'Строки 3, 4, 5',
      }),
      expect.objectContaining({ kind: 'sale', quantity: '2', sale_closing_cost: '310', commission: '0.31' }),
    ]);
    expect(r.skipped).toEqual([{ row: 2, reason: 'Операция «Deposit» не является сделкой' }]);
  });

  it('Transaction History ledger: a fee with no trade at its time is skipped with a reason, not an error', async () => {
    const r = await parseReport(
      new TextEncoder().encode(
        [
          'User_ID,UTC_Time,Account,Operation,Coin,Change,Remark',
          // line 2: a fee alone at 12:17:48 (a Strategy account writes such rows): nothing bought or sold
          '10000001,2025-02-25 12:17:48,Strategy,Transaction Fee,ETH,-0.00000454,',
          // lines 3-5 at 12:19:00: sold 5 XRP for 0.0045665 ETH, fee 0.00000457 ETH in the coin received
          '10000001,2025-02-25 12:19:00,Strategy,Transaction Sold,XRP,-5.00000000,',
          '10000001,2025-02-25 12:19:00,Strategy,Transaction Revenue,ETH,0.00456650,',
          '10000001,2025-02-25 12:19:00,Strategy,Transaction Fee,ETH,-0.00000457,',
          // lines 6-9 at 13:00:00: bought 10 SOL for 1 500 USDT, two fee legs of 0.005 SOL each (one order filled
          // in two parts) → one fee of 0.01 SOL in the note
          '10000001,2025-02-25 13:00:00,Spot,Transaction Buy,SOL,10,',
          '10000001,2025-02-25 13:00:00,Spot,Transaction Spend,USDT,-1500,',
          '10000001,2025-02-25 13:00:00,Spot,Transaction Fee,SOL,-0.005,',
          '10000001,2025-02-25 13:00:00,Spot,Transaction Fee,SOL,-0.005,',
        ].join('\n'),
      ),
    );
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([
      { row: 2, reason: 'Комиссия 0.00000454 ETH в 2025-02-25 12:17:48 без сделки в то же время: не является сделкой' },
    ]);
    // crypto for crypto: the XRP given (sale in ETH, commission 0.00000457 ETH) and the ETH received, both flagged
    expect(r.deals.filter((d) => d.row === 'Строки 3, 4, 5')).toEqual([
      expect.objectContaining({ kind: 'sale', name_security: 'XRP', quantity: '5', sale_closing_cost: '0.0045665' }),
      expect.objectContaining({ kind: 'purchase', name_security: 'ETH', quantity: '0.0045665', status: 1 }),
    ]);
    expect(r.deals[0]).toMatchObject({ commission: '0.00000457', currency_code: 'ETH', status: 1 });
    expect(r.deals.find((d) => d.row === 'Строки 6, 7, 8, 9')).toMatchObject({
      kind: 'purchase',
      name_security: 'SOL',
      quantity: '10',
      purchase_opening_cost: '1500',
      currency_code: 'USD',
      commission: null,
      comment: 'Сумма в USDT учтена как USD. Комиссия 0.01 SOL.',
    });
  });
});
