import { randomBytes } from 'node:crypto';
import { MSG, PAYMENT_CURRENCY, type PaymentOut, type PaymentTokenResult, TARIFF } from '@deklarant/contracts';
import Decimal from 'decimal.js';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { ProviderRejected, ProviderUnavailable } from '../../providers/payment/errors.ts';
import type { Actor } from '../auth/guard.ts';
import { blocked } from '../declarations/lifecycle.ts';
import type { DeclarationRow } from '../declarations/repo.ts';
import { declarationsService } from '../declarations/service.ts';
import { tariffsRepo } from '../tariffs/repo.ts';
import { money } from '../tariffs/service.ts';
import { assertCanPay } from './lifecycle.ts';
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
    amount: money(p.amount),
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

  async function additionalAmount(row: DeclarationRow): Promise<string> {
    const t = tariffsRepo(deps.db);
    const choice = await t.choice(row.id);
    const tariff = choice ? await t.byId(choice.tariff_id) : await t.byType(row.tariff_type ?? TARIFF.OPTIMAL);
    return money(tariff?.additional_cost ?? 0);
  }

  /** The payment must be open and the declaration in the status that pays it. */
  async function payable(actor: Actor, declarationId: number, paymentId: number) {
    const row = await declarations.loadOwn(actor, declarationId);
    const payment = await repo.byId(paymentId, declarationId);
    if (!payment) throw notFound();
    if (payment.status === 'paid') throw blocked(MSG.paymentAlreadyDone);
    assertCanPay(row, payment.kind, now());
    return { row, payment };
  }

  return {
    async createInitial(actor: Actor, id: number): Promise<PaymentOut> {
      const row = await declarations.loadOwn(actor, id);
      assertCanPay(row, 'initial', now());
      const choice = await tariffsRepo(deps.db).choice(id);
      if (!choice) throw blocked(MSG.chooseTariffFirst);
      if (new Decimal(choice.amount).lte(0)) throw blocked(MSG.paymentNotNeeded);
      const p = await repo.ensurePending({
        declarationId: id,
        userId: actor.user.id,
        kind: 'initial',
        amount: choice.amount,
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
        const amount = await additionalAmount(row);
        if (new Decimal(amount).gt(0)) {
          const p = await repo.ensurePending({
            declarationId: id,
            userId: actor.user.id,
            kind: 'additional',
            amount,
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
      const { payment } = await payable(actor, id, paymentId);
      const gw = deps.providers.payment.robokassa;
      const inv = await repo.newInvoice({
        paymentId: payment.id,
        provider: 'robokassa',
        mode: gw.mode,
        amount: payment.amount,
        secretHash: null,
        at: now(),
      });
      try {
        const url = gw.paymentUrl({
          invId: inv.invoice_id,
          outSum: money(inv.amount),
          description: `Оплата услуг сервиса Декларант, декларация № ${id}`,
        });
        return { url, invoice_id: inv.invoice_id };
      } catch (err) {
        if (err instanceof ProviderUnavailable) throw new HttpError(503, MSG.paymentMethodUnavailable);
        throw err;
      }
    },

    /** Halyk ePay: a new invoice, the OAuth token and the widget's payment object. */
    async paymentToken(actor: Actor, id: number, paymentId: number): Promise<PaymentTokenResult> {
      const { payment } = await payable(actor, id, paymentId);
      const gw = deps.providers.payment.epay;
      const sandbox = gw.mode === 'sandbox';
      const secretHash = randomBytes(24).toString('hex');
      const inv = await repo.newInvoice({
        paymentId: payment.id,
        provider: 'epay',
        mode: gw.mode,
        amount: payment.amount,
        secretHash,
        at: now(),
      });
      const postLink = `${config.publicUrl}${CALLBACK_PATH.epay}`;
      let token: Awaited<ReturnType<typeof gw.getToken>>;
      try {
        token = await gw.getToken({
          invoiceId: inv.invoice_id,
          amount: money(inv.amount),
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
          amount: new Decimal(inv.amount).toNumber(),
          currency: PAYMENT_CURRENCY,
          terminal: gw.terminal,
          postLink,
          failurePostLink: postLink,
          // SPEC section 4: SignatureValue in the return address marks the success page
          backLink: link(`${STATUS_PAGE}?SignatureValue=halyk&${q}`, sandbox),
          failureBackLink: link(`${STATUS_PAGE}?${q}`, sandbox),
          language: 'rus',
          description: `Оплата услуг сервиса Декларант, декларация № ${id}`,
          accountId: String(actor.user.id),
          cardSave: false,
          scriptUrl: gw.scriptUrl,
        },
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
