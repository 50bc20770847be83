import { dataOf, money, type Overpayment, Overpayment as OverpaymentSchema } from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { actorOf, requireAdmin } from '../auth/index.ts';

interface OverpaymentRow {
  id: number;
  provider: Overpayment['provider'];
  invoice_id: string;
  payment_id: number;
  declaration_id: number | null;
  user_id: number;
  amount: string;
  reason: Overpayment['reason'];
  created_at: Date;
  refunded_at: Date | null;
}

const toOut = (r: OverpaymentRow): Overpayment => ({
  ...r,
  amount: money.money2(r.amount),
  created_at: r.created_at.toISOString(),
  refunded_at: r.refunded_at?.toISOString() ?? null,
});

/**
 * /api/admin/payments/overpayments: money a provider took that bought nothing (a second charge, a
 * void or superseded invoice), open ones first, for an administrator to refund and mark refunded.
 */
export async function paymentAdminRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin(deps);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };

  r.get(
    '/api/admin/payments/overpayments',
    { preHandler: admin, schema: { ...base, response: { 200: dataOf(z.array(OverpaymentSchema)) } } },
    async () => {
      const rows = await deps.db.query<OverpaymentRow>(
        `SELECT id, provider, invoice_id, payment_id, declaration_id, user_id, amount, reason, created_at, refunded_at
         FROM payment_overpayments ORDER BY (refunded_at IS NULL) DESC, created_at DESC, id DESC LIMIT 500`,
      );
      return { data: rows.map(toOut) };
    },
  );

  r.post(
    '/api/admin/payments/overpayments/:id/refunded',
    {
      preHandler: admin,
      schema: {
        ...base,
        params: z.object({ id: z.coerce.number().int().min(1).max(1e9) }),
        response: { 200: dataOf(OverpaymentSchema) },
      },
    },
    async (req) => {
      const at = deps.clock.now();
      const row = await deps.db.tx(async (t) => {
        const updated = await t.one<OverpaymentRow>(
          `UPDATE payment_overpayments SET refunded_at = coalesce(refunded_at, $2) WHERE id = $1
           RETURNING id, provider, invoice_id, payment_id, declaration_id, user_id, amount, reason, created_at, refunded_at`,
          [req.params.id, at],
        );
        if (!updated) throw new HttpError(404, server.payments.overpaymentNotFound);
        await t.query(
          `INSERT INTO audit_log (actor_user_id, declaration_id, entity, entity_id, action, details, created_at)
           VALUES ($1, $2, 'payment', $3, 'overpayment_refunded', $4, $5)`,
          [
            actorOf(req).user.id,
            updated.declaration_id,
            String(updated.payment_id),
            JSON.stringify({ invoice_id: updated.invoice_id, amount: updated.amount }),
            at,
          ],
        );
        return updated;
      });
      return { data: toOut(row) };
    },
  );
}
