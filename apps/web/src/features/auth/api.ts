import type { LoginAnswer as LoginAnswerSchema } from '@deklarant/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';

/** The auth calls of the API; login-type calls handle 401/403 themselves. */
const own = { skipSessionErrors: true } as const;

export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export const authApi = {
  login: (b: { email: string; password: string; captcha?: string }) => api.post<LoginAnswer>('/api/auth/login', b, own),
  changePassword: (b: { email: string; old_password: string; password: string; password_confirmation: string }) =>
    api.post<{ success: boolean }>('/api/auth/change-password', b, own),
  getCode: (email: string, type: 1 | 2) =>
    api.post<{ user_exist: boolean }>('/api/auth/get-verification-code', { email, type }, own),
  checkCode: (email: string, code: string, type: 1 | 2) =>
    api.post<{ success: boolean }>('/api/auth/check-verification-code', { email, code, type }, own),
  register: (b: Record<string, unknown>) => api.post<{ token: string }>('/api/auth/register', b, own),
  resetPassword: (b: { email: string; code: string; password: string; password_confirmation: string }) =>
    api.post<{ success: boolean; message?: string }>('/api/auth/reset-password', b, own),
  setPassword: (b: { hash: string; password: string; password_confirmation: string }) =>
    api.post<{ success: boolean }>('/api/account/set-password', b, own),
};

/** Captcha trouble: our own 400 on the captcha field, or a 500 mentioning reCAPTCHA (docs/accounts.md). */
export function isCaptchaError(status: number, message: string, errors: Record<string, string[]>): boolean {
  if (status === 400 && (errors.captcha !== undefined || /captcha/i.test(message))) return true;
  return status === 500 && /recaptcha/i.test(message);
}
