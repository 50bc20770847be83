import { describe, expect, it } from 'vitest';
import {
  compareRuDates,
  formatRuDate,
  isCalendarRuDate,
  isoToRu,
  isRuDateShape,
  ruDaysBetween,
  ruSortKey,
  ruToIso,
  ruYear,
  ruYearText,
} from '../src/dates.ts';

describe('dd.mm.yyyy', () => {
  it('converts to and from yyyy-mm-dd', () => {
    expect(ruToIso('05.03.2024')).toBe('2024-03-05');
    expect(isoToRu('2024-03-05')).toBe('05.03.2024');
    // a timestamp keeps only its day
    expect(isoToRu('2024-12-31T23:59:00Z')).toBe('31.12.2024');
    for (const d of ['01.01.1999', '29.02.2024', '31.12.2099']) expect(isoToRu(ruToIso(d))).toBe(d);
  });

  it('reads the year', () => {
    expect(ruYear('15.06.2025')).toBe(2025);
    expect(ruYearText('15.06.2025')).toBe('2025');
  });

  it('tells the shape from a real calendar date', () => {
    expect(isRuDateShape('31.02.2024')).toBe(true);
    expect(isRuDateShape('2024-02-01')).toBe(false);
    expect(isRuDateShape(null)).toBe(false);
    expect(isCalendarRuDate('29.02.2024')).toBe(true);
    expect(isCalendarRuDate('29.02.2023')).toBe(false);
    expect(isCalendarRuDate('31.04.2024')).toBe(false);
    expect(isCalendarRuDate('1.1.2024')).toBe(false);
    expect(isCalendarRuDate('01.13.2024')).toBe(false);
  });

  it('formats a Date by its UTC day', () => {
    expect(formatRuDate(new Date(Date.UTC(2024, 0, 9, 23, 30)))).toBe('09.01.2024');
  });

  it('orders by year, then month, then day', () => {
    expect(ruSortKey('09.01.2024')).toBe('20240109');
    const dates = ['31.12.2023', '01.02.2024', '15.01.2024', '01.01.2024'];
    expect([...dates].sort(compareRuDates)).toEqual(['31.12.2023', '01.01.2024', '15.01.2024', '01.02.2024']);
    expect(compareRuDates('02.01.2024', '02.01.2024')).toBe(0);
    expect(compareRuDates('31.12.2023', '01.01.2024')).toBeLessThan(0);
  });

  it('counts whole days either way, across a leap day', () => {
    expect(ruDaysBetween('28.02.2024', '01.03.2024')).toBe(2);
    expect(ruDaysBetween('01.03.2023', '28.02.2023')).toBe(1);
    expect(ruDaysBetween('31.12.2023', '01.01.2025')).toBe(367);
  });
});
