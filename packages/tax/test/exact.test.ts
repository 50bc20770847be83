import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  compare,
  dividedBy,
  type Exact,
  exact,
  isPlainText,
  minus,
  parsePlain,
  plain,
  plus,
  times,
  toDecimal,
} from '../src/exact.ts';
import { amount, Dec, dec, quantity } from '../src/money.ts';

// The exact BigInt arithmetic must give what the engine's Decimal (40 significant digits, half-up) gives,
// digit for digit: same value after every operation, same amount() and toFixed() text.

/** Plain decimal strings: 1 to 45 digits, 0 to 30 decimals, either sign, sometimes trailing zeros. */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^[0-9]{1,45}$/),
    fc.integer({ min: 0, max: 30 }),
    fc.constantFrom('', '0', '000'),
  )
  .map(([neg, digits, scale, zeros]) => {
    const d = digits + zeros;
    const s = Math.min(scale, d.length);
    const text = s === 0 ? d : `${d.slice(0, d.length - s) || '0'}.${d.slice(d.length - s)}`;
    return neg ? `-${text}` : text;
  });
/** Money-like strings as the engine sees them most (up to 12 integer digits, up to 5 decimals). */
const moneyText = fc
  .tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 5 }))
  .map(([i, f, s]) => (s === 0 ? String(i) : `${i}.${String(f).padStart(5, '0').slice(0, s)}`));
const anyText = fc.oneof(decimalText, moneyText);

const same = (x: Exact, d: InstanceType<typeof Dec>) => {
  expect(plain(x)).toBe(quantity(d));
  expect(amountOf(x)).toBe(amount(d));
};

describe('exact arithmetic agrees with the engine Decimal', () => {
  it('parses and prints like dec / toFixed / amount', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        same(exact(t), dec(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('plus, minus, times, dividedBy and compare, also on 40-digit results', () => {
    fc.assert(
      fc.property(anyText, anyText, anyText, (a, b, c) => {
        const [x, y, z] = [exact(a), exact(b), exact(c)];
        const [dx, dy, dz] = [dec(a), dec(b), dec(c)];
        same(plus(x, y), dx.plus(dy));
        same(minus(x, y), dx.minus(dy));
        same(times(x, y), dx.times(dy));
        expect(compare(x, y)).toBe(dx.comparedTo(dy));
        if (!dy.isZero()) {
          const q = dividedBy(x, y);
          const dq = dx.dividedBy(dy);
          same(q, dq);
          // chained, as FIFO does with a split lot: (left × taken) / left, then what is left
          same(times(q, z), dq.times(dz));
          same(minus(x, q), dx.minus(dq));
          if (!dz.isZero()) same(dividedBy(times(q, z), z), dq.times(dz).dividedBy(dz));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('knows when a text is already what plain() prints', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.constantFrom('-0', '0.0', '1.', '.5', '+1', '007', '-0.50', '', '-')), (t) => {
        if (isPlainText(t)) expect(plain(exact(t))).toBe(t);
        if (parsePlain(t)) expect(isPlainText(plain(exact(t)))).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(['0', '12', '-0.5', '10.25'].map(isPlainText)).toEqual([true, true, true, true]);
    expect(['-0', '0.0', '1.', '.5', '+1', '007', '1.50', ''].some(isPlainText)).toBe(false);
  });

  it('rounds ties half away from zero at 4 decimals and at 40 digits', () => {
    expect(amountOf(exact('0.00005'))).toBe('0.0001');
    expect(amountOf(exact('-0.00005'))).toBe('-0.0001');
    expect(amountOf(exact('-0.00004'))).toBe('0');
    expect(plain(dividedBy(exact('2'), exact('3')))).toBe(`0.${'6'.repeat(39)}7`);
    expect(plain(dividedBy(exact('-1'), exact('3')))).toBe(`-0.${'3'.repeat(40)}`);
    const big = `1${'0'.repeat(39)}5`; // 41 digits ending in 5
    expect(plain(plus(exact(big), exact('0')))).toBe(new Dec(big).plus(0).toFixed());
  });

  it('accepts what dec accepts and converts back to Decimal', () => {
    expect(plain(exact('1 234,5'))).toBe('1234.5');
    expect(plain(exact(0.1))).toBe('0.1');
    expect(plain(exact(12))).toBe('12');
    expect(plain(exact('1e3'))).toBe('1000');
    expect(plain(exact(null))).toBe('0');
    expect(parsePlain('1e3')).toBeNull();
    expect(parsePlain('.5')).toEqual({ n: 5n, s: 1 });
    expect(toDecimal(exact('-12.50')).toFixed()).toBe('-12.5');
    expect(() => exact('abc')).toThrow(/Not a number/);
    expect(() => exact('Infinity')).toThrow(/finite/);
  });
});
