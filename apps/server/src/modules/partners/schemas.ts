import { Code, Email, MSG, Password, Phone, personName } from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import { z } from 'zod';

/** The broker login payload (docs/accounts.md): id, optional bank_name. */
export const BrokerLoginBody = z.object({
  id: z.coerce.string().trim().min(1, MSG.required).max(64),
  bank_name: z.string().trim().max(64).nullable().optional(),
});
export const BrokerLoginAnswer = z.object({ success: z.boolean(), token: z.string(), broker: z.string() });

export const ConnectBody = z.object({ email: Email, password: z.string().min(1, MSG.passwordRequired).max(128) });
export const ConnectAnswer = z.object({ success: z.boolean(), token: z.string() });

/** B2B registration sub-step 1 sends a code to the email (or finds the email registered: sub-step 4). */
export const B2BCodeBody = z.object({ email: Email });
export const B2BCodeAnswer = z.object({ user_exist: z.boolean() });

/** B2B registration (docs/accounts.md): name, surname, phone, email, both consents, code, password. */
export const B2BRegisterBody = z.object({
  name: personName(),
  surname: personName(),
  phone: Phone,
  email: Email,
  personalDataCheck: z.literal(true, { error: MSG.selectValue }),
  publicOfferCheck: z.literal(true, { error: MSG.selectValue }),
  code: Code,
  password: Password.optional(),
});

const url = z
  .string()
  .trim()
  .url(MSG.checkInput)
  .max(500)
  .refine((u) => /^https?:\/\//.test(u), MSG.checkInput);
export const PartnerLinks = z.object({
  download: url.optional(),
  mobile_download: url.optional(),
  register: url.optional(),
  messenger: url.optional(),
});

/** What every visitor may read about a partner (theme, price, links and flags): no credentials. */
export const PublicPartner = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  theme: z.enum(['default', 'halyk']),
  price: z.string().nullable(),
  links: PartnerLinks,
  allow_upload: z.boolean(),
  pdf_preview: z.boolean(),
  skip_personal_data: z.boolean(),
  redirect_to_mobile: z.boolean(),
});

/** The administrator's view adds the API address, whether a key is set, and the active flag. */
export const AdminPartner = PublicPartner.extend({
  api_url: z.string().nullable(),
  has_api_key: z.boolean(),
  active: z.boolean(),
});

export const PartnerInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(64, MSG.maxN(64))
    .regex(/^[A-Za-z0-9_.-]+$/, server.partners.nameFormat),
  title: z.string().trim().min(1, MSG.required).max(255, MSG.maxN(255)),
  theme: z.enum(['default', 'halyk']).default('default'),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,10}([.,]\d{1,2})?$/, MSG.amount2)
    .transform((v) => v.replace(',', '.'))
    .nullable()
    .default(null),
  links: PartnerLinks.default({}),
  allow_upload: z.boolean().default(false),
  pdf_preview: z.boolean().default(true),
  skip_personal_data: z.boolean().default(false),
  redirect_to_mobile: z.boolean().default(false),
  api_url: url.nullable().default(null),
  /** write-only: set to change, null to remove, absent to keep */
  api_key: z.string().min(8, MSG.checkInput).max(500).nullable().optional(),
  active: z.boolean().default(true),
});
