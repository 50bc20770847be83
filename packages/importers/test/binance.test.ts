import { describe, expect, it } from 'vitest';
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
});
