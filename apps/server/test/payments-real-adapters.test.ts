import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../src/providers/payment/robokassa.ts';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';

/**
 * The server configured with the real adapters (credentials set), talking to local fake ePay and Aitu
 * endpoints on 127.0.0.1: the same routes and callbacks as with the sandboxes.
 */
let fake: Server;
let base = '';
const charged = new Map<string, string>();
const tokenRequests: string[] = [];

beforeAll(async () => {
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      res.setHeader('content-type', 'application/json');
      if (req.url === '/oauth2/token') {
        tokenRequests.push(body);
        return res.end(
          JSON.stringify({
            access_token: 'real-token',
            expires_in: 7200,
            refresh_token: '',
            scope: 'payment',
            token_type: 'Bearer',
          }),
        );
      }
      const m = req.url?.match(/^\/check-status\/payment\/transaction\/(\d+)$/);
      if (m?.[1]) {
        const amount = charged.get(m[1]);
        return res.end(
          JSON.stringify(
            amount
              ? {
                  resultCode: '100',
                  resultMessage: 'success',
                  transaction: { invoiceID: m[1], amount: Number(amount), currency: 'KZT', statusName: 'CHARGE' },
                }
              : { resultCode: '102', resultMessage: 'not found' },
          ),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => fake.close(() => ok())));

describe('real adapters selected by configuration', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({
      EPAY_CLIENT_ID: 'test',
      EPAY_CLIENT_SECRET: 'yF587AV9Ms94qN2QShFzVR3vFnWkhjbAK3sG',
      EPAY_TERMINAL: '67e34d63-102f-4bd1-898e-370781d0074d',
      EPAY_OAUTH_URL: `${base}/oauth2/token`,
      EPAY_API_URL: base,
      ROBOKASSA_LOGIN: 'shop',
      ROBOKASSA_PASSWORD1: 'pass-one',
      ROBOKASSA_PASSWORD2: 'pass-two',
      ROBOKASSA_TEST: 'true',
      PUBLIC_URL: 'https://deklarant.example',
    });
  });
  afterAll(async () => {
    await s.close();
  });

  async function awaiting() {
    const u = await signedInUser(s);
    const id = (
      await u.client.post('/api/declarations', { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3 })
    ).json().data.common_data.id as number;
    await u.client.post(`/api/tariff/${id}/choose-tariff`, { tariff_type: 1 });
    const paymentId = (await u.client.post(`/api/declarations/${id}/payments/create-initial-payment`)).json().data.id;
    return { u, id, paymentId };
  }
  const statusOf = async (id: number) =>
    (await s.deps.db.one<{ status: number }>('SELECT status FROM declarations WHERE id = $1', [id]))?.status;
  /** Robokassa's ResultURL, signed with Password#2 as the real service signs it. */
  const resultUrl = (invId: string, outSum: string, sign = md5(`${outSum}:${invId}:pass-two`)) =>
    s.app.inject({
      method: 'POST',
      url: '/api/payments/callback/robokassa',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ OutSum: outSum, InvId: invId, SignatureValue: sign }).toString(),
    });

  it('uses the real gateways and no sandbox page exists for them', async () => {
    expect(s.deps.providers.payment.robokassa.mode).toBe('real');
    expect(s.deps.providers.payment.epay.mode).toBe('real');
    expect((await s.app.inject({ method: 'GET', url: '/api/sandbox/robokassa/pay' })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/api/sandbox/epay/payment-api.js' })).statusCode).toBe(404);
  });

  it('Robokassa: the signed URL of the real page; a ResultURL signed with Password#2 pays', async () => {
    const { u, id, paymentId } = await awaiting();
    const link = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`)).json();
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe('https://auth.robokassa.kz/Merchant/Index.aspx');
    expect(url.searchParams.get('SignatureValue')).toBe(md5(`shop:20000.00:${link.invoice_id}:pass-one`));
    expect(url.searchParams.get('IsTest')).toBe('1');
    const res = await resultUrl(
      link.invoice_id,
      '20000.000000',
      md5(`20000.000000:${link.invoice_id}:pass-two`).toUpperCase(),
    );
    expect(res.body).toBe(`OK${link.invoice_id}`);
    expect(await statusOf(id)).toBe(3);
  });

  it('Halyk ePay: the token from the OAuth server, absolute return links, a postLink confirmed by the status API', async () => {
    const { u, id, paymentId } = await awaiting();
    const t = await u.client.post(`/api/declarations/${id}/payments/${paymentId}/get-payment-token`);
    expect(t.statusCode, t.body).toBe(200);
    const { token, data } = t.json();
    expect(token.access_token).toBe('real-token');
    expect(data.postLink).toBe('https://deklarant.example/api/payments/callback/epay');
    // the return address names the attempt; only the server's invoice status says whether it paid
    expect(data.backLink).toBe(
      `https://deklarant.example/app/payment/status?InvId=${data.invoiceId}&declaration_id=${id}&method=2`,
    );
    expect(data.scriptUrl).toBe('https://test-epay.homebank.kz/payform/payment-api.js');
    expect(tokenRequests.at(-1)).toContain(data.invoiceId);
    const secret = (
      await s.deps.db.one<{ secret_hash: string }>('SELECT secret_hash FROM payment_invoices WHERE invoice_id = $1', [
        data.invoiceId,
      ])
    )?.secret_hash;
    expect(tokenRequests.at(-1)).toContain(secret);
    const post = (code: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/payments/callback/epay',
        payload: {
          invoiceId: data.invoiceId,
          amount: 20000,
          currency: 'KZT',
          terminal: data.terminal,
          code,
          secret_hash: secret,
        },
      });
    // not charged at the bank yet: refused
    expect((await post('ok')).statusCode).toBe(400);
    expect(await statusOf(id)).toBe(2);
    charged.set(data.invoiceId, '20000');
    expect((await post('ok')).statusCode).toBe(200);
    expect(await statusOf(id)).toBe(3);
  });

  it('a dearer choice voids the real invoices: Robokassa gets no OK, ePay is not accepted, the new price pays', async () => {
    const { u, id, paymentId } = await awaiting();
    const link = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`)).json();
    const tok = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/get-payment-token`)).json().data;
    const secret = (
      await s.deps.db.one<{ secret_hash: string }>('SELECT secret_hash FROM payment_invoices WHERE invoice_id = $1', [
        tok.invoiceId,
      ])
    )?.secret_hash;
    // Optimal 20,000 + online signing 2,000 = 22,000
    await u.client.post(`/api/tariff/${id}/choose-tariff`, {
      tariff_type: 1,
      selected_additional_service: ['online_signing'],
    });
    const rk = await resultUrl(link.invoice_id, '20000.00');
    expect(rk.body).not.toBe(`OK${link.invoice_id}`);
    charged.set(tok.invoiceId, '20000');
    const ep = await s.app.inject({
      method: 'POST',
      url: '/api/payments/callback/epay',
      payload: {
        invoiceId: tok.invoiceId,
        amount: 20000,
        currency: 'KZT',
        terminal: tok.terminal,
        code: 'ok',
        secret_hash: secret,
      },
    });
    expect(ep.statusCode).toBe(409);
    expect(await statusOf(id)).toBe(2);
    const refunds = await s.deps.db.query<{ invoice_id: string }>(
      'SELECT invoice_id FROM payment_overpayments WHERE invoice_id = ANY($1::text[]) ORDER BY invoice_id',
      [[link.invoice_id, tok.invoiceId]],
    );
    expect(refunds.map((r) => r.invoice_id).sort()).toEqual([link.invoice_id, tok.invoiceId].sort());
    const fresh = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`)).json();
    expect(new URL(fresh.url).searchParams.get('OutSum')).toBe('22000.00');
    const paid = await resultUrl(fresh.invoice_id, '22000.00');
    expect(paid.body).toBe(`OK${fresh.invoice_id}`);
    expect(await statusOf(id)).toBe(3);
  });
});
