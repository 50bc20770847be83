import { describe, expect, it } from 'vitest';
import { type Lot, matchFifo } from '../src/fifo.ts';

// Hand-computed: L1 10 × (1000 USD @450) = 450 000 KZT (45 000/unit), carried from 2023;
// L2 5 × (600 EUR @490) = 294 000 KZT (58 800/unit); L3 10 units for 600 000 KZT (60 000/unit).
const lots: Lot[] = [
  { id: 'L3', key: 'AAPL', date: '01.03.2024', quantity: '10', cost: '600000', currency: 'KZT' },
  {
    id: 'L1',
    key: 'AAPL',
    date: '10.12.2023',
    quantity: '10',
    cost: '1000',
    currency: 'USD',
    rate: '450',
    previousPeriod: true,
  },
  { id: 'L2', key: 'AAPL', date: '15.02.2024', quantity: '5', cost: '600', currency: 'EUR', rate: '490' },
];

describe('matchFifo', () => {
  it('consumes the oldest lots first across currencies and periods, splitting lots', () => {
    const { matches, remaining } = matchFifo(
      [
        { id: 'S2', key: 'AAPL', date: '10.04.2024', quantity: '6' },
        { id: 'S1', key: 'AAPL', date: '01.04.2024', quantity: '12' },
      ],
      lots,
      { year: 2024 },
    );
    const [s2, s1] = matches;
    // S1 (earlier) takes all of L1 (450 000) and 2/5 of L2 (117 600) = 567 600
    expect(s1!.saleId).toBe('S1');
    expect(s1!.costKzt).toBe('567600');
    expect(s1!.consumed.map((c) => [c.lotId, c.quantity, c.costKzt, c.currency, c.previousPeriod])).toEqual([
      ['L1', '10', '450000', 'USD', true],
      ['L2', '2', '117600', 'EUR', false],
    ]);
    // S2 takes the other 3 of L2 (176 400) and 3 of L3 (180 000) = 356 400
    expect(s2!.costKzt).toBe('356400');
    expect(s2!.consumed.map((c) => [c.lotId, c.quantity, c.cost])).toEqual([
      ['L2', '3', '360'],
      ['L3', '3', '180000'],
    ]);
    expect(s2!.unmatchedQuantity).toBe('0');
    // 7 units of L3 remain for next year, at 420 000 KZT
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toMatchObject({ id: 'L3', quantity: '7', cost: '420000', previousPeriod: true });
  });

  it('never uses a lot bought after the sale and reports the uncovered quantity', () => {
    const { matches } = matchFifo([{ id: 'S', key: 'AAPL', date: '01.02.2024', quantity: '12' }], lots, { year: 2024 });
    expect(matches[0]!.consumed.map((c) => c.lotId)).toEqual(['L1']);
    expect(matches[0]!.unmatchedQuantity).toBe('2');
    expect(matches[0]!.costKzt).toBe('450000');
  });

  it('keeps securities apart by key', () => {
    const { matches } = matchFifo([{ id: 'S', key: 'MSFT', date: '01.04.2024', quantity: '1' }], lots, { year: 2024 });
    expect(matches[0]!.consumed).toEqual([]);
    expect(matches[0]!.unmatchedQuantity).toBe('1');
  });

  it('adds the purchase commission to the cost from 2025 only', () => {
    const lot: Lot = {
      id: 'L',
      key: 'X',
      date: '10.01.2024',
      quantity: '10',
      cost: '100',
      commission: '1',
      currency: 'USD',
      rate: '500',
    };
    const sale = [{ id: 'S', key: 'X', date: '01.06.2025', quantity: '4' }];
    // 2025: (100 + 1) × 500 × 4/10 = 20 200; 2024: 100 × 500 × 4/10 = 20 000
    expect(matchFifo(sale, [lot], { year: 2025 }).matches[0]!.costKzt).toBe('20200');
    expect(matchFifo(sale, [lot], { year: 2024 }).matches[0]!.costKzt).toBe('20000');
  });

  it('splits a lot without losing a tiyn to rounding', () => {
    const lot: Lot = { id: 'L', key: 'X', date: '10.01.2024', quantity: '3', cost: '100' };
    const { matches } = matchFifo(
      [
        { id: 'A', key: 'X', date: '01.02.2024', quantity: '1' },
        { id: 'B', key: 'X', date: '02.02.2024', quantity: '2' },
      ],
      [lot],
      { year: 2024 },
    );
    // 100/3 = 33.3333…; the last part takes exactly what is left: 66.6667; together 100
    expect(matches.map((m) => m.costKzt)).toEqual(['33.3333', '66.6667']);
  });

  it('handles fractional quantities', () => {
    const lot: Lot = {
      id: 'L',
      key: 'X',
      date: '10.01.2024',
      quantity: '0.5',
      cost: '10',
      currency: 'USD',
      rate: '470.5',
    };
    const { matches, remaining } = matchFifo([{ id: 'S', key: 'X', date: '01.02.2024', quantity: '0.12345' }], [lot], {
      year: 2024,
    });
    // 10 × 470.5 = 4705 KZT for 0.5; 0.12345 of it = 4705 × 0.2469 = 1161.6645
    expect(matches[0]!.costKzt).toBe('1161.6645');
    expect(remaining[0]!.quantity).toBe('0.37655');
  });

  it('refuses a foreign-currency lot without a rate', () => {
    expect(() =>
      matchFifo([], [{ id: 'L', key: 'X', date: '10.01.2024', quantity: '1', cost: '1', currency: 'USD' }], {
        year: 2024,
      }),
    ).toThrow(/rate/);
  });
});
