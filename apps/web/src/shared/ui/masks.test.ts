import { describe, expect, it } from 'vitest';
import { formatPhone, iinDigits, isCompletePhone, phoneChunk, phoneDigits } from './masks.ts';

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

describe('phone mask input (what each keystroke or paste appends)', () => {
  /** Types the keys one by one from an empty field and returns the national digits. */
  const typed = (keys: string) => {
    let digits = '';
    let afterPlus = false;
    for (const k of keys) {
      const r = phoneChunk(k, digits, afterPlus);
      digits = (digits + r.append).slice(0, 10);
      afterPlus = r.afterPlus;
    }
    return digits;
  };

  it('typing +7 yourself does not double the 7', () => {
    expect(typed('+77011234567')).toBe('7011234567');
  });

  it('the operator code 7xx typed without + keeps its 7', () => {
    expect(typed('7771234567')).toBe('7771234567');
  });

  it('a leading 8 (trunk prefix) is dropped', () => {
    expect(typed('87011234567')).toBe('7011234567');
  });

  it('pasted, autofilled or stored numbers in any notation give +7 (taken by the mask) and the ten digits', () => {
    for (const pasted of ['+7 (701) 123-45-67', '+77011234567', '87011234567', '77011234567', '7011234567']) {
      expect(phoneChunk(pasted, '', false).append).toBe('+77011234567');
    }
  });

  it('after the first digit everything typed is taken as digits, separators ignored', () => {
    expect(phoneChunk('7', '70', false).append).toBe('7');
    expect(phoneChunk('8', '7', false).append).toBe('8');
    expect(phoneChunk('-', '701', false).append).toBe('');
  });
});
