import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, request } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { i18next } from '../../shared/i18n/i18n.ts';
import { isEmailedAnswer } from '../calculation/index.ts';

export interface StoredFile {
  year: number;
  month: number;
  user_id: number;
  filename: string;
  kind: string;
  created_at: string;
}

export const fileUrl = (f: Pick<StoredFile, 'year' | 'month' | 'user_id' | 'filename'>) =>
  `/api/${f.year}/${f.month}/${f.user_id}/${encodeURIComponent(f.filename)}`;

/** A download's outcome: the file, or the server's JSON saying it will be emailed (texts in MSG). */
export type Fetched = { kind: 'file'; blob: Blob; filename: string } | { kind: 'emailed'; message: string };

function filenameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(cd);
  return plain?.[1] ?? fallback;
}

/** GETs a document; a JSON answer means "too large, it will be emailed"; anything else odd is errors:tryAgain. */
export async function fetchDocument(path: string, fallbackName: string): Promise<Fetched> {
  const res = await request<Response>(path, { raw: true });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const body = (await res.json().catch(() => null)) as unknown;
    if (isEmailedAnswer(body)) return { kind: 'emailed', message: body.message };
    throw new ApiError(res.status, i18next.t('errors:tryAgain'));
  }
  const blob = await res.blob();
  if (blob.size === 0) throw new ApiError(res.status, i18next.t('errors:tryAgain'));
  return { kind: 'file', blob, filename: filenameOf(res, fallbackName) };
}

/** Saves a blob under its name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const documentPaths = {
  pdf: (id: number) => `/api/declarations/${id}/export-pdf`,
  excel: (id: number) => `/api/declarations/${id}/export-excel/stream`,
};

export const useXmlList = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.declarations.xmlList(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: StoredFile[] }>(`/api/declarations/${id}/get-xml-list`, undefined, signal)).data,
    enabled,
  });

export function useGenerateXml(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ data: StoredFile }>(`/api/declarations/${id}/generate-xml`)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.declarations.xmlList(id) }),
  });
}

/** The signing flow of the signing module: the provider's page, coming back to /aitu-process. */
export async function startSigning(id: number): Promise<string> {
  const r = await api.post<{ url?: string; data?: { url?: string } }>(`/api/signing/${id}/get-url-for-signing`, {
    redirect_uri: `${window.location.origin}/aitu-process`,
  });
  const url = r.url ?? r.data?.url;
  if (!url) throw new ApiError(0, i18next.t('errors:signingFailed'));
  return url;
}
