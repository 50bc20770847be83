import type { SectionCode } from '../sections.ts';
import type { FieldName, Widget } from './fields.ts';
import type { DealValues, RequiredWhen } from './rules.ts';

/**
 * Which rate converts an amount to tenge: 'deal' = the report year's rule on the deal date,
 * 'purchase' = the report year's rule on the purchase date, 'year_end' = 31.12 of the report year
 * (assets at period end, form 250.00). The rule itself is chosen by packages/tax/src/fx.ts.
 */
export type TengeRate = 'deal' | 'purchase' | 'year_end';

/** One field of a section's form, in screen order. */
export interface SectionField {
  name: FieldName;
  /** the section's own words for the field (else the catalogue label) */
  label?: string;
  widget?: Widget;
  maxLength?: number;
  /** required always (true) or when the rule holds */
  required?: true | RequiredWhen;
  /** shown (and posted) only when this holds for the typed values */
  shownWhen?: (input: DealValues) => boolean;
  /** shown only for these reporting forms (1 = 240.00, 2 = 250.00, 3 = 270.00) */
  forms?: readonly number[];
  /** the tenge equivalent the server computes from this amount */
  tenge?: { to: FieldName; rate: TengeRate };
  /** the line or column of the official form the value ends up in */
  line?: string;
}

/** The section's words where the generic "deal" would not fit (dividends, coupons, rent). */
export interface SectionWords {
  create: string;
  edit: string;
  /** the tenge block's line for the main amount */
  mainKzt: string;
  /** the tenge block's income line */
  income: string;
}

/**
 * A section of the dictionary. Its texts (label, columnLabels, words, who, help) are not written here: they
 * are read from the `fields` catalogue, section.<key> (sections/index.ts, withTexts).
 */
export interface SectionSpec {
  code: SectionCode;
  fields: readonly SectionField[];
  /** the register's main columns (PDF prints these; XLSX adds every other filled field) */
  columns: readonly FieldName[];
  /** the section's own column headers (a dividend's amount is income, not a sale price) */
  columnLabels?: Readonly<Partial<Record<FieldName, string>>>;
  /** values a new deal starts with */
  preset?: Readonly<Record<string, string | boolean>>;
  words?: Partial<SectionWords>;
  /** whose deals belong here, in a few words: the section tile's hint */
  who?: string;
  /** what belongs here and what goes elsewhere: step 4's help and the deal form (two lines) */
  help?: readonly [string, string];
}
