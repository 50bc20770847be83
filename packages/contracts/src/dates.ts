import { RU_DATE } from './api.ts';

/**
 * dd.mm.yyyy, the one date notation of the API, the forms, the imports and the documents: read, written and
 * compared here only (docs/adr/2026-11-24-one-date-module.md). The converters do not validate: callers that take
 * outside input check it first (`RU_DATE`, `isRuDateShape`, `isCalendarRuDate`).
 */

/** Two digits, dot, two digits, dot, four digits: the shape, without checking the calendar. */
export const RU_DATE_SHAPE = /^\d{2}\.\d{2}\.\d{4}$/;
/** yyyy-mm-dd (a date column, a date picker). */
export const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

export const isRuDateShape = (value: unknown): value is string =>
  typeof value === 'string' && RU_DATE_SHAPE.test(value);

/** A date of RU_DATE that exists in the calendar (no 31.02). */
export function isCalendarRuDate(value: string): boolean {
  if (!RU_DATE.test(value)) return false;
  const [d, m, y] = value.split('.').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCDate() === d && date.getUTCMonth() === m - 1;
}

/** The year part of dd.mm.yyyy, as written. */
export const ruYearText = (ru: string): string => ru.slice(6);
/** The year of dd.mm.yyyy as a number. */
export const ruYear = (ru: string): number => Number(ru.slice(6, 10));

/** dd.mm.yyyy -> yyyy-mm-dd. */
export const ruToIso = (ru: string): string => `${ru.slice(6, 10)}-${ru.slice(3, 5)}-${ru.slice(0, 2)}`;
/** yyyy-mm-dd (a longer ISO timestamp too) -> dd.mm.yyyy. */
export const isoToRu = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** dd.mm.yyyy of a Date's UTC calendar day. */
export const formatRuDate = (d: Date): string =>
  `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;

/** dd.mm.yyyy -> 'yyyymmdd': sorts and compares as text in date order. */
export const ruSortKey = (ru: string): string => ru.slice(6) + ru.slice(3, 5) + ru.slice(0, 2);

/** Negative, zero or positive as `a` is before, the same day as or after `b` (both dd.mm.yyyy). */
export function compareRuDates(a: string, b: string): number {
  const ka = ruSortKey(a);
  const kb = ruSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Whole days between two dd.mm.yyyy dates, whichever comes first. */
export const ruDaysBetween = (a: string, b: string): number =>
  Math.abs(
    Date.UTC(+a.slice(6), +a.slice(3, 5) - 1, +a.slice(0, 2)) -
      Date.UTC(+b.slice(6), +b.slice(3, 5) - 1, +b.slice(0, 2)),
  ) / 86400000;

/**
 * A date-time as people in Kazakhstan read it, in Almaty time wherever the code runs: dd.mm.yyyy hh:mm for
 * ru and kk, the locale's own form for others.
 */
export const almatyDateTime = (iso: string, locale = 'ru-RU'): string =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Almaty',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');
