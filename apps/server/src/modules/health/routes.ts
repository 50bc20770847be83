import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';

const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  kind: z.string(),
});

export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { tags: ['system'], response: { 200: Health, 503: Health } } },
      async (_req, reply) => {
        try {
          await deps.db.query('SELECT 1');
          return { status: 'ok' as const, database: 'ok' as const, kind: deps.db.kind };
        } catch {
          return reply.status(503).send({ status: 'degraded', database: 'unavailable', kind: deps.db.kind });
        }
      },
    );
}
