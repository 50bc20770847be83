import { expect } from 'vitest';
import { md5, resultSignatureBase } from '../src/providers/payment/robokassa.ts';
import type { TestClient, TestServer } from './helpers.ts';

export const NEW_270 = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };

/** What the payment tests share: a declaration awaiting payment and the providers' callbacks, signed. */
export function paymentKit(server: () => TestServer) {
  async function create(c: TestClient): Promise<number> {
    const res = await c.post('/api/declarations', NEW_270);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.common_data.id;
  }
  const statusOf = async (id: number) =>
    (await server().deps.db.one<{ status: number }>('SELECT status FROM declarations WHERE id = $1', [id]))?.status;
  const paidCount = async (id: number) =>
    (
      await server().deps.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM payment_invoices i JOIN payments p ON p.id = i.payment_id
         WHERE p.declaration_id = $1 AND i.status = 'paid'`,
        [id],
      )
    )?.n ?? 0;

  const chooseOptimal = (c: TestClient, id: number, options: string[] = []) =>
    c.post(`/api/tariff/${id}/choose-tariff`, {
      tariff_type: 1,
      selected_additional_service: options,
      referral_code: '',
      tax_office_sending: false,
      broker: null,
    });

  /** A declaration at status 2 with an open initial payment (Optimal, no options: 20,000). */
  async function awaitingPayment(c: TestClient, options: string[] = []) {
    const id = await create(c);
    const ch = await chooseOptimal(c, id, options);
    expect(ch.statusCode, ch.body).toBe(200);
    const p = await c.post(`/api/declarations/${id}/payments/create-initial-payment`);
    expect(p.statusCode, p.body).toBe(200);
    return { id, paymentId: p.json().data.id as number, amount: p.json().data.amount as string };
  }

  function robokassaResult(invId: string, outSum: string, password2?: string) {
    const creds = server().deps.providers.payment.robokassa.credentials;
    if (!creds) throw new Error('sandbox robokassa expected');
    const sig = md5(resultSignatureBase({ outSum, invId, password: password2 ?? creds.password2 }));
    return new URLSearchParams({ OutSum: outSum, InvId: invId, SignatureValue: sig }).toString();
  }
  const postForm = (url: string, payload: string) =>
    server().app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  return { create, statusOf, paidCount, chooseOptimal, awaitingPayment, robokassaResult, postForm };
}
