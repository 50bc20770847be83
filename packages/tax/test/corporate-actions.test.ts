import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corporateActionRule, quantityAfterSplits, restateForSplits } from '../src/corporate-actions.ts';
import { type Lot, matchFifo, type Sale } from '../src/fifo.ts';

const lot = (id: number, date: string, quantity: string, cost: string): Lot => ({
  id,
  key: 'NVDA',
  date,
  quantity,
  cost,
  currency: 'USD',
  rate: '500',
});
const sale = (id: number, date: string, quantity: string): Sale => ({ id, key: 'NVDA', date, quantity });

describe('splits in FIFO (rule «split»: quantity × ratio, total cost kept, no income)', () => {
  it('a sale after a 10-for-1 split matches the pre-split lot with the right quantity and cost', () => {
    // 10 shares for 4 800 USD on 05.01.2024; split 10 for 1 on 10.06.2024 → 100 shares, still 4 800;
    // 50 sold on 01.07.2024 take 50 of the 100: 4 800 × 50 / 100 = 2 400 USD, × 500 = 1 200 000 KZT
    const r = restateForSplits(
      [lot(1, '05.01.2024', '10', '4800')],
      [sale(2, '01.07.2024', '50')],
      [{ date: '10.06.2024', ratio: '10' }],
    );
    const m = matchFifo(r.sales, r.lots, { year: 2024 }).matches[0]!;
    expect(m.unmatchedQuantity).toBe('0');
    expect(m.consumed).toMatchObject([{ lotId: 1, quantity: '50', cost: '2400', costKzt: '1200000' }]);
  });

  it('a sale before the split and one after it, a reverse split, and two splits in a row', () => {
    // 300 shares for 3 000 on 01.02; 100 sold on 01.03 (before the split, old units); reverse split 1 for 3 on 01.04
    // (the 200 left are 66.66666667); 50 sold on 01.05 → 3 000 × (100/300) = 1 000 for the first sale and
    // 2 000 × 50 / (200/3) = 1 500 for the second
    const r = restateForSplits(
      [lot(1, '01.02.2024', '300', '3000')],
      [sale(2, '01.03.2024', '100'), sale(3, '01.05.2024', '50')],
      [{ date: '01.04.2024', ratio: new Decimal(1).dividedBy(3).toFixed() }],
    );
    const [first, second] = matchFifo(r.sales, r.lots, { year: 2024 }).matches;
    expect(first!.consumed[0]!.cost).toBe('1000');
    expect(Number(second!.consumed[0]!.cost)).toBeCloseTo(1500, 4);
    // 1 share bought 01.01, split 2 for 1 on 01.02 and 3 for 1 on 01.03 → 6 shares
    expect(
      quantityAfterSplits('1', '01.01.2024', [
        { date: '01.02.2024', ratio: '2' },
        { date: '01.03.2024', ratio: '3' },
      ]),
    ).toBe('6');
    // a deal on the split day itself is already in post-split units
    expect(quantityAfterSplits('7', '01.02.2024', [{ date: '01.02.2024', ratio: '2' }])).toBe('7');
  });

  it('a split after every lot and sale changes nothing (earlier declarations keep their units)', () => {
    const lots = [lot(1, '05.01.2023', '10', '100')];
    const sales = [sale(2, '01.02.2023', '4')];
    const r = restateForSplits(lots, sales, [{ date: '10.06.2024', ratio: '10' }]);
    expect(r.lots[0]).toBe(lots[0]);
    expect(r.sales[0]).toBe(sales[0]);
  });

  it('property: a split never changes the total cost, and a sale of every share after it takes all of it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000_000 })), {
          minLength: 1,
          maxLength: 15,
        }),
        fc.constantFrom('4', '10', '0.1', '1.5', '0.05', '20'),
        (rows, ratio) => {
          const lots = rows.map(([q, cents], i) =>
            lot(
              i + 1,
              `${String((i % 28) + 1).padStart(2, '0')}.01.2024`,
              String(q),
              new Decimal(cents).div(100).toFixed(),
            ),
          );
          const total = lots.reduce((a, l) => a.plus(l.cost as string), new Decimal(0));
          const shares = lots.reduce((a, l) => a.plus(l.quantity as string), new Decimal(0));
          const after = shares.times(ratio).toDecimalPlaces(8).toFixed();
          const r = restateForSplits(lots, [sale(0, '01.07.2024', after)], [{ date: '01.06.2024', ratio }]);
          expect(r.lots.reduce((a, l) => a.plus(l.cost as string), new Decimal(0)).equals(total)).toBe(true);
          const m = matchFifo(r.sales, r.lots, { year: 2024 }).matches[0]!;
          expect(m.unmatchedQuantity).toBe('0');
          const cost = m.consumed.reduce((a, c) => a.plus(c.cost), new Decimal(0));
          expect(cost.equals(total)).toBe(true);
        },
      ),
    );
  });

  it('the rules stay: a split is no event, a stock merger carries the cost and is uncertain', () => {
    expect(corporateActionRule('split', 2025).value.treatment).toBe('no_event');
    expect(corporateActionRule('stock_merger', 2025)).toMatchObject({
      value: { treatment: 'carryover' },
      uncertain: true,
    });
  });
});
