import { z } from 'zod';

/** Tariffs, payments, signing and sending (docs/tariffs.md, docs/statuses.md; issue 7). */

/** Payment methods of docs/tariffs.md; Halyk bank is the default. */
export const PAYMENT_METHOD = { ROBOKASSA: 1, HALYK: 2 } as const;
export type PaymentMethod = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = PAYMENT_METHOD.HALYK;
export const PAYMENT_CURRENCY = 'KZT';
/** The promo code is checked this long after typing stops (docs/tariffs.md). */
export const PROMO_CHECK_DELAY_MS = 1000;
/** A discount of this many percent or more needs no payment: the button says 'Продолжить'. */
export const FREE_DISCOUNT = 100;
/** Optimal tariff options (tariff_options.code). */
export const TARIFF_OPTION = {
  ONLINE_SIGNING: 'online_signing',
  AUTO_SUBMISSION: 'auto_submission',
  MONITORING: 'monitoring',
} as const;

const OptionRef = z.union([z.string().max(50), z.number().int()]);

/** POST /api/tariff/{id}/choose-tariff (docs/tariffs.md). */
export const ChooseTariffBody = z.object({
  tariff_type: z.coerce.number().int().min(1).max(2),
  /** option codes or ids; a comma separated string is accepted too */
  selected_additional_service: z
    .union([z.array(OptionRef).max(10), z.string().max(200), z.number().int()])
    .nullable()
    .optional(),
  referral_code: z.string().trim().max(64).nullable().optional(),
  tax_office_sending: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.number().int()])
    .nullable()
    .optional(),
  broker: z
    .union([z.string().max(255), z.number().int()])
    .nullable()
    .optional(),
});
export type ChooseTariffBody = z.infer<typeof ChooseTariffBody>;

export const ChooseTariffResult = z.object({
  success: z.boolean(),
  need_payment: z.boolean(),
  status: z.number().int(),
  amount: z.string(),
  /** the consultant tariff: the messenger contact to open */
  contact_url: z.string().optional(),
  message: z.string().optional(),
});
export type ChooseTariffResult = z.infer<typeof ChooseTariffResult>;

export const TariffOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
});
export const TariffTier = z.object({
  id: z.number().int(),
  title: z.string(),
  max_deals: z.number().int().nullable(),
  max_assets: z.number().int().nullable(),
  price: z.string(),
});
export const Tariff = z.object({
  id: z.number().int(),
  code: z.string(),
  tariff_type: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** the price for this user (the halykfinance price for that bank's clients) */
  price: z.string(),
  features: z.array(z.string()),
  tiers: z.array(TariffTier),
});
export type Tariff = z.infer<typeof Tariff>;
export const TariffCatalog = z.object({
  data: z.object({
    tariffs: z.array(Tariff),
    options: z.array(TariffOption),
    auto_submission_offered: z.boolean(),
    contact_url: z.string(),
    currency: z.string(),
  }),
});
export type TariffCatalog = z.infer<typeof TariffCatalog>;

export const PromoCheckResult = z.union([
  z.object({ status: z.literal('fail'), message: z.string() }),
  z.object({
    status: z.literal('success'),
    code: z.object({ code: z.string(), discount: z.string(), broker: z.string().nullable() }),
  }),
]);
export type PromoCheckResult = z.infer<typeof PromoCheckResult>;

export const PaymentOut = z.object({
  id: z.number().int(),
  declaration_id: z.number().int().nullable(),
  kind: z.enum(['initial', 'additional']),
  amount: z.string(),
  status: z.enum(['pending', 'paid']),
  currency: z.string(),
});
export type PaymentOut = z.infer<typeof PaymentOut>;
export const PaymentResult = z.object({ data: PaymentOut.nullable() });

export const AdditionalCost = z.object({ cost: z.string() });

export const PaymentLinkResult = z.object({ url: z.string(), invoice_id: z.string() });

/** POST .../get-payment-token: the Halyk ePay widget's payment object. */
export const PaymentTokenResult = z.object({
  token: z.record(z.string(), z.unknown()),
  data: z.object({
    invoiceId: z.string(),
    amount: z.number(),
    currency: z.string(),
    terminal: z.string(),
    postLink: z.string(),
    failurePostLink: z.string(),
    backLink: z.string(),
    failureBackLink: z.string(),
    language: z.string(),
    description: z.string(),
    accountId: z.string(),
    cardSave: z.boolean(),
    scriptUrl: z.string(),
  }),
});
export type PaymentTokenResult = z.infer<typeof PaymentTokenResult>;

export const SaveFailedBody = z.object({ invId: z.union([z.string().max(20), z.number().int()]) });

/**
 * GET .../payments/invoice-status?invId=: what the server knows of one attempt. The status page shows
 * success only for `paid` (a verified callback); `pending` is polled; `void` means the price changed.
 */
export const InvoiceStatus = z.object({
  invoice_id: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'void']),
  kind: z.enum(['initial', 'additional']),
  amount: z.string(),
  /** the declaration's status now (where Continue goes) */
  declaration_status: z.number().int(),
  reporting_form_id: z.number().int(),
});
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;
export const InvoiceStatusResult = z.object({ data: InvoiceStatus });

/** GET /api/admin/payments/overpayments: money taken that bought nothing, to be refunded. */
export const Overpayment = z.object({
  id: z.number().int(),
  provider: z.enum(['robokassa', 'epay']),
  invoice_id: z.string(),
  payment_id: z.number().int(),
  declaration_id: z.number().int().nullable(),
  user_id: z.number().int(),
  amount: z.string(),
  reason: z.enum(['duplicate', 'void_invoice', 'superseded', 'no_declaration']),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type Overpayment = z.infer<typeof Overpayment>;
export const SigningUrlBody = z.object({ redirect_uri: z.string().min(1).max(500) });
export const SigningUrlResult = z.object({ url: z.string() });
export const ExchangeCodeBody = z.object({
  code: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(500),
});
export const ExchangeCodeResult = z.object({ access_token: z.string() });
export const SaveUnsignedBody = z.object({ access_token: z.string().min(1).max(500) });
export const SendSignedBody = ExchangeCodeBody;

/** A sending of the declaration and the tax office's answer so far (docs/statuses.md, "After sending"). */
export const Submission = z.object({
  status: z.enum(['sent', 'accepted', 'rejected']),
  /** set once accepted */
  registration_number: z.string().nullable(),
  submitted_at: z.string(),
  /** when the tax office registered it (ISO; shown in Almaty time) */
  registered_at: z.string().nullable(),
  /** the tax office's reason, when rejected */
  reason: z.string().nullable(),
  /** the receipt (талон) PDF can be downloaded: GET /api/signing/{id}/receipt */
  receipt_available: z.boolean(),
  receipt: z.record(z.string(), z.unknown()),
});
export type Submission = z.infer<typeof Submission>;

export const SendSignedResult = z.object({
  success: z.boolean(),
  status: z.number().int(),
  sent: z.boolean(),
  submission: Submission.nullable(),
  message: z.string().optional(),
});
export type SendSignedResult = z.infer<typeof SendSignedResult>;

export const PrepareSigningResult = z.object({
  success: z.boolean(),
  data: z.object({ declaration_id: z.number().int(), document: z.string(), tax_office_sending: z.boolean() }),
});

export const SubmissionResult = z.object({ data: Submission.nullable() });
