import type { PersonalDataBody } from '@deklarant/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, management } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { session } from '../../shared/session/storage.ts';

/** One deal behind a figure (GET /api/declarations/{id}/calculation). */
export interface CalculationDeal {
  id: number | string;
  section: string;
  section_title: string;
  name: string;
  transaction_date: string | null;
  currency_code: string | null;
  comment: string | null;
  income?: string | null;
  counted?: string | null;
  benefit?: string | null;
}

export interface CalculationLine {
  field: string;
  label: string;
  code: string | null;
  /** KZT decimal string, null while the declaration is unpaid */
  amount: string | null;
  /** whole tenge as the form prints the line (totals derived from whole lines); null when not on the form */
  form_amount?: string | null;
  rule: string;
  article: string;
  uncertain: boolean;
  deals: CalculationDeal[];
  deals_total: number;
}

export interface CalculationView {
  declaration_id: number;
  status: number;
  reporting_form_id: number;
  year: number;
  hidden: boolean;
  fifth_section: Record<string, string | null> | null;
  lines: CalculationLine[];
  ignored_deals: CalculationDeal[];
}

export const useCalculation = (id: number) =>
  useQuery({
    queryKey: queryKeys.declarations.calculation(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: CalculationView }>(`/api/declarations/${id}/calculation`, undefined, signal)).data,
    staleTime: 0,
  });

export function useFinishEditing(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ data: { status: number; ignored_deals: number } }>(`/api/declarations/${id}/finish-editing`))
        .data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.declarations.all });
    },
  });
}

/** The body of update-personal-data, as PersonalDataBody outputs it. */
export type PersonalDataForm = z.output<typeof PersonalDataBody>;

/**
 * Step 7 saves the declaration's personal data and, for a person's own account, the profile too: the data
 * is entered once, the next form starts from it and the profile shows the IIN (issue 18, item 3). A partner's
 * client (B2B) has no profile to edit, and a manager working for the user leaves the profile alone. The
 * declaration is what the step needs: a profile that could not be updated does not stop the user.
 */
export function useSavePersonalData(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PersonalDataForm) => {
      const saved = (await api.post<{ data: { status: number } }>(`/api/declarations/${id}/update-personal-data`, body))
        .data;
      if (!session.isB2B() && !management.active()) {
        await api.post('/api/account/update-personal-data', body).catch(() => undefined);
      }
      return saved;
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.declarations.all });
      void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** Additional payment cost (payment module); absent until that module answers. */
export async function additionalPaymentCost(id: number): Promise<string | null> {
  try {
    const r = await api.get<{ cost?: number | string; data?: { cost?: number | string } }>(
      `/api/tariff/${id}/get-additional-payment-cost`,
    );
    const cost = r.cost ?? r.data?.cost;
    return cost === undefined ? null : String(cost);
  } catch {
    return null;
  }
}
