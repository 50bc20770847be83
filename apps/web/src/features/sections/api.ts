import type { Declaration } from '@deklarant/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api/client.ts';
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
  meta: { hide_history_link: boolean };
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

/** Same key as the declarations feature, so both share one cached declaration. */
export const declarationKey = (id: number) => ['declarations', 'one', id] as const;
export const sectionKeys = {
  all: (id: number) => ['sections', id] as const,
  list: (id: number, slug: string, previous: boolean) => ['sections', id, slug, 'list', previous] as const,
  deal: (id: number, slug: string, dealId: number) => ['sections', id, slug, 'deal', dealId] as const,
};

export const useDeclaration = (id: number | null) =>
  useQuery({
    queryKey: declarationKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Declaration }>(`/api/declarations/${id}`, undefined, signal)).data,
    enabled: id !== null,
  });

const base = (id: number) => `/api/declarations/${id}/deals`;

/** A section's deals and totals; `saleId` narrows the purchase-history section to one sale. */
export function useSectionList(id: number | null, slug: string, previous = false, saleId: number | null = null) {
  return useQuery({
    queryKey: [...sectionKeys.list(id ?? 0, slug, previous), saleId],
    queryFn: ({ signal }) =>
      api.get<SectionList>(`${base(id ?? 0)}/${slug}`, { previous: previous ? 1 : undefined, deal_id: saleId }, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDeal(id: number | null, slug: string, dealId: number | null) {
  return useQuery({
    queryKey: sectionKeys.deal(id ?? 0, slug, dealId ?? 0),
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
    queryKey: ['sections', id ?? 0, 'history-deals', dealId ?? 0],
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
      qc.invalidateQueries({ queryKey: declarationKey(id) }),
      qc.invalidateQueries({ queryKey: sectionKeys.all(id) }),
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
    queryKey: ['sections', id ?? 0, slug, 'calculate', payload],
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
    queryKey: ['reference', call],
    queryFn: async ({ signal }) => (await api.get<{ data: RefRow[] }>(`/api/common/${call}`, undefined, signal)).data,
    staleTime: 10 * 60_000,
    enabled,
  });
}
