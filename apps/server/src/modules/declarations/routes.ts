import {
  Declaration,
  DeclarationList,
  DeclarationListQuery,
  DeleteAllResult,
  dataOf,
  MSG,
  NewDeclaration,
  Success,
} from '@deklarant/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { sendJsonAnswer } from '../../lib/raw-json.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { declarationsService } from './service.ts';

/** Ids are digits; anything else reads like a missing declaration (404, nothing revealed). */
const IdParams = z.object({ id: z.string() });
const parseId = (raw: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, MSG.declarationNotFound);
  return id;
};

/** The declarations API: list, create, read, delete, delete all deals. */
export async function declarationRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = declarationsService(deps);
  const base = { tags: ['declarations'], security: [{ bearer: [] }] };

  r.get(
    '/api/declarations',
    { preHandler: auth, schema: { ...base, querystring: DeclarationListQuery, response: { 200: DeclarationList } } },
    async (req) => service.list(actorOf(req), req.query),
  );

  r.post(
    '/api/declarations',
    { preHandler: auth, schema: { ...base, body: NewDeclaration, response: { 201: dataOf(Declaration) } } },
    async (req, reply) => reply.status(201).send({ data: await service.create(actorOf(req), req.body) }),
  );

  r.get(
    '/api/declarations/:id',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: dataOf(Declaration) } } },
    // pre-serialized (a string skips the response serializer); the schema above documents its shape
    async (req, reply) => sendJsonAnswer(req, reply, await service.getAnswer(actorOf(req), parseId(req.params.id))),
  );

  r.delete(
    '/api/declarations/:id',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: Success } } },
    async (req) => {
      await service.remove(actorOf(req), parseId(req.params.id));
      return { success: true };
    },
  );

  r.post(
    '/api/declarations/:id/deals/delete-all',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: DeleteAllResult } } },
    async (req) => ({ success: true, deleted: await service.deleteAllDeals(actorOf(req), parseId(req.params.id)) }),
  );
}
