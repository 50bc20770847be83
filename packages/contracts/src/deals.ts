import { z } from 'zod';

/**
 * Deal fields (docs/sections.md). Amounts travel as decimal strings ("1234.56"), dates as dd.mm.yyyy,
 * reference ids as integers. Each section uses a subset; the per-section required-field table
 * lives in deal-rules.ts.
 */
export const DEAL_TEXT_FIELDS = [
  'comment',
  'transaction_date',
  'purchase_transaction_date',
  'name_security',
  'currency_code',
  'isin_security',
  'broker_bin',
  'property_name',
  // foreign property / money / debt / form 250
  'address',
  'bank_id',
  'bank_name',
  'name_creditor',
  'debt_type',
  'name',
  'company_name',
  'id_number',
  'location',
  'kind_of_transport',
  'brand_model',
  'vin_number',
  'notary_iin',
  'return_period',
] as const;

export const DEAL_DECIMAL_FIELDS = [
  'quantity',
  'purchase_opening_cost',
  'sale_closing_cost',
  'cost_in_tenge_currency',
  'sales_cost_in_tenge_currency',
  'cost_in_foreign_currency',
  'sales_cost_in_foreign_currency',
  'amount_in_foreign_currency',
  'opening_volume_in_foreign_currency',
  'closing_volume_in_foreign_currency',
  'opening_volume_in_tenge_currency',
  'closing_volume_in_tenge_currency',
  'value_added_income',
  'amount_in_tenge_currency',
  'remuneration',
  'foreign_tax_credit',
  'rent_amount',
  'amount_in_currency',
  'amount_owed',
  'amount',
  'purchase_price',
  'nominal_value',
  'property_value',
  'shareholding_size',
] as const;

/** Reference ids (and the sale a purchase-history row belongs to), posted as integers: the one list web and server read. */
export const DEAL_ID_FIELDS = [
  'operation_type_id',
  'market_id',
  'type_of_security',
  'type_of_bidding_method',
  'country_code_registration_id',
  'country_code_id',
  'country_id',
  'currency_code_id',
  'availability_tax_benefit',
  'first_a_and_second_section_deal_id',
] as const;

/** foreign_broker: set by an import from a broker outside Kazakhstan (no BIN to give); not on the form. */
export const DEAL_FLAG_FIELDS = ['is_offshore', 'is_ready_purchase_price', 'foreign_broker'] as const;

export type DealTextField = (typeof DEAL_TEXT_FIELDS)[number];
export type DealDecimalField = (typeof DEAL_DECIMAL_FIELDS)[number];
export type DealIdField = (typeof DEAL_ID_FIELDS)[number];
export type DealFlagField = (typeof DEAL_FLAG_FIELDS)[number];

const text = z.string().max(512).nullable().optional();
const decimal = z
  .union([z.string().max(40), z.number()])
  .nullable()
  .optional();
const id = z.number().int().nullable().optional();
const flag = z.boolean().nullable().optional();

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
