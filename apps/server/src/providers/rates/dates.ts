/** Calendar helpers on ISO dates (YYYY-MM-DD), computed in UTC so no local time zone shifts a day. */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const RU = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** The Date (UTC midnight) of a valid ISO date, or null. */
export function fromIsoDate(iso: string): Date | null {
  const m = ISO.exec(iso);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === iso ? d : null;
}

/** Accepts YYYY-MM-DD or DD.MM.YYYY (the app's display format); returns ISO or null when not a real date. */
export function normaliseDate(input: string): string | null {
  const s = input.trim();
  const ru = RU.exec(s);
  const iso = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : s.slice(0, 10);
  return fromIsoDate(iso) ? iso : null;
}

export function addDays(iso: string, days: number): string {
  const d = fromIsoDate(iso);
  if (!d) throw new RangeError(`bad date ${iso}`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Saturday and Sunday are the weekly days off in Kazakhstan. */
export function isWeekend(iso: string): boolean {
  const day = fromIsoDate(iso)?.getUTCDay();
  return day === 0 || day === 6;
}

export function toNbkDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** Today's date in Astana/Almaty, where the National Bank publishes. */
export function kzToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Almaty',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
