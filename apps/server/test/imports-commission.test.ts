import { describe, expect, it } from 'vitest';
import type { MappedDeal } from '../src/modules/imports/mapping.ts';
import { foldCommission } from '../src/modules/imports/prepare.ts';
import type { RatesProvider } from '../src/providers/index.ts';

/** National Bank rates of the test: 1 USD = 500 KZT, 1 EUR = 550 KZT (any date, any rule). */
const RATES: Record<string, string> = { USD: '500', EUR: '550' };
const rates = {
  getRate: async ({ currency, date, rule }: { currency: string; date: string; rule: string }) => ({
    rate: RATES[currency]!,
    currency_code: currency,
    rate_date: date,
    rule,
    demo: false,
  }),
} as unknown as RatesProvider;

const deal = (kind: 'purchase' | 'sale', fields: Record<string, unknown>, commission: string, ccy: string | null) =>
  ({
    kind,
    fields,
    commission,
    commissionCurrency: ccy,
    currency_code: 'USD',
    transaction_date: '03.02.2025',
    comment: null,
  }) as unknown as MappedDeal;

describe('2025: broker commissions reach the cost, in their own currency', () => {
  it('a EUR commission on a USD purchase is converted through both rates and added to the cost', async () => {
    const m = deal('purchase', { purchase_opening_cost: '1200' }, '1.5', 'EUR');
    await foldCommission(m, { year: 2025, rates, refs: {} as never });
    // 1.5 EUR × 550 / 500 = 1.65 USD; cost 1 200 + 1.65 = 1 201.65
    expect(m.fields.purchase_opening_cost).toBe('1201.65');
    expect(m.comment).toMatch(/1\.5 EUR/);
  });

  it('a sale commission in the deal currency reduces the proceeds', async () => {
    const m = deal('sale', { sale_closing_cost: '700.00' }, '1', null);
    await foldCommission(m, { year: 2025, rates, refs: {} as never });
    // 700.00 − 1 = 699.00
    expect(m.fields.sale_closing_cost).toBe('699.00');
  });
});
