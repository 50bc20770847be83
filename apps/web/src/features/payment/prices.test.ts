import { money } from '@deklarant/contracts';
import { describe, expect, it } from 'vitest';
import { formatKzt } from './api.ts';

describe('payment money', () => {
  it('adds options exactly and applies a discount half up', () => {
    expect(money.money2(money.sum(['20000.00', '2000.00', '2000.00']))).toBe('24000.00');
    expect(money.discounted('24000.00', '20')).toBe('19200.00');
    expect(money.discounted('10000.01', '12.5')).toBe('8750.01');
    expect(money.discounted('20000.00', '100')).toBe('0.00');
  });
  it('formats tenge for the screens', () => {
    expect(formatKzt('20000.00')).toBe('20\u00a0000\u00a0₸');
    expect(formatKzt('8750.50')).toBe('8\u00a0750,50\u00a0₸');
    // Kazakh groups and marks decimals as Russian does; English with a comma and a point
    expect(formatKzt('8750.50', 'kk-KZ')).toBe('8\u00a0750,50\u00a0₸');
    expect(formatKzt('1234567.5', 'en')).toBe('1,234,567.50\u00a0₸');
  });
});
