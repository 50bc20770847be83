import {
  InvoiceStatusResult,
  MSG,
  PaymentLinkResult,
  PaymentResult,
  PaymentTokenResult,
  SaveFailedBody,
  Success,
} from '@deklarant/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { faultPoint } from '../../lib/fault-point.ts';
import { ProviderRejected, ProviderUnavailable } from '../../providers/payment/errors.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { parseDeclarationId } from '../tariffs/index.ts';
import { CallbackRefused, callbacksService } from './callbacks.ts';
import { paymentsService } from './service.ts';

const IdParams = z.object({ id: z.string() });
/** A genuine success on an invoice that may no longer pay (its money is listed for a refund). */
const STALE: ReadonlySet<string> = new Set(['void_invoice', 'superseded', 'no_declaration']);
const PaymentParams = z.object({ id: z.string(), paymentId: z.string() });
const parsePaymentId = (raw: string) => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, MSG.paymentNotFound);
  return id;
};

/** The payment API (docs/tariffs.md) and the providers' server-to-server callbacks. */
export async function paymentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = paymentsService(deps);
  const callbacks = callbacksService(deps);
  const base = { tags: ['payments'], security: [{ bearer: [] }] };
  const P = '/api/declarations/:id/payments';

  r.post(
    `${P}/create-initial-payment`,
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: PaymentResult } } },
    async (req) => ({ data: await service.createInitial(actorOf(req), parseDeclarationId(req.params.id)) }),
  );
  r.get(
    `${P}/get-initial-payment`,
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: PaymentResult } } },
    async (req) => ({ data: await service.getInitial(actorOf(req), parseDeclarationId(req.params.id)) }),
  );
  r.get(
    `${P}/get-additional-payment`,
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: PaymentResult } } },
    async (req) => ({ data: await service.getAdditional(actorOf(req), parseDeclarationId(req.params.id)) }),
  );
  r.post(
    `${P}/:paymentId/generate-payment-link`,
    { preHandler: auth, schema: { ...base, params: PaymentParams, response: { 200: PaymentLinkResult } } },
    async (req) =>
      service.paymentLink(actorOf(req), parseDeclarationId(req.params.id), parsePaymentId(req.params.paymentId)),
  );
  r.post(
    `${P}/:paymentId/get-payment-token`,
    { preHandler: auth, schema: { ...base, params: PaymentParams, response: { 200: PaymentTokenResult } } },
    async (req) =>
      service.paymentToken(actorOf(req), parseDeclarationId(req.params.id), parsePaymentId(req.params.paymentId)),
  );
  r.get(
    `${P}/invoice-status`,
    {
      preHandler: auth,
      schema: {
        ...base,
        params: IdParams,
        querystring: z.object({ invId: z.string().max(40).optional() }),
        response: { 200: InvoiceStatusResult },
      },
    },
    async (req) => ({
      data: await service.invoiceStatus(actorOf(req), parseDeclarationId(req.params.id), req.query.invId ?? ''),
    }),
  );
  r.post(
    `${P}/save-failed-status`,
    { preHandler: auth, schema: { ...base, params: IdParams, body: SaveFailedBody, response: { 200: Success } } },
    async (req) => {
      await service.saveFailed(actorOf(req), parseDeclarationId(req.params.id), String(req.body.invId));
      return { success: true };
    },
  );
  r.post(
    `${P}/:paymentId/save-failed-status`,
    { preHandler: auth, schema: { ...base, params: PaymentParams, body: SaveFailedBody, response: { 200: Success } } },
    async (req) => {
      await service.saveFailed(actorOf(req), parseDeclarationId(req.params.id), String(req.body.invId));
      return { success: true };
    },
  );

  // Provider callbacks: no session, no XSRF (lib/xsrf.ts exempts /api/payments/callback/); the
  // provider's signature or our echoed secret plus the status check authenticate them.
  const refuse = async (reply: FastifyReply, req: FastifyRequest, provider: string, err: unknown) => {
    if (err instanceof CallbackRefused) {
      req.log.warn({ provider, reason: err.reason, invoice_known: Boolean(err.invoice) }, 'payment callback refused');
      await callbacks.refused(provider, err.reason, err.invoice);
      // Robokassa: anything but OK{InvId} refuses; ePay: a non-2xx answer does not accept the payment
      const status = err.reason === 'unknown_invoice' ? 404 : STALE.has(err.reason) ? 409 : 400;
      return reply
        .status(status)
        .type('text/plain')
        .send(err.reason === 'bad_signature' ? 'bad sign' : 'refused');
    }
    if (err instanceof ProviderUnavailable || err instanceof ProviderRejected) {
      req.log.warn({ provider, reason: err.reason }, 'payment callback not confirmed: provider unavailable');
      return reply.status(503).type('text/plain').send('retry later');
    }
    throw err;
  };
  const robokassa = async (req: FastifyRequest, reply: FastifyReply) => {
    const params = {
      ...((req.query ?? {}) as Record<string, string>),
      ...(typeof req.body === 'object' && req.body ? (req.body as Record<string, string>) : {}),
    };
    try {
      const { outcome, invId } = await callbacks.robokassa(params);
      faultPoint('payment_callback_committed');
      req.log.info({ provider: 'robokassa', outcome }, 'payment callback');
      return reply.type('text/plain').send(`OK${invId}`);
    } catch (err) {
      return refuse(reply, req, 'robokassa', err);
    }
  };
  app.post('/api/payments/callback/robokassa', { schema: { hide: true } }, robokassa);
  app.get('/api/payments/callback/robokassa', { schema: { hide: true } }, robokassa);
  app.post('/api/payments/callback/epay', { schema: { hide: true } }, async (req, reply) => {
    try {
      const body = typeof req.body === 'object' && req.body ? (req.body as Record<string, unknown>) : {};
      const outcome = await callbacks.epay(body);
      faultPoint('payment_callback_committed');
      req.log.info({ provider: 'epay', outcome }, 'payment callback');
      return reply.send({ success: true });
    } catch (err) {
      return refuse(reply, req, 'epay', err);
    }
  });
}
