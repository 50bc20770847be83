import { expect } from 'vitest';
import type { TestClient, TestServer } from './helpers.ts';

export const REDIRECT = 'http://localhost:8080/aitu-process';
export const GOOD_IIN = '900101300126';

/** What the signing and sending tests share: a declaration ready to sign and the sandbox signer's pages. */
export function signingKit(server: () => TestServer) {
  /** A paid, filled declaration waiting for its signature (status 6; finishing and personal data are other modules). */
  async function readyToSign(c: TestClient, taxOfficeSending = true, iin = GOOD_IIN): Promise<number> {
    const res = await c.post('/api/declarations', { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3 });
    const id = res.json().data.common_data.id as number;
    await server().deps.db.query(
      `UPDATE declarations SET status = 6, tariff_type = 1, tax_office_sending = $2,
         personal_data = personal_data || jsonb_build_object('iin', $3::text) WHERE id = $1`,
      [id, taxOfficeSending, iin],
    );
    return id;
  }
  const statusOf = async (id: number) =>
    (await server().deps.db.one<{ status: number }>('SELECT status FROM declarations WHERE id = $1', [id]))?.status;

  /** The browser: our URL -> the sandbox signer page -> 'Подписать' -> back to /aitu-process?code=… */
  async function signInSandbox(c: TestClient, id: number, action = 'sign'): Promise<URL> {
    const s = server();
    const prep = await c.get(`/api/signing/${id}/prepare-for-signing`);
    expect(prep.statusCode, prep.body).toBe(200);
    const urlRes = await c.post(`/api/signing/${id}/get-url-for-signing`, { redirect_uri: REDIRECT });
    expect(urlRes.statusCode, urlRes.body).toBe(200);
    const url = new URL(urlRes.json().url, 'http://localhost:8080');
    expect(url.pathname).toBe('/api/sandbox/signer/authorize');
    const page = await s.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Подписать');
    expect(page.body).toContain('Отмена');
    const form = new URLSearchParams({
      scope: url.searchParams.get('scope') ?? '',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      state: url.searchParams.get('state') ?? '',
      response_type: 'code',
      action,
    });
    const decide = await s.app.inject({
      method: 'POST',
      url: '/api/sandbox/signer/decide',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(decide.statusCode).toBe(303);
    return new URL(String(decide.headers.location));
  }

  /** Signs in the sandbox and sends: the answer of send-signed-file. */
  async function signAndSend(c: TestClient, id: number) {
    const code = (await signInSandbox(c, id)).searchParams.get('code') ?? '';
    return c.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
  }

  return { readyToSign, statusOf, signInSandbox, signAndSend };
}
