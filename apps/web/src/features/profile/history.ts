/** Pure helpers of the visit history (docs/accounts.md). */
export const VISIT_FILTERS = [
  { value: '2', label: 'Все' },
  { value: '1', label: 'Успешные' },
  { value: '0', label: 'Неуспешные' },
] as const;
export type VisitFilter = (typeof VISIT_FILTERS)[number]['value'];

const pad = (n: number) => String(n).padStart(2, '0');

/** dd.mm.yyyy hh:mm in the browser's time zone (the product's date format). */
export function formatVisitDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The query of GET /api/account/get-visit-history; an open range end is left out. */
export function visitHistoryQuery(
  page: number,
  filter: VisitFilter,
  range: [string | null, string | null],
): Record<string, string | number> {
  const q: Record<string, string | number> = { page, filter: Number(filter) };
  const [from, to] = range;
  if (from) q.from = from.slice(0, 10);
  if (to) q.to = to.slice(0, 10);
  return q;
}

export const visitStatus = (ok: boolean) => (ok ? 'Успешно' : 'Неуспешно');
