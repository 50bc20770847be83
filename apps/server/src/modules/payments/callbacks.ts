import { timingSafeEqual } from 'node:crypto';
import { money } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import type { Deps } from '../../deps.ts';
import { EPAY_PAID_STATUSES } from '../../providers/payment/epay.ts';
import { ProviderRejected, ProviderUnavailable } from '../../providers/payment/errors.ts';
import { addDays, auditDeclaration, declarationsRepo, PAYMENT_TRANSITION } from '../declarations/index.ts';
import { laterOf, PAID_OPEN_DAYS } from '../tariffs/index.ts';
import { sendPaymentLetter } from './payment-letter.ts';
import { currentPrice, sameBinding } from './price.ts';
import { type InvoiceRow, type PaymentRow, paymentsRepo } from './repo.ts';

/**
 * Provider callbacks. Only a verified success moves a declaration (2 -> 3, 4 -> 5), once: every applied
 * callback is recorded under UNIQUE (provider, invoice, event), so a replay or a duplicate finds its
 * row and changes nothing. A failure after a success changes nothing; a success after a failure is fine.
 * Refusals are logged with a reason and no personal data (no card, name, email or phone).
 */
export type Refusal =
  | 'bad_signature'
  | 'missing_fields'
  | 'unknown_invoice'
  | 'wrong_amount'
  | 'wrong_currency'
  | 'wrong_terminal'
  | 'wrong_secret'
  | 'not_confirmed'
  | 'void_invoice'
  | 'superseded'
  | 'no_declaration';

export class CallbackRefused extends Error {
  constructor(
    readonly reason: Refusal,
    readonly invoice?: InvoiceRow,
  ) {
    super(reason);
  }
}

export type OverpaymentReason = 'duplicate' | 'void_invoice' | 'superseded' | 'no_declaration';
/** Outcomes of a verified callback; the last three are refusals (the money is listed for a refund). */
export type Outcome =
  | 'paid'
  | 'replayed'
  | 'duplicate_payment'
  | 'failed'
  | 'ignored_after_success'
  | Exclude<OverpaymentReason, 'duplicate'>;
const REFUSED: ReadonlySet<Outcome> = new Set(['void_invoice', 'superseded', 'no_declaration']);

interface DeclStatusRow {
  id: number;
  status: number;
  tariff_type: number | null;
  declaration_expired_date: Date | null;
}

const sameAmount = (a: string | number, b: string | number) => {
  try {
    return money.compare(a, b) === 0;
  } catch {
    return false;
  }
};
const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Only these fields of a provider's answer are kept: nothing that identifies the payer. */
const safePayload = (p: Record<string, unknown>) => {
  const keep = [
    'code',
    'reason',
    'reasonCode',
    'reference',
    'approvalCode',
    'statusName',
    'resultCode',
    'PaymentMethod',
    'IncCurrLabel',
    'Fee',
    'IsTest',
  ];
  return Object.fromEntries(Object.entries(p).filter(([k, v]) => keep.includes(k) && typeof v !== 'object'));
};

export function callbacksService(deps: Deps) {
  const now = () => deps.clock.now();

  async function findInvoice(provider: InvoiceRow['provider'], invoiceId: string | undefined) {
    if (!invoiceId || !/^\d{1,20}$/.test(invoiceId)) return undefined;
    return paymentsRepo(deps.db).invoice(provider, invoiceId);
  }

  async function record(t: Db, inv: InvoiceRow, event: 'success' | 'failure', outcome: Outcome) {
    const rows = await t.query(
      `INSERT INTO payment_callbacks (provider, invoice_id, event, outcome, received_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider, invoice_id, event) DO NOTHING RETURNING id`,
      [inv.provider, inv.invoice_id, event, outcome, now()],
    );
    return rows.length > 0;
  }

  async function audit(t: Db, payment: PaymentRow, action: string, details: Record<string, unknown>) {
    await t.query(
      `INSERT INTO audit_log (actor_user_id, declaration_id, entity, entity_id, action, details, created_at)
       VALUES (NULL, $1, 'payment', $2, $3, $4, $5)`,
      [payment.declaration_id, String(payment.id), action, JSON.stringify(details), now()],
    );
  }

  /**
   * Money the provider took that buys nothing: kept for an administrator to refund (once per invoice,
   * whatever the provider retries), with an audit row.
   */
  async function overpaid(t: Db, invoice: InvoiceRow, payment: PaymentRow, reason: OverpaymentReason) {
    const rows = await t.query(
      `INSERT INTO payment_overpayments (provider, invoice_id, payment_id, declaration_id, user_id, amount, reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (provider, invoice_id) DO NOTHING RETURNING id`,
      [
        invoice.provider,
        invoice.invoice_id,
        payment.id,
        payment.declaration_id,
        payment.user_id,
        invoice.amount,
        reason,
        now(),
      ],
    );
    if (rows.length) {
      await audit(t, payment, 'payment_overpaid', {
        invoice_id: invoice.invoice_id,
        provider: invoice.provider,
        amount: invoice.amount,
        reason,
        refund: true,
      });
    }
  }

  /**
   * Why a verified success on this invoice must not pay the declaration, or null when it may:
   * the invoice was voided, the declaration is gone or no longer waits for this payment, or the
   * price it owes now is not the one the invoice was issued for.
   */
  async function unpayable(
    t: Db,
    invoice: InvoiceRow,
    payment: PaymentRow,
    decl: DeclStatusRow | undefined,
  ): Promise<Exclude<OverpaymentReason, 'duplicate'> | null> {
    if (invoice.status === 'void') return 'void_invoice';
    if (!decl) return 'no_declaration';
    if (decl.status !== PAYMENT_TRANSITION[payment.kind].from) return 'superseded';
    const price = await currentPrice(t, decl, payment.kind);
    if (!sameBinding(invoice.bound_to, price) || !sameAmount(invoice.amount, payment.amount)) return 'superseded';
    return null;
  }

  /**
   * A verified success, in one transaction. Locks go invoice, payment, declaration: the order in which
   * a tariff change and a deletion take them too (they void invoices first), so none deadlocks.
   */
  async function applySuccess(inv: InvoiceRow, payload: Record<string, unknown>): Promise<Outcome> {
    return deps.db.tx(async (t) => {
      const invoice = await t.one<InvoiceRow>('SELECT * FROM payment_invoices WHERE id = $1 FOR UPDATE', [inv.id]);
      const payment = await t.one<PaymentRow>('SELECT * FROM payments WHERE id = $1 FOR UPDATE', [inv.payment_id]);
      if (!invoice || !payment) return 'replayed';
      if (invoice.status === 'paid' || invoice.status === 'duplicate') return 'replayed';
      const at = now();
      const safe = JSON.stringify(safePayload(payload));
      if (payment.status === 'paid') {
        // a second charge of a paid payment: acknowledged (the money arrived) and listed for a refund
        await t.query(
          `UPDATE payment_invoices SET status = 'duplicate', paid_at = $2, provider_payload = $3 WHERE id = $1`,
          [invoice.id, at, safe],
        );
        await record(t, invoice, 'success', 'duplicate_payment');
        await overpaid(t, invoice, payment, 'duplicate');
        return 'duplicate_payment';
      }
      const decl =
        payment.declaration_id === null
          ? undefined
          : await t.one<DeclStatusRow>(
              'SELECT id, status, tariff_type, declaration_expired_date FROM declarations WHERE id = $1 FOR UPDATE',
              [payment.declaration_id],
            );
      const refusal = await unpayable(t, invoice, payment, decl);
      if (refusal) {
        // refused as the provider's protocol refuses; the money it reports is listed for a refund, and
        // the attempt is void (the status page tells the user to pay the current price)
        await t.query(
          `UPDATE payment_invoices SET status = 'void', void_reason = coalesce(void_reason, $2), closed_at = coalesce(closed_at, $3)
           WHERE id = $1`,
          [invoice.id, refusal, at],
        );
        await overpaid(t, invoice, payment, refusal);
        return refusal;
      }
      if (!decl) return 'no_declaration';
      await record(t, invoice, 'success', 'paid');
      await t.query(`UPDATE payment_invoices SET status = 'paid', paid_at = $2, provider_payload = $3 WHERE id = $1`, [
        invoice.id,
        at,
        safe,
      ]);
      // the payment's other attempts can no longer pay: a success on one of them is an overpayment
      await t.query(
        `UPDATE payment_invoices SET status = 'closed', closed_at = $3
         WHERE payment_id = $1 AND id <> $2 AND status IN ('created', 'failed')`,
        [payment.id, invoice.id, at],
      );
      await t.query(
        `UPDATE payments SET status = 'paid', paid_invoice_id = $2, paid_at = $3, updated_at = $3 WHERE id = $1`,
        [payment.id, invoice.invoice_id, at],
      );
      await audit(t, payment, 'payment_paid', {
        kind: payment.kind,
        amount: invoice.amount,
        provider: invoice.provider,
        invoice_id: invoice.invoice_id,
      });
      const move = PAYMENT_TRANSITION[payment.kind];
      const repo = declarationsRepo(t);
      await repo.setStatus(decl.id, move.to, at);
      if (payment.kind === 'initial') {
        await repo.setExpiry(decl.id, laterOf(decl.declaration_expired_date, addDays(at, PAID_OPEN_DAYS)), at);
      }
      await auditDeclaration(t, {
        actor: null,
        declarationId: decl.id,
        action: 'status',
        at,
        details: { from: move.from, to: move.to, payment_id: payment.id },
      });
      await sendPaymentLetter(deps, t, {
        userId: payment.user_id,
        declarationId: decl.id,
        amount: invoice.amount,
        payload,
      });
      return 'paid';
    });
  }

  async function applyFailure(inv: InvoiceRow, payload: Record<string, unknown>): Promise<Outcome> {
    return deps.db.tx(async (t) => {
      if (!(await record(t, inv, 'failure', 'failed'))) return 'replayed';
      const invoice = await t.one<InvoiceRow>('SELECT * FROM payment_invoices WHERE id = $1 FOR UPDATE', [inv.id]);
      if (invoice?.status !== 'created') return 'ignored_after_success';
      await t.query(
        `UPDATE payment_invoices SET status = 'failed', failed_at = $2, provider_payload = $3 WHERE id = $1`,
        [invoice.id, now(), JSON.stringify(safePayload(payload))],
      );
      const payment = await t.one<PaymentRow>('SELECT * FROM payments WHERE id = $1', [invoice.payment_id]);
      if (payment)
        await audit(t, payment, 'payment_failed', { invoice_id: invoice.invoice_id, provider: invoice.provider });
      return 'failed';
    });
  }

  /** A success that must not pay is refused after its transaction kept the money for a refund. */
  function refuseUnpayable(outcome: Outcome, inv: InvoiceRow): Outcome {
    if (REFUSED.has(outcome)) throw new CallbackRefused(outcome as Refusal, inv);
    return outcome;
  }

  /** Logged and kept in the audit trail, with the reason only. */
  async function refused(provider: string, reason: Refusal, inv?: InvoiceRow) {
    let declarationId: number | null = null;
    if (inv) {
      const p = await deps.db.one<{ declaration_id: number | null }>(
        'SELECT declaration_id FROM payments WHERE id = $1',
        [inv.payment_id],
      );
      declarationId = p?.declaration_id ?? null;
    }
    await deps.db.query(
      `INSERT INTO audit_log (actor_user_id, declaration_id, entity, entity_id, action, details, created_at)
       VALUES (NULL, $1, 'payment_callback', $2, 'callback_refused', $3, $4)`,
      [declarationId, inv?.invoice_id ?? null, JSON.stringify({ provider, reason }), now()],
    );
  }

  return {
    refused,

    /** Robokassa ResultURL: Password#2 signature, a known invoice, the same amount. */
    async robokassa(params: Record<string, string | undefined>): Promise<{ outcome: Outcome; invId: string }> {
      const verdict = deps.providers.payment.robokassa.verifyResult(params);
      if (!verdict.ok) throw new CallbackRefused(verdict.reason);
      const inv = await findInvoice('robokassa', verdict.invId);
      if (!inv) throw new CallbackRefused('unknown_invoice');
      if (!sameAmount(verdict.outSum, inv.amount)) throw new CallbackRefused('wrong_amount', inv);
      return { outcome: refuseUnpayable(await applySuccess(inv, params), inv), invId: verdict.invId };
    },

    /**
     * Halyk ePay postLink: no signature, so the echoed secret_hash, invoice, amount, currency and
     * terminal must match, and a success is confirmed with the provider's status check.
     */
    async epay(body: Record<string, unknown>): Promise<Outcome> {
      const str = (k: string) =>
        typeof body[k] === 'string' || typeof body[k] === 'number' ? String(body[k]) : undefined;
      const invoiceId = str('invoiceId');
      if (!invoiceId || !str('secret_hash') || !str('amount')) throw new CallbackRefused('missing_fields');
      const inv = await findInvoice('epay', invoiceId);
      if (!inv) throw new CallbackRefused('unknown_invoice');
      if (!inv.secret_hash || !sameSecret(inv.secret_hash, str('secret_hash') ?? '')) {
        throw new CallbackRefused('wrong_secret', inv);
      }
      const gw = deps.providers.payment.epay;
      if (str('terminal') !== undefined && str('terminal') !== gw.terminal)
        throw new CallbackRefused('wrong_terminal', inv);
      if ((str('currency') ?? 'KZT') !== 'KZT') throw new CallbackRefused('wrong_currency', inv);
      if (!sameAmount(str('amount') ?? '', inv.amount)) throw new CallbackRefused('wrong_amount', inv);
      if (str('code') !== 'ok') return applyFailure(inv, body);
      // confirm with the provider (ProviderUnavailable: answer 503, the provider retries later)
      const st = await gw.checkStatus(inv.invoice_id);
      const tr = st.transaction;
      const confirmed =
        st.resultCode === '100' &&
        tr !== undefined &&
        String(tr.invoiceID) === inv.invoice_id &&
        EPAY_PAID_STATUSES.has(String(tr.statusName).toUpperCase()) &&
        sameAmount(tr.amount, inv.amount);
      if (!confirmed) throw new CallbackRefused('not_confirmed', inv);
      return refuseUnpayable(
        await applySuccess(inv, { ...body, statusName: tr?.statusName, resultCode: st.resultCode }),
        inv,
      );
    },
  };
}

export { ProviderRejected, ProviderUnavailable };
