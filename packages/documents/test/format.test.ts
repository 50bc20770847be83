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

  // The form adds up its own printed lines (KGD's templates compute totals with CALC scripts over the form's
  // fields; S3 rounds each income line, then A = A_1, D = A + B, G = D - E, H = G x 0.1, K = H - I).
  const whole = (fifth: Record<string, string>, taxRate?: string) => {
    const lines = computeLines(LINES_270_01, '270_01', fifth, { taxRate: taxRate ?? null });
    return (l: string) => lines.find((x) => x.line === l)?.whole;
  };

  it('prints the tax payable as H - I - J of the printed lines, not the exact tax rounded on its own', () => {
    // A 2025 declaration (10 %): a foreign gain of 104 944.1393, dividends 31 335.4373, coupons 24 963.8314,
    // foreign tax credited 1 864.7982. Engine: G = 161 243.408, H = 16 124.3408, K = 14 259.5426 (-> 14 260).
    // The form: A_1_2 104 944, B_1_4 31 335, B_1_5 24 964 -> B 56 299, D 161 243, G 161 243,
    // H = 161 243 x 0.10 = 16 124.3 -> 16 124, I 1 865, K = 16 124 - 1 865 = 14 259.
    const w = whole(
      {
        property_income: '104944.1393',
        from_sale_property_outside_rk: '104944.1393',
        value_income_amount: '0',
        other_income_amount: '56299.2687',
        dividends: '31335.4373',
        rewards: '24963.8314',
        total_income_tax: '161243.408',
        taxable_amount_of_income: '161243.408',
        calculated_amount_of_income_tax: '16124.3408',
        foreign_tax_credit: '1864.7982',
        amount_of_IPN_final: '14259.5426',
      },
      '0.10',
    );
    expect([w('A_1_2'), w('A'), w('B_1_4'), w('B_1_5'), w('B_1'), w('B')]).toEqual([
      '104944',
      '104944',
      '31335',
      '24964',
      '56299',
      '56299',
    ]);
    expect([w('D'), w('G'), w('H'), w('I'), w('K')]).toEqual(['161243', '161243', '16124', '1865', '14259']);
    // lines the app does not fill stay empty
    expect([w('A_2'), w('C'), w('F'), w('J')]).toEqual(['', '', '', '']);
  });

  it('adds the rounded lines: two halves print 1 + 1 = 2, and the tax is 10 % of the printed G', () => {
    // dividends 0.50 -> 1, rewards 0.50 -> 1: B = 2 and D = 2 although the exact total 1.00 rounds to 1
    const a = whole({ dividends: '0.5', rewards: '0.5', other_income_amount: '1', total_income_tax: '1' }, '0.10');
    expect([a('B_1'), a('B'), a('D'), a('G')]).toEqual(['2', '2', '2', '2']);
    // G 100 004.6 prints 100 005; the form's H = 10 000.5 -> 10 001 (the exact 10 000.46 would print 10 000)
    const b = whole(
      {
        rewards: '100004.6',
        other_income_amount: '100004.6',
        total_income_tax: '100004.6',
        taxable_amount_of_income: '100004.6',
        calculated_amount_of_income_tax: '10000.46',
        amount_of_IPN_final: '10000.46',
      },
      '0.10',
    );
    expect([b('G'), b('H'), b('K')]).toEqual(['100005', '10001', '10001']);
    // without one flat rate for the year (dividends taxed apart) H is the engine's own tax, rounded
    const c = whole({
      rewards: '100004.6',
      taxable_amount_of_income: '100004.6',
      calculated_amount_of_income_tax: '10000.46',
    });
    expect(c('H')).toBe('10000');
  });

  it('never prints a negative tax payable when the credit rounds above the tax', () => {
    // H 0.45 -> 0, I 0.5 -> 1: K = max(0, 0 - 1) = 0
    const w = whole({ dividends: '4.5', calculated_amount_of_income_tax: '0.45', foreign_tax_credit: '0.5' });
    expect(w('K')).toBe('0');
  });

  it('a foreign tax that covers the whole tax leaves nothing payable on the printed form too', () => {
    // dividends 37.35 USD at 470 = 17 554.5, withheld 3.74 USD = 1 757.8; the credit is capped at 10 % of the
    // income, 1 755.45, so the engine's K is 0. Printed: B_1_4 17 555, G 17 555, H = 1 755.5 -> 1 756, I 1 755
    // would leave K = 1 tenge; the credit takes up that tenge: I 1 756, K 0.
    const w = whole(
      {
        dividends: '17554.5',
        other_income_amount: '17554.5',
        total_income_tax: '17554.5',
        taxable_amount_of_income: '17554.5',
        calculated_amount_of_income_tax: '1755.45',
        foreign_tax_credit: '1755.45',
        amount_of_IPN_final: '0',
      },
      '0.10',
    );
    expect([w('G'), w('H'), w('I'), w('K')]).toEqual(['17555', '1756', '1756', '0']);
  });
});
