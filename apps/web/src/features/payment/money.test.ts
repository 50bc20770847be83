import { describe, expect, it } from 'vitest';
import { formatKzt } from './api.ts';
import { discounted, sum } from './money.ts';

describe('payment money', () => {
  it('adds options exactly and applies a discount half up', () => {
    expect(sum(['20000.00', '2000.00', '2000.00'])).toBe('24000.00');
    expect(discounted('24000.00', '20')).toBe('19200.00');
    expect(discounted('10000.01', '12.5')).toBe('8750.01');
    expect(discounted('20000.00', '100')).toBe('0.00');
  });
  it('formats tenge for the screens', () => {
    expect(formatKzt('20000.00')).toBe('20\u00a0000\u00a0₸');
    expect(formatKzt('8750.50')).toBe('8\u00a0750,50\u00a0₸');
  });
});
