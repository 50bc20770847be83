import { dataOf, MSG } from '@deklarant/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { sendJsonAnswer } from '../../lib/raw-json.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { CalculationView, FinishAnswer, PersonalDataInput, StatusAnswer } from './schemas.ts';
import { calculationService } from './service.ts';

export const IdParams = z.object({ id: z.string() });
/** Ids are digits; anything else reads like a missing declaration (404, nothing revealed). */
export const parseId = (raw: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, MSG.declarationNotFound);
  return id;
};

/** update-personal-data, finish-editing, and the step 6 calculation. */
export async function calculationRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = calculationService(deps);
  const base = { tags: ['calculation'], security: [{ bearer: [] }] };

  r.get(
    '/api/declarations/:id/calculation',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: dataOf(CalculationView) } } },
    // pre-serialized and cached per deals revision (a string skips the response serializer)
    async (req, reply) =>
      sendJsonAnswer(req, reply, await service.viewAnswer(actorOf(req), parseId(req.params.id), req.lang)),
  );

  r.post(
    '/api/declarations/:id/finish-editing',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: FinishAnswer } } },
    async (req) => {
      const { status, ignored } = await service.finishEditing(actorOf(req), parseId(req.params.id));
      return { data: { status, ignored_deals: ignored } };
    },
  );

  r.post(
    '/api/declarations/:id/update-personal-data',
    {
      preHandler: auth,
      schema: { ...base, params: IdParams, body: PersonalDataInput, response: { 200: StatusAnswer } },
    },
    async (req) => ({ data: await service.updatePersonalData(actorOf(req), parseId(req.params.id), req.body) }),
  );
}
