import { randomBytes } from 'node:crypto';
import {
  type InvoiceStatus,
  MSG,
  money,
  PAYMENT_CURRENCY,
  type PaymentOut,
  type PaymentTokenResult,
} from '@deklarant/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/errors.ts';
import { languageOf, t } from '../../lib/language.ts';
import { ProviderRejected, ProviderUnavailable } from '../../providers/payment/errors.ts';
import { assertCanPay, blocked, declarationsService } from '../declarations/index.ts';
import { currentPrice } from './price.ts';
import { type InvoiceRow, type PaymentRow, paymentsRepo } from './repo.ts';

export const CALLBACK_PATH = { robokassa: '/api/payments/callback/robokassa', epay: '/api/payments/callback/epay' };
export const STATUS_PAGE = '/app/payment/status';

const notFound = () => new HttpError(404, MSG.paymentNotFound);
export const providerDown = () => new HttpError(503, MSG.paymentProviderDown);

export function toPaymentOut(p: PaymentRow): PaymentOut {
  return {
    id: p.id,
    declaration_id: p.declaration_id,
    kind: p.kind,
    amount: money.money2(p.amount),
    status: p.status,
    currency: PAYMENT_CURRENCY,
  };
}

/** What the user pays: the initial payment (the chosen tariff) and the additional one (status 4). */
export function paymentsService(deps: Deps) {
  const declarations = declarationsService(deps);
  const repo = paymentsRepo(deps.db);
  const now = () => deps.clock.now();
  const { config } = deps;
  /** Sandbox gateways are served by this server: return addresses stay on the browser's own origin. */
  const link = (path: string, sandbox: boolean) => (sandbox ? path : `${config.publicUrl}${path}`);

  /**
   * The payment must be open and the declaration in the status that pays it; the invoice about to be
   * issued is bound to the price owed now (the payment's amount follows it).
   */
  async function payable(actor: Actor, declarationId: number, paymentId: number) {
    const row = await declarations.loadOwn(actor, declarationId);
    const payment = await repo.byId(paymentId, declarationId);
    if (!payment) throw notFound();
    if (payment.status === 'paid') throw blocked(MSG.paymentAlreadyDone);
    assertCanPay(row, payment.kind, now());
    const price = await currentPrice(deps.db, row, payment.kind);
    if (!price || money.compare(price.amount, 0) <= 0) throw blocked(MSG.paymentNotNeeded);
    if (money.compare(price.amount, payment.amount) !== 0) await repo.setAmount(payment.id, price.amount, now());
    return { row, payment, price };
  }

  return {
    async createInitial(actor: Actor, id: number): Promise<PaymentOut> {
      const row = await declarations.loadOwn(actor, id);
      assertCanPay(row, 'initial', now());
      const price = await currentPrice(deps.db, row, 'initial');
      if (!price) throw blocked(MSG.chooseTariffFirst);
      if (money.compare(price.amount, 0) <= 0) throw blocked(MSG.paymentNotNeeded);
      const p = await repo.ensurePending({
        declarationId: id,
        userId: actor.user.id,
        kind: 'initial',
        amount: price.amount,
        at: now(),
      });
      return toPaymentOut(p);
    },

    async getInitial(actor: Actor, id: number): Promise<PaymentOut | null> {
      await declarations.loadOwn(actor, id);
      const p = await repo.latest(id, 'initial');
      return p ? toPaymentOut(p) : null;
    },

    /** At status 4 the additional payment is opened on first read (idempotent); otherwise the last one. */
    async getAdditional(actor: Actor, id: number): Promise<PaymentOut | null> {
      const row = await declarations.loadOwn(actor, id);
      if (row.status === 4) {
        const price = await currentPrice(deps.db, row, 'additional');
        if (price && money.compare(price.amount, 0) > 0) {
          const p = await repo.ensurePending({
            declarationId: id,
            userId: actor.user.id,
            kind: 'additional',
            amount: price.amount,
            at: now(),
          });
          return toPaymentOut(p);
        }
      }
      const p = await repo.latest(id, 'additional');
      return p ? toPaymentOut(p) : null;
    },

    /** Robokassa: a new invoice and the signed payment page URL. */
    async paymentLink(actor: Actor, id: number, paymentId: number): Promise<{ url: string; invoice_id: string }> {
      const { payment, price } = await payable(actor, id, paymentId);
      const gw = deps.providers.payment.robokassa;
      const inv = await repo.newInvoice({
        paymentId: payment.id,
        provider: 'robokassa',
        mode: gw.mode,
        price,
        secretHash: null,
        at: now(),
      });
      try {
        const url = gw.paymentUrl({
          invId: inv.invoice_id,
          outSum: money.money2(inv.amount),
          // the provider shows this line on its page: in the payer's language
          description: t(languageOf(actor.user.language), 'server:payments.invoiceDescription', { id }),
        });
        return { url, invoice_id: inv.invoice_id };
      } catch (err) {
        if (err instanceof ProviderUnavailable) throw new HttpError(503, MSG.paymentMethodUnavailable);
        throw err;
      }
    },

    /** Halyk ePay: a new invoice, the OAuth token and the widget's payment object. */
    async paymentToken(actor: Actor, id: number, paymentId: number): Promise<PaymentTokenResult> {
      const { payment, price } = await payable(actor, id, paymentId);
      const gw = deps.providers.payment.epay;
      const sandbox = gw.mode === 'sandbox';
      const secretHash = randomBytes(24).toString('hex');
      const inv = await repo.newInvoice({
        paymentId: payment.id,
        provider: 'epay',
        mode: gw.mode,
        price,
        secretHash,
        at: now(),
      });
      const postLink = `${config.publicUrl}${CALLBACK_PATH.epay}`;
      let token: Awaited<ReturnType<typeof gw.getToken>>;
      try {
        token = await gw.getToken({
          invoiceId: inv.invoice_id,
          amount: money.money2(inv.amount),
          postLink,
          failurePostLink: postLink,
          secretHash,
        });
      } catch (err) {
        // nothing was paid: the attempt is closed and the user may try again (a new invoice)
        await deps.db.query(`UPDATE payment_invoices SET status = 'failed', failed_at = $2 WHERE id = $1`, [
          inv.id,
          now(),
        ]);
        if (err instanceof ProviderUnavailable || err instanceof ProviderRejected) {
          throw err instanceof ProviderUnavailable && err.reason === 'not configured'
            ? new HttpError(503, MSG.paymentMethodUnavailable)
            : providerDown();
        }
        throw err;
      }
      const q = `InvId=${inv.invoice_id}&declaration_id=${id}&method=2`;
      return {
        token: { ...token },
        data: {
          invoiceId: inv.invoice_id,
          amount: Number(money.money2(inv.amount)),
          currency: PAYMENT_CURRENCY,
          terminal: gw.terminal,
          postLink,
          failurePostLink: postLink,
          // The status page asks the server whether this invoice was paid; nothing in the address says so.
          backLink: link(`${STATUS_PAGE}?${q}`, sandbox),
          failureBackLink: link(`${STATUS_PAGE}?${q}&failed=1`, sandbox),
          language: 'rus',
          // the provider shows this line on its page: in the payer's language
          description: t(languageOf(actor.user.language), 'server:payments.invoiceDescription', { id }),
          accountId: String(actor.user.id),
          cardSave: false,
          scriptUrl: gw.scriptUrl,
        },
      };
    },

    /**
     * What the server knows of one attempt, for the status page: only a verified callback makes it
     * `paid`; a voided attempt (price changed, declaration deleted, refused success) is `void`.
     */
    async invoiceStatus(actor: Actor, id: number, invId: string): Promise<InvoiceStatus> {
      const row = await declarations.loadOwn(actor, id);
      // after the ownership check: someone else's declaration reads as missing whatever the invoice
      const inv = /^\d{1,20}$/.test(invId) ? await repo.invoiceOfDeclaration(invId, id) : undefined;
      if (!inv) throw notFound();
      const payment = await repo.byId(inv.payment_id, id);
      if (!payment) throw notFound();
      const paidByAnother = payment.status === 'paid' && (inv.status === 'closed' || inv.status === 'duplicate');
      const status: InvoiceStatus['status'] =
        inv.status === 'paid' || paidByAnother
          ? 'paid'
          : inv.status === 'void' || inv.status === 'closed'
            ? 'void'
            : inv.status === 'failed'
              ? 'failed'
              : 'pending';
      return {
        invoice_id: inv.invoice_id,
        status,
        kind: payment.kind,
        amount: money.money2(inv.amount),
        declaration_status: row.status,
        reporting_form_id: row.reporting_form_id,
      };
    },

    /** The browser came back through the fail address: close the attempt unless it was paid meanwhile. */
    async saveFailed(actor: Actor, id: number, invId: string): Promise<void> {
      await declarations.loadOwn(actor, id);
      const inv = await repo.invoiceOfDeclaration(invId, id);
      if (!inv) throw notFound();
      if (inv.status !== 'created') return;
      await deps.db.tx(async (t) => {
        const rows = await t.query(
          `UPDATE payment_invoices SET status = 'failed', failed_at = $2 WHERE id = $1 AND status = 'created' RETURNING id`,
          [inv.id, now()],
        );
        if (rows.length) {
          await t.query(
            `INSERT INTO audit_log (actor_user_id, actor_manager_id, declaration_id, entity, entity_id, action, details, created_at)
             VALUES ($1, $2, $3, 'payment', $4, 'payment_failed', $5, $6)`,
            [
              actor.user.id,
              actor.managerId ?? null,
              id,
              String(inv.payment_id),
              JSON.stringify({ invoice_id: inv.invoice_id, provider: inv.provider, source: 'return_page' }),
              now(),
            ],
          );
        }
      });
    },
  };
}
export type { InvoiceRow };
