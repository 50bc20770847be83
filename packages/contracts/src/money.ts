/**
 * Money: the one type for amounts that cross a boundary (API, database, packages, screens). A Money is
 * an exact decimal string ("1234.5", "-0.25"); arithmetic here is exact on scaled BigInts, never a float.
 * The tax engine keeps its own internal representations for speed (packages/tax money.ts, exact.ts);
 * whatever it returns is a Money string again. See docs/adr/2026-11-24-one-money-type.md.
 */
export type Money = string;

interface Scaled {
  /** value = n / 10^s, s ≥ 0 */
  n: bigint;
  s: number;
}

const MONEY_RE = /^-?\d+(\.\d+)?$/;

export class MoneyFormatError extends Error {
  constructor(value: unknown) {
    super(`Not an exact decimal amount: ${String(value)}`);
    this.name = 'MoneyFormatError';
  }
}

/** True for an exact decimal string such as "12", "-3.50" (no exponent, no spaces, a point as separator). */
export const isMoney = (v: unknown): v is Money => typeof v === 'string' && MONEY_RE.test(v);

function scaled(v: Money | number | bigint): Scaled {
  if (typeof v === 'bigint') return { n: v, s: 0 };
  // numbers come from the database driver (int columns) or literals; String() is their shortest exact text
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
  if (!MONEY_RE.test(text)) throw new MoneyFormatError(v);
  const neg = text.startsWith('-');
  const [int = '0', frac = ''] = (neg ? text.slice(1) : text).split('.');
  const n = BigInt(int + frac);
  return { n: neg ? -n : n, s: frac.length };
}

const TEN = 10n;
const pow10 = (k: number) => TEN ** BigInt(k);
const rescale = (a: Scaled, s: number): bigint => a.n * pow10(s - a.s);

function text({ n, s }: Scaled): Money {
  const neg = n < 0n;
  const digits = (neg ? -n : n).toString().padStart(s + 1, '0');
  const int = digits.slice(0, digits.length - s);
  const frac = s > 0 ? `.${digits.slice(digits.length - s)}` : '';
  return `${neg ? '-' : ''}${int}${frac}`;
}

/** Drops trailing zeros of the fraction: "12.500" → "12.5", "3.00" → "3". */
export function normalize(v: Money | number | bigint): Money {
  const a = scaled(v);
  let { n, s } = a;
  while (s > 0 && n % TEN === 0n) {
    n /= TEN;
    s -= 1;
  }
  return text({ n: n === 0n ? 0n : n, s });
}

export function plus(a: Money | number, b: Money | number): Money {
  const x = scaled(a);
  const y = scaled(b);
  const s = Math.max(x.s, y.s);
  return normalize(text({ n: rescale(x, s) + rescale(y, s), s }));
}

export const minus = (a: Money | number, b: Money | number): Money => plus(a, negate(b));

export function negate(a: Money | number): Money {
  const x = scaled(a);
  return normalize(text({ n: -x.n, s: x.s }));
}

export const sum = (amounts: readonly (Money | number)[]): Money => amounts.reduce<Money>((t, a) => plus(t, a), '0');

export function times(a: Money | number, b: Money | number): Money {
  const x = scaled(a);
  const y = scaled(b);
  return normalize(text({ n: x.n * y.n, s: x.s + y.s }));
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Money | number, b: Money | number): -1 | 0 | 1 {
  const x = scaled(a);
  const y = scaled(b);
  const s = Math.max(x.s, y.s);
  const d = rescale(x, s) - rescale(y, s);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export const isZero = (a: Money | number) => compare(a, 0) === 0;

/** Rounded to `places` decimals, half away from zero (half-up, as the Tax Code's whole tenge and tiyn). */
export function round(a: Money | number, places: number): Money {
  const x = scaled(a);
  if (x.s <= places) return normalize(text(x));
  const div = pow10(x.s - places);
  const abs = x.n < 0n ? -x.n : x.n;
  let q = abs / div;
  if ((abs % div) * 2n >= div) q += 1n;
  return normalize(text({ n: x.n < 0n ? -q : q, s: places }));
}

/** Rounded half-up and written with exactly `places` decimals: "20000" → "20000.00". */
export function toFixed(a: Money | number, places: number): string {
  const r = scaled(round(a, places));
  return text({ n: rescale(r, places), s: places });
}

/** An amount as prices and invoices carry it: two decimals, half-up. */
export const money2 = (a: Money | number): string => toFixed(a, 2);

/** amount × (100 − percent) / 100 to the tiyn, half-up; a discount of 100 % or more is free. */
export function discounted(amount: Money | number, percent: Money | number): string {
  if (compare(percent, 100) >= 0) return '0.00';
  const x = scaled(times(amount, minus(100, percent)));
  return toFixed(text({ n: x.n, s: x.s + 2 }), 2);
}
