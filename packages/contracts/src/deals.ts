import { z } from 'zod';

import { type FieldsOfType, fieldsOfType, zodOf } from './sections/index.ts';

/**
 * Deal fields (docs/sections.md), read from the section dictionary's catalogue
 * (sections/fields.ts): amounts travel as decimal strings ("1234.56"), dates as dd.mm.yyyy,
 * reference ids as integers. Each section uses a subset (sections/income.ts, assets.ts).
 */
export const DEAL_TEXT_FIELDS = fieldsOfType('text');
export const DEAL_DECIMAL_FIELDS = fieldsOfType('decimal');
/** Reference ids (and the sale a purchase-history row belongs to), posted as integers: the one list web and server read. */
export const DEAL_ID_FIELDS = fieldsOfType('id');
/** foreign_broker: the form's broker choice (or an import from a broker outside Kazakhstan). */
export const DEAL_FLAG_FIELDS = fieldsOfType('flag');

export type DealTextField = FieldsOfType<'text'>;
export type DealDecimalField = FieldsOfType<'decimal'>;
export type DealIdField = FieldsOfType<'id'>;
export type DealFlagField = FieldsOfType<'flag'>;

const text = zodOf('text') as z.ZodOptional<z.ZodNullable<z.ZodString>>;
const decimal = zodOf('decimal') as z.ZodOptional<z.ZodNullable<z.ZodUnion<[z.ZodString, z.ZodNumber]>>>;
const id = zodOf('id') as z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
const flag = zodOf('flag') as z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;

const shape = {
  ...Object.fromEntries(DEAL_TEXT_FIELDS.map((f) => [f, text])),
  ...Object.fromEntries(DEAL_DECIMAL_FIELDS.map((f) => [f, decimal])),
  ...Object.fromEntries(DEAL_ID_FIELDS.map((f) => [f, id])),
  ...Object.fromEntries(DEAL_FLAG_FIELDS.map((f) => [f, flag])),
} as Record<DealTextField, typeof text> &
  Record<DealDecimalField, typeof decimal> &
  Record<DealIdField, typeof id> &
  Record<DealFlagField, typeof flag>;

/** What the deal form posts. Unknown keys are refused (strict) so typos do not silently vanish. */
export const DealInput = z.object({ ...shape, status: z.number().int().nullable().optional() }).strict();
export type DealInput = z.infer<typeof DealInput>;

/** A stored deal as the API returns it. */
export const Deal = z.object({
  ...shape,
  id: z.number().int(),
  status: z.number().int().nullable(),
  declaration_id: z.number().int(),
  declaration_section: z.string(),
});
export type Deal = z.infer<typeof Deal>;

/** The section dictionary (sections/): exported from here so the package index stays as it is. */
export * from './sections/index.ts';
