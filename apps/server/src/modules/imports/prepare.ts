import { MSG, ruYear } from '@deklarant/contracts';
import { importerText } from '@deklarant/importers';
import { fxRuleOf, yearRules } from '@deklarant/tax';
import Decimal from 'decimal.js';
import { slices } from '../../lib/slices.ts';
import type { RatesProvider } from '../../providers/index.ts';
import type { ReferenceSets } from '../deals/index.ts';
import { type Computed, computeWithRates, dealRates, lookupRate } from '../deals/index.ts';
import { type Fields, type MappedDeal, remark } from './mapping.ts';

/**
 * KZT equivalents, rates used and value_added_income of each mapped deal, computed exactly as the
 * deal form does (deals module `computeDeal`, here as its two halves `dealRates` and `computeWithRates`;
 * the tax year's National Bank rate rule). Runs before
 * the apply transaction: rate look-ups may touch the database and the network, which must not
 * happen while a transaction holds the (embedded) connection. FIFO runs inside the transaction
 * (deals module `rematchSecurity`), once the purchases are stored.
 */

export interface PreparedDeal extends MappedDeal {
  amountKzt: string | null;
  mainAmount: string | null;
}

/** Columns of the deals table that the deals module keeps out of `fields`. */
const COMMON = ['status', 'comment', 'transaction_date', 'currency_code'] as const;
const yearOf = ruYear;

const IS_COMMON = new Set<string>(COMMON);

/**
 * The fields without the columns the deals table keeps outside `fields`. Copied rather than deleted in
 * place: deleting a property that is not the last one turns the object into a slow dictionary (≈2 µs a
 * deal here, and slower reads afterwards).
 */
function stored(fields: Fields): Fields {
  const out: Fields = {};
  for (const k in fields) {
    if (IS_COMMON.has(k)) continue;
    // an own "__proto__" key stays a plain property, as with a spread copy
    if (k === '__proto__')
      Object.defineProperty(out, k, { value: fields[k], enumerable: true, writable: true, configurable: true });
    else out[k] = fields[k];
  }
  return out;
}

type PrepareContext = { year: number; rates: RatesProvider; refs: ReferenceSets };

export async function prepareDeal(m: MappedDeal, ctx: PrepareContext): Promise<PreparedDeal> {
  return prepareNow(m, ctx);
}

/**
 * `prepareDeal` without a promise when the rates are already known (the rates memo holds them after the
 * first deal of a day): awaiting each of 50,000 deals cost about a quarter of the import's KZT step.
 */
function prepareNow(m: MappedDeal, ctx: PrepareContext): PreparedDeal | Promise<PreparedDeal> {
  if (m.commission && (m.kind === 'purchase' || m.kind === 'sale') && commissionsCount(ctx.year)) {
    try {
      const folded = foldCommission(m, ctx);
      if (folded instanceof Promise) return folded.then(() => prepareRated(m, ctx)).catch(() => failed(m));
    } catch {
      return failed(m);
    }
  }
  return prepareRated(m, ctx);
}

const commissionsCount = (year: number) => {
  try {
    return yearRules(year).commissionsInCost.value;
  } catch {
    return false;
  }
};

/**
 * From 2025 the broker's expenses are part of the cost (year-rules `commissionsInCost`): a purchase's
 * commission (transaction taxes included) is added to its cost, a sale's is taken from its proceeds (the
 * sale's cost is the FIFO cost of its lots, so its own expenses reduce the gain this way). A commission in
 * another currency is converted through the rates of both currencies on the trade date, by the year's rule.
 */
export function foldCommission(m: MappedDeal, ctx: PrepareContext): void | Promise<void> {
  const own = m.commissionCurrency;
  if (!own || own === m.currency_code) return fold(m, m.commission!, null);
  const rule = fxRuleOf(ctx.year);
  const a = lookupRate(ctx.rates, own, m.transaction_date, rule);
  const b = lookupRate(ctx.rates, m.currency_code, m.transaction_date, rule);
  if (a instanceof Promise || b instanceof Promise) {
    return Promise.all([a, b]).then(([ra, rb]) => fold(m, converted(m.commission!, ra.rate, rb.rate), own));
  }
  return fold(m, converted(m.commission!, a.rate, b.rate), own);
}

const converted = (amount: string, ownRate: string, dealRate: string) =>
  new Decimal(amount).times(ownRate).dividedBy(dealRate).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed();

/** a ± b written with as many decimals as the longer of the two ("2584.80" − "1.10" = "2583.70") */
function keepScale(a: string, b: string, sign: 1 | -1): string {
  const x = new Decimal(a);
  const y = new Decimal(b);
  return (sign === 1 ? x.plus(y) : x.minus(y)).toFixed(Math.max(x.decimalPlaces(), y.decimalPlaces(), decimalsOf(a)));
}
const decimalsOf = (s: string) => (s.includes('.') ? s.length - s.indexOf('.') - 1 : 0);

function fold(m: MappedDeal, commission: string, from: string | null): void {
  const f = m.fields;
  const values = { commission, currency: m.currency_code, amount: m.commission ?? '', from: from ?? '' };
  if (m.kind === 'purchase' && f.purchase_opening_cost !== undefined) {
    f.purchase_opening_cost = keepScale(String(f.purchase_opening_cost), commission, 1);
    remark(m, importerText(from ? 'comment.commissionInCostConverted' : 'comment.commissionInCost', values));
  } else if (m.kind === 'sale' && f.sale_closing_cost !== undefined) {
    f.sale_closing_cost = keepScale(String(f.sale_closing_cost), commission, -1);
    remark(m, importerText(from ? 'comment.commissionFromSaleConverted' : 'comment.commissionFromSale', values));
  }
}

function prepareRated(m: MappedDeal, ctx: PrepareContext): PreparedDeal | Promise<PreparedDeal> {
  // mapDeals already gives the deal form's normal form (no nulls or blanks, ISIN upper case).
  const input = m.fields;
  // A purchase of an earlier year (a previous-period lot) is converted by the rule of its own year.
  const year = m.kind === 'purchase' ? yearOf(m.transaction_date) : ctx.year;
  const dealCtx = { year, rates: ctx.rates, refs: ctx.refs };
  try {
    const needed = dealRates(m.section, input, dealCtx);
    if (!(needed instanceof Promise)) return computed(m, computeWithRates(m.section, input, dealCtx, needed));
    return needed
      .then((rates) => computed(m, computeWithRates(m.section, input, dealCtx, rates)))
      .catch(() => failed(m));
  } catch {
    return failed(m);
  }
}

/** The mapped deal becomes the prepared one in place: 50,000 deals should not be copied twice. */
function computed(m: MappedDeal, c: Computed): PreparedDeal {
  const p = m as PreparedDeal;
  p.fields = stored(c.fields);
  p.amountKzt = c.amountKzt;
  p.mainAmount = c.mainAmount;
  return p;
}

/** No National Bank rate for this currency and date: keep the deal and ask for the tenge amounts. */
function failed(m: MappedDeal): PreparedDeal {
  const p = m as PreparedDeal;
  p.fields = stored(m.fields);
  p.status = 1;
  remark(p, MSG.importRateMissing);
  p.amountKzt = null;
  p.mainAmount = null;
  return p;
}

export async function prepareDeals(
  mapped: readonly MappedDeal[],
  ctx: PrepareContext & { onProgress?: (share: number) => Promise<void> },
): Promise<PreparedDeal[]> {
  const out: PreparedDeal[] = new Array(mapped.length);
  const step = Math.max(1, Math.floor(mapped.length / 20));
  // in slices of a few milliseconds: 50,000 deals are half a second of work
  const slice = slices();
  for (let i = 0; i < mapped.length; i++) {
    const p = prepareNow(mapped[i]!, ctx);
    out[i] = p instanceof Promise ? await p : p;
    if (ctx.onProgress && i % step === 0) await ctx.onProgress(i / mapped.length);
    if ((i & 63) === 0) await slice.pause();
  }
  return out;
}
