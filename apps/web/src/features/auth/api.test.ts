import { describe, expect, it } from 'vitest';
import { isCaptchaError } from './api.ts';

describe('captcha error detection', () => {
  it('recognises our captcha 400 and a 500 mentioning recaptcha', () => {
    expect(isCaptchaError(400, 'Проверка captcha не пройдена.', { captcha: ['x'] })).toBe(true);
    expect(isCaptchaError(500, 'ReCaptcha verification failed', {})).toBe(true);
  });
  it('leaves other errors alone', () => {
    expect(isCaptchaError(500, 'Внутренняя ошибка сервера', {})).toBe(false);
    expect(isCaptchaError(401, 'captcha', {})).toBe(false);
    expect(isCaptchaError(400, 'Проверьте введенные данные', {})).toBe(false);
  });
});
