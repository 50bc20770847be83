import DecimalBase from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactSum } from '../src/reconcile.ts';

/** decimal.js keeps 20 significant digits by default: the oracle needs more */
const Decimal = DecimalBase.clone({ precision: 100 });

describe('ExactSum: the reconciliation totals are exact', () => {
  it('by hand: 0.1 + 0.2 − 0.3 = 0; 1234.50 + 0.005 = 1234.505; −7 + 2.25 = −4.75', () => {
    const a = new ExactSum();
    for (const v of ['0.1', '0.2', '-0.3']) a.add(v);
    expect(a.toString()).toBe('0');
    const b = new ExactSum();
    for (const v of ['1234.50', '0.005']) b.add(v);
    expect(b.toString()).toBe('1234.505');
    const c = new ExactSum();
    for (const v of ['-7', '2.25']) c.add(v);
    expect(c.toString()).toBe('-4.75');
  });

  it('property: equals decimal.js for any plain decimals, large ones included', () => {
    const plain = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }))
      .map(([neg, units, scale]) => {
        const digits = units.toString().padStart(scale + 1, '0');
        const body = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
        return neg ? `-${body}` : body;
      });
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 60 }), (values) => {
        const s = new ExactSum();
        let d = new Decimal(0);
        for (const v of values) {
          s.add(v);
          d = d.plus(v);
        }
        expect(new Decimal(s.toString()).equals(d)).toBe(true);
      }),
    );
  });
});
