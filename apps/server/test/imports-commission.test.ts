import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { commentOf, type MappedDeal } from '../src/modules/imports/mapping.ts';
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
    expect(commentOf(m)).toMatch(/1\.5 EUR/);
  });

  it('a sale commission in the deal currency reduces the proceeds', async () => {
    const m = deal('sale', { sale_closing_cost: '700.00' }, '1', null);
    await foldCommission(m, { year: 2025, rates, refs: {} as never });
    // 700.00 − 1 = 699.00
    expect(m.fields.sale_closing_cost).toBe('699.00');
  });
});

/**
 * Every importer: the buy and sell commissions its sample carries reach the cost (purchases) and the proceeds
 * (sales) of a 2025 declaration. Per sample, how many purchases and sales carry a commission (counted from the
 * sample files by hand): a parser that drops a commission fails here, and so does one whose commission is not
 * folded. Crypto purchases (Binance, Bybit, OKX) pay their fee in the coin received: fewer coins for the same
 * price, so the price already is the whole cost and nothing is added.
 */
describe('2025: every importer’s trade commissions reach the cost and the proceeds', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { parseReport } = await import('@deklarant/importers');
  const { mapDeals } = await import('../src/modules/imports/mapping.ts');
  const samples = join(import.meta.dirname, '../../../packages/importers/samples');
  const CASES: [file: string, buys: number, sells: number][] = [
    ['ib-flex.xml', 2, 2],
    ['ib-flex-corporate.xml', 3, 1],
    ['ib-activity.csv', 1, 1],
    ['freedom.json', 2, 2],
    ['freedom.xml', 2, 2],
    ['freedom-corporate.json', 1, 1],
    ['halyk.xlsx', 1, 2],
    ['jusan-cp1251.csv', 1, 1],
    ['binance-trades.csv', 0, 2],
    ['binance-ledger.csv', 0, 1],
    ['exante-trades.csv', 2, 1],
    ['exante-transactions.csv', 1, 1],
    ['bybit-spot.csv', 0, 1],
    // fees in the coin received (SOL, ETH, and ETH/DOGE by side when the coin is not written) are not commissions
    ['bybit-spot-pre-unified.csv', 0, 2],
    ['bybit-spot-uid.csv', 0, 1],
    ['okx-trades.csv', 0, 1],
    ['tbank.xlsx', 3, 1],
    ['bcs.xls', 3, 1],
    ['template.csv', 1, 1],
    ['template.xlsx', 1, 1],
  ];
  for (const [file, buys, sells] of CASES) {
    it(file, async () => {
      const r = await parseReport(readFileSync(join(samples, file)));
      const trades = r.deals.filter((d) => d.kind === 'purchase' || d.kind === 'sale');
      const year = Number(trades[0]!.transaction_date.slice(6));
      const refs = { countryId: new Map<string, number>(), currencies: new Set(r.deals.map((d) => d.currency_code)) };
      const { mapped } = mapDeals(trades, { year, form: 3, refs, file: 0 });
      const withFee = mapped.filter((m) => m.commission && new Decimal(m.commission).gt(0));
      expect(withFee.filter((m) => m.kind === 'purchase')).toHaveLength(buys);
      expect(withFee.filter((m) => m.kind === 'sale')).toHaveLength(sells);
      for (const m of withFee) {
        const before = new Decimal(
          String(m.kind === 'purchase' ? m.fields.purchase_opening_cost : m.fields.sale_closing_cost),
        );
        await foldCommission(m, { year: 2025, rates, refs: {} as never });
        const after = new Decimal(
          String(m.kind === 'purchase' ? m.fields.purchase_opening_cost : m.fields.sale_closing_cost),
        );
        // in the deal's currency: the commission itself, or through both rates (USD 500, EUR 550) when in another
        const fee = m.commissionCurrency
          ? new Decimal(m.commission!)
              .times(RATES[m.commissionCurrency]!)
              .div(RATES[m.currency_code]!)
              .toDecimalPlaces(4)
          : new Decimal(m.commission!);
        expect(after.minus(before).toFixed(), `${file} row ${m.row}`).toBe(
          (m.kind === 'purchase' ? fee : fee.negated()).toFixed(),
        );
      }
    });
  }
});
