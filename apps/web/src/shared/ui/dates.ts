/** Dates as people type them and times as Almaty reads them (issue 18, item 4). Pure helpers. */

/** The time zone every time on screen is shown in: Kazakhstan's, whatever the browser's. */
export const APP_TIME_ZONE = 'Asia/Almaty';

const pad = (n: number) => String(n).padStart(2, '0');

function isoIfReal(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/**
 * A typed date as YYYY-MM-DD, or null while it is not a whole real date: 15.03.2025, 5.3.2025,
 * 15/03/2025, 15-03-2025, 15 03 2025, 15032025 and 2025-03-15 all read as the 15th of March. A
 * two-digit or partly typed year is not taken, so typing '15.03.202' never jumps to year 202.
 */
export function parseTypedDate(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{1,2})[.\s/-](\d{1,2})[.\s/-](\d{4})$/.exec(s);
  if (m) return isoIfReal(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return isoIfReal(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (m) return isoIfReal(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

// Only the numeric parts are read: the product writes dd.mm.yyyy hh:mm in every language.
const almaty = new Intl.DateTimeFormat('ru-RU', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant (ISO string or Date) as 'дд.мм.гггг чч:мм' in Almaty time; '' for nothing or garbage. */
export function formatAlmatyDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return typeof value === 'string' ? value : '';
  const parts = Object.fromEntries(almaty.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}
