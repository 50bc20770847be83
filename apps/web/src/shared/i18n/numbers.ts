import { currentLocale } from './i18n.ts';

/** The locale's digit group and decimal separators and where the tenge sign goes, read from Intl once. */
interface Symbols {
  group: string;
  decimal: string;
  /** '₸1,234' (en) rather than '1 234 ₸' (ru, kk) */
  currencyFirst: boolean;
}

const cache = new Map<string, Symbols>();

function symbolsOf(locale: string): Symbols {
  let s = cache.get(locale);
  if (!s) {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'KZT',
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1234.5);
    const at = (type: Intl.NumberFormatPartTypes) => parts.findIndex((p) => p.type === type);
    s = {
      group: parts.find((p) => p.type === 'group')?.value ?? '\u00a0',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? ',',
      currencyFirst: at('currency') >= 0 && at('currency') < at('integer'),
    };
    cache.set(locale, s);
  }
  return s;
}

export interface DecimalFormat {
  /** BCP 47 tag; the active language's by default */
  locale?: string;
  /** digits kept after the point (cut, never rounded); all by default */
  maxFraction?: number;
  /** pad the fraction with zeros to this many digits */
  minFraction?: number;
  /** drop trailing zeros of the fraction */
  trimZeros?: boolean;
  /** group the whole part (true by default) */
  grouping?: boolean;
  /** the sign of a negative amount: '-' by default */
  minus?: string;
  /** add the tenge sign where the locale puts it */
  tenge?: boolean;
}

/**
 * A decimal string ('-1234567.125') with the locale's separators, digit by digit: the amount is never turned
 * into a float, so every digit of a large sum stays. Anything that is not a plain decimal is returned as is.
 */
export function formatDecimal(amount: string, opts: DecimalFormat = {}): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return amount;
  const [, sign = '', int = '0', rawFrac = ''] = m;
  const s = symbolsOf(opts.locale ?? currentLocale());
  let frac = opts.maxFraction === undefined ? rawFrac : rawFrac.slice(0, opts.maxFraction);
  if (opts.trimZeros) frac = frac.replace(/0+$/, '');
  if (opts.minFraction !== undefined) frac = frac.padEnd(opts.minFraction, '0');
  const whole = opts.grouping === false ? int : int.replace(/\B(?=(\d{3})+(?!\d))/g, s.group);
  const number = `${whole}${frac ? `${s.decimal}${frac}` : ''}`;
  const minus = sign ? (opts.minus ?? '-') : '';
  if (!opts.tenge) return `${minus}${number}`;
  return s.currencyFirst ? `${minus}₸${number}` : `${minus}${number}\u00a0₸`;
}
