import { describe, expect, it } from 'vitest';
import { columnOf, formatDate, formatNumber } from './workbook.ts';

describe('the Excel preview shows cells as the workbook formats them', () => {
  it('amounts keep every digit (strings, no floats): grouped, decimal comma, 2 decimals for #,##0.00', () => {
    expect(formatNumber('470000', 'money')).toBe('470\u00a0000,00');
    // 17 significant digits would lose the last one as a float
    expect(formatNumber('12345678901234567.89', 'money')).toBe('12\u00a0345\u00a0678\u00a0901\u00a0234\u00a0567,89');
    expect(formatNumber('-1234.5', 'grouped')).toBe('-1\u00a0234,5');
    // General: a year stays a year
    expect(formatNumber('2025', 'number')).toBe('2025');
    expect(formatNumber('abc', 'money')).toBe('abc');
  });

  it('dates from Excel serials; columns from cell references', () => {
    // 46096 days after 30.12.1899 is 15.03.2026; .5 of a day is 12:00
    expect(formatDate('46096', false)).toBe('15.03.2026');
    expect(formatDate('46096.5', true)).toBe('15.03.2026 12:00');
    expect(columnOf('A1')).toBe(0);
    expect(columnOf('Z9')).toBe(25);
    expect(columnOf('AB12')).toBe(27);
  });

  it('in English: comma groups, a decimal point and the month first', () => {
    expect(formatNumber('12345678901234567.8', 'money', 'en')).toBe('12,345,678,901,234,567.80');
    expect(formatNumber('2025', 'number', 'en')).toBe('2025');
    expect(formatNumber('1234.5', 'grouped', 'kk-KZ')).toBe('1\u00a0234,5');
    expect(formatDate('46096.5', true, 'en')).toBe('03/15/2026 12:00');
  });
});
