import { z } from 'zod';
import { listOf } from './api.ts';
import { fieldsText } from './texts.ts';

export const ReportingForm = z.object({
  form_id: z.number().int(),
  form_name: z.string(),
  form_description: z.string(),
});
export const DeclarationType = z.object({
  id: z.number().int(),
  type_name: z.string(),
  type_description: z.string(),
  is_default: z.boolean(),
});
export const KgdCode = z.object({ id: z.number().int(), code_kgd: z.string(), kgd_name: z.string() });
export const Currency = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  name: z.string(),
  numeric_code: z.string(),
  is_default: z.boolean(),
});
export const Country = z.object({
  id: z.number().int(),
  country_code: z.string(),
  alpha2: z.string(),
  name: z.string(),
  is_default: z.boolean(),
});
export const BiddingMethod = z.object({ method_id: z.number().int(), method_name: z.string() });
export const Market = z.object({ market_id: z.number().int(), market_name: z.string(), is_foreign: z.boolean() });
export const SecurityType = z.object({ security_type: z.number().int(), type_name: z.string() });
export const OperationType = z.object({ id: z.number().int(), operation_name: z.string() });
export const AdjustmentType = z.object({ id: z.number().int(), adjustment_name: z.string(), article: z.string() });
export const DeclarationStatusItem = z.object({ id: z.number().int(), name: z.string() });
export const Broker = z.object({
  id: z.number().int(),
  title: z.string(),
  name: z.string(),
  link: z.string().nullable(),
  extensions: z.array(z.string()),
  count_files: z.number().int(),
  file_names: z.array(z.string()),
  is_foreign: z.boolean(),
  order: z.number().int(),
});
/** One operation type a section allows (operations.ts): `id` and `operation_type_id` are both the operation type id. */
export const TransactionType = z.object({
  id: z.number().int(),
  operation_type_id: z.number().int(),
  section_id: z.string(),
  name: z.string(),
});
export const ExchangeRate = z.object({
  rate: z.string(),
  currency_code: z.string(),
  /** the date the requested rule asked for */
  date: z.string(),
  /** the date of the National Bank rate actually used */
  rate_date: z.string(),
  rule: z.enum(['previous_working_day', 'annual_average', 'year_end', 'on_date']),
  source: z.enum(['nbk', 'bundled', 'sandbox', 'kzt']),
  /** true for sandbox rates that must never be used for a real declaration */
  demo: z.boolean(),
});
export const TaxBenefit = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  article: z.string(),
});

export const REFERENCE_CALLS = {
  'get-reporting-forms': listOf(ReportingForm),
  'get-declaration-types': listOf(DeclarationType),
  'get-kgd-codes': listOf(KgdCode),
  'get-currency-codes': listOf(Currency),
  'get-countries': listOf(Country),
  'get-bidding-methods': listOf(BiddingMethod),
  'get-markets': listOf(Market),
  'get-security-types': listOf(SecurityType),
  'get-operation-types': listOf(OperationType),
  'get-adjustment-types': listOf(AdjustmentType),
  'get-declaration-statuses': listOf(DeclarationStatusItem),
  'get-names-of-available-banks': listOf(Broker),
  'get-brokers': listOf(Broker),
} as const;
export type ReferenceCall = keyof typeof REFERENCE_CALLS;

/**
 * Operation type names, exactly as the product names them (ids are their order): operation.<id> of the
 * `fields` catalogue (packages/i18n/locales/ru/fields.json).
 */
export const OPERATION_TYPE_NAMES: readonly string[] = Array.from({ length: 11 }, (_, i) =>
  fieldsText(`operation.${i + 1}`),
);
/** Operation type ids that the rules name (the order of OPERATION_TYPE_NAMES). */
export const OPERATION = {
  SALE: 1,
  EXCHANGE_OUT: 2,
  GIFT_OUT: 3,
  PURCHASE: 4,
  EXCHANGE_IN: 5,
  GIFT_IN: 6,
  REPAYMENT: 7,
  DERIVATIVES: 8,
  REWARD_NOT_SECURITY: 9,
  DIVIDEND: 10,
  REWARD: 11,
} as const;
export const OPERATION_REPAYMENT = OPERATION_TYPE_NAMES[OPERATION.REPAYMENT - 1] as string;
export const OPERATION_REMUNERATION = OPERATION_TYPE_NAMES[OPERATION.REWARD - 1] as string;
