import { describe, expect, it } from 'vitest';
import { afterFinish, calculationAction, formatAmount, formatFormAmount, isEmailedAnswer, wholeTenge } from './flow.ts';

describe('step flow after finish-editing (docs/statuses.md)', () => {
  it('status 4 goes to the additional payment with the cost when known', () => {
    expect(afterFinish(4, { id: 7, halyk: false, cost: '5000' })).toBe(
      '/app/payment/additional?cost=5000&declaration_id=7',
    );
    expect(afterFinish(4, { id: 7, halyk: false })).toBe('/app/payment/additional?declaration_id=7');
  });
  it('unpaid goes to payment, paid to personal data, halykfinance and ready straight to step 8', () => {
    expect(afterFinish(1, { id: 1, halyk: false })).toBe('/app/payment');
    expect(afterFinish(5, { id: 1, halyk: false })).toBe('/app/declaration?step=7');
    expect(afterFinish(5, { id: 1, halyk: true })).toBe('/app/declaration?step=8');
    expect(afterFinish(9, { id: 1, halyk: false })).toBe('/app/declaration?step=8');
  });
  it('the step 6 button: pay below 3, finish while editable, continue once signed', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(calculationAction)).toEqual([
      'pay',
      'pay',
      'finish',
      'finish',
      'finish',
      'continue',
      'continue',
    ]);
  });
});

describe('amounts', () => {
  it('KZT with ru-RU grouping and up to 4 decimals', () => {
    expect(formatAmount('470000')).toBe('470\u00a0000\u00a0₸');
    expect(formatAmount('1234567.12345')).toBe('1\u00a0234\u00a0567,1234\u00a0₸');
    expect(formatAmount('-5.5000')).toBe('−5,5\u00a0₸');
  });
  it('KZT in the grouping of the language: Kazakh as Russian, English with commas and the sign first', () => {
    expect(formatAmount('1234567.12345', 'kk-KZ')).toBe('1\u00a0234\u00a0567,1234\u00a0₸');
    expect(formatAmount('1234567.12345', 'en')).toBe('₸1,234,567.1234');
    expect(formatAmount('-5.5000', 'en')).toBe('−₸5.5');
    // 21 digits: a float would round them
    expect(formatFormAmount('123456789012345678901.9', 'en')).toBe('₸123,456,789,012,345,678,902');
  });
  it('a JSON answer to a download reads as "will be emailed"', () => {
    expect(isEmailedAnswer({ message: 'x', queued: true })).toBe(true);
    expect(isEmailedAnswer(new Blob())).toBe(false);
  });
});

describe('tax lines in whole tenge, as the form prints them (issue 18, item 4)', () => {
  it.each([
    ['12345.4999', '12345'], // under half a tenge is dropped
    ['12345.5', '12346'], // half rounds up
    ['0.5', '1'],
    ['0.4', '0'],
    ['-10.5', '-11'], // away from zero, as Decimal.ROUND_HALF_UP in packages/documents
    ['-0.4', '0'],
    ['98765', '98765'],
    ['123456789012345678901.9', '123456789012345678902'], // no float rounding on large sums
  ])('%s ₸ is %s ₸ on the form', (amount, whole) => {
    expect(wholeTenge(amount)).toBe(whole);
  });
  it('formats the whole figure with grouping: ИПН 10 % of 123 456,78 = 12 345,678 shows as 12 346 ₸', () => {
    expect(formatFormAmount('12345.678')).toBe('12\u00a0346\u00a0₸');
  });
});
