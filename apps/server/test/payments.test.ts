import { MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailable } from '../src/providers/payment/errors.ts';
import { createTestServer, signedInUser, type TestClient, type TestServer } from './helpers.ts';
import { NEW_270, paymentKit } from './payment-kit.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const { create, statusOf, paidCount, awaitingPayment, robokassaResult, postForm } = paymentKit(() => s);

describe('tariffs', () => {
  it('lists the tariffs from the database: Optimal 20,000, options +2,000, consultant tiers', async () => {
    const u = await signedInUser(s);
    const res = await u.client.get('/api/tariffs');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.tariffs.map((t: { price: string }) => t.price)).toEqual(['20000.00', '100000.00']);
    expect(d.tariffs[1].tiers.map((t: { price: string }) => t.price)).toEqual(['100000.00', '250000.00', '450000.00']);
    expect(d.options.map((o: { code: string; price: string }) => [o.code, o.price])).toEqual([
      ['online_signing', '2000.00'],
      ['auto_submission', '2000.00'],
      ['monitoring', '2000.00'],
    ]);
    expect(d.auto_submission_offered).toBe(true);
  });

  it('halykfinance clients see 8,000 and pay it', async () => {
    const u = await signedInUser(s, { bank_name: 'halykfinance' });
    expect((await u.client.get('/api/tariffs')).json().data.tariffs[0].price).toBe('8000.00');
    const { amount } = await awaitingPayment(u.client, ['online_signing']);
    expect(amount).toBe('10000.00');
  });

  it('choose-tariff fixes the price with options and moves 1 -> 2; need_payment true', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    const res = await u.client.post(`/api/tariff/${id}/choose-tariff`, {
      tariff_type: 1,
      selected_additional_service: ['online_signing', 'auto_submission', 'monitoring'],
      referral_code: null,
      tax_office_sending: true,
      broker: null,
    });
    expect(res.json()).toMatchObject({ need_payment: true, status: 2, amount: '26000.00' });
    const d = (await u.client.get(`/api/declarations/${id}`)).json().data.common_data;
    expect(d).toMatchObject({ status: 2, tariff_type: 1, tax_office_sending: true });
  });

  it('automatic submission is refused where it is not offered (production host flag)', async () => {
    const t = await createTestServer({ OFFER_AUTO_SUBMISSION: 'false' });
    try {
      const u = await signedInUser(t);
      const res0 = await u.client.get('/api/tariffs');
      expect(res0.json().data.options.map((o: { code: string }) => o.code)).toEqual(['online_signing', 'monitoring']);
      const id = (await u.client.post('/api/declarations', NEW_270)).json().data.common_data.id;
      const res = await u.client.post(`/api/tariff/${id}/choose-tariff`, {
        tariff_type: 1,
        selected_additional_service: ['auto_submission'],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MSG.optionNotAvailable);
    } finally {
      await t.close();
    }
  });

  it('the consultant tariff: tariff_type 2, the manager label, the messenger contact, no payment', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    const res = await u.client.post(`/api/tariff/${id}/choose-tariff`, { tariff_type: 2 });
    expect(res.json()).toMatchObject({ need_payment: false, status: 2, message: 'Ожидает заполнения менеджером' });
    expect(res.json().contact_url).toMatch(/^https:\/\//);
    const p = await u.client.post(`/api/declarations/${id}/payments/create-initial-payment`);
    expect(p.statusCode).toBe(409);
    expect(p.json().message).toBe(MSG.consultantNoPayment);
  });

  it('another user’s declaration reads as missing (404)', async () => {
    const a = await signedInUser(s);
    const b = await signedInUser(s);
    const id = await create(a.client);
    expect((await b.client.post(`/api/tariff/${id}/choose-tariff`, { tariff_type: 1 })).statusCode).toBe(404);
    expect((await b.client.get(`/api/declarations/${id}/payments/get-initial-payment`)).statusCode).toBe(404);
  });
});

describe('promo codes', () => {
  it('POST /api/referral-code-check with FORM DATA: fail with the message, success with the discount', async () => {
    const u = await signedInUser(s);
    const form = (code: string) => {
      const boundary = '----x';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n--${boundary}\r\nContent-Disposition: form-data; name="broker"\r\n\r\n\r\n--${boundary}--\r\n`;
      return s.app.inject({
        method: 'POST',
        url: '/api/referral-code-check',
        headers: {
          authorization: `Bearer ${u.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-xsrf-token': 'b'.repeat(64),
          cookie: `XSRF-TOKEN=${'b'.repeat(64)}`,
        },
        payload,
      });
    };
    expect((await form('NOPE')).json()).toEqual({ status: 'fail', message: MSG.promoNotFound });
    expect((await form('demo20')).json()).toEqual({
      status: 'success',
      code: { code: 'DEMO20', discount: '20', broker: null },
    });
  });

  it('a broker-bound or inactive code is refused with its message', async () => {
    await s.deps.db.query(
      `INSERT INTO promo_codes (code, discount, broker, active) VALUES ('FF50', 50, 'freedom', true), ('OLD10', 10, NULL, false)`,
    );
    const u = await signedInUser(s);
    expect((await u.client.post('/api/referral-code-check', { code: 'FF50', broker: '' })).json()).toEqual({
      status: 'fail',
      message: MSG.promoOtherBroker,
    });
    expect((await u.client.post('/api/referral-code-check', { code: 'OLD10' })).json().message).toBe(MSG.promoInactive);
  });

  it('20 % off: the payment is 16,000', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    const res = await u.client.post(`/api/tariff/${id}/choose-tariff`, { tariff_type: 1, referral_code: 'DEMO20' });
    expect(res.json()).toMatchObject({ need_payment: true, amount: '16000.00' });
  });

  it('100 %: paid without a payment (status 3), no payment row, audit entry', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    const res = await u.client.post(`/api/tariff/${id}/choose-tariff`, { tariff_type: 1, referral_code: 'DEMO100' });
    expect(res.json()).toMatchObject({ need_payment: false, status: 3, amount: '0.00' });
    expect(await statusOf(id)).toBe(3);
    const p = await u.client.post(`/api/declarations/${id}/payments/create-initial-payment`);
    expect(p.statusCode).toBe(409);
    expect(p.json().message).toBe(MSG.paymentAlreadyDone);
    const again = await u.client.post(`/api/tariff/${id}/choose-tariff`, { tariff_type: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.tariffAlreadyPaid);
  });
});

describe('Robokassa: link and ResultURL callback', () => {
  it('a verified callback pays once: 2 -> 3; a replay answers OK and changes nothing', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const link = await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`);
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().url, 'http://x');
    expect(url.pathname).toBe('/api/sandbox/robokassa/pay');
    expect(url.searchParams.get('OutSum')).toBe('20000.00');
    const inv = link.json().invoice_id as string;
    const body = robokassaResult(inv, '20000.00');
    const first = await postForm('/api/payments/callback/robokassa', body);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(`OK${inv}`);
    expect(await statusOf(id)).toBe(3);
    const replay = await postForm('/api/payments/callback/robokassa', body);
    expect(replay.body).toBe(`OK${inv}`);
    expect(await statusOf(id)).toBe(3);
    expect(await paidCount(id)).toBe(1);
    const statusMoves = await s.deps.db.query(
      `SELECT 1 FROM audit_log WHERE declaration_id = $1 AND action = 'status' AND details->>'to' = '3'`,
      [id],
    );
    expect(statusMoves).toHaveLength(1);
    const paidRows = await s.deps.db.query(
      `SELECT 1 FROM audit_log WHERE declaration_id = $1 AND action = 'payment_paid'`,
      [id],
    );
    expect(paidRows).toHaveLength(1);
    // the payment is done: no new attempt
    const more = await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`);
    expect(more.statusCode).toBe(409);
  });

  it('forged signature, wrong amount and unknown invoice are refused, logged without personal data, nothing moves', async () => {
    const u = await signedInUser(s, { email: 'secret-person@example.com', name: 'Секрет' });
    const { id, paymentId } = await awaitingPayment(u.client);
    const inv = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`)).json()
      .invoice_id as string;
    const forged = await postForm(
      '/api/payments/callback/robokassa',
      robokassaResult(inv, '20000.00', 'guessed-password'),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe('bad sign');
    const cheaper = await postForm('/api/payments/callback/robokassa', robokassaResult(inv, '200.00'));
    expect(cheaper.statusCode).toBe(400);
    const unknown = await postForm('/api/payments/callback/robokassa', robokassaResult('999999999', '20000.00'));
    expect(unknown.statusCode).toBe(404);
    expect(await statusOf(id)).toBe(2);
    expect(await paidCount(id)).toBe(0);
    const refusals = await s.deps.db.query<{ details: { reason: string } }>(
      `SELECT details FROM audit_log WHERE action = 'callback_refused' AND (declaration_id = $1 OR declaration_id IS NULL)`,
      [id],
    );
    expect(refusals.map((r) => r.details.reason)).toEqual(
      expect.arrayContaining(['bad_signature', 'wrong_amount', 'unknown_invoice']),
    );
    const logs = s.logs.join('');
    expect(logs).toContain('payment callback refused');
    expect(logs).not.toContain('secret-person@example.com');
    expect(logs).not.toContain('Секрет');
  });

  it('the sandbox gateway page pays end to end: callback, then the success return with SignatureValue', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const link = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`)).json();
    const page = await s.app.inject({ method: 'GET', url: link.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Оплатить');
    expect(page.body).toContain('Отказаться');
    const q = new URL(link.url, 'http://x').searchParams;
    const submit = await postForm(
      '/api/sandbox/robokassa/submit',
      new URLSearchParams({
        MerchantLogin: q.get('MerchantLogin') ?? '',
        OutSum: q.get('OutSum') ?? '',
        InvId: q.get('InvId') ?? '',
        SignatureValue: q.get('SignatureValue') ?? '',
        card: '4405639704015096',
        action: 'pay',
      }).toString(),
    );
    expect(submit.statusCode).toBe(303);
    expect(submit.headers.location).toMatch(/^\/app\/payment\/status\?.*SignatureValue=/);
    expect(await statusOf(id)).toBe(3);
    // a tampered page URL is refused by the gateway
    const bad = await s.app.inject({ method: 'GET', url: link.url.replace('OutSum=20000.00', 'OutSum=1.00') });
    expect(bad.statusCode).toBe(400);
  });

  it('Отказаться returns to the fail address without SignatureValue; save-failed-status closes the attempt', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const link = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`)).json();
    const q = new URL(link.url, 'http://x').searchParams;
    const submit = await postForm(
      '/api/sandbox/robokassa/submit',
      new URLSearchParams({
        MerchantLogin: q.get('MerchantLogin') ?? '',
        OutSum: q.get('OutSum') ?? '',
        InvId: q.get('InvId') ?? '',
        SignatureValue: q.get('SignatureValue') ?? '',
        action: 'cancel',
      }).toString(),
    );
    expect(submit.headers.location).not.toContain('SignatureValue');
    const saved = await u.client.post(`/api/declarations/${id}/payments/save-failed-status`, {
      invId: link.invoice_id,
    });
    expect(saved.statusCode).toBe(200);
    const inv = await s.deps.db.one<{ status: string }>('SELECT status FROM payment_invoices WHERE invoice_id = $1', [
      link.invoice_id,
    ]);
    expect(inv?.status).toBe('failed');
    expect(await statusOf(id)).toBe(2);
    // success after failure is fine (the bank may confirm late)
    await postForm('/api/payments/callback/robokassa', robokassaResult(link.invoice_id, '20000.00'));
    expect(await statusOf(id)).toBe(3);
  });
});

describe('Halyk ePay: token, postLink and status check', () => {
  async function epayInvoice(c: TestClient) {
    const { id, paymentId } = await awaitingPayment(c);
    const res = await c.post(`/api/declarations/${id}/payments/${paymentId}/get-payment-token`);
    expect(res.statusCode, res.body).toBe(200);
    return { id, paymentId, data: res.json().data, token: res.json().token };
  }
  const secretOf = async (inv: string) =>
    (
      await s.deps.db.one<{ secret_hash: string }>('SELECT secret_hash FROM payment_invoices WHERE invoice_id = $1', [
        inv,
      ])
    )?.secret_hash ?? '';
  const postLink = (payload: Record<string, unknown>) =>
    s.app.inject({ method: 'POST', url: '/api/payments/callback/epay', payload });

  it('the widget payment object: invoiceId, amount, postLink, backLink, failureBackLink, rus, KZT, terminal, cardSave false', async () => {
    const u = await signedInUser(s);
    const { id, data, token } = await epayInvoice(u.client);
    expect(data).toMatchObject({
      amount: 20000,
      currency: 'KZT',
      language: 'rus',
      cardSave: false,
      terminal: '67e34d63-102f-4bd1-898e-370781d0074d',
      accountId: String(u.id),
    });
    expect(data.invoiceId).toMatch(/^\d{6,15}$/);
    expect(data.postLink).toMatch(/\/api\/payments\/callback\/epay$/);
    // nothing in a return address claims success: the status page asks the server
    expect(data.backLink).toBe(`/app/payment/status?InvId=${data.invoiceId}&declaration_id=${id}&method=2`);
    expect(data.failureBackLink).toBe(`${data.backLink}&failed=1`);
    expect(data.backLink + data.failureBackLink).not.toMatch(/SignatureValue|token/i);
    expect(token.access_token).toBeTruthy();
    expect(JSON.stringify(data)).not.toContain(await secretOf(data.invoiceId));
  });

  it('a postLink success is confirmed with the status check; unconfirmed, wrong secret or terminal are refused', async () => {
    const u = await signedInUser(s);
    const { id, data } = await epayInvoice(u.client);
    const secret = await secretOf(data.invoiceId);
    const base = { invoiceId: data.invoiceId, amount: 20000, currency: 'KZT', terminal: data.terminal, code: 'ok' };
    // the bank has not charged anything yet: the status check does not confirm
    expect((await postLink({ ...base, secret_hash: secret })).statusCode).toBe(400);
    expect((await postLink({ ...base, secret_hash: 'forged' })).statusCode).toBe(400);
    expect((await postLink({ ...base, secret_hash: secret, terminal: 'other' })).statusCode).toBe(400);
    expect((await postLink({ ...base, secret_hash: secret, amount: 100 })).statusCode).toBe(400);
    expect(await statusOf(id)).toBe(2);
    await s.deps.providers.payment.sandboxEpay?.settle(data.invoiceId, 'CHARGE');
    const ok = await postLink({ ...base, secret_hash: secret });
    expect(ok.statusCode).toBe(200);
    expect(await statusOf(id)).toBe(3);
    // duplicated postLink and a late failure change nothing
    expect((await postLink({ ...base, secret_hash: secret })).statusCode).toBe(200);
    expect((await postLink({ ...base, secret_hash: secret, code: 'error' })).statusCode).toBe(200);
    expect(await statusOf(id)).toBe(3);
    expect(await paidCount(id)).toBe(1);
    const inv = await s.deps.db.one<{ status: string }>('SELECT status FROM payment_invoices WHERE invoice_id = $1', [
      data.invoiceId,
    ]);
    expect(inv?.status).toBe('paid');
  });

  it('the provider is down: a Russian message, nothing paid, and the retry works with a new invoice', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const real = s.deps.providers.payment.epay;
    s.deps.providers.payment.epay = {
      ...real,
      getToken: async () => {
        throw new ProviderUnavailable('epay', 'timeout');
      },
    };
    try {
      const res = await u.client.post(`/api/declarations/${id}/payments/${paymentId}/get-payment-token`);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MSG.paymentProviderDown);
    } finally {
      s.deps.providers.payment.epay = real;
    }
    expect(await statusOf(id)).toBe(2);
    const retry = await u.client.post(`/api/declarations/${id}/payments/${paymentId}/get-payment-token`);
    expect(retry.statusCode).toBe(200);
    expect(await paidCount(id)).toBe(0);
  });

  it('the status check is down during the postLink: 503 (the bank retries), nothing moves', async () => {
    const u = await signedInUser(s);
    const { id, data } = await epayInvoice(u.client);
    const secret = await secretOf(data.invoiceId);
    await s.deps.providers.payment.sandboxEpay?.settle(data.invoiceId, 'CHARGE');
    const real = s.deps.providers.payment.epay;
    s.deps.providers.payment.epay = {
      ...real,
      terminal: real.terminal,
      checkStatus: async () => {
        throw new ProviderUnavailable('epay', 'timeout');
      },
    };
    const payload = {
      invoiceId: data.invoiceId,
      amount: 20000,
      currency: 'KZT',
      terminal: data.terminal,
      code: 'ok',
      secret_hash: secret,
    };
    try {
      expect((await postLink(payload)).statusCode).toBe(503);
    } finally {
      s.deps.providers.payment.epay = real;
    }
    expect(await statusOf(id)).toBe(2);
    expect((await postLink(payload)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe(3);
  });

  it('paid twice through two attempts: counted once, the second is flagged for a refund', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const a = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`)).json()
      .invoice_id;
    const b = (await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`)).json()
      .invoice_id;
    await postForm('/api/payments/callback/robokassa', robokassaResult(a, '20000.00'));
    const second = await postForm('/api/payments/callback/robokassa', robokassaResult(b, '20000.00'));
    expect(second.body).toBe(`OK${b}`);
    expect(await paidCount(id)).toBe(1);
    const dup = await s.deps.db.one<{ status: string }>('SELECT status FROM payment_invoices WHERE invoice_id = $1', [
      b,
    ]);
    expect(dup?.status).toBe('duplicate');
    const statusMoves = await s.deps.db.query(
      `SELECT 1 FROM audit_log WHERE declaration_id = $1 AND action = 'status' AND details->>'to' = '3'`,
      [id],
    );
    expect(statusMoves).toHaveLength(1);
  });
});

describe('additional payment (status 4)', () => {
  it('cost, the open payment, and a verified payment moves 4 -> 5', async () => {
    const u = await signedInUser(s);
    const { id } = await awaitingPayment(u.client);
    await s.deps.db.query('UPDATE declarations SET status = 4 WHERE id = $1', [id]);
    const cost = await u.client.get(`/api/tariff/${id}/get-additional-payment-cost`);
    expect(cost.json()).toEqual({ cost: '5000.00' });
    const p = await u.client.get(`/api/declarations/${id}/payments/get-additional-payment`);
    expect(p.json().data).toMatchObject({ kind: 'additional', amount: '5000.00', status: 'pending' });
    const again = await u.client.get(`/api/declarations/${id}/payments/get-additional-payment`);
    expect(again.json().data.id).toBe(p.json().data.id);
    const inv = (
      await u.client.post(`/api/declarations/${id}/payments/${p.json().data.id}/generate-payment-link`)
    ).json().invoice_id;
    await postForm('/api/payments/callback/robokassa', robokassaResult(inv, '5000.00'));
    expect(await statusOf(id)).toBe(5);
  });

  it('an action in the wrong status is refused with a Russian message', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    const res = await u.client.post(`/api/declarations/${id}/payments/create-initial-payment`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.chooseTariffFirst);
    const sign = await u.client.get(`/api/signing/${id}/prepare-for-signing`);
    expect(sign.statusCode).toBe(409);
    expect(sign.json().message).toBe(MSG.signingWrongStatus);
  });
});
