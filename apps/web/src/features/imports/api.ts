import type { Broker } from '@deklarant/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { type ImportStatus, isFinished } from './rules.ts';

export type BrokerItem = z.infer<typeof Broker>;

export interface ImportIssue {
  file: number;
  row: number | string;
  field?: string;
  message: string;
}

/** One file's reconciliation (packages/importers Reconciliation): every row accounted for. */
export interface FileReconciliation {
  file: number;
  format: string;
  rows: Record<string, number>;
  deals: Record<string, number>;
  flagged: number;
  skipped: number;
  errors: number;
  totals: Record<string, Record<'proceeds' | 'costs' | 'income' | 'taxes', { file: string; deals: string }>>;
  notes: string[];
}

export interface ImportView {
  id: number;
  declaration_id: number;
  source: 'upload' | 'partner';
  bank: string | null;
  status: ImportStatus;
  progress: number;
  message: string | null;
  formats: string[];
  files: { id: number; filename: string; size_bytes: number }[];
  counts: {
    total: number;
    added: number;
    duplicates: number;
    needs_info: number;
    skipped: number;
    errors: number;
    by_section: Record<string, number>;
    reconciliation?: FileReconciliation[];
  };
  errors: ImportIssue[];
  skipped: ImportIssue[];
}

export interface Accepted {
  success: boolean;
  import_id: number;
  job_id: number;
  message: string;
}

export const useBrokers = () =>
  useQuery({
    queryKey: queryKeys.reference('get-brokers'),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: BrokerItem[] }>('/api/common/get-brokers', undefined, signal)).data,
    staleTime: 10 * 60_000,
  });

/** The background parse: polled every second until it is done or failed. */
export const useImport = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.importJob(id),
    queryFn: async ({ signal }) => (await api.get<{ data: ImportView }>(`/api/imports/${id}`, undefined, signal)).data,
    enabled: id !== null,
    refetchInterval: (q) => (isFinished(q.state.data?.status) ? false : 1000),
  });

export function uploadReport(declarationId: number, files: File[], bank: string) {
  const form = new FormData();
  for (const f of files) form.append('files[]', f);
  form.append('bank', bank);
  return api.post<Accepted>(`/api/declarations/${declarationId}/upload-file`, form);
}

export const getDataFromBank = (declarationId: number) =>
  api.post<Accepted>(`/api/declarations/${declarationId}/get-data-from-bank`);
