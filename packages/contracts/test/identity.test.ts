import { describe, expect, it } from 'vitest';
import { Iin, OptionalIin, optionalPersonName, PersonalDataBody, personName } from '../src/auth.ts';
import { validateDeal } from '../src/deal-rules.ts';
import { IDENTITY_TEXT, iinControlDigit, isValidIin, nameIssue } from '../src/identity.ts';
import { MSG } from '../src/messages.ts';

/*
 * Worked example (the fixture IIN of the tests, 900101300126): born 01.01.1990, digit 7 = 3 (a man
 * born in the 1900s). Digits 9 0 0 1 0 1 3 0 0 1 2 weighted 1..11:
 *   9*1 + 0*2 + 0*3 + 1*4 + 0*5 + 1*6 + 3*7 + 0*8 + 0*9 + 1*10 + 2*11 = 9 + 4 + 6 + 21 + 10 + 22 = 72,
 *   72 mod 11 = 6, so the 12th digit is 6.
 * Second pass, 900101300811: 9*1 + 1*4 + 1*6 + 3*7 + 8*10 + 1*11 = 131, 131 mod 11 = 10, so again with
 *   weights 3,4,5,6,7,8,9,10,11,1,2: 9*3 + 1*6 + 1*8 + 3*9 + 8*1 + 1*2 = 78, 78 mod 11 = 1.
 * No digit at all, 90010130080?: first pass 10, second pass 9*3 + 1*6 + 1*8 + 3*9 + 8*1 + 0*2 = 76,
 *   76 mod 11 = 10.
 */
describe('IIN control digit', () => {
  it('is the weighted sum mod 11 (hand-checked)', () => {
    expect(iinControlDigit('90010130012')).toBe(6);
    expect(iinControlDigit('88010130012')).toBe(3);
  });
  it('takes the second weights when the first sum gives 10', () => {
    expect(iinControlDigit('90010130081')).toBe(1);
  });
  it('is null when both passes give 10, or the input is not 11 digits', () => {
    expect(iinControlDigit('90010130080')).toBeNull();
    expect(iinControlDigit('9001013008')).toBeNull();
    expect(iinControlDigit('9001013008a')).toBeNull();
  });

  it.each([
    '900101300126', // the tests' fixture: 01.01.1990, man
    '880101300123', // the e2e journeys': 01.01.1988, man
    '850505400771', // 05.05.1985, woman
    '860606400881',
    '880101300992',
    '900101300811', // second weights
    '000229500008', // 29.02.2000 (leap year), digit 7 = 5: the 2000s
  ])('accepts %s', (iin) => {
    expect(isValidIin(iin)).toBe(true);
  });

  it.each([
    ['000000000000', 'passes the weighted sum, but month 00 and century digit 0'],
    ['123456789012', 'month 34'],
    ['111111111111', '11.11.1811 is a date, the control digit is 0'],
    ['900101300123', 'the old fixture: control digit should be 6'],
    ['900101300124', 'one digit off'],
    ['900101000127', 'century digit 0 (control digit right)'],
    ['900101700121', 'century digit 7 (control digit right)'],
    ['900230300128', '30 February (control digit right)'],
    ['010229500004', '29 February of 2001 (control digit right)'],
    ['900101300800', 'no control digit exists for these 11 digits'],
    ['90010130012', '11 digits'],
    ['9001013001266', '13 digits'],
    ['90010130012a', 'a letter'],
    [' 900101300126', 'a space (schemas trim first, the function does not)'],
  ])('refuses %s (%s)', (iin) => {
    expect(isValidIin(iin)).toBe(false);
  });
});

describe('IIN schemas', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

  it('gives one Russian message per problem', () => {
    expect(messages(Iin.safeParse(''))).toEqual([MSG.required]);
    expect(messages(Iin.safeParse('12345'))).toEqual([MSG.len12]);
    expect(messages(Iin.safeParse('123456789012'))).toEqual([IDENTITY_TEXT.iinInvalid]);
    expect(messages(Iin.safeParse('000000000000'))).toEqual([IDENTITY_TEXT.iinInvalid]);
    expect(Iin.parse(' 900101300126 ')).toBe('900101300126');
  });
  it('optional IIN: empty and "null" are no IIN, anything else is checked', () => {
    expect(OptionalIin.parse('')).toBeNull();
    expect(OptionalIin.parse('null')).toBeNull();
    expect(OptionalIin.parse(null)).toBeNull();
    expect(OptionalIin.parse('860606400881')).toBe('860606400881');
    expect(messages(OptionalIin.safeParse('860606400888'))).toEqual([IDENTITY_TEXT.iinInvalid]);
    expect(messages(OptionalIin.safeParse('1234567890'))).toEqual([MSG.len12]);
  });
  it('personal data: IIN and spouse IIN each get the message under their own field', () => {
    const r = PersonalDataBody.safeParse({
      iin: '000000000000',
      surname: 'Иванов',
      name: 'Иван',
      phone: '+77011234567',
      spouses_iin: '123456789012',
    });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ iin: IDENTITY_TEXT.iinInvalid, spouses_iin: IDENTITY_TEXT.iinInvalid });
  });
  it("form 250's notary IIN follows the same rule", () => {
    const ctx = { form: 2, year: 2024 };
    const row = { name_creditor: 'Банк', debt_type: 'Д', amount_owed: '10', currency_code_id: 1, country_id: 1 };
    expect(validateDeal('250-9', { ...row, notary_iin: '123456789012' }, ctx).notary_iin).toEqual([
      IDENTITY_TEXT.iinInvalid,
    ]);
    expect(validateDeal('250-9', { ...row, notary_iin: '12345' }, ctx).notary_iin).toEqual([MSG.len12]);
    expect(validateDeal('250-9', { ...row, notary_iin: '850505400771' }, ctx).notary_iin).toBeUndefined();
  });
});

describe('person names', () => {
  const combining = (n: number) => '\u0301'.repeat(n);

  it.each([
    'Иван',
    'Анна-Мария',
    "Д'Артаньян",
    'Әлия',
    'Нұрсұлтан',
    'Ёлкин',
    'Кои\u0306шыбаев', // и + combining breve: й typed decomposed
    'Nguyê\u0303n', // two marks on one letter (Vietnamese)
    'фон Браун',
  ])('accepts %s', (name) => {
    expect(nameIssue(name)).toBeNull();
    expect(personName().safeParse(name).success).toBe(true);
  });

  it.each([
    ['Иван\nИванов', IDENTITY_TEXT.nameControl],
    ['Ив\rан', IDENTITY_TEXT.nameControl],
    ['Ив\tан', IDENTITY_TEXT.nameControl],
    ['Ив\u0000ан', IDENTITY_TEXT.nameControl],
    ['Ив\u2028ан', IDENTITY_TEXT.nameControl],
    ['Ив\u200bан', IDENTITY_TEXT.nameControl], // zero-width space
    ['Ив\u202eан', IDENTITY_TEXT.nameControl], // right-to-left override
    [`И${combining(3)}ван`, IDENTITY_TEXT.nameMarks],
    [`И${combining(2)}в${combining(2)}а${combining(2)}н`, IDENTITY_TEXT.nameMarks], // more marks than letters
  ])('refuses %j', (name, message) => {
    expect(nameIssue(name)).toBe(message);
    const r = personName().safeParse(name);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('keeps the character-set rule and one message per problem', () => {
    expect(
      personName()
        .safeParse('<script>')
        .error?.issues.map((i) => i.message),
    ).toEqual([MSG.checkInput]);
    expect(
      personName()
        .safeParse('')
        .error?.issues.map((i) => i.message),
    ).toEqual([MSG.required]);
  });
  it('optional names (patronymic) follow the same rules', () => {
    expect(optionalPersonName().parse('')).toBeNull();
    expect(optionalPersonName().parse('null')).toBeNull();
    expect(optionalPersonName().parse('Петрович')).toBe('Петрович');
    expect(optionalPersonName().safeParse('Петро\nвич').error?.issues[0]?.message).toBe(IDENTITY_TEXT.nameControl);
    expect(optionalPersonName().safeParse(`П${combining(3)}`).error?.issues[0]?.message).toBe(IDENTITY_TEXT.nameMarks);
  });
});
