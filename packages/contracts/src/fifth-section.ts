import { z } from 'zod';
import { Money } from './api.ts';

/** The calculation result (fifth_section) fields of docs/sections.md, as decimal strings in KZT. */
export const FIFTH_SECTION_FIELDS = [
  'property_income',
  'value_income_amount',
  'from_sale_property_outside_rk',
  'income_from_rental',
  'other_income_amount',
  'dividends',
  'rewards',
  'other_income_not_from_tax_agent',
  'total_income_to_declaration',
  'total_income_tax',
  'adjustment_of_income_amount',
  'adjustment_of_income_341_part_1_value',
  'adjustment_of_income_341_part_2_value',
  'adjustment_of_income_point7_amount',
  'taxable_amount_of_income',
  'calculated_amount_of_income_tax',
  'amount_of_personal_income_tax_from_outside_rk',
  'foreign_tax_credit',
  'amount_of_IPN_final',
] as const;
export type FifthSectionField = (typeof FIFTH_SECTION_FIELDS)[number];

export const FifthSection = z.object(
  Object.fromEntries(FIFTH_SECTION_FIELDS.map((f) => [f, Money])) as Record<FifthSectionField, typeof Money>,
);
export type FifthSection = z.infer<typeof FifthSection>;
