import { PersonalDataBody } from '@deklarant/contracts';
import { z } from 'zod';

/** POST /api/declarations/{id}/update-personal-data: the field rules of docs/accounts.md. */
export const PersonalDataInput = PersonalDataBody;
export type PersonalDataInput = z.infer<typeof PersonalDataInput>;

const Amount = z.string().nullable();

export const CalculationDeal = z.object({
  id: z.union([z.number(), z.string()]),
  section: z.string(),
  section_title: z.string(),
  name: z.string(),
  transaction_date: z.string().nullable(),
  currency_code: z.string().nullable(),
  comment: z.string().nullable(),
  /** signed income of the deal in KZT, and what entered the line (null while unpaid) */
  income: Amount.optional(),
  counted: Amount.optional(),
  /** the exemption applied, with its article */
  benefit: z.string().nullable().optional(),
});

export const CalculationLine = z.object({
  field: z.string(),
  label: z.string(),
  /** the line code on the form, e.g. 270.01.A.1.2 (null when the figure is not printed on the form) */
  code: z.string().nullable(),
  /** KZT decimal string; null while unpaid (status below 3) */
  amount: Amount,
  /**
   * whole tenge as the form prints the line (its totals and tax derived from the other lines' whole figures,
   * so K = H - I - J on the form); null while unpaid or when the figure is not on the form
   */
  form_amount: Amount,
  rule: z.string(),
  article: z.string(),
  uncertain: z.boolean(),
  deals: z.array(CalculationDeal),
  deals_total: z.number().int(),
});

/** GET /api/declarations/{id}/calculation: the step 6 figures, explained. */
export const CalculationView = z.object({
  declaration_id: z.number().int(),
  status: z.number().int(),
  reporting_form_id: z.number().int(),
  year: z.number().int(),
  /** unpaid: amounts are withheld and the screen shows them blurred */
  hidden: z.boolean(),
  fifth_section: z.record(z.string(), Amount).nullable(),
  lines: z.array(CalculationLine),
  ignored_deals: z.array(CalculationDeal),
});
export type CalculationView = z.infer<typeof CalculationView>;

export const StatusAnswer = z.object({ data: z.object({ status: z.number().int() }) });
export const FinishAnswer = z.object({
  data: z.object({ status: z.number().int(), ignored_deals: z.number().int() }),
});
