import { ruDaysBetween, ruSortKey } from '@deklarant/contracts';
import Decimal from 'decimal.js';

/** Values that mean "empty" in broker exports. */
const NULLS = new Set(['', '-', '--', 'N/A', 'n/a', 'None', 'null', 'NULL', 'nan', 'NaN']);

export const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || NULLS.has((typeof v === 'string' ? v : String(v)).trim());

/** Trimmed text, '' for blanks (one trim: this runs a dozen times per imported row). */
export const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  const s = (typeof v === 'string' ? v : String(v)).trim();
  return NULLS.has(s) ? '' : s;
};

export const textOrNull = (v: unknown): string | null => text(v) || null;

/** A name as compared across spellings of one export: lower case, «ё» as «е», no whitespace (line breaks in cells). */
export const looseKey = (v: unknown): string => text(v).toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, '');

/**
 * Reads a number written as "1,234.56", "1 234,56", "-0.24", "1.5E-3" or a JS number into a plain
 * decimal string. Returns undefined when the value is blank, null when it is not a number.
 */
export function readDecimal(v: unknown, decimalComma = false): string | null | undefined {
  if (typeof v === 'string') {
    const fast = PLAIN.exec(v);
    if (fast) return plain(fast);
  }
  if (isBlank(v)) return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v).toFixed() : null;
  let s = String(v)
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '');
  if (s.startsWith('(') && s.endsWith(')')) s = `-${s.slice(1, -1)}`;
  if (decimalComma) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+,\d{1,2}$/.test(s) && !s.includes('.')) s = s.replace(',', '.');
  else s = s.replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  return new Decimal(s).toFixed();
}

/** Fast path for the common "-123.4500" shape: same result as Decimal#toFixed without allocating one. */
const PLAIN = /^(-?)0*(\d+?)(?:\.(\d*?)0*)?$/;
function plain(m: RegExpExecArray): string {
  const body = m[3] ? `${m[2]}.${m[3]}` : m[2]!;
  return m[1] && body !== '0' ? `-${body}` : body;
}

export const abs = (s: string): string => (s.startsWith('-') ? s.slice(1) : s);
export const isNegative = (s: string): boolean => s.startsWith('-') && !/^-0*(\.0*)?$/.test(s);
/** A plain decimal ("-0.00", "12.5", ".5"): zero exactly when it has no digit 1-9. */
const PLAIN_DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;
export const isZero = (s: string): boolean => (PLAIN_DECIMAL.test(s) ? !/[1-9]/.test(s) : new Decimal(s).isZero());
export const add = (a: string, b: string): string => new Decimal(a).plus(b).toFixed();
export const sub = (a: string, b: string): string => new Decimal(a).minus(b).toFixed();
export const mul = (a: string, b: string): string => new Decimal(a).times(b).toFixed();
export const cmp = (a: string, b: string): number => new Decimal(a).comparedTo(b);

const pad = (n: number) => String(n).padStart(2, '0');

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = m === 2 && leap ? 29 : MONTH_DAYS[m - 1]!;
  return d > days ? null : `${pad(d)}.${pad(m)}.${y}`;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** Day-first (KZ/RU exports) or month-first (IB "MM/dd/yyyy") reading of slashed dates. */
export type DateOrder = 'dmy' | 'mdy';

/** A slashed date, "03/15/2024" or "15/03/24", with its time or nothing after it. */
export const SLASHED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:$|[;,T\s])/;

/**
 * The order the slashed dates among `values` prove by themselves: a first number above 12 is a day ("31/12/2025",
 * day first wins), else a second one above 12 means month first ("12/31/2025"); null when none decides.
 */
export function provenDateOrder(values: Iterable<unknown>): DateOrder | null {
  let found: DateOrder | null = null;
  for (const v of values) {
    const m = SLASHED_DATE.exec(text(v));
    if (!m) continue;
    if (+m[1]! > 12) return 'dmy';
    if (+m[2]! > 12) found = 'mdy';
  }
  return found;
}

/**
 * Reads the date part of "20240315", "20240315;153001", "2024-03-15 17:30:01", "15.03.2024",
 * "03/15/2024" (mdy) or "15/03/2024" (dmy), "15-Mar-24", an Excel Date or serial. Returns dd.mm.yyyy or null.
 */
export function readDate(v: unknown, order: DateOrder = 'dmy'): string | null {
  if (v instanceof Date) {
    return Number.isNaN(v.getTime()) ? null : validDate(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate());
  }
  if (typeof v === 'number') return excelSerial(v);
  const s = text(v);
  let m = /^(\d{4})(\d{2})(\d{2})(?:$|[;,T\s])/.exec(s);
  if (m) return validDate(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:$|[;,T\s])/.exec(s);
  if (m) return validDate(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?:$|[;,T\s])/.exec(s);
  // dd.mm.yy (BCS): a two-digit year is of this century
  if (m) return validDate(m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!, +m[2]!, +m[1]!);
  m = SLASHED_DATE.exec(s);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!;
    return order === 'mdy' ? validDate(y, +m[1]!, +m[2]!) : validDate(y, +m[2]!, +m[1]!);
  }
  m = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})(?:$|[;,T\s])/.exec(s);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    const y = m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!;
    return month ? validDate(y, month, +m[1]!) : null;
  }
  if (/^\d{5}(\.\d+)?$/.test(s)) return excelSerial(Number(s));
  return null;
}

function excelSerial(n: number): string | null {
  if (!Number.isFinite(n) || n < 1 || n > 80000) return null;
  const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(n) * 86400000);
  return validDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** dd.mm.yyyy → yyyymmdd, for sorting and nearest-date matching. */
export const dateSortKey = ruSortKey;

export const daysBetween = ruDaysBetween;

/** A text that a spreadsheet would run as a formula. */
export const looksLikeFormula = (s: string | null): boolean => {
  if (s === null) return false;
  const c = s.charCodeAt(0); // = + - @ tab CR
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
};

export const ISIN_RE = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

export const readIsin = (v: unknown): string | null => {
  const s = text(v).toUpperCase();
  return ISIN_RE.test(s) ? s : null;
};
