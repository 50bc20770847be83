import { dataOf, Success } from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import { actorOf, requireAdmin } from '../auth/index.ts';
import { type PartnerRow, partnersRepo } from './repo.ts';
import { AdminPartner, PartnerInput } from './schemas.ts';
import { encryptApiKey } from './secret.ts';
import { audit, toPublicPartner } from './service.ts';

const NAME_TAKEN = server.partners.nameTaken;
const NOT_FOUND = server.partners.notFound;

const toAdmin = (p: PartnerRow): z.infer<typeof AdminPartner> => ({
  ...toPublicPartner(p),
  api_url: p.api_url,
  has_api_key: Boolean(p.api_key_enc),
  active: p.active,
});

/** /api/admin/partners: partners are data (name, theme, price, links, flags, API credentials). */
export async function partnerAdminRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin(deps);
  const repo = partnersRepo(deps.db);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };
  const IdParams = z.object({ id: z.coerce.number().int().min(1).max(1e9) });

  r.get(
    '/api/admin/partners',
    { preHandler: admin, schema: { ...base, response: { 200: dataOf(z.array(AdminPartner)) } } },
    async () => ({ data: (await repo.list()).map(toAdmin) }),
  );

  r.post(
    '/api/admin/partners',
    { preHandler: admin, schema: { ...base, body: PartnerInput, response: { 201: dataOf(AdminPartner) } } },
    async (req, reply) => {
      const { api_key, ...f } = req.body;
      if (await repo.nameTaken(f.name)) throw unprocessable(NAME_TAKEN, { name: [NAME_TAKEN] });
      const created = await deps.db.tx(async (t) => {
        const row = await partnersRepo(t).create(f, api_key ? encryptApiKey(api_key, deps.config.secret) : null);
        if (!row) throw unprocessable(NAME_TAKEN, { name: [NAME_TAKEN] });
        await audit(t, deps.clock.now(), {
          userId: actorOf(req).user.id,
          action: 'partner_create',
          entity: 'partner',
          entityId: String(row.id),
        });
        return row;
      });
      return reply.status(201).send({ data: toAdmin(created) });
    },
  );

  r.put(
    '/api/admin/partners/:id',
    {
      preHandler: admin,
      schema: { ...base, params: IdParams, body: PartnerInput, response: { 200: dataOf(AdminPartner) } },
    },
    async (req) => {
      const current = await repo.byId(req.params.id);
      if (!current) throw new HttpError(404, NOT_FOUND);
      const { api_key, ...f } = req.body;
      if (await repo.nameTaken(f.name, current.id)) throw unprocessable(NAME_TAKEN, { name: [NAME_TAKEN] });
      const keyEnc =
        api_key === undefined
          ? current.api_key_enc
          : api_key === null
            ? null
            : encryptApiKey(api_key, deps.config.secret);
      const updated = await deps.db.tx(async (t) => {
        const row = await partnersRepo(t).update(current.id, f, keyEnc, deps.clock.now());
        if (!row) throw new HttpError(404, NOT_FOUND);
        await audit(t, deps.clock.now(), {
          userId: actorOf(req).user.id,
          action: 'partner_update',
          entity: 'partner',
          entityId: String(row.id),
          details: { api_key_changed: api_key !== undefined },
        });
        return row;
      });
      return { data: toAdmin(updated) };
    },
  );

  /** Partners are never deleted (users point at them by name): deleting deactivates. */
  r.delete(
    '/api/admin/partners/:id',
    { preHandler: admin, schema: { ...base, params: IdParams, response: { 200: Success } } },
    async (req) => {
      const row = await deps.db.one<{ id: number }>(
        'UPDATE partners SET active = false, updated_at = $2 WHERE id = $1 RETURNING id',
        [req.params.id, deps.clock.now()],
      );
      if (!row) throw new HttpError(404, NOT_FOUND);
      await audit(deps.db, deps.clock.now(), {
        userId: actorOf(req).user.id,
        action: 'partner_deactivate',
        entity: 'partner',
        entityId: String(row.id),
      });
      return { success: true };
    },
  );
}
