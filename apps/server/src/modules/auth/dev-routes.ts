import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';

const Letter = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  code: z.string().nullable(),
  created_at: z.string(),
});

/** Captcha endpoints everywhere; the dev outbox only outside production (README.md). */
export async function devAndCaptchaRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/captcha/config', { schema: { tags: ['auth'] } }, async () => deps.providers.captcha.config());
  r.get(
    '/api/captcha/challenge',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags: ['auth'] } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.providers.captcha.challenge();
    },
  );

  if (deps.config.production) return;
  r.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ email: z.string().max(255).optional() }),
        response: { 200: z.object({ data: z.array(Letter) }) },
      },
    },
    async (req) => {
      const rows = await deps.db.query<{
        id: number;
        to_email: string;
        subject: string;
        text_body: string;
        html_body: string;
        code: string | null;
        created_at: Date;
      }>(
        `SELECT id, to_email, subject, text_body, html_body, code, created_at FROM outbox
         ${req.query.email ? 'WHERE lower(to_email) = lower($1)' : ''} ORDER BY id DESC LIMIT 100`,
        req.query.email ? [req.query.email.trim()] : [],
      );
      return {
        data: rows.map((l) => ({
          id: l.id,
          to: l.to_email,
          subject: l.subject,
          text: l.text_body,
          html: l.html_body,
          code: l.code,
          created_at: new Date(l.created_at).toISOString(),
        })),
      };
    },
  );
}
