/** Calendar days as Almaty counts them: the visit-history range the person picks is in Almaty days. */
const ZONE = 'Asia/Almaty';

const wall = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** Minutes Almaty is ahead of UTC at the instant `at` (360 until 01.03.2024, 300 since). */
function offsetMinutes(at: number): number {
  const p = Object.fromEntries(wall.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The UTC instant at which the Almaty day `iso` (YYYY-MM-DD) begins; `plusDays` moves to a later day. */
export function almatyDayStart(iso: string, plusDays = 0): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d + plusDays);
  return new Date(midnightUtc - offsetMinutes(midnightUtc) * 60_000);
}
