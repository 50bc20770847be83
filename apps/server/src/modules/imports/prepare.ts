import { MSG, ruYear } from '@deklarant/contracts';
import { slices } from '../../lib/slices.ts';
import type { RatesProvider } from '../../providers/index.ts';
import { type Computed, computeWithRates, dealRates } from '../deals/compute.ts';
import type { ReferenceSets } from '../deals/references.ts';
import type { Fields, MappedDeal } from './mapping.ts';

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
  p.comment = [m.comment, MSG.importRateMissing].filter(Boolean).join(' ');
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
