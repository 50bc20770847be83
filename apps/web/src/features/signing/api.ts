import type { SendSignedResult } from '@deklarant/contracts';
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
