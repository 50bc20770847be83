import { LANGUAGES } from '@deklarant/i18n';
import { z } from 'zod';

/** The profile of GET /api/authenticated (docs/accounts.md); empty values are null, never 'null'. */
export const Profile = z.object({
  id: z.number().int(),
  email: z.string(),
  iin: z.string().nullable(),
  surname: z.string().nullable(),
  name: z.string().nullable(),
  patronymic: z.string().nullable(),
  phone: z.string().nullable(),
  spouses_iin: z.string().nullable(),
  full_access: z.boolean(),
  bankName: z.string().nullable(),
  session: z.enum(['B2C', 'B2B', 'manager']),
  is_onboarding_completed: z.boolean(),
  role: z.enum(['user', 'manager', 'admin']),
  /** the language the person chose (ru, kk, en); null until they choose one */
  language: z.enum(LANGUAGES).nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** 'null' and blank strings count as empty (docs/accounts.md). */
export const emptyToNull = (v: string | null | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t === '' || t === 'null' ? null : t;
};
