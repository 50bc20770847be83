import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { securityKey } from '../src/deal.ts';
import { type FifoResult, type Lot, matchFifo, type Sale } from '../src/fifo.ts';
import { generateDeals } from '../src/testing/generate.ts';
import { matchFifoDecimal } from './reference/fifo-decimal.ts';

// The exact BigInt FIFO must give what the decimal.js FIFO gave, digit for digit: every string of every
// consumed lot, the unrounded cost of each sale, and the lots left over.

const plainOf = (r: FifoResult) => ({
  matches: r.matches.map((m) => ({ ...m, costKztExact: m.costKztExact.toFixed() })),
  remaining: r.remaining,
});

const num = (maxInt: number, maxScale: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maxInt }),
      fc.integer({ min: 0, max: 99_999 }),
      fc.integer({ min: 0, max: maxScale }),
    )
    .map(([i, f, s]) => (s === 0 ? String(i) : `${i}.${String(f).padStart(5, '0').slice(0, s)}`));
const date = fc
  .tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom(2023, 2024, 2025))
  .map(([d, m, y]) => `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`);
const key = fc.constantFrom('AAPL', 'MSFT', 'KZTK');
const lot = fc.record({
  key,
  date,
  quantity: num(50, 5).filter((q) => Number(q) > 0),
  cost: num(100_000, 2),
  currency: fc.constantFrom('USD', 'EUR', 'KZT', undefined),
  rate: fc.option(
    num(600, 4).filter((r) => Number(r) > 0),
    { nil: undefined },
  ),
  commission: fc.option(num(20, 2), { nil: null }),
  previousPeriod: fc.boolean(),
});
// now and then a decimal comma, a negative or a number instead of a string, as callers may pass
const oddQuantity = fc.oneof(
  num(60, 5),
  num(60, 5).map((q) => q.replace('.', ',')),
  num(60, 5).map((q) => `-${q}`),
  fc.integer({ min: 0, max: 60 }),
);
const sale = fc.record({ key: fc.oneof(key, fc.constant('NOLOTS')), date, quantity: oddQuantity });

describe('matchFifo (exact) agrees with the decimal.js FIFO', () => {
  it('on random lots and sales, split lots included', () => {
    fc.assert(
      fc.property(
        fc.array(lot, { maxLength: 12 }),
        fc.array(sale, { maxLength: 12 }),
        fc.constantFrom(2024, 2025),
        (ls, ss, year) => {
          const lots: Lot[] = ls.map((l, i) => ({
            ...l,
            id: `L${i}`,
            rate: l.currency === 'KZT' ? undefined : (l.rate ?? '1'),
          }));
          const sales: Sale[] = ss.map((s, i) => ({ ...s, id: `S${i}` }));
          expect(plainOf(matchFifo(sales, lots, { year }))).toEqual(plainOf(matchFifoDecimal(sales, lots, { year })));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('on the generated declaration (20,000 sales, some covered by parts of several lots)', () => {
    const input = generateDeals(20_000);
    const sales = input.sections.second_section ?? [];
    const history = input.sections.purchase_transaction_currency_section ?? [];
    const lots: Lot[] = history.map((h, i) => ({
      id: h.id!,
      key: securityKey(sales[i]!),
      date: h.transaction_date!,
      quantity: h.quantity!,
      cost: h.purchase_opening_cost!,
      currency: h.currency_code!,
      rate: h.rate,
      commission: h.commission,
    }));
    const fifoSales = sales.map((d) => ({
      id: d.id!,
      key: securityKey(d),
      date: d.transaction_date!,
      quantity: d.quantity!,
    }));
    for (const year of [2024, 2025]) {
      const fast = plainOf(matchFifo(fifoSales, lots, { year }));
      expect(fast).toEqual(plainOf(matchFifoDecimal(fifoSales, lots, { year })));
      expect(fast.matches.some((m) => m.consumed.length > 1)).toBe(true); // split lots were compared
    }
  });

  it('throws the same errors', () => {
    const bad = [{ id: 'L', key: 'X', date: '01.01.2024', quantity: '0', cost: '1' }];
    expect(() => matchFifo([], bad, { year: 2024 })).toThrow(/no quantity/);
    expect(() => matchFifoDecimal([], bad, { year: 2024 })).toThrow(/no quantity/);
  });
});
