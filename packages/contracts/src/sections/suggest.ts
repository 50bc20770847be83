import { operationTypeId } from '../operations.ts';
import type { SectionCode } from '../sections.ts';
import { isForeignBroker } from './rules.ts';

/**
 * Which section a deal typed into the wrong one belongs to (issue 18): the broker, the ISIN's
 * country and the market say where it goes. A suggestion, never a refusal: the deal form shows it
 * with a one-click move.
 */

export interface SectionSuggestion {
  code: SectionCode;
  /** Russian: why the deal belongs there */
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

export const SUGGEST_TEXT = {
  foreignBrokerSale:
    'Сделка совершена через иностранного брокера: продажи через Interactive Brokers, Exante, Freedom24 и других иностранных брокеров указываются в разделе II.',
  foreignIsinSale: (country: string) =>
    `ISIN ${country}… — ценная бумага иностранного эмитента на зарубежном рынке: такие продажи указываются в разделе II.`,
  foreignMarketSale: 'Сделка совершена на зарубежной бирже: продажи на иностранных биржах указываются в разделе II.',
  kazakhSale: 'Казахстанская ценная бумага, проданная через казахстанского брокера, указывается в разделе I.A.',
  foreignDividend: 'Дивиденды иностранных эмитентов и доход через иностранного брокера указываются в разделе III.',
  foreignReward: 'Купоны и погашение иностранных облигаций указываются в разделе IV.',
  kazakhIncome: 'Доход по казахстанской ценной бумаге (ISIN KZ…) от казахстанского брокера указывается в разделе I.B.',
} as const;

/** Advisories of the deal form (shown as notes, never as errors). */
export const DEAL_FORM_TEXT = {
  /** docs/sections.md: "A currency change shows an advisory" */
  currencyChanged: 'Валюта сделки изменена: сумма в тенге пересчитана по курсу Национального Банка РК.',
  suggestTitle: (tile: string) => `Похоже, эта сделка относится к разделу ${tile}`,
  move: (tile: string) => `Перенести в раздел ${tile}`,
} as const;

const DIVIDEND = operationTypeId('Выплата дивиденда');

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
