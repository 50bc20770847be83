import { describe, expect, it } from 'vitest';
import { formatPhone, iinDigits, isCompletePhone, phoneDigits } from './masks.ts';

describe('phone mask', () => {
  it('formats a stored number as +7 (###) ###-##-##', () => {
    expect(formatPhone('+77012345678')).toBe('+7 (701) 234-56-78');
    expect(formatPhone('87012345678')).toBe('+7 (701) 234-56-78');
    expect(formatPhone('7012345678')).toBe('+7 (701) 234-56-78');
  });
  it('formats a partial number and leaves empty values empty', () => {
    expect(formatPhone('70')).toBe('+7 (70');
    expect(formatPhone('701234')).toBe('+7 (701) 234');
    expect(formatPhone('')).toBe('');
    // what the mask holds while typing: the +7 prefix is not a digit of the number
    expect(formatPhone('+7 (7')).toBe('+7 (7');
    expect(formatPhone('+7 (701) 2')).toBe('+7 (701) 2');
    expect(formatPhone(null)).toBe('');
  });
  it('extracts the ten national digits and knows when the number is complete', () => {
    expect(phoneDigits('+7 (701) 234-56-78')).toBe('7012345678');
    expect(isCompletePhone('+7 (701) 234-56-78')).toBe(true);
    expect(isCompletePhone('+7 (701) 234-56')).toBe(false);
  });
});

describe('IIN mask', () => {
  it('keeps 12 digits only', () => {
    expect(iinDigits('8801-0130 0123 99')).toBe('880101300123');
    expect(iinDigits('abc')).toBe('');
  });
});
