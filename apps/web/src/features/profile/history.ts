import { formatAlmatyDateTime } from '../../shared/ui/dates.ts';

/** Pure helpers of the visit history (docs/accounts.md); texts are keys of the profile catalogue. */
export const VISIT_FILTERS = [
  { value: '2', labelKey: 'history.all' },
  { value: '1', labelKey: 'history.successful' },
  { value: '0', labelKey: 'history.failed' },
] as const;
export type VisitFilter = (typeof VISIT_FILTERS)[number]['value'];

/** dd.mm.yyyy hh:mm in Almaty time, whatever the browser's zone (the product's date format). */
export const formatVisitDate = (iso: string): string => formatAlmatyDateTime(iso);

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

export const visitStatus = (ok: boolean): 'history.success' | 'history.failure' =>
  ok ? 'history.success' : 'history.failure';
