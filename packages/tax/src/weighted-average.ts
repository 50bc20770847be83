import { amount, type Decimal, type DecimalLike, dec, isGiven, quantity, TaxEngineError, ZERO } from './money.ts';
import { yearRules } from './year-rules.ts';

export interface Purchase {
  quantity: DecimalLike;
  /** total price in `currency` */
  cost: DecimalLike;
  currency?: string;
  rate?: DecimalLike | null;
  commission?: DecimalLike | null;
}

export interface WeightedAverage {
  quantity: string;
  totalCostKzt: string;
  /** KZT per unit; '0' when nothing was bought */
  averageCostKzt: string;
}

/**
 * Purchase section (docs/sections.md, cost basis: weighted average): total KZT cost of all purchases of one
 * security divided by the total quantity; each purchase converted at its own rate.
 */
export function weightedAverage(purchases: readonly Purchase[], opts: { year: number }): WeightedAverage {
  const withCommission = yearRules(opts.year).commissionsInCost.value;
  let qty: Decimal = ZERO;
  let kzt: Decimal = ZERO;
  for (const p of purchases) {
    const currency = (p.currency ?? 'KZT').toUpperCase();
    if (!isGiven(p.rate) && currency !== 'KZT')
      throw new TaxEngineError(`No exchange rate for a purchase in ${currency}`, 'rate_missing');
    const rate = isGiven(p.rate) ? dec(p.rate) : dec(1);
    const cost = dec(p.cost).plus(withCommission ? dec(p.commission) : ZERO);
    qty = qty.plus(dec(p.quantity));
    kzt = kzt.plus(cost.times(rate));
  }
  return {
    quantity: quantity(qty),
    totalCostKzt: amount(kzt),
    averageCostKzt: qty.isZero() ? '0' : amount(kzt.dividedBy(qty)),
  };
}

/** Bond repayment: the remuneration is the repayment amount minus the purchase cost (docs/sections.md). */
export function repaymentRemuneration(repaymentKzt: DecimalLike, purchaseCostKzt: DecimalLike): Decimal {
  return dec(repaymentKzt).minus(dec(purchaseCostKzt));
}
