import { describe, expect, it } from 'vitest';
import { almatyDayStart } from './almaty-day.ts';

describe('Almaty days of the visit-history range', () => {
  it('a day begins at 19:00 UTC of the day before (UTC+5 since 01.03.2024)', () => {
    expect(almatyDayStart('2025-03-07').toISOString()).toBe('2025-03-06T19:00:00.000Z');
    // the end of a range is the start of the next day
    expect(almatyDayStart('2025-12-31', 1).toISOString()).toBe('2025-12-31T19:00:00.000Z');
  });
  it('before the change Almaty was UTC+6', () => {
    expect(almatyDayStart('2023-06-01').toISOString()).toBe('2023-05-31T18:00:00.000Z');
  });
});
