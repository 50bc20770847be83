import Decimal from 'decimal.js';

/**
 * All money and quantity arithmetic goes through this module. A private Decimal clone keeps the
 * engine's settings from leaking into (or being changed by) other users of decimal.js.
 *
 * Rounding policy (the ONE place where it happens):
 * - `amount()`: every KZT figure the engine returns is rounded half-up to 4 decimals (CODE_STYLE.md, money).
 *   Intermediate sums stay unrounded, so a total is rounded once, not the sum of rounded parts.
 * - `formAmount()`: the declaration itself (270.00/240.00 XML, PDF) shows whole tenge, rounded half-up.
 *   The engine never calls it; the documents package does, field by field.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

export type DecimalLike = string | number | Decimal;

export const ZERO = new Dec(0);
export const KZT_DECIMALS = 4;

export class TaxEngineError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'TaxEngineError';
  }
}

/** Parses a user or API number: a comma counts as the decimal point, spaces are digit separators. */
export function dec(value: DecimalLike | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return ZERO;
  if (value instanceof Decimal) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TaxEngineError(`Not a finite number: ${value}`, 'bad_number');
    // String() gives the shortest round-trip form, so 0.1 stays 0.1 rather than its binary expansion.
    return new Dec(String(value));
  }
  const text = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  try {
    return new Dec(text);
  } catch {
    throw new TaxEngineError(`Not a number: ${value}`, 'bad_number');
  }
}

const rateCache = new Map<string, Decimal>();
/**
 * Exchange rates repeat (one NBK rate per currency per day, or per year from 2025), so their parsed
 * form is cached: parsing is the costliest step of a large FIFO run. Bounded to stay small.
 */
export function rateDec(value: DecimalLike): Decimal {
  if (typeof value !== 'string') return dec(value);
  let parsed = rateCache.get(value);
  if (!parsed) {
    if (rateCache.size > 10_000) rateCache.clear();
    parsed = dec(value);
    rateCache.set(value, parsed);
  }
  return parsed;
}

/** True when the value is present (0 counts as present, '' and null do not). */
export const isGiven = (value: unknown): value is DecimalLike =>
  value !== null && value !== undefined && value !== '' && !(typeof value === 'number' && Number.isNaN(value));

/** KZT equivalent of an amount in a currency at a rate (tenge per unit), unrounded. */
export function toKzt(amount: DecimalLike | null | undefined, rate: DecimalLike | null | undefined): Decimal {
  return dec(amount).times(dec(rate));
}

export const sum = (values: Iterable<Decimal>): Decimal => {
  let total = ZERO;
  // Most deals add zero to most lines; skipping them saves an allocation each.
  for (const v of values) if (!v.isZero()) total = total.plus(v);
  return total;
};

// Note: decimal.js isPositive() is true for 0; the engine compares with gt(0) instead.
export const max0 = (value: Decimal): Decimal => (value.isNegative() ? ZERO : value);
export const minDec = (a: Decimal, b: Decimal): Decimal => (a.lessThan(b) ? a : b);

/** Engine output: KZT rounded half-up to 4 decimals, as a plain decimal string (no exponent). */
export const amount = (value: Decimal): string =>
  normalize((value.decimalPlaces() > KZT_DECIMALS ? value.toDecimalPlaces(KZT_DECIMALS) : value).toFixed());

/** Declaration output: whole tenge rounded half-up, as the tax form prints it. */
export const formAmount = (value: DecimalLike): string => normalize(dec(value).toDecimalPlaces(0).toFixed());

/** Quantities keep their own precision (up to 5 decimals in the deal form); no rounding. */
export const quantity = (value: Decimal): string => normalize(value.toFixed());

// "-0" would look odd on the form and in tests.
const normalize = (text: string): string => (text === '-0' ? '0' : text);

export { Decimal };
