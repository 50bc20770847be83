import { OPERATION } from '../reference.ts';
import type { SectionCode } from '../sections.ts';
import { fieldsFormat, fieldsText } from '../texts.ts';
import { isForeignBroker } from './rules.ts';

/**
 * Which section a deal typed into the wrong one belongs to (issue 18): the broker, the ISIN's
 * country and the market say where it goes. A suggestion, never a refusal: the deal form shows it
 * with a one-click move.
 */

export interface SectionSuggestion {
  code: SectionCode;
  /** Russian: why the deal belongs there (a suggest.* text of the `fields` catalogue) */
  reason: string;
}

export interface SuggestContext {
  /** whether the chosen market is foreign (GET /api/common/get-markets is_foreign); undefined: none chosen */
  foreignMarket?: boolean;
}

const isinCountry = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim().toUpperCase() : '';
  return /^[A-Z]{2}/.test(s) ? s.slice(0, 2) : null;
};

/** Why a deal belongs elsewhere: suggest.* of the `fields` catalogue. */
export const SUGGEST_TEXT = {
  foreignBrokerSale: fieldsText('suggest.foreignBrokerSale'),
  foreignIsinSale: (country: string) => fieldsFormat('suggest.foreignIsinSale', { country }),
  foreignMarketSale: fieldsText('suggest.foreignMarketSale'),
  kazakhSale: fieldsText('suggest.kazakhSale'),
  foreignDividend: fieldsText('suggest.foreignDividend'),
  foreignReward: fieldsText('suggest.foreignReward'),
  kazakhIncome: fieldsText('suggest.kazakhIncome'),
} as const;

/** Advisories of the deal form (shown as notes, never as errors). */
export const DEAL_FORM_TEXT = {
  /** docs/sections.md: "A currency change shows an advisory" */
  currencyChanged: fieldsText('suggest.currencyChanged'),
  suggestTitle: (tile: string) => fieldsFormat('suggest.title', { tile }),
  move: (tile: string) => fieldsFormat('suggest.move', { tile }),
} as const;

const DIVIDEND = OPERATION.DIVIDEND;

/** The section the typed values fit better, or null when they fit this one (or say too little). */
export function suggestSection(
  code: SectionCode,
  input: Readonly<Record<string, unknown>>,
  ctx: SuggestContext = {},
): SectionSuggestion | null {
  const country = isinCountry(input.isin_security);
  const foreignBroker = isForeignBroker(input);
  const kazakhBroker = input.foreign_broker === false;
  const foreignIsin = country !== null && country !== 'KZ';
  switch (code) {
    case '1A':
      if (foreignBroker) return { code: '2', reason: SUGGEST_TEXT.foreignBrokerSale };
      if (ctx.foreignMarket === true) return { code: '2', reason: SUGGEST_TEXT.foreignMarketSale };
      if (foreignIsin && ctx.foreignMarket !== false)
        return { code: '2', reason: SUGGEST_TEXT.foreignIsinSale(country) };
      return null;
    case '2':
      return country === 'KZ' && kazakhBroker && ctx.foreignMarket !== true
        ? { code: '1A', reason: SUGGEST_TEXT.kazakhSale }
        : null;
    case '1B':
      if (!foreignBroker && !foreignIsin) return null;
      return Number(input.operation_type_id) === DIVIDEND
        ? { code: '3', reason: SUGGEST_TEXT.foreignDividend }
        : { code: '4', reason: SUGGEST_TEXT.foreignReward };
    case '3':
    case '4':
      return country === 'KZ' && !foreignBroker ? { code: '1B', reason: SUGGEST_TEXT.kazakhIncome } : null;
    default:
      return null;
  }
}

/** The typed values a moved deal keeps: those the target section's form has (`names`). */
export function carryValues<T>(values: Readonly<Record<string, T>>, names: readonly string[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const n of names) if (Object.hasOwn(values, n)) out[n] = values[n] as T;
  return out;
}
