import { describe, expect, it } from 'vitest';
import { formatVisitDate, visitHistoryQuery, visitStatus } from './history.ts';

describe('visit history helpers', () => {
  it('formats a visit time as dd.mm.yyyy hh:mm in local time', () => {
    const d = new Date(2025, 2, 7, 9, 5);
    expect(formatVisitDate(d.toISOString())).toBe('07.03.2025 09:05');
  });
  it('leaves an unreadable date as it is', () => {
    expect(formatVisitDate('вчера')).toBe('вчера');
  });
  it('builds the query with the filter and only the given ends of the range', () => {
    expect(visitHistoryQuery(1, '2', [null, null])).toEqual({ page: 1, filter: 2 });
    expect(visitHistoryQuery(3, '0', ['2025-01-01', null])).toEqual({ page: 3, filter: 0, from: '2025-01-01' });
    expect(visitHistoryQuery(1, '1', ['2025-01-01', '2025-01-31 00:00:00'])).toEqual({
      page: 1,
      filter: 1,
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });
  it('names the outcome', () => {
    expect(visitStatus(true)).toBe('Успешно');
    expect(visitStatus(false)).toBe('Неуспешно');
  });
});
