import { kztAmount, type TaxDeal } from './deal.ts';
import { isGiven, TaxEngineError } from './money.ts';
import { type FxRule, yearRules } from './year-rules.ts';

/**
 * Which National Bank rate an amount of a deal takes (docs/tax-years.md, «Rates»): the FX rule of the
 * tax year of the declaration (the report year) applies to every amount of it, the purchase cost of a
 * security bought in an earlier year included (`FX_RULE_SCOPE` in year-rules.ts). The date the rule is
 * applied to is the amount's own date: the sale date for the sale and the foreign tax, the purchase date
 * for the cost and the commission. The server only fetches what `ratesNeeded` asks for.
 */

/** One rate the server must fetch: `role` says which amounts it converts. Dates are dd.mm.yyyy. */
export interface RateLookup {
  role: 'sale' | 'purchase';
  currency: string;
  date: string;
  rule: FxRule;
}

const RU_DATE = /^\d{2}\.\d{2}\.\d{4}$/;
const ruDate = (v: unknown): string | null => (typeof v === 'string' && RU_DATE.test(v) ? v : null);

/** Which date an amount of a section is converted on: the deal's, the purchase's, or 31.12 of the year. */
export type RateBasis = 'deal' | 'purchase' | 'year_end';

/** What the server must fetch to convert a deal's amounts; null where no rate is needed or possible. */
export interface RatePlan {
  deal: { date: string; rule: FxRule | 'year_end' } | null;
  /** the purchase's own rate; null when the purchase takes the deal rate */
  purchase: { date: string; rule: FxRule } | null;
}

/**
 * The rates a deal form's conversions need (deals/compute.ts fetches exactly these): the year-end rate
 * for period-end assets (form 250.00, 5-2, 7); otherwise the report year's rule on the deal date and,
 * for a cost bought on another date, the same rule on the purchase date. A deal without a valid date
 * gets no rate (its tenge figures stay empty); an unsupported year throws TaxEngineError 'year'.
 */
export function ratePlan(
  bases: readonly RateBasis[],
  dates: { transaction_date?: unknown; purchase_transaction_date?: unknown },
  reportYear: number,
): RatePlan {
  if (bases.length === 0) return { deal: null, purchase: null };
  if (bases.includes('year_end')) return { deal: { date: `31.12.${reportYear}`, rule: 'year_end' }, purchase: null };
  const rule = fxRuleOf(reportYear);
  const saleDate = ruDate(dates.transaction_date);
  const buyDate = ruDate(dates.purchase_transaction_date);
  const ownBuyDate = bases.includes('purchase') && buyDate && buyDate !== saleDate ? buyDate : null;
  return {
    deal: saleDate ? { date: saleDate, rule } : null,
    purchase: ownBuyDate ? { date: ownBuyDate, rule } : null,
  };
}

/** The rates a deal was given, KZT per unit of its currency; `purchase` defaults to `sale`. */
export interface DealRatesGiven {
  sale?: string | null;
  purchase?: string | null;
}

/** The deal's amounts in tenge; null where the amount is absent. */
export interface DealInTenge {
  sale: string | null;
  cost: string | null;
  commission: string | null;
  foreignTax: string | null;
}

/** The FX rule of the report year; an unsupported year throws TaxEngineError 'year' (no fallback). */
export const fxRuleOf = (reportYear: number): FxRule => yearRules(reportYear).fxRule.value;

/**
 * The rate lookups the deal needs to put its amounts in tenge under the report year's rule. Amounts
 * that already carry a tenge figure, and rates already on the deal (`rate`, `purchase_rate`), need none.
 * The cost takes the purchase date's rate when the purchase has its own date, else the sale rate.
 */
export function ratesNeeded(deal: TaxDeal, reportYear: number): RateLookup[] {
  const rule = fxRuleOf(reportYear);
  const currency = (deal.currency_code ?? 'KZT').toUpperCase();
  if (currency === 'KZT') return [];
  const saleDate = ruDate(deal.transaction_date);
  const buyDate = ruDate(deal.purchase_transaction_date);
  const ownBuyDate = buyDate && buyDate !== saleDate ? buyDate : null;
  const needSale =
    (!isGiven(deal.sales_cost_in_tenge_currency) && (isGiven(deal.sale_closing_cost) || isGiven(deal.rent_amount))) ||
    isGiven(deal.foreign_tax_credit);
  const needCost =
    !isGiven(deal.cost_in_tenge_currency) && (isGiven(deal.purchase_opening_cost) || isGiven(deal.commission));
  const out: RateLookup[] = [];
  if ((needSale || (needCost && !ownBuyDate)) && saleDate && !isGiven(deal.rate))
    out.push({ role: 'sale', currency, date: saleDate, rule });
  if (needCost && ownBuyDate && !isGiven(deal.purchase_rate) && !isGiven(deal.rate))
    out.push({ role: 'purchase', currency, date: ownBuyDate, rule });
  return out;
}

/**
 * The deal's amounts in tenge at the given rates (`kztAmount`: 4 decimals at most, half-up).
 * The report year is checked (an unsupported year throws) so that a caller cannot convert under a year
 * the rates were not chosen for. A foreign-currency amount without its rate throws 'rate_missing'.
 */
export function dealInTenge(deal: TaxDeal, rates: DealRatesGiven, reportYear: number): DealInTenge {
  fxRuleOf(reportYear);
  const currency = (deal.currency_code ?? 'KZT').toUpperCase();
  const sale = currency === 'KZT' ? '1' : (rates.sale ?? null);
  const purchase = currency === 'KZT' ? '1' : (rates.purchase ?? sale);
  const at = (value: unknown, rate: string | null): string | null => {
    if (!isGiven(value)) return null;
    if (!isGiven(rate))
      throw new TaxEngineError(`No exchange rate for ${currency} in deal ${deal.id ?? '?'}`, 'rate_missing');
    return kztAmount(value, rate);
  };
  const saleAmount = isGiven(deal.sale_closing_cost) ? deal.sale_closing_cost : deal.rent_amount;
  return {
    sale: at(saleAmount, sale),
    cost: at(deal.purchase_opening_cost, purchase),
    commission: at(deal.commission, purchase),
    foreignTax: at(deal.foreign_tax_credit, sale),
  };
}
