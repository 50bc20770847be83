/**
 * Required-when rules of the section dictionary and the exact decimal helpers they need
 * (dependency-free on purpose: amounts are compared as BigInts scaled by 10^8, never as floats).
 */

export type DealValues = Readonly<Record<string, unknown>>;
export interface RuleContext {
  /** 1 = 240.00, 2 = 250.00, 3 = 270.00 */
  form: number;
  year: number;
}
export type RequiredWhen = (input: DealValues, ctx: RuleContext) => boolean;

export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
export const isBlank = (v: unknown) => text(v) === '' || text(v) === 'null';

/** Decimal comma becomes a dot (docs/sections.md). */
export const normalizeDecimal = (value: string) => value.trim().replace(',', '.');

export const SCALE = 8;
/** Exact decimal as a BigInt scaled by 10^8; null when not a number. Extra decimals are cut. */
export function scaled(v: unknown): bigint | null {
  const s = normalizeDecimal(text(v));
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return null;
  const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const n = BigInt(m[2]!) * 10n ** BigInt(SCALE) + BigInt(frac);
  return m[1] ? -n : n;
}

/**
 * A non-negative decimal rounded half up to `digits` decimals, trailing zeros dropped
 * ('12.345' -> '12.35', '5.10' -> '5.1'); the value unchanged when it is not a plain number.
 */
export function roundHalfUp(value: string, digits: number): string {
  const s = normalizeDecimal(value);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return value;
  const frac = m[2] ?? '';
  if (frac.length <= digits) return s;
  const unit = 10n ** BigInt(digits);
  let n = BigInt(m[1]!) * unit + BigInt(frac.slice(0, digits).padEnd(digits, '0') || '0');
  if (Number(frac[digits]) >= 5) n += 1n;
  const int = (n / unit).toString();
  const rest = (n % unit).toString().padStart(digits, '0').replace(/0+$/, '');
  return rest ? `${int}.${rest}` : int;
}

/** docs/sections.md: the 1B ISIN is needed when the security type is 1 and the gain is over this. */
export const ISIN_GAIN_THRESHOLD_KZT = '100000000';

function gainOf(input: DealValues): bigint | null {
  if (!isBlank(input.value_added_income)) return scaled(input.value_added_income);
  const pairs: [string, string][] = [
    ['sales_cost_in_tenge_currency', 'cost_in_tenge_currency'],
    ['sale_closing_cost', 'purchase_opening_cost'],
  ];
  for (const [sale, cost] of pairs) {
    const s = scaled(input[sale]);
    if (s !== null) return s - (scaled(input[cost]) ?? 0n);
  }
  return null;
}

/** A deal through a broker outside Kazakhstan (the form's broker choice, or an import's mark). */
export const isForeignBroker = (input: DealValues) => input.foreign_broker === true;

/** The BIN is required for a Kazakh broker only: Interactive Brokers, Exante or Freedom24 have none. */
export const kazakhBroker: RequiredWhen = (input) => !isForeignBroker(input);

/** I.B: the ISIN is required for a security of type 1 whose gain is over 100,000,000 tenge. */
export const isinOverThreshold: RequiredWhen = (input) => {
  if (Number(input.type_of_security) !== 1) return false;
  const gain = gainOf(input);
  return gain !== null && gain > scaled(ISIN_GAIN_THRESHOLD_KZT)!;
};

/** Only on form 270.00 (the security type of foreign property). */
export const onForm270: RequiredWhen = (_input, ctx) => ctx.form === 3;
