import { describe, expect, it } from 'vitest';
import { money } from '../src/index.ts';

describe('Money: exact decimal strings for every amount that crosses a boundary', () => {
  it('adds what floats cannot: 0.1 + 0.2 is 0.3, and a long list of tiyn sums exactly', () => {
    expect(money.plus('0.1', '0.2')).toBe('0.3');
    // 10 000 payments of 0.01 ₸ are 100 ₸ exactly (a float sum gives 100.00000000001425)
    expect(money.sum(Array.from({ length: 10_000 }, () => '0.01'))).toBe('100');
    expect(money.minus('20000', '26000.50')).toBe('-6000.5');
  });

  it('multiplies exactly: 1 500 USD at 512.20 is 768 300 ₸; 0.3333 × 3 is 0.9999', () => {
    expect(money.times('1500', '512.20')).toBe('768300');
    expect(money.times('0.3333', '3')).toBe('0.9999');
  });

  it('rounds half away from zero: 2.345 → 2.35, −2.345 → −2.35, 2.344 → 2.34; whole tenge 0.5 → 1', () => {
    expect(money.round('2.345', 2)).toBe('2.35');
    expect(money.round('-2.345', 2)).toBe('-2.35');
    expect(money.round('2.344', 2)).toBe('2.34');
    expect(money.round('0.5', 0)).toBe('1');
    expect(money.toFixed('20000', 2)).toBe('20000.00');
    expect(money.money2('7.005')).toBe('7.01');
  });

  it('prices with a promo code: 26 000 ₸ at 15 % off is 22 100.00; 19 999.99 at 12.5 % off is 17 499.99', () => {
    // 26 000 × 85 / 100 = 22 100
    expect(money.discounted('26000', '15')).toBe('22100.00');
    // 19 999.99 × 87.5 / 100 = 17 499.991 25 → 17 499.99
    expect(money.discounted('19999.99', '12.5')).toBe('17499.99');
    expect(money.discounted('20000', '100')).toBe('0.00');
  });

  it('compares across scales and refuses what is not an exact decimal', () => {
    expect(money.compare('20000.00', '20000')).toBe(0);
    expect(money.compare('19999.999', '20000')).toBe(-1);
    expect(money.isZero('0.000')).toBe(true);
    expect(money.normalize('12.500')).toBe('12.5');
    expect(money.isMoney('1e3')).toBe(false);
    expect(() => money.plus('1,5', '1')).toThrow(money.MoneyFormatError);
    expect(() => money.plus(Number.NaN, '1')).toThrow(money.MoneyFormatError);
  });
});
