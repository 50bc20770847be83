import type { FifthSectionField, SectionCode } from '@deklarant/contracts';
import { sectionCodeOf } from './benefits.ts';
import {
  commissionKztExact,
  costKztExact,
  type DealContext,
  isDividend,
  isOffshore,
  isRepayment,
  saleKztExact,
  type TaxDeal,
} from './deal.ts';
import { amountOf, type Exact, exact, minus, plus, toDecimal, X0 } from './exact.ts';
import { type Decimal, TaxEngineError, ZERO } from './money.ts';
import { yearRules } from './year-rules.ts';

/** Which line of the fifth section a deal's income feeds. */
export type IncomeLine = Extract<
  FifthSectionField,
  | 'value_income_amount'
  | 'from_sale_property_outside_rk'
  | 'income_from_rental'
  | 'dividends'
  | 'rewards'
  | 'other_income_not_from_tax_agent'
>;

export type ProfitRule =
  | 'gain' // proceeds − acquisition cost
  | 'offshore' // proceeds, no cost deducted
  | 'repayment' // repayment − purchase cost, a remuneration
  | 'income' // the amount received is the income
  | 'none'; // purchases: no income

export interface ProfitBreakdown {
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

const PROFIT_SECTIONS = new Set<SectionCode>(['1A', '1B', '1C', '2', '3', '4', 'rental', 'purchase', 'history']);

export interface ExactBreakdown {
  code: SectionCode;
  line: IncomeLine | null;
  rule: ProfitRule;
  proceedsKzt: Exact;
  costKzt: Exact;
  income: Exact;
}

/** `profitBreakdown` on exact values (exact.ts): the same figures, without a Decimal. */
export function profitBreakdownExact(
  slugOrCode: string,
  deal: TaxDeal,
  ctx: DealContext,
  cost?: Exact,
): ExactBreakdown {
  const code = sectionCodeOf(slugOrCode);
  if (!code || !PROFIT_SECTIONS.has(code))
    throw new TaxEngineError(`No profit rule for section ${slugOrCode}`, 'section');
  const rule = ruleOf(code, deal);
  const line = lineOf(code, deal);
  if (rule === 'none') return { code, line, rule, proceedsKzt: X0, costKzt: X0, income: X0 };
  const proceeds = saleKztExact(deal);
  const deducts = rule === 'gain' || rule === 'repayment';
  const withCommission = yearRules(ctx.year).commissionsInCost.value;
  const acquisition = !deducts
    ? X0
    : (cost ?? plus(costKztExact(deal), withCommission ? commissionKztExact(deal) : X0));
  return { code, line, rule, proceedsKzt: proceeds, costKzt: acquisition, income: minus(proceeds, acquisition) };
}

/**
 * The income of one deal. `cost` overrides the deal's own acquisition cost (FIFO result); the
 * commission is added to the deal's own cost only in years that count it (2025 on).
 */
export function profitBreakdown(slugOrCode: string, deal: TaxDeal, ctx: DealContext, cost?: Decimal): ProfitBreakdown {
  const b = profitBreakdownExact(slugOrCode, deal, ctx, cost === undefined ? undefined : exact(cost));
  if (b.rule === 'none') return { ...b, proceedsKzt: ZERO, costKzt: ZERO, income: ZERO };
  return {
    code: b.code,
    line: b.line,
    rule: b.rule,
    proceedsKzt: toDecimal(b.proceedsKzt),
    costKzt: toDecimal(b.costKzt),
    income: toDecimal(b.income),
  };
}

/**
 * POST .../deals/{slug}/calculate-profit: value_added_income of one deal as a decimal string
 * (KZT, 4 decimals). A loss comes back negative; purchases have no income ('0').
 */
export function calculateProfit(slug: string, deal: TaxDeal, ctx: DealContext): string {
  return amountOf(profitBreakdownExact(slug, deal, ctx).income);
}
