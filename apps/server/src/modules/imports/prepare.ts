import { MSG } from '@deklarant/contracts';
import type { RatesProvider } from '../../providers/index.ts';
import { computeDeal } from '../deals/compute.ts';
import type { ReferenceSets } from '../deals/references.ts';
import type { Fields, MappedDeal } from './mapping.ts';

/**
 * KZT equivalents, rates used and value_added_income of each mapped deal, computed exactly as the
 * deal form does (deals module `computeDeal`, the tax year's National Bank rate rule). Runs before
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
const yearOf = (ruDate: string) => Number(ruDate.slice(6, 10));

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

export async function prepareDeal(
  m: MappedDeal,
  ctx: { year: number; rates: RatesProvider; refs: ReferenceSets },
): Promise<PreparedDeal> {
  // mapDeals already gives the deal form's normal form (no nulls or blanks, ISIN upper case).
  const input = m.fields;
  // A purchase of an earlier year (a previous-period lot) is converted by the rule of its own year.
  const year = m.kind === 'purchase' ? yearOf(m.transaction_date) : ctx.year;
  // The mapped deal becomes the prepared one in place: 50,000 deals should not be copied twice.
  const p = m as PreparedDeal;
  try {
    const c = await computeDeal(m.section, input, { year, rates: ctx.rates, refs: ctx.refs });
    p.fields = stored(c.fields);
    p.amountKzt = c.amountKzt;
    p.mainAmount = c.mainAmount;
  } catch {
    // No National Bank rate for this currency and date: keep the deal and ask for the tenge amounts.
    p.fields = stored(input);
    p.status = 1;
    p.comment = [m.comment, MSG.importRateMissing].filter(Boolean).join(' ');
    p.amountKzt = null;
    p.mainAmount = null;
  }
  return p;
}

export async function prepareDeals(
  mapped: readonly MappedDeal[],
  ctx: {
    year: number;
    rates: RatesProvider;
    refs: ReferenceSets;
    onProgress?: (share: number) => Promise<void>;
  },
): Promise<PreparedDeal[]> {
  const out: PreparedDeal[] = new Array(mapped.length);
  const step = Math.max(1, Math.floor(mapped.length / 20));
  for (let i = 0; i < mapped.length; i++) {
    out[i] = await prepareDeal(mapped[i]!, ctx);
    if (ctx.onProgress && i % step === 0) await ctx.onProgress(i / mapped.length);
  }
  return out;
}
