import { dataOf, Success } from '@deklarant/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { actorOf, authRateLimit, requireUser } from '../auth/index.ts';
import { partnersRepo } from './repo.ts';
import {
  B2BCodeAnswer,
  B2BCodeBody,
  B2BRegisterBody,
  BrokerLoginAnswer,
  BrokerLoginBody,
  ConnectAnswer,
  ConnectBody,
  PublicPartner,
} from './schemas.ts';
import { isPlaceholderEmail, PARTNERS_MSG, partnersService, toPublicPartner } from './service.ts';

/**
 * Partners (issue 9): login via the broker, connecting a B2B client to an existing account, the
 * B2B registration sub-steps of wizard step 1, and the partner's public settings (theme, links).
 */
export async function partnerRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = partnersService(deps);
  const partners = partnersRepo(deps.db);
  const tags = ['partners'];
  const secured = { tags, security: [{ bearer: [] }] };

  r.post(
    '/api/auth/login-via-broker',
    {
      config: authRateLimit(20),
      schema: { tags: ['auth'], body: BrokerLoginBody, response: { 200: BrokerLoginAnswer } },
    },
    async (req) => service.loginViaBroker(req.body.id, req.body.bank_name, req.ip),
  );

  r.post(
    '/api/auth/connect-client-to-account',
    {
      config: authRateLimit(10),
      preHandler: auth,
      schema: { ...secured, tags: ['auth'], body: ConnectBody, response: { 200: ConnectAnswer } },
    },
    async (req) => service.connectClientToAccount(actorOf(req), req.body.email, req.body.password, req.ip),
  );

  r.post(
    '/api/partners/b2b/get-code',
    {
      config: authRateLimit(10),
      preHandler: auth,
      schema: { ...secured, body: B2BCodeBody, response: { 200: B2BCodeAnswer } },
    },
    async (req) => service.b2bRequestCode(actorOf(req), req.body.email, req.lang),
  );

  r.post(
    '/api/partners/b2b/register',
    {
      config: authRateLimit(10),
      preHandler: auth,
      schema: { ...secured, body: B2BRegisterBody, response: { 200: Success } },
    },
    async (req) => service.b2bRegister(actorOf(req), req.body),
  );

  /**
   * The signed-in client's partner and where the wizard starts (docs/accounts.md): a B2B client
   * without email or name starts at step 1, with declarations at step 2, otherwise at step 3.
   */
  r.get(
    '/api/partners/current',
    {
      preHandler: auth,
      schema: {
        ...secured,
        response: {
          200: z.object({
            data: z.object({
              partner: PublicPartner.nullable(),
              session: z.enum(['B2C', 'B2B', 'manager']),
              has_email: z.boolean(),
              has_name: z.boolean(),
              declarations: z.number().int(),
              initial_step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
            }),
          }),
        },
      },
    },
    async (req) => {
      const a = actorOf(req);
      const p = a.user.bank_name ? await partners.byName(a.user.bank_name) : undefined;
      const hasEmail = !isPlaceholderEmail(a.user.email);
      const hasName = Boolean(a.user.name?.trim()) && a.user.name !== 'null';
      const row = await deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM declarations WHERE user_id = $1', [
        a.user.id,
      ]);
      const declarations = row?.n ?? 0;
      const initial_step: 1 | 2 | 3 = a.kind === 'B2B' && (!hasEmail || !hasName) ? 1 : declarations > 0 ? 2 : 3;
      return {
        data: {
          partner: p?.active ? toPublicPartner(p) : null,
          session: a.kind,
          has_email: hasEmail,
          has_name: hasName,
          declarations,
          initial_step,
        },
      };
    },
  );

  r.get(
    '/api/partners/:name',
    { schema: { tags, params: z.object({ name: z.string().max(64) }), response: { 200: dataOf(PublicPartner) } } },
    async (req) => {
      const p = await partners.byName(req.params.name);
      if (!p?.active) throw new HttpError(404, PARTNERS_MSG.partnerNotFound);
      return { data: toPublicPartner(p) };
    },
  );
}
