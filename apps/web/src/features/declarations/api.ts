import type {
  Broker,
  Declaration,
  DeclarationList,
  DeclarationStatusItem,
  DeclarationType,
  KgdCode,
  NewDeclaration,
  ReportingForm,
} from '@deklarant/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';

/** Reference lists this feature reads (GET /api/common/*), cached for the session. */
type Lists = {
  'get-reporting-forms': z.infer<typeof ReportingForm>;
  'get-declaration-types': z.infer<typeof DeclarationType>;
  'get-kgd-codes': z.infer<typeof KgdCode>;
  'get-brokers': z.infer<typeof Broker>;
  'get-declaration-statuses': z.infer<typeof DeclarationStatusItem>;
};

export function useReference<K extends keyof Lists>(call: K) {
  return useQuery({
    queryKey: queryKeys.reference(call),
    queryFn: async ({ signal }) => (await api.get<{ data: Lists[K][] }>(`/api/common/${call}`, undefined, signal)).data,
    staleTime: 10 * 60_000,
  });
}

export function useDeclarationList(archived: boolean, page: number) {
  return useQuery({
    queryKey: queryKeys.declarations.list(archived, page),
    queryFn: ({ signal }) =>
      api.get<DeclarationList>('/api/declarations', { archived: archived ? 1 : 0, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export const declarationQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.declarations.one(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Declaration }>(`/api/declarations/${id}`, undefined, signal)).data,
  });

/** The one hook every screen reads a declaration with; all share the cached answer. */
export const useDeclaration = (id: number | null) => useQuery({ ...declarationQuery(id ?? 0), enabled: id !== null });

export function useCreateDeclaration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewDeclaration) => (await api.post<{ data: Declaration }>('/api/declarations', body)).data,
    onSuccess: (d) => {
      qc.setQueryData(queryKeys.declarations.one(d.common_data.id), d);
      void qc.invalidateQueries({ queryKey: queryKeys.declarations.lists });
    },
  });
}

export function useDeleteDeclaration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean }>(`/api/declarations/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.declarations.all }),
  });
}

/** Calls that other issues implement; each caller handles their absence. */
export const laterCalls = {
  uploadFiles: (id: number, files: File[], bank: string) => {
    const form = new FormData();
    for (const f of files) form.append('files[]', f);
    form.append('bank', bank);
    return api.post<{ success?: boolean; message?: string; import_id?: number }>(
      `/api/declarations/${id}/upload-file`,
      form,
    );
  },
  getDataFromBank: (id: number) => api.post<{ import_id?: number }>(`/api/declarations/${id}/get-data-from-bank`),
  // TODO(payment issue): POST /api/tariff/{id}/choose-tariff may not exist yet; callers guard it.
  chooseConsultantTariff: (id: number, broker: string | null) =>
    api.post<{ need_payment?: boolean }>(`/api/tariff/${id}/choose-tariff`, {
      tariff_type: 2,
      selected_additional_service: [],
      referral_code: null,
      tax_office_sending: false,
      broker,
    }),
  finishEditing: (id: number) => api.post<{ data: { status: number } }>(`/api/declarations/${id}/finish-editing`),
  additionalPaymentCost: (id: number) =>
    api.get<{ cost?: number | string }>(`/api/tariff/${id}/get-additional-payment-cost`),
};
