import { describe, expect, it } from 'vitest';
import { formatAlmatyDateTime, parseTypedDate } from './dates.ts';

describe('typed dates (issue 18, item 4)', () => {
  it.each([
    ['15.03.2025', '2025-03-15'],
    ['5.3.2025', '2025-03-05'],
    ['15/03/2025', '2025-03-15'],
    ['15-03-2025', '2025-03-15'],
    ['15 03 2025', '2025-03-15'],
    ['15032025', '2025-03-15'],
    ['2025-03-15', '2025-03-15'],
    [' 29.02.2024 ', '2024-02-29'],
  ])('%s reads as %s', (typed, iso) => {
    expect(parseTypedDate(typed)).toBe(iso);
  });

  it.each(['15.03.202', '15.03.25', '31.04.2025', '29.02.2025', '00.01.2025', '15.13.2025', 'вчера', ''])(
    '%s is not (yet) a date',
    (typed) => {
      expect(parseTypedDate(typed)).toBeNull();
    },
  );
});

describe('Almaty time', () => {
  it('shows an instant in Almaty time (UTC+6 before 01.03.2024, UTC+5 after)', () => {
    expect(formatAlmatyDateTime('2025-06-01T19:00:00Z')).toBe('02.06.2025 00:00');
    expect(formatAlmatyDateTime('2023-06-01T19:00:00Z')).toBe('02.06.2023 01:00');
    expect(formatAlmatyDateTime(null)).toBe('');
  });
});
