import { formatRuDate } from '@deklarant/contracts';
import Decimal from 'decimal.js';

/** Empty for documents: null, undefined, blank, or the string 'null'. */
export function isBlank(v: unknown): v is null | undefined | '' {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' || t === 'null';
  }
  return false;
}

export function text(v: unknown): string {
  return isBlank(v) ? '' : String(v).trim();
}

/** Parses a decimal string (comma or dot, spaces allowed); null when blank or not a number. */
export function toDecimal(v: unknown): Decimal | null {
  if (isBlank(v)) return null;
  if (v instanceof Decimal) return v;
  const s = String(v)
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return new Decimal(s);
}

/**
 * Whole tenge as the ФНО XML wants them: less than 0.5 is dropped, 0.5 and more rounds up
 * (half away from zero). Blank stays blank.
 */
export function wholeTenge(v: unknown): string {
  const d = toDecimal(v);
  return d ? d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0) : '';
}

/** Fixed decimals (half up), trailing zeros kept; blank stays blank. */
export function fixed(v: unknown, dp: number): string {
  const d = toDecimal(v);
  return d ? d.toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(dp) : '';
}

/** Up to `dp` decimals without trailing zeros (quantities). */
export function trimmed(v: unknown, dp = 6): string {
  const plain = plainFixed(v, dp);
  // decimal.js's toString: no trailing zeros; exponent notation only from 21 integer digits
  if (plain && plain[0].length <= 20) {
    const frac = plain[1].replace(/0+$/, '');
    return frac ? `${plain[0]}.${frac}` : plain[0];
  }
  const d = toDecimal(v);
  return d ? d.toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toString() : '';
}

/** A plain decimal string ('-12', '1800.50'): printed without decimal.js when no rounding is needed. */
const PLAIN_DECIMAL = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;

/** [integer part with sign, fraction of exactly dp digits] of a plain decimal string, or null (decimal.js then). */
function plainFixed(v: unknown, dp: number): [string, string] | null {
  if (typeof v !== 'string') return null;
  const m = PLAIN_DECIMAL.exec(v);
  if (!m) return null;
  let frac = m[3] ?? '';
  if (frac.length > dp) {
    if (!/^0*$/.test(frac.slice(dp))) return null;
    frac = frac.slice(0, dp);
  }
  // negative zero prints as decimal.js prints it
  if (m[1] && m[2] === '0' && /^0*$/.test(frac)) return null;
  return [m[1]! + m[2]!, frac.padEnd(dp, '0')];
}

/** Display form for print: '1 234 567' or '1 234,56' (plain spaces, comma decimals). */
export function grouped(v: unknown, dp = 0): string {
  let parts = plainFixed(v, dp);
  if (!parts) {
    const d = toDecimal(v);
    if (!d) return '';
    const [i = '0', f = ''] = d.toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(dp).split('.');
    parts = [i, f];
  }
  const [int, frac] = parts;
  const neg = int.startsWith('-');
  const digits = neg ? int.slice(1) : int;
  const g = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return (neg ? '-' : '') + g + (frac ? ',' + frac : '');
}

/** Sum of decimal values; null when all are blank. */
export function sum(values: unknown[]): Decimal | null {
  let acc: Decimal | null = null;
  for (const v of values) {
    const d = toDecimal(v);
    if (d) acc = acc ? acc.plus(d) : d;
  }
  return acc;
}

/** Kazakhstan time (UTC+5 everywhere since 01.03.2024) for formatting generatedAt. */
const KZ_OFFSET_MS = 5 * 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

export function ruDate(d: Date): string {
  return formatRuDate(new Date(d.getTime() + KZ_OFFSET_MS));
}

export function ruDateTime(d: Date): string {
  const k = new Date(d.getTime() + KZ_OFFSET_MS);
  return `${ruDate(d)} ${pad(k.getUTCHours())}:${pad(k.getUTCMinutes())}`;
}

/** dd.mm.yyyy (or yyyy-mm-dd) to a UTC-midnight Date; null when not a real date. */
export function parseDate(v: unknown): Date | null {
  const s = text(v);
  let m = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(s);
  let y: number;
  let mo: number;
  let da: number;
  if (m) [y, mo, da] = [Number(m[3]), Number(m[2]), Number(m[1])];
  else {
    m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
    if (!m) return null;
    [y, mo, da] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  const d = new Date(Date.UTC(y, mo - 1, da));
  return d.getUTCMonth() === mo - 1 && d.getUTCDate() === da ? d : null;
}

/** Normalises a deal date to dd.mm.yyyy ('' when blank or invalid). */
export function dealDate(v: unknown): string {
  const d = parseDate(v);
  return d ? formatRuDate(d) : '';
}

export function fullName(p: { surname: string; name: string; patronymic?: string | null }): string {
  return [p.surname, p.name, p.patronymic].map(text).filter(Boolean).join(' ');
}
