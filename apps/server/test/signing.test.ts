import { MSG } from '@deklarant/contracts';
import { parseFno } from '@deklarant/documents';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTestKeyPair, verifyXmlSignature } from '../src/providers/signing/xmldsig.ts';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';
import { REDIRECT, signingKit } from './signing-kit.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const { readyToSign, statusOf, signInSandbox } = signingKit(() => s);

describe('signing and sending', () => {
  it('signs in the sandbox, sends to the tax office, keeps the receipt, status 9', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client);
    const back = await signInSandbox(u.client, id);
    expect(back.pathname).toBe('/aitu-process');
    const code = back.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[a-f0-9]{40}$/);
    const sent = await u.client.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json();
    expect(body).toMatchObject({ success: true, status: 9, sent: true });
    // acknowledged, not yet answered: 'Отправлено' (the answer comes later, submissions.test.ts)
    expect(body.submission).toMatchObject({ status: 'sent', registration_number: null, receipt_available: false });
    expect(body.submission.receipt).toMatchObject({ form_code: '270.00', year: 2025, kgd_code: '0101' });
    expect(await statusOf(id)).toBe(9);
    const receipt = await u.client.get(`/api/signing/${id}/submission`);
    expect(receipt.json().data.status).toBe('sent');
    // the signed file verifies with the test certificate
    const file = await u.client.get(`/api/signing/${id}/signed-file`);
    expect(file.statusCode).toBe(200);
    expect(verifyXmlSignature(file.body, sandboxTestKeyPair().cert)).toEqual({ valid: true });
    expect(file.body).toContain('900101300126');
  });

  it('a signing code is single use: reusing it is refused', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client, false);
    const code = (await signInSandbox(u.client, id)).searchParams.get('code') ?? '';
    const first = await u.client.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
    expect(first.json()).toMatchObject({ status: 9, sent: false, submission: null });
    const again = await u.client.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.signingCodeUsed);
    const exch = await u.client.post('/api/signing/exchange-code-for-token', { code, redirect_uri: REDIRECT });
    expect(exch.statusCode).toBe(409);
  });

  it('exchange-code-for-token then save-unsigned-files then send-signed-file with the same code', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client);
    const code = (await signInSandbox(u.client, id)).searchParams.get('code') ?? '';
    const t = await u.client.post('/api/signing/exchange-code-for-token', { code, redirect_uri: REDIRECT });
    expect(t.statusCode, t.body).toBe(200);
    const saved = await u.client.post(`/api/signing/${id}/save-unsigned-files`, {
      access_token: t.json().access_token,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await u.client.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
    expect(sent.json()).toMatchObject({ status: 9, sent: true });
  });

  it('Отмена returns an error without a code; a forged code is refused; the status stays 6', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client);
    const back = await signInSandbox(u.client, id, 'cancel');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('access_denied');
    const forged = await u.client.post(`/api/signing/${id}/send-signed-file`, {
      code: 'f'.repeat(40),
      redirect_uri: REDIRECT,
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe(MSG.signingCodeInvalid);
    expect(await statusOf(id)).toBe(6);
  });

  it('the tax office is down: a Russian message, the signed file is kept, sending again with the same code works', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client);
    const code = (await signInSandbox(u.client, id)).searchParams.get('code') ?? '';
    const real = s.deps.providers.taxOffice;
    const down = async (): Promise<never> => {
      const { ProviderUnavailable } = await import('../src/providers/payment/errors.ts');
      throw new ProviderUnavailable('taxoffice', 'timeout');
    };
    s.deps.providers.taxOffice = { mode: 'sandbox', send: down, answer: down };
    try {
      const down = await u.client.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(MSG.taxOfficeDown);
    } finally {
      s.deps.providers.taxOffice = real;
    }
    expect(await statusOf(id)).toBe(6);
    const retry = await u.client.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
    expect(retry.json()).toMatchObject({ status: 9, sent: true });
  });

  it('refuses a foreign redirect address, another user’s declaration and a declaration not ready to sign', async () => {
    const u = await signedInUser(s);
    const other = await signedInUser(s);
    const id = await readyToSign(u.client);
    const evil = await u.client.post(`/api/signing/${id}/get-url-for-signing`, {
      redirect_uri: 'https://evil.example/aitu-process',
    });
    expect(evil.statusCode).toBe(422);
    expect(evil.json().message).toBe(MSG.signingBadRedirect);
    expect((await other.client.get(`/api/signing/${id}/prepare-for-signing`)).statusCode).toBe(404);
    await s.deps.db.query('UPDATE declarations SET status = 3 WHERE id = $1', [id]);
    const early = await u.client.get(`/api/signing/${id}/prepare-for-signing`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MSG.signingWrongStatus);
  });

  it('missing personal data is a Russian message before anything is sent to the signer', async () => {
    const u = await signedInUser(s);
    const res = await u.client.post('/api/declarations', { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3 });
    const id = res.json().data.common_data.id as number;
    await s.deps.db.query('UPDATE declarations SET status = 6 WHERE id = $1', [id]);
    const prep = await u.client.get(`/api/signing/${id}/prepare-for-signing`);
    expect(prep.statusCode).toBe(422);
    expect(prep.json().message).toMatch(/Заполните персональные данные/);
  });

  describe('submit_date is the day the file is sent (Almaty time)', () => {
    // 18:55 UTC is 23:55 in Almaty (UTC+5) on 15.03.2026; six minutes later (within the signer code's ten
    // minutes) it is 00:01 on 16.03.2026
    const beforeMidnight = new Date('2026-03-15T18:55:00Z');
    const minutes = (n: number) => n * 60_000;
    const submitDate = (xml: string) =>
      parseFno(xml)
        .forms.flatMap((f) => f.sheets.flatMap((sh) => sh.fields))
        .find(([name]) => name === 'submit_date')?.[1];
    const sandboxDecision = async (url: URL) => {
      const form = new URLSearchParams({
        scope: url.searchParams.get('scope') ?? '',
        redirect_uri: url.searchParams.get('redirect_uri') ?? '',
        state: url.searchParams.get('state') ?? '',
        response_type: 'code',
        action: 'sign',
      });
      const decide = await s.app.inject({
        method: 'POST',
        url: '/api/sandbox/signer/decide',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      return new URL(String(decide.headers.location)).searchParams.get('code') ?? '';
    };
    afterEach(() => {
      s.clock.set(new Date('2026-03-15T09:00:00Z'));
    });

    it('prepared before midnight, signed after: the file is prepared again with the new day', async () => {
      s.clock.set(beforeMidnight);
      const u = await signedInUser(s);
      const id = await readyToSign(u.client);
      expect((await u.client.get(`/api/signing/${id}/prepare-for-signing`)).statusCode).toBe(200);
      s.clock.advance(minutes(6));
      const urlRes = await u.client.post(`/api/signing/${id}/get-url-for-signing`, { redirect_uri: REDIRECT });
      expect(urlRes.statusCode, urlRes.body).toBe(200);
      const code = await sandboxDecision(new URL(urlRes.json().url, 'http://localhost:8080'));
      const sent = await u.client.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
      expect(sent.json()).toMatchObject({ status: 9, sent: true });
      const file = await u.client.get(`/api/signing/${id}/signed-file`);
      expect(submitDate(file.body)).toBe('16.03.2026');
      expect(verifyXmlSignature(file.body, sandboxTestKeyPair().cert)).toEqual({ valid: true });
    });

    it('signed before midnight, sent after: refused in Russian, nothing sent; signed again it goes', async () => {
      s.clock.set(beforeMidnight);
      const u = await signedInUser(s);
      const id = await readyToSign(u.client);
      const code = (await signInSandbox(u.client, id)).searchParams.get('code') ?? '';
      s.clock.advance(minutes(6));
      const late = await u.client.post(`/api/signing/${id}/send-signed-file`, { code, redirect_uri: REDIRECT });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().message).toBe(MSG.signingDayChanged);
      expect(await statusOf(id)).toBe(6);
      expect((await u.client.get(`/api/signing/${id}/submission`)).json().data).toBeNull();
      const again = (await signInSandbox(u.client, id)).searchParams.get('code') ?? '';
      const sent = await u.client.post(`/api/signing/${id}/send-signed-file`, { code: again, redirect_uri: REDIRECT });
      expect(sent.json()).toMatchObject({ status: 9, sent: true });
      const file = await u.client.get(`/api/signing/${id}/signed-file`);
      expect(submitDate(file.body)).toBe('16.03.2026');
    });
  });
});
