import { dataOf, Profile, Success } from '@deklarant/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { actorOf, requireUser } from './guard.ts';
import { toProfile } from './profile.ts';
import { revokeSession } from './sessions.ts';

export async function sessionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);

  r.get(
    '/api/authenticated',
    { preHandler: auth, schema: { tags: ['account'], security: [{ bearer: [] }], response: { 200: dataOf(Profile) } } },
    async (req) => ({ data: toProfile(actorOf(req)) }),
  );

  r.post(
    '/api/auth/logout',
    { preHandler: auth, schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: Success } } },
    async (req) => {
      await revokeSession(deps.db, deps.clock, actorOf(req).sessionId);
      return { success: true };
    },
  );
}
