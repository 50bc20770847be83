import { MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signedInUser, type TestClient, type TestServer } from './helpers.ts';
import { paymentKit } from './payment-kit.ts';

// Issue 15: the amount collected is always the price of what is delivered. An invoice is bound to
// the tariff, options and price it was issued for; anything that changes them voids it, and money a
// provider still reports for it is refused (as each protocol refuses) and listed for a refund.
// Prices (docs/tariffs.md): Optimal 20,000 ₸, each option +2,000 ₸, consultant from 100,000 ₸.

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const { statusOf, paidCount, chooseOptimal, awaitingPayment, robokassaResult, postForm } = paymentKit(() => s);

const robokassaLink = async (c: TestClient, id: number, paymentId: number) => {
  const res = await c.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`);
  expect(res.statusCode, res.body).toBe(200);
  return {
    invId: res.json().invoice_id as string,
    outSum: new URL(res.json().url, 'http://x').searchParams.get('OutSum'),
  };
};
const robokassaPays = (invId: string, outSum: string) =>
  postForm('/api/payments/callback/robokassa', robokassaResult(invId, outSum));

async function epayToken(c: TestClient, id: number, paymentId: number) {
  const res = await c.post(`/api/declarations/${id}/payments/${paymentId}/get-payment-token`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { invoiceId: string; amount: number; terminal: string };
  const secret = await s.deps.db.one<{ secret_hash: string }>(
    'SELECT secret_hash FROM payment_invoices WHERE invoice_id = $1',
    [data.invoiceId],
  );
  return { ...data, secret: secret?.secret_hash ?? '' };
}
/** The bank charges the card (sandbox ledger), then posts the success to our postLink. */
async function epayPays(t: Awaited<ReturnType<typeof epayToken>>) {
  await s.deps.providers.payment.sandboxEpay?.settle(t.invoiceId, 'CHARGE');
  return s.app.inject({
    method: 'POST',
    url: '/api/payments/callback/epay',
    payload: {
      invoiceId: t.invoiceId,
      amount: t.amount,
      currency: 'KZT',
      terminal: t.terminal,
      code: 'ok',
      secret_hash: t.secret,
    },
  });
}

const invoiceStatus = (c: TestClient, id: number, invId: string) =>
  c.get(`/api/declarations/${id}/payments/invoice-status?invId=${invId}`);
const overpayments = async (invId: string) =>
  s.deps.db.query<{ reason: string; amount: string }>(
    'SELECT reason, amount::text AS amount FROM payment_overpayments WHERE invoice_id = $1',
    [invId],
  );

describe('a dearer choice voids the invoice issued for the cheaper one', () => {
  it('Robokassa: the 20,000 invoice is refused after choosing options (24,000); the new price pays', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const old = await robokassaLink(u.client, id, paymentId);
    expect(old.outSum).toBe('20000.00');

    // two options: 20,000 + 2 x 2,000 = 24,000
    const dearer = await chooseOptimal(u.client, id, ['online_signing', 'monitoring']);
    expect(dearer.json()).toMatchObject({ need_payment: true, amount: '24000.00' });

    const refused = await robokassaPays(old.invId, '20000.00');
    expect(refused.body, 'Robokassa must not get OK{InvId}').not.toBe(`OK${old.invId}`);
    expect(refused.statusCode).toBe(409);
    expect(await statusOf(id)).toBe(2);
    expect(await paidCount(id)).toBe(0);
    expect(await overpayments(old.invId)).toEqual([{ reason: 'void_invoice', amount: '20000.00' }]);
    // the provider retries: refused again, listed once
    expect((await robokassaPays(old.invId, '20000.00')).body).not.toBe(`OK${old.invId}`);
    expect(await overpayments(old.invId)).toHaveLength(1);

    const st = await invoiceStatus(u.client, id, old.invId);
    expect(st.json().data).toMatchObject({ status: 'void', declaration_status: 2 });

    const fresh = await robokassaLink(u.client, id, paymentId);
    expect(fresh.outSum).toBe('24000.00');
    expect((await robokassaPays(fresh.invId, '24000.00')).body).toBe(`OK${fresh.invId}`);
    expect(await statusOf(id)).toBe(3);
    expect((await invoiceStatus(u.client, id, fresh.invId)).json().data).toMatchObject({
      status: 'paid',
      amount: '24000.00',
      declaration_status: 3,
    });
  });

  it('Robokassa: switching to the consultant tariff voids the Optimal invoice', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const old = await robokassaLink(u.client, id, paymentId);
    const consultant = await u.client.post(`/api/tariff/${id}/choose-tariff`, { tariff_type: 2 });
    expect(consultant.statusCode, consultant.body).toBe(200);
    expect((await robokassaPays(old.invId, '20000.00')).body).not.toBe(`OK${old.invId}`);
    expect(await statusOf(id)).toBe(2);
    const row = await s.deps.db.one<{ tariff_type: number }>('SELECT tariff_type FROM declarations WHERE id = $1', [
      id,
    ]);
    expect(row?.tariff_type).toBe(2);
    expect(await overpayments(old.invId)).toEqual([{ reason: 'void_invoice', amount: '20000.00' }]);
  });

  it('Halyk ePay: a charge of the voided 20,000 invoice is not accepted; the declaration stays unpaid', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const old = await epayToken(u.client, id, paymentId);
    expect(old.amount).toBe(20000);
    await chooseOptimal(u.client, id, ['online_signing']); // 22,000
    const refused = await epayPays(old);
    expect(refused.statusCode).toBe(409);
    expect(await statusOf(id)).toBe(2);
    expect(await overpayments(old.invoiceId)).toEqual([{ reason: 'void_invoice', amount: '20000.00' }]);
    const fresh = await epayToken(u.client, id, paymentId);
    expect(fresh.amount).toBe(22000);
    expect((await epayPays(fresh)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe(3);
  });

  it('an invoice issued at the old price after the change committed (a race) is refused as superseded', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const inv = await robokassaLink(u.client, id, paymentId);
    // the choice moved on without passing through choose-tariff (as a concurrent choice would)
    await s.deps.db.query(
      `UPDATE declaration_tariffs SET amount = 26000, options = '["online_signing","auto_submission","monitoring"]'
       WHERE declaration_id = $1`,
      [id],
    );
    expect((await robokassaPays(inv.invId, '20000.00')).statusCode).toBe(409);
    expect(await statusOf(id)).toBe(2);
    expect(await overpayments(inv.invId)).toEqual([{ reason: 'superseded', amount: '20000.00' }]);
    expect((await invoiceStatus(u.client, id, inv.invId)).json().data.status).toBe('void');
  });

  it('choosing the same tariff again also voids (a new invoice is issued at the price shown)', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const old = await robokassaLink(u.client, id, paymentId);
    await chooseOptimal(u.client, id);
    expect((await robokassaPays(old.invId, '20000.00')).statusCode).toBe(409);
    const fresh = await robokassaLink(u.client, id, paymentId);
    expect((await robokassaPays(fresh.invId, '20000.00')).body).toBe(`OK${fresh.invId}`);
    expect(await paidCount(id)).toBe(1);
  });
});

describe('deleting a declaration', () => {
  it('voids its open invoices first: the old link takes no money for a declaration that is gone', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const rk = await robokassaLink(u.client, id, paymentId);
    const ep = await epayToken(u.client, id, paymentId);
    const del = await u.client.delete(`/api/declarations/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await u.client.get(`/api/declarations/${id}`)).statusCode).toBe(404);

    expect((await robokassaPays(rk.invId, '20000.00')).body).not.toBe(`OK${rk.invId}`);
    expect((await epayPays(ep)).statusCode).toBe(409);
    const paid = await s.deps.db.query(`SELECT id FROM payments WHERE id = $1 AND status = 'paid'`, [paymentId]);
    expect(paid).toHaveLength(0);
    expect(await overpayments(rk.invId)).toEqual([{ reason: 'void_invoice', amount: '20000.00' }]);
    expect(await overpayments(ep.invoiceId)).toEqual([{ reason: 'void_invoice', amount: '20000.00' }]);
  });

  it('a paid declaration cannot be deleted, with a Russian message', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const rk = await robokassaLink(u.client, id, paymentId);
    await robokassaPays(rk.invId, '20000.00');
    const del = await u.client.delete(`/api/declarations/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(MSG.deleteNotAllowed);
    expect(await statusOf(id)).toBe(3);
  });
});

describe('one payment, several invoices', () => {
  it('the first success closes the others; a second charge is acknowledged and listed for a refund', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const a = await robokassaLink(u.client, id, paymentId);
    const b = await robokassaLink(u.client, id, paymentId);
    const c = await epayToken(u.client, id, paymentId);
    expect((await robokassaPays(a.invId, '20000.00')).body).toBe(`OK${a.invId}`);
    const closed = await s.deps.db.query<{ invoice_id: string; status: string }>(
      'SELECT invoice_id, status FROM payment_invoices WHERE payment_id = $1 ORDER BY id',
      [paymentId],
    );
    expect(closed.map((r) => r.status)).toEqual(['paid', 'closed', 'closed']);

    // the provider still reports a charge of b and of c: money arrived, so acknowledged, never absorbed
    expect((await robokassaPays(b.invId, '20000.00')).body).toBe(`OK${b.invId}`);
    expect((await epayPays(c)).statusCode).toBe(200);
    expect(await paidCount(id)).toBe(1);
    expect(await overpayments(b.invId)).toEqual([{ reason: 'duplicate', amount: '20000.00' }]);
    expect(await overpayments(c.invoiceId)).toEqual([{ reason: 'duplicate', amount: '20000.00' }]);
    const moves = await s.deps.db.query(
      `SELECT 1 FROM audit_log WHERE declaration_id = $1 AND action = 'status' AND details->>'to' = '3'`,
      [id],
    );
    expect(moves).toHaveLength(1);

    // administrators see them: amount, provider, invoice, date; and mark one refunded
    const admin = await signedInUser(s, { role: 'admin' });
    const list = await admin.client.get('/api/admin/payments/overpayments');
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json().data as { invoice_id: string; id: number }[]).filter((o) =>
      [b.invId, c.invoiceId].includes(o.invoice_id),
    );
    expect(mine).toHaveLength(2);
    expect(mine.find((o) => o.invoice_id === b.invId)).toMatchObject({
      provider: 'robokassa',
      amount: '20000.00',
      reason: 'duplicate',
      declaration_id: id,
      user_id: u.id,
      refunded_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const refunded = await admin.client.post(`/api/admin/payments/overpayments/${mine[0]?.id}/refunded`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.refunded_at).not.toBeNull();
    // a user, or a manager, may not read the list
    expect((await u.client.get('/api/admin/payments/overpayments')).statusCode).toBe(403);
    const manager = await signedInUser(s, { role: 'manager' });
    expect((await manager.client.get('/api/admin/payments/overpayments')).statusCode).toBe(403);
  });
});

describe('the status page asks the server', () => {
  it('pending until the verified callback, then paid; someone else’s invoice reads as missing', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const inv = await robokassaLink(u.client, id, paymentId);
    expect((await invoiceStatus(u.client, id, inv.invId)).json().data).toMatchObject({
      invoice_id: inv.invId,
      status: 'pending',
      kind: 'initial',
      amount: '20000.00',
    });
    const other = await signedInUser(s);
    expect((await invoiceStatus(other.client, id, inv.invId)).statusCode).toBe(404);
    const foreign = await awaitingPayment(other.client);
    expect((await invoiceStatus(other.client, foreign.id, inv.invId)).statusCode).toBe(404);
    expect((await invoiceStatus(u.client, id, 'abc')).statusCode).toBe(404);
    await robokassaPays(inv.invId, '20000.00');
    expect((await invoiceStatus(u.client, id, inv.invId)).json().data.status).toBe('paid');
  });

  it('a failed attempt reads as failed and can be paid again at the current price', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const inv = await robokassaLink(u.client, id, paymentId);
    await u.client.post(`/api/declarations/${id}/payments/save-failed-status`, { invId: inv.invId });
    expect((await invoiceStatus(u.client, id, inv.invId)).json().data.status).toBe('failed');
    const again = await robokassaLink(u.client, id, paymentId);
    expect(again.invId).not.toBe(inv.invId);
  });
});
