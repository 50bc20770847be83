import { describe, expect, it } from 'vitest';
import { almatyDateTime } from './SubmissionStatus.tsx';

describe('the tax office answer is dated in Almaty time, written as the language writes dates', () => {
  // 07:00 UTC is 12:00 in Almaty (UTC+5 since 1 March 2024), wherever the browser is
  const iso = '2026-03-15T07:00:00Z';
  it('Russian and Kazakh: dd.mm.yyyy hh:mm', () => {
    expect(almatyDateTime(iso, 'ru-RU')).toBe('15.03.2026 12:00');
    expect(almatyDateTime(iso, 'kk-KZ')).toBe('15.03.2026 12:00');
  });
  it('English: month first', () => {
    expect(almatyDateTime(iso, 'en')).toBe('03/15/2026 12:00 PM');
  });
  it('nothing for a missing date', () => {
    expect(almatyDateTime(null)).toBe('');
  });
});
