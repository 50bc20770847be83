import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EpayGateway, EpayStatus } from './epay.ts';

/** The terminal id published on the epayment.kz test pages (docs/formats.md). */
export const SANDBOX_EPAY_TERMINAL = '67e34d63-102f-4bd1-898e-370781d0074d';
export const SANDBOX_EPAY_SCRIPT = '/api/sandbox/epay/payment-api.js';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface SandboxEpayRow {
  invoice_id: string;
  access_token_hash: string;
  amount: string;
  terminal: string;
  secret_hash: string;
  post_link: string;
  failure_post_link: string | null;
  status: string;
  reference: string | null;
}

/**
 * The offline ePay: tokens bound to (invoiceID, amount, terminal), a payment page
 * (/api/sandbox/epay/pay, modules/payments/sandbox-routes.ts) that records the result and calls the
 * postLink, and the same status check answers as the real API.
 */
export function createSandboxEpay(db: Db, clock: Clock) {
  const gateway: EpayGateway & {
    find(invoiceId: string): Promise<SandboxEpayRow | undefined>;
    settle(invoiceId: string, status: 'CHARGE' | 'REJECT'): Promise<string>;
  } = {
    mode: 'sandbox',
    terminal: SANDBOX_EPAY_TERMINAL,
    scriptUrl: SANDBOX_EPAY_SCRIPT,
    async getToken({ invoiceId, amount, postLink, failurePostLink, secretHash }) {
      const token = randomBytes(24).toString('hex');
      const now = clock.now();
      await db.query(
        `INSERT INTO sandbox_epay (invoice_id, access_token_hash, amount, terminal, secret_hash, post_link,
           failure_post_link, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (invoice_id) DO UPDATE SET access_token_hash = EXCLUDED.access_token_hash, updated_at = EXCLUDED.updated_at`,
        [invoiceId, sha256(token), amount, SANDBOX_EPAY_TERMINAL, secretHash, postLink, failurePostLink, now],
      );
      return { access_token: token, expires_in: 7200, refresh_token: '', scope: 'payment', token_type: 'Bearer' };
    },
    async checkStatus(invoiceId): Promise<EpayStatus> {
      const row = await gateway.find(invoiceId);
      if (!row) return { resultCode: '102', resultMessage: 'invoice not found' };
      return {
        resultCode: '100',
        resultMessage: 'success',
        transaction: {
          invoiceID: row.invoice_id,
          amount: row.amount,
          currency: 'KZT',
          statusName: row.status,
          reference: row.reference ?? undefined,
        },
      };
    },
    find: (invoiceId) => db.one<SandboxEpayRow>('SELECT * FROM sandbox_epay WHERE invoice_id = $1', [invoiceId]),
    async settle(invoiceId, status) {
      const reference = String(100000000000 + Math.floor(Math.random() * 899999999999));
      await db.query('UPDATE sandbox_epay SET status = $2, reference = $3, updated_at = $4 WHERE invoice_id = $1', [
        invoiceId,
        status,
        reference,
        clock.now(),
      ]);
      return reference;
    },
  };
  return gateway;
}
export type SandboxEpay = ReturnType<typeof createSandboxEpay>;
