/**
 * The one mapping of declaration sections (ARCHITECTURE.md renders it for humans); the engine, the forms and
 * the documents all read it. This module holds its structure without texts: storage key, web route, API slug, code, forms and limits.
 * Kept apart from the texts (sections.ts) so that a reader of routes alone (the web router, loaded with the
 * login page) does not pull the Russian field catalogue in.
 */

export const FORM = { F240: 1, F250: 2, F270: 3 } as const;
export type ReportingFormId = (typeof FORM)[keyof typeof FORM];

export const FORM_CODES: Record<ReportingFormId, string> = { 1: '240.00', 2: '250.00', 3: '270.00' };

/** Short code used by the required-field table of docs/sections.md. */
export type SectionCode =
  | '1A'
  | '1B'
  | '1C'
  | '2'
  | '3'
  | '4'
  | 'rental'
  | 'purchase'
  | 'history'
  | '5-1'
  | '5-2'
  | '7'
  | '250-1'
  | '250-2'
  | '250-3'
  | '250-4'
  | '250-5'
  | '250-6'
  | '250-7'
  | '250-8'
  | '250-9';

export type SectionStep = 'income' | 'assets' | 'form250';

export interface SectionDef {
  /** key in the declaration payload (docs/sections.md) */
  key: string;
  /** web route segment under /app */
  route: string;
  /** API slug under /api/declarations/{id}/deals/ */
  slug: string;
  code: SectionCode;
  /** tile label on the income/assets step */
  tile: string;
  title: string;
  step: SectionStep;
  forms: readonly ReportingFormId[];
  /** first tax year the section applies to */
  fromYear?: number;
  /** what belongs there, in Russian, shown on the list screen (section.<key>.about) */
  about: string;
  /** line of the declaration this section feeds */
  feeds: string;
  /** add-button row limit (docs/sections.md) */
  rowLimit?: number;
  /** FIFO (sales), weighted average (purchases) or none */
  costMethod?: 'fifo' | 'weighted_average';
}

/** A section as declared here, before its texts are read from the catalogue. */
export type SectionRow = Omit<SectionDef, 'title' | 'about' | 'feeds'>;

const INCOME_FORMS = [FORM.F240, FORM.F270] as const;

/** The sections without their texts (title, about, feeds and a worded tile come from the catalogue). */
export const SECTION_ROWS: readonly SectionRow[] = [
  {
    key: 'first_section_a',
    route: 'securities-transactions',
    slug: 'first-section-a',
    code: '1A',
    tile: 'I.A',
    step: 'income',
    forms: INCOME_FORMS,
    costMethod: 'fifo',
  },
  {
    key: 'first_section_b',
    route: 'income-dividends',
    slug: 'first-section-b',
    code: '1B',
    tile: 'I.B',
    step: 'income',
    forms: INCOME_FORMS,
  },
  {
    key: 'first_section_c',
    route: 'securities-transactions-reverse',
    slug: 'first-section-c',
    code: '1C',
    tile: 'I.C',
    step: 'income',
    forms: INCOME_FORMS,
  },
  {
    key: 'second_section',
    route: 'securities-transactions-outside',
    slug: 'second-section',
    code: '2',
    tile: 'II',
    step: 'income',
    forms: INCOME_FORMS,
    costMethod: 'fifo',
  },
  {
    key: 'third_section',
    route: 'income-dividends-outside',
    slug: 'third-section',
    code: '3',
    tile: 'III',
    step: 'income',
    forms: INCOME_FORMS,
  },
  {
    key: 'fourth_section',
    route: 'reward-dividends-outside',
    slug: 'fourth-section',
    code: '4',
    tile: 'IV',
    step: 'income',
    forms: INCOME_FORMS,
  },
  {
    key: 'income_from_rental',
    route: 'income-rental-property',
    slug: 'income-from-rental',
    code: 'rental',
    tile: 'V-VII',
    step: 'income',
    forms: INCOME_FORMS,
  },
  {
    key: 'purchase_transaction_section',
    route: 'purchase-transactions',
    slug: 'purchase-transaction-section',
    code: 'purchase',
    tile: '',
    step: 'income',
    forms: [FORM.F270],
    costMethod: 'weighted_average',
  },
  {
    key: 'purchase_transaction_currency_section',
    route: 'purchase-transactions-currency',
    slug: 'history-section',
    code: 'history',
    tile: '',
    step: 'income',
    forms: INCOME_FORMS,
  },
  {
    key: 'sixth_section_first_part',
    route: 'foreign-property',
    slug: 'sixth-section-first-part',
    code: '5-1',
    tile: 'V',
    step: 'assets',
    forms: INCOME_FORMS,
  },
  {
    key: 'sixth_section_second_part',
    route: 'foreign-money',
    slug: 'sixth-section-second-part',
    code: '5-2',
    tile: 'VI',
    step: 'assets',
    forms: INCOME_FORMS,
    fromYear: 2023,
  },
  {
    key: 'seventh_section',
    route: 'debt',
    slug: 'seventh-section',
    code: '7',
    tile: 'VII',
    step: 'assets',
    forms: [FORM.F270],
  },
  ...form250([
    ['1', 'first', 4],
    ['2', 'second', undefined],
    ['3', 'third', 6],
    ['4', 'fourth', 6],
    ['5', 'fifth', 5],
    ['6', 'sixth', 6],
    ['7', 'seventh', 6],
    ['8', 'eighth', 6],
    ['9', 'ninth', undefined],
  ]),
];

/** Form 250.00's sections: number, ordinal word of the key, row limit (groups: FORM_250_GROUPS). */
function form250(rows: [string, string, number | undefined][]): SectionRow[] {
  return rows.map(([n, ordinal, rowLimit]) => ({
    key: `form_250_${ordinal}_section`,
    route: `250-${n}`,
    slug: `form-250-${ordinal}-section`,
    code: `250-${n}` as SectionCode,
    tile: n,
    step: 'form250' as const,
    forms: [FORM.F250],
    ...(rowLimit ? { rowLimit } : {}),
  }));
}
