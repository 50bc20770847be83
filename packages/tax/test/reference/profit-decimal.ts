// The profit rules on decimal.js as they were before exact.ts (commit 4d729fd: deal.ts amounts and
// profit.ts), kept unchanged as the reference the exact version is compared with in
// profit-equivalence.test.ts. Not used by the engine.
import type { FifthSectionField, SectionCode } from '@deklarant/contracts';
import { sectionCodeOf } from '../../src/benefits.ts';
import { type DealContext, isDividend, isOffshore, isRepayment, type TaxDeal } from '../../src/deal.ts';
import { amount, type Decimal, dec, isGiven, rateDec, TaxEngineError, ZERO } from '../../src/money.ts';
import { yearRules } from '../../src/year-rules.ts';

const ONE = dec(1);
const isKzt = (deal: TaxDeal) => !deal.currency_code || deal.currency_code.toUpperCase() === 'KZT';

function rateOf(deal: TaxDeal, which: 'sale' | 'cost'): Decimal {
  const explicit = which === 'cost' && isGiven(deal.purchase_rate) ? deal.purchase_rate : deal.rate;
  if (isGiven(explicit)) return rateDec(explicit);
  if (isKzt(deal)) return ONE;
  throw new TaxEngineError(`No exchange rate for ${deal.currency_code} in deal ${deal.id ?? '?'}`, 'rate_missing');
}

/** Sale proceeds or income amount in KZT: the stored tenge figure wins, else amount × rate. */
export function saleKztDecimal(deal: TaxDeal): Decimal {
  if (isGiven(deal.sales_cost_in_tenge_currency)) return dec(deal.sales_cost_in_tenge_currency);
  const amount = isGiven(deal.sale_closing_cost) ? deal.sale_closing_cost : deal.rent_amount;
  if (!isGiven(amount)) return dec(0);
  return dec(amount).times(rateOf(deal, 'sale'));
}

/** Acquisition cost in KZT (without commission; see `commissionKzt`). */
export function costKztDecimal(deal: TaxDeal): Decimal {
  if (isGiven(deal.cost_in_tenge_currency)) return dec(deal.cost_in_tenge_currency);
  if (!isGiven(deal.purchase_opening_cost)) return dec(0);
  return dec(deal.purchase_opening_cost).times(rateOf(deal, 'cost'));
}

export function commissionKztDecimal(deal: TaxDeal): Decimal {
  return isGiven(deal.commission) ? dec(deal.commission).times(rateOf(deal, 'cost')) : dec(0);
}

/** Converts an amount given in the deal's currency (e.g. foreign tax withheld) at the income rate. */
/** Which line of the fifth section a deal's income feeds. */
type IncomeLine = Extract<
  FifthSectionField,
  | 'value_income_amount'
  | 'from_sale_property_outside_rk'
  | 'income_from_rental'
  | 'dividends'
  | 'rewards'
  | 'other_income_not_from_tax_agent'
>;

type ProfitRule =
  | 'gain' // proceeds − acquisition cost
  | 'offshore' // proceeds, no cost deducted
  | 'repayment' // repayment − purchase cost, a remuneration
  | 'income' // the amount received is the income
  | 'none'; // purchases: no income

interface ProfitBreakdown {
  code: SectionCode;
  line: IncomeLine | null;
  rule: ProfitRule;
  proceedsKzt: Decimal;
  costKzt: Decimal;
  /** signed: a loss is negative, whether it counts is the calculation's business */
  income: Decimal;
}

const GAIN_LINE: Partial<Record<SectionCode, IncomeLine>> = {
  '1A': 'value_income_amount',
  '2': 'from_sale_property_outside_rk',
  '1C': 'other_income_not_from_tax_agent',
};

function lineOf(code: SectionCode, deal: TaxDeal): IncomeLine | null {
  switch (code) {
    case '1A':
    case '2':
    case '1C':
      return GAIN_LINE[code]!;
    case '1B':
      return isDividend(deal) ? 'dividends' : 'rewards';
    case '3':
      return 'dividends';
    case '4':
      return 'rewards';
    case 'rental':
      return 'income_from_rental';
    default:
      return null;
  }
}

function ruleOf(code: SectionCode, deal: TaxDeal): ProfitRule {
  if (code === 'purchase' || code === 'history') return 'none';
  if ((code === '1A' || code === '2' || code === '1C') && isOffshore(deal)) return 'offshore';
  if (code === '1A' || code === '2' || code === '1C') return 'gain';
  if ((code === '1B' || code === '4') && isRepayment(deal)) return 'repayment';
  return 'income';
}

/**
 * The income of one deal. `cost` overrides the deal's own acquisition cost (FIFO result); the
 * commission is added to the deal's own cost only in years that count it (2025 on).
 */
export function profitBreakdownDecimal(
  slugOrCode: string,
  deal: TaxDeal,
  ctx: DealContext,
  cost?: Decimal,
): ProfitBreakdown {
  const code = sectionCodeOf(slugOrCode);
  if (!code || !['1A', '1B', '1C', '2', '3', '4', 'rental', 'purchase', 'history'].includes(code))
    throw new TaxEngineError(`No profit rule for section ${slugOrCode}`, 'section');
  const rule = ruleOf(code, deal);
  const line = lineOf(code, deal);
  if (rule === 'none') return { code, line, rule, proceedsKzt: ZERO, costKzt: ZERO, income: ZERO };
  const proceeds = saleKztDecimal(deal);
  const deducts = rule === 'gain' || rule === 'repayment';
  const withCommission = yearRules(ctx.year).commissionsInCost.value;
  const acquisition = !deducts
    ? ZERO
    : (cost ?? costKztDecimal(deal).plus(withCommission ? commissionKztDecimal(deal) : ZERO));
  return { code, line, rule, proceedsKzt: proceeds, costKzt: acquisition, income: proceeds.minus(acquisition) };
}

/**
 * POST .../deals/{slug}/calculate-profit: value_added_income of one deal as a decimal string
 * (KZT, 4 decimals). A loss comes back negative; purchases have no income ('0').
 */
export function calculateProfitDecimal(slug: string, deal: TaxDeal, ctx: DealContext): string {
  return amount(profitBreakdownDecimal(slug, deal, ctx).income);
}
