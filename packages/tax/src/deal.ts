import type { DealInput } from '@deklarant/contracts';
import { type Decimal, dec, isGiven, rateDec, TaxEngineError } from './money.ts';
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

const ONE = dec(1);
const isKzt = (deal: TaxDeal) => !deal.currency_code || deal.currency_code.toUpperCase() === 'KZT';

function rateOf(deal: TaxDeal, which: 'sale' | 'cost'): Decimal {
  const explicit = which === 'cost' && isGiven(deal.purchase_rate) ? deal.purchase_rate : deal.rate;
  if (isGiven(explicit)) return rateDec(explicit);
  if (isKzt(deal)) return ONE;
  throw new TaxEngineError(`No exchange rate for ${deal.currency_code} in deal ${deal.id ?? '?'}`, 'rate_missing');
}

/** Sale proceeds or income amount in KZT: the stored tenge figure wins, else amount × rate. */
export function saleKzt(deal: TaxDeal): Decimal {
  if (isGiven(deal.sales_cost_in_tenge_currency)) return dec(deal.sales_cost_in_tenge_currency);
  const amount = isGiven(deal.sale_closing_cost) ? deal.sale_closing_cost : deal.rent_amount;
  if (!isGiven(amount)) return dec(0);
  return dec(amount).times(rateOf(deal, 'sale'));
}

/** Acquisition cost in KZT (without commission; see `commissionKzt`). */
export function costKzt(deal: TaxDeal): Decimal {
  if (isGiven(deal.cost_in_tenge_currency)) return dec(deal.cost_in_tenge_currency);
  if (!isGiven(deal.purchase_opening_cost)) return dec(0);
  return dec(deal.purchase_opening_cost).times(rateOf(deal, 'cost'));
}

export function commissionKzt(deal: TaxDeal): Decimal {
  return isGiven(deal.commission) ? dec(deal.commission).times(rateOf(deal, 'cost')) : dec(0);
}

/** Converts an amount given in the deal's currency (e.g. foreign tax withheld) at the income rate. */
export function dealAmountKzt(deal: TaxDeal, value: string | number | null | undefined): Decimal {
  return isGiven(value) ? dec(value).times(rateOf(deal, 'sale')) : dec(0);
}

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
  const n = Number(date.slice(6, 10)) * 10000 + Number(date.slice(3, 5)) * 100 + Number(date.slice(0, 2));
  return Number.isNaN(n) ? 0 : n;
}
