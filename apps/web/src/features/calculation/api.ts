import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { declarationKeys } from '../declarations/index.ts';

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

export const calculationKey = (id: number) => ['declarations', 'calculation', id] as const;

export const useCalculation = (id: number) =>
  useQuery({
    queryKey: calculationKey(id),
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
      void qc.invalidateQueries({ queryKey: declarationKeys.all });
    },
  });
}

export interface PersonalDataForm {
  iin: string;
  surname: string;
  name: string;
  patronymic: string | null;
  phone: string;
  spouses_iin: string | null;
}

export function useSavePersonalData(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PersonalDataForm) =>
      (await api.post<{ data: { status: number } }>(`/api/declarations/${id}/update-personal-data`, body)).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: declarationKeys.all });
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
