import { describe, expect, it } from 'vitest';
import { rowKinds, sameAmount, totalLines } from './rules.ts';

describe('upload reconciliation helpers', () => {
  it('compares amounts exactly, whatever their trailing zeros', () => {
    expect(sameAmount('10.50', '10.5')).toBe(true);
    expect(sameAmount('-0.00', '0')).toBe(true);
    expect(sameAmount('14700', '14700.01')).toBe(false);
  });
  it('shows only the money lines that carry money, each with its verdict', () => {
    const zero = { file: '0', deals: '0' };
    expect(
      totalLines({
        proceeds: { file: '100', deals: '90' },
        costs: zero,
        income: { file: '5', deals: '5.0' },
        taxes: zero,
      }),
    ).toEqual([
      { kind: 'proceeds', file: '100', deals: '90', same: false },
      { kind: 'income', file: '5', deals: '5.0', same: true },
    ]);
  });
  it('orders the row kinds as the legend does', () => {
    expect(rowKinds({ skipped: 1, tax: 2, trade_buy: 3, other: 4 }).map(([k]) => k)).toEqual([
      'trade_buy',
      'tax',
      'skipped',
      'other',
    ]);
  });
});
