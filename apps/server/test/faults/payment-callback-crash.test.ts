import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import {
  api,
  demoToken,
  newDeclaration,
  openPayment,
  robokassaCallback,
  robokassaPaid,
  type ServerProc,
  startServer,
  tempDir,
  withDb,
} from './support.ts';

// The server dies (as with kill -9) right after a payment callback committed and before Robokassa
// got its OK: the provider sees no answer and retries. After the restart the retry must be answered
// OK and change nothing: the declaration paid once, one paid invoice, one status move.

const LONG = { timeout: 240_000 };
const dir = tempDir('paycrash');
const running: ServerProc[] = [];
afterAll(async () => {
  for (const s of running) await s.kill9().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

it('killed between the callback and its acknowledgement: the retry after the restart pays once', LONG, async () => {
  let s = await startServer({ DATA_DIR: dir, TEST_KILL_AT: 'payment_callback_committed' });
  running.push(s);
  let token = await demoToken(s.base);
  const id = await newDeclaration(s.base, token);
  const { paymentId, invId, outSum } = await openPayment(s.base, token, id);
  const body = robokassaPaid(invId, outSum);

  expect(await robokassaCallback(s.base, body), 'the provider got no answer').toBe('connection lost');
  await s.exited;
  expect(s.proc.signalCode).toBe('SIGKILL');

  s = await startServer({ DATA_DIR: dir });
  running.push(s);
  token = await demoToken(s.base);
  // what committed before the kill survived: the declaration is paid (status 3) already
  const before = await api(s.base, token).get(`/api/declarations/${id}`);
  expect((before.json.data as { common_data: { status: number } }).common_data.status).toBe(3);
  // the provider retries, more than once
  expect(await robokassaCallback(s.base, body)).toBe(`OK${invId}`);
  expect(await robokassaCallback(s.base, body)).toBe(`OK${invId}`);
  await s.stop();

  const state = await withDb(dir, async (db) => ({
    paid: await db.query(`SELECT id FROM payment_invoices WHERE payment_id = $1 AND status = 'paid'`, [paymentId]),
    applied: await db.query(`SELECT id FROM payment_callbacks WHERE invoice_id = $1`, [invId]),
    moves: await db.query(
      `SELECT id FROM audit_log WHERE declaration_id = $1 AND action = 'status' AND details->>'to' = '3'`,
      [id],
    ),
    overpaid: await db.query('SELECT id FROM payment_overpayments WHERE invoice_id = $1', [invId]),
  }));
  expect(state.paid).toHaveLength(1);
  expect(state.applied).toHaveLength(1);
  expect(state.moves).toHaveLength(1);
  expect(state.overpaid).toHaveLength(0);
});
