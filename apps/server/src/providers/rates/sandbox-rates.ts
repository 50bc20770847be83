import Decimal from 'decimal.js';
import { fromIsoDate } from './dates.ts';

/**
 * Deterministic made-up rates for development and tests outside production. Every answer built from them is
 * marked `demo: true` and must never reach a real declaration (config refuses RATES_SOURCE=sandbox in production).
 *
 * rate(c, d) = base(c) × (1 + 0.00002·n + 0.03·sin(2π·n/365) + 0.01·sin(2π·n/29 + φ(c))), n = days since
 * 2020-01-01: smooth, different per currency, the same on every run. Computed with decimal.js.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const TWO_PI = D.acos(-1).times(2);
const EPOCH = Date.UTC(2020, 0, 1);
const DAY_MS = 86_400_000;

/** Plausible magnitudes (tenge per unit) so screens look realistic; not real rates. */
const BASE: Record<string, string> = {
  USD: '480',
  EUR: '520',
  GBP: '610',
  CHF: '540',
  RUB: '5.5',
  CNY: '66',
  JPY: '3.3',
  KGS: '5.6',
  UZS: '0.038',
  TRY: '15',
  AED: '130',
  CAD: '350',
  AUD: '315',
  HKD: '61',
  SGD: '360',
  INR: '5.7',
  KRW: '0.35',
  GEL: '175',
  AZN: '282',
  AMD: '1.23',
  BYN: '150',
  UAH: '12',
  XDR: '640',
};

function codeHash(code: string): number {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 1_000_003;
  return h;
}

function base(code: string): Decimal {
  const known = BASE[code];
  if (known) return new D(known);
  // Unknown currencies get a stable base between 1.00 and 100.90.
  return new D(codeHash(code) % 1000).div(10).plus(1);
}

/** Answers already computed (40-digit sines are slow; a day's rate never changes). */
const memo = new Map<string, string>();
const MEMO_MAX = 50_000;

/** Sandbox rate for one currency and ISO date, as a decimal string (tenge per unit). */
export function sandboxRate(currency: string, isoDate: string): string {
  const key = `${currency}|${isoDate}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const rate = computeRate(currency, isoDate);
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, rate);
  return rate;
}

function computeRate(currency: string, isoDate: string): string {
  const day = fromIsoDate(isoDate);
  if (!day) throw new RangeError(`bad date ${isoDate}`);
  const n = new D((day.getTime() - EPOCH) / DAY_MS);
  const phase = new D(codeHash(currency) % 360).div(360).times(TWO_PI);
  const yearly = D.sin(n.times(TWO_PI).div(365)).times('0.03');
  const monthly = D.sin(n.times(TWO_PI).div(29).plus(phase)).times('0.01');
  const factor = new D(1).plus(n.times('0.00002')).plus(yearly).plus(monthly);
  const b = base(currency);
  const rate = b.times(factor);
  return rate.toDecimalPlaces(b.gte(1) ? 2 : 6).toFixed();
}
