import type { DeclarationInput } from '../calculate.ts';
import type { TaxDeal } from '../deal.ts';

/**
 * A realistic 270.00 declaration with `n` sale deals for tests and benchmarks: sales of a few
 * hundred securities in USD, EUR and KZT, each backed by purchase-history lots (some from the
 * previous year), plus dividends and coupons. Deterministic: the same n gives the same deals.
 */
export function generateDeals(n: number, year = 2025): DeclarationInput {
  let seed = 42;
  const rnd = () => {
    // xorshift32: reproducible without Math.random
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  // One NBK rate per currency per day (the pre-2025 rule; from 2025 it is one annual average, fewer
  // distinct rates still), generated once like a bundled rate table.
  const daily = (base: number, spread: number) =>
    Array.from({ length: 32 * 13 }, () => (base + rnd() * spread).toFixed(2));
  const usd = daily(450, 80);
  const eur = daily(490, 90);
  const currencies = [
    { code: 'USD', rate: (d: number, m: number) => usd[m * 32 + d]! },
    { code: 'EUR', rate: (d: number, m: number) => eur[m * 32 + d]! },
    { code: 'KZT', rate: () => '1' },
  ] as const;
  const day = () => {
    const d = 1 + Math.floor(rnd() * 28);
    const m = 1 + Math.floor(rnd() * 12);
    return [d, m];
  };
  const date = ([d, m]: number[], y: number) => `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`;

  const sales: TaxDeal[] = [];
  const history: TaxDeal[] = [];
  const dividends: TaxDeal[] = [];
  for (let i = 0; i < n; i++) {
    const isin = `US${String(i % 400).padStart(10, '0')}`;
    const cur = currencies[i % 3]!;
    const [d, m] = day() as [number, number];
    const qty = 1 + Math.floor(rnd() * 50);
    const price = (10 + rnd() * 200).toFixed(2);
    const id = i + 1;
    sales.push({
      id,
      name_security: `Security ${i % 400}`,
      isin_security: isin,
      transaction_date: date([Math.max(d, 2), m], year),
      quantity: String(qty),
      currency_code: cur.code,
      rate: cur.rate(Math.max(d, 2), m),
      sale_closing_cost: (Number(price) * qty).toFixed(2),
      purchase_opening_cost: (Number(price) * qty * (0.6 + rnd() * 0.6)).toFixed(2),
      operation_type_id: 1,
      market_id: 3,
      type_of_bidding_method: 1,
      broker_bin: '123456789012',
    });
    // one lot a day earlier (or last year), in its own currency, for the whole quantity
    const lotCur = currencies[(i + 1) % 3]!;
    const previous = i % 5 === 0;
    history.push({
      id: n + id,
      first_a_and_second_section_deal_id: id,
      name_security: `Security ${i % 400}`,
      transaction_date: previous ? date([d, m], year - 1) : date([Math.max(d - 1, 1), m], year),
      quantity: String(qty),
      currency_code: lotCur.code,
      rate: lotCur.rate(Math.max(d - 1, 1), m),
      purchase_opening_cost: (Number(price) * qty * 0.9).toFixed(2),
      commission: '1.5',
    });
    if (i % 10 === 0)
      dividends.push({
        id: 2 * n + id,
        name_security: `Security ${i % 400}`,
        transaction_date: date([d, m], year),
        quantity: String(qty),
        currency_code: 'USD',
        rate: '470',
        sale_closing_cost: (rnd() * 100).toFixed(2),
        foreign_tax_credit: '1',
        broker_bin: '123456789012',
      });
  }
  return {
    form: 3,
    year,
    sections: {
      second_section: sales,
      purchase_transaction_currency_section: history,
      third_section: dividends,
    },
  };
}
