import type { DealInput } from '@deklarant/contracts';
import { amountOf, type Exact, exact, exactRepeated, times, toDecimal, X0, X1 } from './exact.ts';
import { type Decimal, type DecimalLike, isGiven, TaxEngineError } from './money.ts';
import { KAZAKHSTAN, OPERATION } from './vocabulary.ts';

/**
 * A deal as the engine reads it: the contract fields plus what the server resolves before calling
 * (the engine does no I/O): exchange rates per the year's FX rule, the country code, the commission.
 */
export type TaxDeal = Partial<DealInput> & {
  id?: number | string;
  status?: number | null;
  /** KZT per unit of currency_code for the sale / income amount */
  rate?: string | number | null;
  /** KZT per unit of currency_code for the purchase cost (defaults to `rate`) */
  purchase_rate?: string | number | null;
  /** broker commission on the purchase, in currency_code (added to cost when the year allows) */
  commission?: string | number | null;
  /** alpha-3 registration country, when the server has resolved country_code_registration_id */
  country_code?: string | null;
};

export interface DealContext {
  year: number;
  /** 1 = 240.00, 2 = 250.00, 3 = 270.00 */
  form?: 1 | 2 | 3;
  /** id of Kazakhstan in the countries reference, to read country_code_registration_id */
  kzCountryId?: number;
}

const isKzt = (deal: TaxDeal) => !deal.currency_code || deal.currency_code.toUpperCase() === 'KZT';

function rateOf(deal: TaxDeal, which: 'sale' | 'cost'): Exact {
  const explicit = which === 'cost' && isGiven(deal.purchase_rate) ? deal.purchase_rate : deal.rate;
  if (isGiven(explicit)) return exactRepeated(explicit);
  if (isKzt(deal)) return X1;
  throw new TaxEngineError(`No exchange rate for ${deal.currency_code} in deal ${deal.id ?? '?'}`, 'rate_missing');
}

// The rules below work on exact values (exact.ts: the same figures as the engine's Decimal, faster);
// the Decimal functions after them are the public face for callers that compute further with Decimal.

/** Sale proceeds or income amount in KZT: the stored tenge figure wins, else amount × rate. */
export function saleKztExact(deal: TaxDeal): Exact {
  if (isGiven(deal.sales_cost_in_tenge_currency)) return exact(deal.sales_cost_in_tenge_currency);
  const amount = isGiven(deal.sale_closing_cost) ? deal.sale_closing_cost : deal.rent_amount;
  if (!isGiven(amount)) return X0;
  return times(exact(amount), rateOf(deal, 'sale'));
}

/** Acquisition cost in KZT (without commission; see `commissionKztExact`). */
export function costKztExact(deal: TaxDeal): Exact {
  if (isGiven(deal.cost_in_tenge_currency)) return exact(deal.cost_in_tenge_currency);
  if (!isGiven(deal.purchase_opening_cost)) return X0;
  return times(exact(deal.purchase_opening_cost), rateOf(deal, 'cost'));
}

export function commissionKztExact(deal: TaxDeal): Exact {
  return isGiven(deal.commission) ? times(exactRepeated(deal.commission), rateOf(deal, 'cost')) : X0;
}

/** Converts an amount given in the deal's currency (e.g. foreign tax withheld) at the income rate. */
export function dealAmountKztExact(deal: TaxDeal, value: string | number | null | undefined): Exact {
  return isGiven(value) ? times(exact(value), rateOf(deal, 'sale')) : X0;
}

/**
 * KZT equivalent of an amount at a rate, as the engine outputs it: `amount(toKzt(value, rate))` (4 decimals,
 * half-up), computed exactly without a Decimal. The deal form and the import convert every amount with it.
 */
export const kztAmount = (value: DecimalLike, rate: DecimalLike): string => amountOf(times(exact(value), exact(rate)));

/** Sale proceeds or income amount in KZT: the stored tenge figure wins, else amount × rate. */
export const saleKzt = (deal: TaxDeal): Decimal => toDecimal(saleKztExact(deal));

/** Acquisition cost in KZT (without commission; see `commissionKzt`). */
export const costKzt = (deal: TaxDeal): Decimal => toDecimal(costKztExact(deal));

export const commissionKzt = (deal: TaxDeal): Decimal => toDecimal(commissionKztExact(deal));

/** Converts an amount given in the deal's currency (e.g. foreign tax withheld) at the income rate. */
export const dealAmountKzt = (deal: TaxDeal, value: string | number | null | undefined): Decimal =>
  toDecimal(dealAmountKztExact(deal, value));

export const hasCost = (deal: TaxDeal) => isGiven(deal.cost_in_tenge_currency) || isGiven(deal.purchase_opening_cost);

/** Identity of a security for FIFO: ISIN when known, else the name. */
export const securityKey = (deal: Pick<TaxDeal, 'isin_security' | 'name_security'>) =>
  (deal.isin_security || deal.name_security || '').trim().toUpperCase();

export function isKazakhRegistered(deal: TaxDeal, ctx: DealContext): boolean | undefined {
  if (deal.country_code) return deal.country_code.toUpperCase() === KAZAKHSTAN;
  if (ctx.kzCountryId !== undefined && isGiven(deal.country_code_registration_id))
    return deal.country_code_registration_id === ctx.kzCountryId;
  return undefined;
}

export const isRepayment = (deal: TaxDeal) => deal.operation_type_id === OPERATION.REPAYMENT;
export const isDividend = (deal: TaxDeal) => deal.operation_type_id === OPERATION.DIVIDEND;
export const isOffshore = (deal: TaxDeal) => deal.is_offshore === true;

/** dd.mm.yyyy -> yyyymmdd as a number, for ordering; 0 when absent or malformed. */
export function dateKey(date: string | null | undefined): number {
  if (date?.length !== 10) return 0;
  // dd.mm.yyyy with digits where the digits belong: read the char codes, no substrings (hot in FIFO)
  const y = digitsAt(date, 6, 4);
  const m = digitsAt(date, 3, 2);
  const d = digitsAt(date, 0, 2);
  if (y >= 0 && m >= 0 && d >= 0) return y * 10000 + m * 100 + d;
  const n = Number(date.slice(6, 10)) * 10000 + Number(date.slice(3, 5)) * 100 + Number(date.slice(0, 2));
  return Number.isNaN(n) ? 0 : n;
}

/** The number written by `count` ASCII digits from `from`, or -1 if one of them is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}
