import ru from '@deklarant/i18n/locales/ru/profile.json';
import { describe, expect, it } from 'vitest';
import { formatVisitDate, VISIT_FILTERS, visitHistoryQuery, visitStatus } from './history.ts';

/** A profile catalogue key ('history.success') in Russian. */
const inRussian = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], ru);

describe('visit history helpers', () => {
  it('formats a visit time as dd.mm.yyyy hh:mm in Almaty time, whatever the browser zone', () => {
    // Kazakhstan is UTC+5 since 01.03.2024: 04:05 UTC is 09:05 in Almaty
    expect(formatVisitDate('2025-03-07T04:05:00.000Z')).toBe('07.03.2025 09:05');
    // 21:30 UTC is already the next day in Almaty
    expect(formatVisitDate('2025-12-31T21:30:00Z')).toBe('01.01.2026 02:30');
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
    expect(inRussian(visitStatus(true))).toBe('Успешно');
    expect(inRussian(visitStatus(false))).toBe('Неуспешно');
    expect(VISIT_FILTERS.map((f) => inRussian(f.labelKey))).toEqual(['Все', 'Успешные', 'Неуспешные']);
  });
});
