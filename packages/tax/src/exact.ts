import { Dec, type Decimal, type DecimalLike, dec, KZT_DECIMALS, TaxEngineError, ZERO } from './money.ts';

/**
 * Exact decimal numbers as scaled BigInts, for the engine's hot paths (FIFO, profit of a deal).
 *
 * Every operation gives exactly what the engine's Decimal gives (`Dec`: 40 significant digits, half-up):
 * parsing keeps every digit; plus, minus, times and dividedBy are correctly rounded to 40 significant
 * digits, half away from zero, as decimal.js rounds them. Most money never reaches 40 digits, so most
 * results are simply exact. No float ever touches a value. `test/exact.test.ts` checks the equivalence
 * against decimal.js on random operands.
 *
 * Why: decimal.js keeps digits in arrays of base-1e7 words and allocates several objects per operation;
 * a BigInt operation on numbers of this size is one small allocation, and parsing or printing a plain
 * decimal string is a slice and a BigInt(). FIFO and profit for 100,000 deals went from about 1.3 s to
 * well under the 1 s budget (packages/tax/PERF.md).
 */
export interface Exact {
  /** value = n / 10^s */
  readonly n: bigint;
  /** decimal places; negative only for values of more than 40 integer digits after rounding */
  readonly s: number;
}

export const PRECISION = 40;

const POW: bigint[] = [1n];
for (let i = 1; i <= 200; i++) POW.push(POW[i - 1]! * 10n);
const pow10 = (k: number): bigint => (k < POW.length ? POW[k]! : 10n ** BigInt(k));
/** Half of 10^k (k ≥ 1). */
const HALF = POW.map((p) => p / 2n);
const half10 = (k: number): bigint => (k < HALF.length ? HALF[k]! : 10n ** BigInt(k) / 2n);
const LIMIT = POW[PRECISION]!;

/** 0..1023 as exact values, made once. */
const SMALL: Exact[] = Array.from({ length: 1024 }, (_, i) => ({ n: BigInt(i), s: 0 }));
export const X0: Exact = SMALL[0]!;
export const X1: Exact = SMALL[1]!;

/** Number of decimal digits of a > 0. */
function digits(a: bigint, from = 1): number {
  let hi = POW.length - 1;
  if (a >= POW[hi]!) return a.toString().length;
  let lo = from;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a < POW[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * a / 10^drop rounded half up, for a ≥ 0 and drop ≥ 1: floor((a + 10^drop / 2) / 10^drop), one BigInt
 * division (the costly operation) where quotient and remainder would be two.
 */
const roundedDiv = (a: bigint, drop: number): bigint => (a + half10(drop)) / pow10(drop);

/** Rounds to 40 significant digits, half away from zero (Decimal.ROUND_HALF_UP). */
function round(n: bigint, s: number): Exact {
  if (n < LIMIT && n > -LIMIT) return { n, s };
  const neg = n < 0n;
  const a = neg ? -n : n;
  const drop = digits(a, PRECISION + 1) - PRECISION;
  const q = roundedDiv(a, drop);
  return { n: neg ? -q : q, s: s - drop };
}

export function plus(x: Exact, y: Exact): Exact {
  if (x.s === y.s) return round(x.n + y.n, x.s);
  return x.s > y.s ? round(x.n + y.n * pow10(x.s - y.s), x.s) : round(x.n * pow10(y.s - x.s) + y.n, y.s);
}

export function minus(x: Exact, y: Exact): Exact {
  if (x.s === y.s) return round(x.n - y.n, x.s);
  return x.s > y.s ? round(x.n - y.n * pow10(x.s - y.s), x.s) : round(x.n * pow10(y.s - x.s) - y.n, y.s);
}

export const times = (x: Exact, y: Exact): Exact => round(x.n * y.n, x.s + y.s);

/** Decimals beyond the operands' that `dividedBy` first tries for an exact quotient. */
const EXACT_TRY = 8;

/** x / y, correctly rounded to 40 significant digits; y must not be zero. */
export function dividedBy(x: Exact, y: Exact): Exact {
  if (y.n === 0n) throw new TaxEngineError('Division by zero', 'bad_number');
  if (x.n === 0n) return X0;
  const neg = x.n < 0n !== y.n < 0n;
  const a = x.n < 0n ? -x.n : x.n;
  const b = y.n < 0n ? -y.n : y.n;
  // The usual split of a lot (a price × quantity cost shared by quantity) divides exactly within a few
  // more decimals: then the quotient is the exact value, kept short for the operations that follow.
  const num = a * POW[EXACT_TRY]!;
  const q0 = num / b;
  if (q0 < LIMIT && q0 * b === num) return { n: neg ? -q0 : q0, s: x.s - y.s + EXACT_TRY };
  // Enough quotient digits (at least 41) that rounding to 40 sees the first dropped digit exactly.
  const k = PRECISION + 1 + digits(b) - digits(a);
  const q = k >= 0 ? (a * pow10(k)) / b : a / (b * pow10(-k));
  return round(neg ? -q : q, x.s - y.s + k);
}

/** -1, 0 or 1 as x is less than, equal to or greater than y. */
export function compare(x: Exact, y: Exact): number {
  let a = x.n;
  let b = y.n;
  if (x.s > y.s) b *= pow10(x.s - y.s);
  else if (x.s < y.s) a *= pow10(y.s - x.s);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A plain decimal string ([+-]digits[.digits]), parsed exactly; null for any other form. */
export function parsePlain(text: string): Exact | null {
  const len = text.length;
  let i = 0;
  let c = text.charCodeAt(0);
  const neg = c === 45;
  if (neg || c === 43) i = 1;
  let dot = -1;
  let count = 0;
  // Up to 15 digits the integer is accumulated exactly in a double (below 2^53), with no string made.
  let small = 0;
  for (let j = i; j < len; j++) {
    c = text.charCodeAt(j);
    if (c >= 48 && c <= 57) {
      count++;
      small = small * 10 + (c - 48);
    } else if (c === 46 && dot < 0) dot = j;
    else return null;
  }
  if (count === 0) return null;
  // Small whole numbers (most quantities) are shared: Exact values are immutable.
  if (dot < 0 && !neg && small < SMALL.length) return SMALL[small]!;
  const n = count <= 15 ? BigInt(small) : BigInt(dot < 0 ? text.slice(i) : text.slice(i, dot) + text.slice(dot + 1));
  return { n: neg ? -n : n, s: dot < 0 ? 0 : len - dot - 1 };
}

/**
 * Any engine number (what `dec` accepts) as an exact value: the same value `dec` gives. Plain strings
 * are parsed directly; other forms (spaces, a decimal comma, exponents) go through `dec`.
 */
export function exact(value: DecimalLike | null | undefined): Exact {
  if (value === null || value === undefined || value === '') return X0;
  if (typeof value === 'string') return parsePlain(value) ?? fromDecimal(dec(value), value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { n: BigInt(value), s: 0 };
  return fromDecimal(dec(value), value);
}

const repeated = new Map<string, Exact>();
/**
 * `exact` for values that repeat across deals (exchange rates: one NBK rate per currency per day, or one
 * annual average; commissions): parsed once. Exact values are immutable, so sharing them is safe.
 */
export function exactRepeated(value: DecimalLike): Exact {
  if (typeof value !== 'string') return exact(value);
  let parsed = repeated.get(value);
  if (!parsed) {
    if (repeated.size >= 10_000) repeated.clear();
    parsed = exact(value);
    repeated.set(value, parsed);
  }
  return parsed;
}

/** True when `plain(exact(text))` is `text` itself, so the text can be reused as the output. */
export function isPlainText(text: string): boolean {
  const len = text.length;
  const i = text.charCodeAt(0) === 45 ? 1 : 0;
  if (i === len) return false;
  const first = text.charCodeAt(i);
  if (first === 48) {
    // "0" alone, or "0.…" (a negative needs a non-zero digit after the point, checked below)
    if (i + 1 === len) return i === 0;
    if (text.charCodeAt(i + 1) !== 46) return false;
  } else if (first < 49 || first > 57) return false;
  let dot = -1;
  for (let j = i + 1; j < len; j++) {
    const c = text.charCodeAt(j);
    if (c === 46 && dot < 0) dot = j;
    else if (c < 48 || c > 57) return false;
  }
  if (dot < 0) return true;
  if (dot === len - 1 || text.charCodeAt(len - 1) === 48) return false;
  return true;
}

function fromDecimal(d: Decimal, original: unknown): Exact {
  if (!d.isFinite()) throw new TaxEngineError(`Not a finite number: ${String(original)}`, 'bad_number');
  return parsePlain(d.toFixed())!;
}

/** Decimal's toFixed(): plain notation, no trailing zeros; "0" for zero. */
export function plain(x: Exact): string {
  let n = x.n;
  let s = x.s;
  if (s < 0) {
    n *= pow10(-s);
    s = 0;
  }
  if (n === 0n) return '0';
  const neg = n < 0n;
  let t = (neg ? -n : n).toString();
  if (s > 0) {
    if (t.length <= s) t = '0'.repeat(s - t.length + 1) + t;
    const point = t.length - s;
    let end = t.length;
    while (end > point && t.charCodeAt(end - 1) === 48) end--;
    t = end === point ? t.slice(0, point) : `${t.slice(0, point)}.${t.slice(point, end)}`;
  }
  return neg ? `-${t}` : t;
}

/** `amount()` of money.ts for an exact value: rounded half-up to 4 decimals, plain, "0" never "-0". */
export function amountOf(x: Exact): string {
  if (x.s <= KZT_DECIMALS) return plain(x);
  const neg = x.n < 0n;
  const q = roundedDiv(neg ? -x.n : x.n, x.s - KZT_DECIMALS);
  return plain({ n: neg ? -q : q, s: KZT_DECIMALS });
}

/** The same value as the engine's Decimal (zero is the shared constant: Decimals are immutable). */
export const toDecimal = (x: Exact): Decimal => (x.n === 0n ? ZERO : new Dec(plain(x)));
