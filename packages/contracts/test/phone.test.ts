import { describe, expect, it } from 'vitest';
import { PersonalDataBody, Phone } from '../src/auth.ts';
import { MSG } from '../src/messages.ts';

describe('phone in any notation (issue 18, item 3)', () => {
  it.each([
    '+7 (701) 123-45-67',
    '+77011234567',
    '87011234567',
    '8 701 123 45 67',
    '77011234567',
    '7011234567',
    '(701) 123-45-67',
  ])('%s is stored as +77011234567', (typed) => {
    expect(Phone.parse(typed)).toBe('+77011234567');
  });

  it.each(['+8 701 123 45 67', '701123456', '+1 555 123 4567', '987011234567', 'телефон'])(
    '%s is refused with the format message',
    (typed) => {
      const r = Phone.safeParse(typed);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.phoneFormat);
    },
  );

  it('an empty phone is required', () => {
    expect(Phone.safeParse(' ').error?.issues[0]?.message).toBe(MSG.phoneRequired);
  });

  it('personal data with a checked IIN: a wrong control digit is refused', () => {
    // control digit of 90010130001: weights 1..11 give 9 + 0 + 0 + 4 + 0 + 6 + 21 + 0 + 0 + 0 + 11 = 51; 51 mod 11 = 7
    const body = { surname: 'Иванов', name: 'Иван', phone: '87011234567' };
    expect(PersonalDataBody.safeParse({ ...body, iin: '900101300017' }).success).toBe(true);
    expect(PersonalDataBody.safeParse({ ...body, iin: '900101300018' }).success).toBe(false);
  });
});
