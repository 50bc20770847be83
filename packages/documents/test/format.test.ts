import { describe, expect, it } from 'vitest';
import { dealDate, grouped, isBlank, parseDate, ruDate, trimmed, wholeTenge } from '../src/format.ts';
import { computeLines, LINES_270_01 } from '../src/lines.ts';

describe('format', () => {
  it('rounds to whole tenge half up', () => {
    expect(wholeTenge('0.49')).toBe('0');
    expect(wholeTenge('0.5')).toBe('1');
    expect(wholeTenge('1234.5')).toBe('1235');
    expect(wholeTenge('-2.5')).toBe('-3');
    expect(wholeTenge('1 000,4')).toBe('1000');
    expect(wholeTenge('')).toBe('');
    expect(wholeTenge('null')).toBe('');
    expect(wholeTenge('99999999999999.5')).toBe('100000000000000');
  });

  it('formats dates dd.mm.yyyy and generatedAt in Kazakhstan time', () => {
    expect(dealDate('2024-02-29')).toBe('29.02.2024');
    expect(dealDate('31.02.2024')).toBe('');
    expect(parseDate('15.03.2024')?.toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect(ruDate(new Date('2024-12-31T20:00:00Z'))).toBe('01.01.2025');
  });

  it('groups digits for print', () => {
    expect(grouped('1234567.891', 2)).toBe('1 234 567,89');
    expect(grouped('-1000')).toBe('-1 000');
  });

  it('prints plain decimal strings (the fast path) exactly as rounding them would', () => {
    // no rounding needed: padded, trailing zeros beyond dp dropped
    expect(grouped('1800.5', 2)).toBe('1 800,50');
    expect(grouped('810225.000000', 2)).toBe('810 225,00');
    expect(grouped('0.5', 2)).toBe('0,50');
    // rounding needed: half up (0.005 -> 0.01, -2.345 -> -2.35)
    expect(grouped('0.005', 2)).toBe('0,01');
    expect(grouped('-2.345', 2)).toBe('-2,35');
    // not plain: leading zeros, spaces, comma decimals still read as numbers
    expect(grouped('007.5', 2)).toBe('7,50');
    expect(grouped('1 234,5', 2)).toBe('1 234,50');
    expect(trimmed('10.500000')).toBe('10.5');
    expect(trimmed('5.5')).toBe('5.5');
    // more than 6 decimals: rounded half up (0.0000005 -> 0.000001)
    expect(trimmed('0.0000005')).toBe('0.000001');
    expect(trimmed('12')).toBe('12');
  });

  it('treats the string null as blank', () => {
    expect(isBlank('null')).toBe(true);
    expect(isBlank('0')).toBe(false);
  });

  it('derives A_1 and B_1 with decimal arithmetic (value_income_amount is the Kazakh part, as the tax engine computes it)', () => {
    const lines = computeLines(LINES_270_01, '270_01', {
      value_income_amount: '0.3',
      from_sale_property_outside_rk: '0.1',
      dividends: '0.1',
      rewards: '0.2',
    });
    const get = (l: string) => lines.find((x) => x.line === l);
    expect(get('A_1_1')?.amount).toBe('0.3');
    expect(get('A_1')?.amount).toBe('0.4');
    expect(get('B_1')?.amount).toBe('0.3');
    expect(get('A_2')?.amount).toBe('');
  });
});
