import { OPERATIONS_BY_SECTION, operationError } from '@deklarant/contracts';
import { sectionCodeOf } from './benefits.ts';
import {
  costKzt,
  type DealContext,
  dealAmountKzt,
  isKazakhRegistered,
  isRepayment,
  saleKzt,
  type TaxDeal,
} from './deal.ts';
import { amount, type Decimal, dec, isGiven, TaxEngineError, toKzt } from './money.ts';
import { TEXT } from './texts.ts';
import { OPERATION } from './vocabulary.ts';
import { cashLimitKzt, LIMITS, otherPropertyLimitKzt, yearRules } from './year-rules.ts';

export type WarningLevel = 'warning' | 'error';
export type SectionLevel = 'default' | WarningLevel;

export interface TaxWarning {
  field?: string;
  level: WarningLevel;
  code: string;
  text: string;
  title?: string;
}

export interface WarningContext extends DealContext {
  form: 1 | 2 | 3;
  /** KZT per unit of the row currency for rows without a tenge amount (250-1, 5-2): the year-end rate */
  rate?: string | number;
}

const share = (s: { value: string }) => dec(s.value);

/**
 * Section card level (docs/tax-years.md, limits): a value under 100 while the other is defined, or under 20 %
 * of the other, is an error; under 50 % a warning. Used for cost against sales and sales against cost.
 */
export function amountLevel(value: string | number | null | undefined, other: string | number | null | undefined) {
  if (!isGiven(value) || !isGiven(other)) return 'default' as SectionLevel;
  const v = dec(value);
  const o = dec(other);
  if (v.lessThan(dec(LIMITS.sectionMinimum.value))) return 'error';
  if (v.lessThan(o.times(share(LIMITS.acquisitionErrorShare)))) return 'error';
  if (v.lessThan(o.times(share(LIMITS.acquisitionWarningShare)))) return 'warning';
  return 'default';
}

/** KZT when the rates are known, else the deal's own amounts (same currency on both sides). */
function comparableAmounts(deal: TaxDeal): { cost: Decimal; sale: Decimal } | null {
  const given =
    (isGiven(deal.purchase_opening_cost) || isGiven(deal.cost_in_tenge_currency)) &&
    (isGiven(deal.sale_closing_cost) || isGiven(deal.sales_cost_in_tenge_currency));
  if (!given) return null;
  try {
    return { cost: costKzt(deal), sale: saleKzt(deal) };
  } catch (e) {
    if (!(e instanceof TaxEngineError)) throw e;
    return { cost: dec(deal.purchase_opening_cost), sale: dec(deal.sale_closing_cost) };
  }
}

function acquisitionWarnings(deal: TaxDeal): TaxWarning[] {
  const amounts = comparableAmounts(deal);
  if (!amounts?.sale.gt(0)) return [];
  const { cost, sale } = amounts;
  const field = 'purchase_opening_cost';
  const title = TEXT.acquisitionTitle;
  if (cost.lessThan(sale.times(share(LIMITS.acquisitionErrorShare))))
    return [{ field, level: 'error', code: 'acquisition_below_80', title, text: TEXT.acquisitionBelow(80) }];
  if (cost.lessThan(sale.times(share(LIMITS.acquisitionWarningShare))))
    return [{ field, level: 'warning', code: 'acquisition_below_50', title, text: TEXT.acquisitionBelow(50) }];
  if (cost.greaterThan(sale))
    return [{ field, level: 'warning', code: 'acquisition_above_sale', title, text: TEXT.acquisitionAboveSale }];
  return [];
}

function lossWarning(code: string, deal: TaxDeal, ctx: DealContext): TaxWarning[] {
  const amounts = comparableAmounts(deal);
  if (!amounts?.cost.greaterThan(amounts.sale) || deal.is_offshore) return [];
  // From 2025 only foreign-registered securities (section II) are netted; the rest stay per deal.
  const netted = code === '2' && yearRules(ctx.year).lossNetting.value;
  return netted
    ? [{ field: 'value_added_income', level: 'warning', code: 'loss_netted', text: TEXT.lossNetted }]
    : [{ field: 'value_added_income', level: 'warning', code: 'loss_not_counted', text: TEXT.lossNotCounted }];
}

function foreignTaxWarnings(deal: TaxDeal, ctx: DealContext): TaxWarning[] {
  if (!isGiven(deal.foreign_tax_credit) || !dec(deal.foreign_tax_credit).gt(0)) return [];
  const field = 'foreign_tax_credit';
  const out: TaxWarning[] = [{ field, level: 'error', code: 'foreign_tax_credit', text: TEXT.foreignTaxCredit }];
  try {
    const cap = saleKzt(deal).times(dec(yearRules(ctx.year).foreignTaxCredit.value.capRate));
    if (dealAmountKzt(deal, deal.foreign_tax_credit).greaterThan(cap))
      out.push({
        field,
        level: 'warning',
        code: 'foreign_tax_credit_cap',
        text: TEXT.foreignTaxCreditCap(amount(cap)),
      });
  } catch (e) {
    if (!(e instanceof TaxEngineError)) throw e;
  }
  return out;
}

/** Amount of a 250-1 or 5-2 row in KZT: the tenge figure if stored, else amount × the year-end rate. */
function rowKzt(deal: TaxDeal, value: unknown, ctx: WarningContext): Decimal | null {
  if (isGiven(deal.amount_in_tenge_currency)) return dec(deal.amount_in_tenge_currency);
  if (!isGiven(value as string)) return null;
  return toKzt(value as string, isGiven(deal.rate) ? deal.rate : (ctx.rate ?? 1));
}

const yearOf = (date: string | null | undefined) => (date && /\d{4}$/.test(date) ? Number(date.slice(-4)) : null);

/** Every non-blocking (and the one blocking, 250-1) warning of one deal (docs/tax-years.md, limits). */
export function dealWarnings(section: string, deal: TaxDeal, ctx: WarningContext): TaxWarning[] {
  const code = sectionCodeOf(section);
  const out: TaxWarning[] = [];
  const op = deal.operation_type_id;
  const isSale = code === '1A' || code === '2';

  if (isSale) out.push(...acquisitionWarnings(deal), ...lossWarning(code, deal, ctx));
  if (code === '1C') out.push(...lossWarning(code, deal, ctx));
  if (code === '1B' || code === '2' || code === '3' || code === '4') out.push(...foreignTaxWarnings(deal, ctx));
  if (code === '1B' && op === OPERATION.REMUNERATION && isKazakhRegistered(deal, ctx) === false)
    out.push({
      field: 'country_code_registration_id',
      level: 'warning',
      code: 'reward_foreign_country',
      text: TEXT.rewardForeignCountry,
    });
  // Saved before issue 19 (or imported): an operation the section does not allow, e.g. a sale as «Покупка»,
  // which would lose its exemption. validateDeal refuses it now; the stored deal says so until it is fixed.
  const opIssue = isGiven(op) && code && OPERATIONS_BY_SECTION[code] ? operationError(code, op) : null;
  if (opIssue)
    out.push({ field: 'operation_type_id', level: 'error', code: 'operation_not_in_section', text: opIssue });
  // The rule was written with the ids of the former per-section list (3 = the purchase section's gift
  // receipt, 6 and 9 = the gift transfer of I.A and II); as operation types they are 6 and 3 (issue 19).
  if (op === OPERATION.GIFT_IN)
    out.push({ field: 'operation_type_id', level: 'warning', code: 'operation_check', text: TEXT.operationGiftCheck });
  if (isSale && op === OPERATION.GIFT_OUT)
    out.push({ field: 'operation_type_id', level: 'warning', code: 'gratuitous', text: TEXT.gratuitousTransfer });
  if (deal.is_offshore === true)
    out.push({ field: 'is_offshore', level: 'warning', code: 'offshore', text: TEXT.offshore });
  if ((code === '1B' || code === '4') && isRepayment(deal))
    out.push({ field: 'operation_type_id', level: 'warning', code: 'repayment', text: TEXT.repayment });
  if (
    ctx.form === 3 &&
    code !== '5-1' &&
    code !== '5-2' &&
    code !== '7' &&
    !deal.broker_bin &&
    deal.foreign_broker !== true &&
    !code?.startsWith('250')
  )
    out.push({ field: 'broker_bin', level: 'warning', code: 'no_broker_bin', text: TEXT.noBrokerBin });
  if (code === '5-1' && (deal.isin_security ?? '').toLowerCase().startsWith('kz'))
    out.push({ field: 'isin_security', level: 'warning', code: 'kz_isin', text: TEXT.kzIsinForeignProperty });
  if (code === '5-2') {
    const kzt = rowKzt(deal, deal.amount_in_currency, ctx);
    if (kzt?.lessThan(dec(LIMITS.foreignMoneyKzt.value)))
      out.push({
        field: 'amount_in_currency',
        level: 'warning',
        code: 'foreign_money_below',
        text: TEXT.foreignMoneyBelow(LIMITS.foreignMoneyKzt.value),
      });
  }
  if (code === '250-1') {
    const kzt = rowKzt(deal, deal.amount, ctx);
    const limit = cashLimitKzt(ctx.year);
    if (kzt?.greaterThan(dec(limit)))
      out.push({ field: 'amount', level: 'error', code: 'cash_above_limit', text: TEXT.cash250Above(limit) });
  }
  if (code === '250-8') {
    const kzt = rowKzt(deal, deal.property_value, ctx);
    const limit = otherPropertyLimitKzt(ctx.year);
    if (kzt && !kzt.greaterThan(dec(limit)))
      out.push({
        field: 'property_value',
        level: 'warning',
        code: 'other_property_below',
        text: TEXT.otherPropertyBelow(limit),
      });
  }
  if (code === '7' || code === '250-9') {
    const year = yearOf(deal.return_period);
    if (year !== null && year < ctx.year)
      out.push({ field: 'return_period', level: 'warning', code: 'debt_return_date', text: TEXT.debtReturnDate });
  }
  return out;
}

/** Section VI: the balances together must exceed 1000 МРП of the year, or the section is not needed. */
export function foreignBalancesWarnings(deals: readonly TaxDeal[], ctx: WarningContext): TaxWarning[] {
  if (deals.length === 0) return [];
  const limit = dec(LIMITS.foreignBalancesMrp.value).times(yearRules(ctx.year).mrp.value);
  let total = dec(0);
  for (const d of deals) total = total.plus(rowKzt(d, d.amount_in_currency, ctx) ?? 0);
  if (total.greaterThan(limit)) return [];
  return [{ level: 'warning', code: 'foreign_balances_total', text: TEXT.foreignBalancesTotal(amount(limit)) }];
}
