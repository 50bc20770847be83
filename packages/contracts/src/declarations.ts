import { z } from 'zod';
import { pageOf } from './api.ts';
import { Deal } from './deals.ts';
import { MSG } from './messages.ts';
import { FORM, SECTION_KEYS } from './sections.ts';

/** docs/statuses.md: drafts page size, archiving after 10 days, the 3 years before the current one, periods from 2021. */
export const DECLARATIONS_PAGE_SIZE = 15;
export const ARCHIVE_AFTER_DAYS = 10;
export const FIRST_PERIOD_YEAR = 2021;
export const SELECTABLE_YEARS = 3;
/** Form 240.00 was abolished from 1 January 2025: no 240.00 for tax year 2025 or later. */
export const FORM_240_LAST_YEAR = 2024;
/** From this year the new form screen notes that 270.00 replaces 240.00 and defaults to 270.00. */
export const FORM_240_NOTICE_FROM_YEAR = 2024;
/** Declaration type 'Дополнительная' is not offered for form 250.00 (docs/sections.md). */
export const TYPE_ADDITIONAL = 2;

/** The reporting years a new declaration may have, newest first (time comes from the caller's clock). */
export function selectableYears(now: Date): number[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: SELECTABLE_YEARS }, (_, i) => current - 1 - i).filter((y) => y >= FIRST_PERIOD_YEAR);
}

/** Whether the form may be chosen for the year (240.00 is gone from 2025). */
export function formAllowedForYear(formId: number, year: number): boolean {
  return formId !== FORM.F240 || year <= FORM_240_LAST_YEAR;
}

/** Whether the declaration type may be chosen for the form. */
export function typeAllowedForForm(typeId: number, formId: number): boolean {
  return !(formId === FORM.F250 && typeId === TYPE_ADDITIONAL);
}

const select = z.coerce.number({ error: MSG.selectValue }).int(MSG.checkSelected).positive(MSG.selectValue);

/**
 * New declaration payload (docs/sections.md). broker is the broker's name (or its id); token,
 * user_id and manager_id belong to the manager path and are accepted here.
 */
export const NewDeclaration = z.object({
  year: select,
  type: select,
  kgd_code_id: select,
  reporting_form_id: select,
  broker: z
    .union([z.string().max(255), z.number().int()])
    .nullable()
    .optional(),
  token: z.string().max(200).nullable().optional(),
  user_id: z.coerce.number().int().nullable().optional(),
  manager_id: z.coerce.number().int().nullable().optional(),
});
export type NewDeclaration = z.infer<typeof NewDeclaration>;

/** common_data of docs/sections.md, plus the derived archive and read-only flags. Dates: dd.mm.yyyy hh:mm. */
export const CommonData = z.object({
  id: z.number().int(),
  status: z.number().int(),
  tariff_type: z.number().int().nullable(),
  reporting_form_id: z.number().int(),
  type: z.number().int(),
  year: z.number().int(),
  created_at: z.string(),
  kgd_code_id: z.number().int(),
  declaration_expired_date: z.string().nullable(),
  broker: z.string().nullable(),
  referral_code: z.string().nullable(),
  tax_office_sending: z.boolean(),
  /** in the 'Архивные формы' list: the expiry date has passed */
  archived: z.boolean(),
  /** archived declarations cannot be modified */
  read_only: z.boolean(),
  /** the tax office's latest answer when the declaration was sent (ISO dates) */
  submission: z
    .object({
      status: z.enum(['sent', 'accepted', 'rejected']),
      registration_number: z.string().nullable(),
      registered_at: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type CommonData = z.infer<typeof CommonData>;

/** A stored deal; per-section fields travel beside the common ones. */
export const DeclarationDeal = Deal.loose();
export type DeclarationDeal = z.infer<typeof DeclarationDeal>;

export const SectionSummary = z.object({ count: z.number().int(), total: z.string() });
export type SectionSummary = z.infer<typeof SectionSummary>;

/** Deals grouped by every section key (empty arrays included) and the calculation result. */
export const DeclarationDeals = z
  .object(
    Object.fromEntries(SECTION_KEYS.map((k) => [k, z.array(DeclarationDeal)])) as Record<
      string,
      z.ZodArray<typeof DeclarationDeal>
    >,
  )
  .extend({ fifth_section: z.record(z.string(), z.unknown()).nullable() });

export const Declaration = z.object({
  common_data: CommonData,
  personal_data: z.record(z.string(), z.unknown()),
  deals: DeclarationDeals,
  /** per section key: deal count and the KZT total of deals not marked 'needs information' */
  summary: z.record(z.string(), SectionSummary),
  /** deals marked 'needs information' (status 1), in every section */
  needs_info: z.number().int().optional(),
  /**
   * true when the declaration holds more than LIMITS.inlineDeals deals: `deals` then lists none and
   * each section's deals are read a page at a time (GET /api/declarations/{id}/deals/{section}?page=)
   */
  deals_paged: z.boolean().optional(),
});
export type Declaration = z.infer<typeof Declaration>;

export const DeclarationList = pageOf(CommonData);
export type DeclarationList = z.infer<typeof DeclarationList>;

export const DeclarationListQuery = z.object({
  archived: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const DeleteAllResult = z.object({ success: z.boolean(), deleted: z.number().int() });
