import type { SectionDef } from '@deklarant/contracts';
import { DEFAULT_LANGUAGE, type Language } from '@deklarant/i18n';
import { amountLevel, isGiven, type TaxWarning } from '@deklarant/tax';
import type { DeclarationRow } from '../../db/rows.ts';
import { localize, localizeJoined } from '../../lib/language.ts';
import type { DealOut } from '../declarations/index.ts';
import { SALE_CODES, warningsOf } from './compute.ts';
import type { ReferenceSets } from './references.ts';

/** A deal as the API returns it: stored fields, the engine's warnings and the card level. */
export type DealView = DealOut & { warnings: TaxWarning[]; level: 'default' | 'warning' | 'error' };

const RANK = { default: 0, warning: 1, error: 2 } as const;

/**
 * Card level: the worst of the engine's warnings and, for sales, the section warning levels of docs/tax-years.md
 * section 4 (cost against sales and sales against cost, amountLevel).
 */
export function levelOf(warnings: readonly TaxWarning[], deal?: Record<string, unknown>): DealView['level'] {
  let level: DealView['level'] = warnings.some((w) => w.level === 'error')
    ? 'error'
    : warnings.length > 0
      ? 'warning'
      : 'default';
  if (deal && isGiven(deal.sales_cost_in_tenge_currency as string) && isGiven(deal.cost_in_tenge_currency as string)) {
    const sale = deal.sales_cost_in_tenge_currency as string;
    const cost = deal.cost_in_tenge_currency as string;
    for (const l of [amountLevel(cost, sale), amountLevel(sale, cost)]) if (RANK[l] > RANK[level]) level = l;
  }
  return level;
}

/** A stored deal with its warnings and card level, as the API returns it. */
export function dealView(section: SectionDef, deal: DealOut, decl: DeclarationRow, refs: ReferenceSets): DealView {
  const warnings = warningsOf(section, deal, { form: decl.reporting_form_id, year: decl.year, refs });
  const sale = SALE_CODES.has(section.code) ? deal : undefined;
  return { ...deal, warnings, level: levelOf(warnings, sale) };
}

/** The engine's warnings in `lng`: their Russian texts are message ids of the `engine` catalogue. */
export function warningsIn(lng: Language, warnings: TaxWarning[]): TaxWarning[] {
  if (lng === DEFAULT_LANGUAGE) return warnings;
  return warnings.map((w) => ({
    ...w,
    text: localize(lng, w.text),
    ...(w.title !== undefined ? { title: localize(lng, w.title) } : {}),
  }));
}

/**
 * A deal view (or any answer row with the engine's warnings) with its warnings in `lng`, and the reason it needs
 * information (`comment`: our Russian text, such as an import's) where the catalogue has it.
 */
export const withWarningsIn = <T extends { warnings: TaxWarning[]; comment?: unknown }>(lng: Language, row: T): T =>
  lng === DEFAULT_LANGUAGE
    ? row
    : {
        ...row,
        warnings: warningsIn(lng, row.warnings),
        ...(typeof row.comment === 'string' && row.comment ? { comment: localizeJoined(lng, row.comment) } : {}),
      };

/** A tax benefit's name (the reference catalogue's) and its Tax Code citation in `lng`. */
export const benefitIn = <T extends { name: string; article?: string | null }>(
  lng: Language,
  benefit: T | null,
): T | null =>
  benefit && lng !== DEFAULT_LANGUAGE
    ? {
        ...benefit,
        name: localize(lng, benefit.name),
        ...(benefit.article ? { article: localize(lng, benefit.article) } : {}),
      }
    : benefit;
