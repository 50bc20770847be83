import { type SectionCode, type SectionSuggestion, suggestSection } from '@deklarant/contracts';
import type { FormValues } from './DealField.tsx';
import type { FieldDef } from './fields.ts';

/* What the deal form advises as the user types: pure functions, so they are tested without a browser. */

const AMOUNT_KINDS = new Set<FieldDef['kind']>(['amount', 'quantity']);

/** Whether any amount of the form has been typed. */
export const amountsTyped = (fields: readonly FieldDef[], values: FormValues) =>
  fields.some((f) => AMOUNT_KINDS.has(f.kind) && typeof values[f.name] === 'string' && String(values[f.name]).trim());

/** The currency advisory: the currency was changed (not first chosen) after amounts were typed. */
export const currencyChangedAfterAmounts = (previous: string, next: string, typed: boolean) =>
  typed && previous !== '' && next !== '' && previous !== next;

/** The currency field's value: the ISO code of deal forms or the currency id of debts and form 250.00. */
export const currencyValue = (values: FormValues) => String(values.currency_code || values.currency_code_id || '');

/** The section the typed values fit better (the chosen market's is_foreign taken into account). */
export function suggestionFor(
  code: SectionCode,
  payload: Record<string, unknown>,
  markets: readonly { market_id: number; is_foreign: boolean }[] | undefined,
): SectionSuggestion | null {
  const market = markets?.find((m) => m.market_id === payload.market_id);
  return suggestSection(code, payload, market ? { foreignMarket: market.is_foreign } : {});
}
