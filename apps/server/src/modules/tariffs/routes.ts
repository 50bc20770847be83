import {
  AdditionalCost,
  ChooseTariffBody,
  ChooseTariffResult,
  MSG,
  PromoCheckResult,
  TariffCatalog,
} from '@deklarant/contracts';
import type { Language } from '@deklarant/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { localizeRows } from '../reference/index.ts';
import { tariffsService } from './service.ts';

const IdParams = z.object({ id: z.string() });
export const parseDeclarationId = (raw: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, MSG.declarationNotFound);
  return id;
};

/** FORM DATA (multipart, as the SPA sends it), urlencoded or JSON: the string fields only. */
async function formFields(req: FastifyRequest): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (req.isMultipart()) {
    for await (const part of req.parts()) {
      if (part.type === 'field' && typeof part.value === 'string') out[part.fieldname] = part.value.slice(0, 200);
      else if (part.type === 'file') part.file.resume();
    }
    return out;
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out;
}

/** The catalog's names, descriptions, features and tier titles in the reader's language (the reference catalogue). */
function localizedCatalog(lng: Language, c: TariffCatalog['data']): TariffCatalog['data'] {
  const tariffs = localizeRows(lng, c.tariffs, {
    id: 'id',
    fields: { name: 'tariff_names', description: 'tariff_descriptions', features: 'tariff_features' },
  }).map((t) => ({ ...t, tiers: localizeRows(lng, t.tiers, { id: 'id', fields: { title: 'tariff_tiers' } }) }));
  const options = localizeRows(lng, c.options, {
    id: 'id',
    fields: { name: 'option_names', description: 'option_descriptions' },
  });
  return { ...c, tariffs, options };
}

/** The tariff API (docs/tariffs.md): the catalog, the choice, the additional cost and the promo check. */
export async function tariffRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = tariffsService(deps);
  const base = { tags: ['tariffs'], security: [{ bearer: [] }] };

  r.get('/api/tariffs', { preHandler: auth, schema: { ...base, response: { 200: TariffCatalog } } }, async (req) => ({
    data: localizedCatalog(req.lang, await service.catalog(actorOf(req).user)),
  }));

  r.post(
    '/api/tariff/:id/choose-tariff',
    {
      preHandler: auth,
      schema: { ...base, params: IdParams, body: ChooseTariffBody, response: { 200: ChooseTariffResult } },
    },
    async (req) => service.choose(actorOf(req), parseDeclarationId(req.params.id), req.body),
  );

  r.get(
    '/api/tariff/:id/get-additional-payment-cost',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: AdditionalCost } } },
    async (req) => ({ cost: await service.additionalCost(actorOf(req), parseDeclarationId(req.params.id)) }),
  );

  r.post(
    '/api/referral-code-check',
    {
      preHandler: auth,
      // a code is a secret worth guessing: keep guessing slow
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { ...base, response: { 200: PromoCheckResult } },
    },
    async (req) => {
      const f = await formFields(req);
      return service.promoResult(f.code ?? '', f.broker || null);
    },
  );
}
