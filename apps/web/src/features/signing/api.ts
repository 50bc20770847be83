import type { SendSignedResult, Submission } from '@deklarant/contracts';
import { api } from '../../shared/api/client.ts';

export const redirectUri = () => `${window.location.origin}/aitu-process`;

export const sendSignedFile = (id: number, code: string) =>
  api.post<SendSignedResult>(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: redirectUri() });

/** Back to the signer: the browser leaves for the URL the server built. */
export async function signAgain(id: number): Promise<void> {
  const { url } = await api.post<{ url: string }>(`/api/signing/${id}/get-url-for-signing`, {
    redirect_uri: redirectUri(),
  });
  window.location.assign(url);
}

/** The latest sending of the declaration and the tax office's answer so far (null: never sent). */
export const fetchSubmission = async (id: number, signal?: AbortSignal) =>
  (await api.get<{ data: Submission | null }>(`/api/signing/${id}/submission`, undefined, signal)).data;

/** The receipt (талон) PDF of an accepted sending. */
export const receiptPath = (id: number) => `/api/signing/${id}/receipt`;

/** The signed XML file as it was sent to the tax office. */
export const signedFilePath = (id: number) => `/api/signing/${id}/signed-file`;
