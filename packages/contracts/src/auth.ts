import { z } from 'zod';
import { iinIssue, nameIssue } from './identity.ts';
import { MSG } from './messages.ts';

/** Field rules of docs/accounts.md, shared by the web forms and the server. */
const trimmed = z.string().trim();
export const requiredText = (max = 255) =>
  trimmed.min(1, MSG.required).max(max, max === 50 ? MSG.max50 : MSG.maxN(max));

const NAME_RE = /^[\p{L}\p{M}\s'’.-]+$/u;
/** Why a filled-in name is refused, or null (an empty one is the required rule's business). */
const personNameIssue = (v: string): string | null => {
  if (v === '') return null;
  return nameIssue(v) ?? (NAME_RE.test(v) ? null : MSG.checkInput);
};
const withIssue =
  (issue: (v: string) => string | null) =>
  (v: string, ctx: z.RefinementCtx): void => {
    const message = issue(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
/**
 * Names: letters, spaces, hyphens and apostrophes only, so markup or scripts cannot get in; no line
 * breaks or control characters and no stacked combining marks (`nameIssue`).
 */
export const personName = (max = 50) => requiredText(max).superRefine(withIssue(personNameIssue));
export const optionalPersonName = (max = 50) =>
  trimmed
    .max(max, MSG.maxN(max))
    .superRefine(withIssue((v) => (v === 'null' ? null : personNameIssue(v))))
    .transform((v) => (v === '' || v === 'null' ? null : v))
    .nullable()
    .optional();

export const Email = trimmed.min(1, MSG.required).max(255, MSG.maxN(255)).email(MSG.email).toLowerCase();

export const PASSWORD_RE = /^(?=.*\d)(?=.*\p{Lu})(?=.*\p{Ll})(?=.*[^\p{L}\d\s]).{8,128}$/u;
export const Password = z.string().min(1, MSG.passwordRequired).regex(PASSWORD_RE, MSG.passwordRule);

/** +7 (###) ###-##-## or its digits: stored as +7XXXXXXXXXX. */
/**
 * A Kazakhstan mobile number in any notation people write it: +7 (701) 123-45-67, +77011234567,
 * 87011234567 (the old trunk prefix), 77011234567 or the bare ten digits 7011234567. Stored as +7XXXXXXXXXX.
 */
export const Phone = z
  .string()
  .trim()
  .min(1, MSG.phoneRequired)
  .transform((v) => {
    const plus = v.startsWith('+');
    const d = v.replace(/\D/g, '');
    if (plus) return /^7\d{10}$/.test(d) ? `+${d}` : '';
    if (/^[78]\d{10}$/.test(d)) return `+7${d.slice(1)}`;
    return /^\d{10}$/.test(d) ? `+7${d}` : '';
  })
  .refine((v) => v !== '', MSG.phoneFormat);

export const Iin = z.string().trim().min(1, MSG.required).superRefine(withIssue(iinIssue));
export const OptionalIin = z
  .string()
  .trim()
  .superRefine(withIssue((v) => (v === 'null' ? null : iinIssue(v))))
  .transform((v) => (v === '' || v === 'null' ? null : v))
  .nullable()
  .optional();

export const Code = trimmed.min(1, MSG.required).max(12, MSG.wrongCode);
export const Captcha = z.string().max(4000).optional();

const confirm = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MSG.passwordsDiffer });
  }
};

export const LoginBody = z.object({
  email: Email,
  password: z.string().min(1, MSG.passwordRequired).max(128),
  captcha: Captcha,
});
export const LoginAnswer = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  must_change_password: z.boolean(),
});

export const CodeType = z.union([z.literal(1), z.literal(2)]);
export const GetCodeBody = z.object({ email: Email, type: z.coerce.number().pipe(CodeType) });
export const CheckCodeBody = z.object({ email: Email, code: Code, type: z.coerce.number().pipe(CodeType).optional() });

export const RegisterBody = z
  .object({
    name: personName(),
    surname: personName(),
    phone: Phone,
    email: Email,
    password: Password,
    password_confirmation: z.string(),
    code: Code,
    personalDataCheck: z.literal(true, { error: MSG.selectValue }),
    publicOfferCheck: z.literal(true, { error: MSG.selectValue }),
    bank_name: z.string().max(64).nullable().optional(),
    captcha: Captcha,
  })
  .superRefine(confirm);

export const ResetBody = z
  .object({ email: Email, code: Code, password: Password, password_confirmation: z.string() })
  .superRefine(confirm);

export const ChangePasswordBody = z
  .object({
    email: Email,
    old_password: z.string().min(1, MSG.passwordRequired).max(128),
    password: Password,
    password_confirmation: z.string(),
  })
  .superRefine(confirm);

export const SetPasswordBody = z
  .object({ hash: z.string().min(16).max(128), password: Password, password_confirmation: z.string() })
  .superRefine(confirm);

export const ChangeEmailCodeBody = z.object({ email: Email });
export const SetNewEmailBody = z.object({ email: Email, code: Code, type: z.coerce.number().int().optional() });

export const PersonalDataBody = z.object({
  iin: Iin,
  surname: personName(),
  name: personName(),
  patronymic: optionalPersonName(),
  phone: Phone,
  spouses_iin: OptionalIin,
});

export const VisitHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  filter: z.coerce.number().int().min(0).max(2).optional(),
  is_success: z.coerce.number().int().min(0).max(1).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$|^\d{2}\.\d{2}\.\d{4}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$|^\d{2}\.\d{2}\.\d{4}$/)
    .optional(),
});
export const VisitEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  ip: z.string(),
  is_success: z.boolean(),
});

export const VISIT_FILTER = { all: 2, success: 1, failure: 0 } as const;
export const VISITS_PER_PAGE = 10;
export const LOGIN_BLOCK_MINUTES = 60;
export const LOGIN_MAX_FAILURES = 5;
export const CODE_RESEND_SECONDS = 60;
