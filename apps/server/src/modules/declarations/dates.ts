import { ISO_DATE_SHAPE, isoToRu, RU_DATE, ruToIso } from '@deklarant/contracts';

/** Kazakhstan time (UTC+5, one zone since March 2024): what the user reads on the cards. */
const KZ_OFFSET_MS = 5 * 3_600_000;
const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** dd.mm.yyyy hh:mm in Kazakhstan time (docs/statuses.md, declaration_expired_date). */
export function ruDateTime(d: Date | null): string | null {
  if (!d) return null;
  const k = new Date(d.getTime() + KZ_OFFSET_MS);
  return `${pad(k.getUTCDate())}.${pad(k.getUTCMonth() + 1)}.${k.getUTCFullYear()} ${pad(k.getUTCHours())}:${pad(k.getUTCMinutes())}`;
}

/** dd.mm.yyyy -> yyyy-mm-dd for a date column; ISO dates pass through; anything else is null. */
export function isoDate(ru: string | null | undefined): string | null {
  if (!ru) return null;
  if (ISO_DATE_SHAPE.test(ru)) return ru;
  return RU_DATE.test(ru) ? ruToIso(ru) : null;
}

/** dd.mm.yyyy as a date column reads back (to_char 'DD.MM.YYYY'), from either notation `isoDate` takes. */
export function ruDate(date: string | null | undefined): string | null {
  const iso = isoDate(date);
  return iso ? isoToRu(iso) : null;
}

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
