import type { VisitEntry as VisitEntrySchema } from '@deklarant/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';

export type VisitEntry = z.infer<typeof VisitEntrySchema>;
export interface VisitPage {
  data: VisitEntry[];
  meta: { total: number; page: number; per_page: number; last_page: number };
}

/** The account calls of the API. */
export const accountApi = {
  updatePersonalData: (b: Record<string, unknown>) =>
    api.post<{ success: boolean }>('/api/account/update-personal-data', b),
  getCodeChangeEmail: (email: string) =>
    api.post<{ success: boolean; message?: string }>('/api/account/get-code-change-email', { email }),
  setNewEmail: (email: string, code: string) =>
    api.post<{ success: boolean; errors?: Record<string, string[]> }>('/api/account/set-new-email', {
      email,
      code,
      type: 4,
    }),
  visitHistory: (query: Record<string, string | number>, signal?: AbortSignal) =>
    api.get<VisitPage>('/api/account/get-visit-history', query, signal),
};
