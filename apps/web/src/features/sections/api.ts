import { LIMITS } from '@deklarant/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { session } from '../../shared/session/storage.ts';

export interface Warning {
  field?: string;
  level: 'warning' | 'error';
  code: string;
  text: string;
  title?: string;
}

export type DealRow = Record<string, unknown> & {
  id: number;
  status: number | null;
  comment?: string | null;
  declaration_section: string;
  warnings: Warning[];
  level: 'default' | 'warning' | 'error';
  previous_period?: boolean;
};

export interface SectionList {
  data: DealRow[];
  totals: Record<string, string>;
  section_warnings: Warning[];
  meta: { hide_history_link: boolean; total: number; page: number; per_page: number; last_page: number };
}

export interface RateUsed {
  rate: string;
  currency_code: string;
  rate_date: string;
  rule: string;
  demo: boolean;
}

export interface Calculation {
  value_added_income: string;
  sales_cost_in_tenge_currency: string | null;
  cost_in_tenge_currency: string | null;
  amount_in_tenge_currency: string | null;
  /** the foreign tax at the deal rate (dividends, rewards, sales abroad) */
  foreign_tax_in_tenge?: string | null;
  exchange_rate: RateUsed | null;
  purchase_exchange_rate: RateUsed | null;
  warnings: Warning[];
  level: 'default' | 'warning' | 'error';
  tax_benefit: { id: number; code: string; name: string; article: string } | null;
}

export interface ConsumedLot {
  purchase_deal_id: number;
  section: string;
  transaction_date: string | null;
  name_security: string | null;
  quantity: string;
  cost: string;
  cost_in_tenge_currency: string;
  currency_code: string;
  rate: string;
  previous_period: boolean;
}

/** The declaration the section screens work on: ?declaration_id=, else the stored current one. */
export function useDeclarationId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('declaration_id') ?? session.currentDeclarationId();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return id;
}

const base = (id: number) => `/api/declarations/${id}/deals`;

/**
 * One page of a section's deals and the section's totals; `saleId` narrows the purchase-history section
 * to one sale.
 */
export function useSectionList(
  id: number | null,
  slug: string,
  previous = false,
  saleId: number | null = null,
  page = 1,
) {
  return useQuery({
    queryKey: [...queryKeys.sections.list(id ?? 0, slug, previous), saleId, page],
    queryFn: ({ signal }) =>
      api.get<SectionList>(
        `${base(id ?? 0)}/${slug}`,
        { previous: previous ? 1 : undefined, deal_id: saleId, page, per_page: LIMITS.sectionPageSize },
        signal,
      ),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDeal(id: number | null, slug: string, dealId: number | null) {
  return useQuery({
    queryKey: queryKeys.sections.deal(id ?? 0, slug, dealId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: DealRow; meta: { hide_history_link: boolean } }>(
        `${base(id ?? 0)}/${slug}/${dealId}`,
        undefined,
        signal,
      ),
    enabled: id !== null && dealId !== null,
  });
}

export function useHistoryDeals(id: number | null, dealId: number | null) {
  return useQuery({
    queryKey: queryKeys.sections.historyDeals(id ?? 0, dealId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: ConsumedLot[]; meta: Record<string, unknown> }>(
        `${base(id ?? 0)}/${dealId}/history-deals`,
        undefined,
        signal,
      ),
    enabled: id !== null && dealId !== null,
  });
}

/** After any change: the declaration (tiles, totals) and every section list are stale. */
function useInvalidate(id: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.declarations.one(id) }),
      qc.invalidateQueries({ queryKey: queryKeys.sections.all(id) }),
    ]);
}

export function useSaveDeal(id: number, slug: string, dealId: number | null) {
  const invalidate = useInvalidate(id);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      dealId === null
        ? api.post<{ data: DealRow }>(`${base(id)}/${slug}`, body)
        : api.put<{ data: DealRow }>(`${base(id)}/${slug}/${dealId}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteDeal(id: number, slug: string) {
  const invalidate = useInvalidate(id);
  return useMutation({
    mutationFn: (dealId: number) => api.delete<{ success: boolean }>(`${base(id)}/${slug}/${dealId}`),
    onSuccess: invalidate,
  });
}

/** KZT equivalents, income, warnings and tax benefit of the form as typed (nothing is stored). */
export function useCalculation(id: number | null, slug: string, payload: Record<string, unknown> | null) {
  return useQuery({
    queryKey: queryKeys.sections.calculate(id ?? 0, slug, payload),
    queryFn: async ({ signal }) =>
      (
        await api.post<{ data: Calculation }>(`${base(id ?? 0)}/${slug}/calculate-profit`, payload, {
          signal,
        } as never)
      ).data,
    enabled: id !== null && payload !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

type RefRow = Record<string, unknown>;
/** A reference list of GET /api/common/*, cached for the session. */
export function useReferenceList(call: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reference(call),
    queryFn: async ({ signal }) => (await api.get<{ data: RefRow[] }>(`/api/common/${call}`, undefined, signal)).data,
    staleTime: 10 * 60_000,
    enabled,
  });
}
