import { DealInput, LIMITS, MSG, RU_DATE } from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { FOLLOW_LOTS_JOB } from '../../jobs/kinds.ts';
import { HttpError } from '../../lib/errors.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { benefitIn, warningsIn, withWarningsIn } from './deal-view.ts';
import { dealsService } from './service.ts';

const digits = (raw: string, message: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, message);
  return id;
};
const declId = (raw: string) => digits(raw, MSG.declarationNotFound);
const dealId = (raw: string) => digits(raw, MSG.dealNotFound);

const SectionParams = z.object({ id: z.string(), section: z.string().max(64) });
const DealParams = SectionParams.extend({ dealId: z.string() });
/** Admin-path params (user_id, manager_id, token) ride along on every call and are ignored here. */
const ListQuery = z
  .object({
    declaration_section: z.string().max(64).optional(),
    previous: z.enum(['0', '1', 'true', 'false']).optional(),
    deal_id: z.string().max(12).optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(LIMITS.sectionPageSizeMax).optional(),
  })
  .loose();

const optionalInt = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional());

/**
 * Deals of every section : create, update (PUT or POST), delete, list, one deal,
 * calculate-profit, purchase history; and GET /api/common/get-tax-benefit.
 */
export async function dealRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = dealsService(deps);
  // sales that draw on lots the deal form changed: waiting ones here, and those of later declarations
  deps.jobs.register(FOLLOW_LOTS_JOB, (payload) => service.follow(payload));
  const base = { tags: ['deals'], security: [{ bearer: [] }] };
  const prefix = '/api/declarations/:id/deals';

  r.get(
    `${prefix}/:section`,
    { preHandler: auth, schema: { ...base, params: SectionParams, querystring: ListQuery } },
    async (req) => {
      const q = req.query;
      const section = q.declaration_section ?? req.params.section;
      const list = await service.list(actorOf(req), declId(req.params.id), section, {
        previous: q.previous === '1' || q.previous === 'true',
        ...(q.deal_id ? { dealId: Number(q.deal_id) } : {}),
        ...(q.page !== undefined ? { page: q.page } : {}),
        ...(q.per_page !== undefined ? { perPage: q.per_page } : {}),
      });
      return {
        ...list,
        data: list.data.map((d) => withWarningsIn(req.lang, d)),
        section_warnings: warningsIn(req.lang, list.section_warnings),
      };
    },
  );

  r.post(
    `${prefix}/:section`,
    { preHandler: auth, schema: { ...base, params: SectionParams, body: DealInput } },
    async (req, reply) => {
      const data = await service.create(actorOf(req), declId(req.params.id), req.params.section, req.body);
      return reply.status(201).send({ data: withWarningsIn(req.lang, data) });
    },
  );

  r.post(
    `${prefix}/:section/calculate-profit`,
    { preHandler: auth, schema: { ...base, params: SectionParams, body: DealInput } },
    async (req) => {
      const data = await service.calculate(actorOf(req), declId(req.params.id), req.params.section, req.body);
      return { data: { ...withWarningsIn(req.lang, data), tax_benefit: benefitIn(req.lang, data.tax_benefit) } };
    },
  );

  // GET .../deals/{dealId}/history-deals: the same path depth as a section's one deal, so one route reads both.
  r.get(`${prefix}/:section/:dealId`, { preHandler: auth, schema: { ...base, params: DealParams } }, async (req) => {
    const { id, section, dealId: second } = req.params;
    if (second === 'history-deals') return service.historyDeals(actorOf(req), declId(id), dealId(section));
    const one = await service.get(actorOf(req), declId(id), section, dealId(second));
    return { ...one, data: withWarningsIn(req.lang, one.data) };
  });

  // The API was described as "update at .../{dealId}" without a verb: PUT and POST both update.
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: `${prefix}/:section/:dealId`,
      preHandler: auth,
      schema: { ...base, params: DealParams, body: DealInput },
      handler: async (req) => {
        const p = req.params;
        const data = await service.update(actorOf(req), declId(p.id), p.section, dealId(p.dealId), req.body);
        return { data: withWarningsIn(req.lang, data) };
      },
    });
  }

  r.delete(`${prefix}/:section/:dealId`, { preHandler: auth, schema: { ...base, params: DealParams } }, async (req) => {
    const p = req.params;
    await service.remove(actorOf(req), declId(p.id), p.section, dealId(p.dealId));
    return { success: true };
  });

  r.get(
    `${prefix}/:section/:dealId/history-transaction-sections`,
    { preHandler: auth, schema: { ...base, params: DealParams } },
    async (req) => {
      const p = req.params;
      const found = await service.historySections(actorOf(req), declId(p.id), p.section, dealId(p.dealId));
      const rows = Object.entries(found).map(([key, v]) => [
        key,
        Array.isArray(v) ? v.map((d) => withWarningsIn(req.lang, d)) : withWarningsIn(req.lang, v),
      ]);
      return { data: Object.fromEntries(rows) };
    },
  );

  r.get(
    '/api/common/get-tax-benefit',
    {
      schema: {
        tags: ['reference'],
        querystring: z
          .object({
            date: z.string().regex(RU_DATE, server.dateFormat),
            section: z.string().max(64),
            operation_type: optionalInt,
            security_type: optionalInt,
            market: optionalInt,
            country: z.string().max(8).optional(),
            bidding_method: optionalInt,
            'additional_param[isin]': z.string().max(30).optional(),
            'additional_param[amount]': z.string().max(40).optional(),
          })
          .loose(),
      },
    },
    async (req) => {
      const q = req.query as Record<string, unknown> & { date: string; section: string };
      const extra = (q.additional_param ?? {}) as { isin?: string; amount?: string };
      const refs = await service.references();
      const country = q.country && /^\d+$/.test(String(q.country)) ? Number(q.country) : undefined;
      const alpha3 = country === undefined && q.country ? String(q.country).toUpperCase() : undefined;
      const countryId = country ?? [...refs.countryAlpha3.entries()].find(([, a]) => a === alpha3)?.[0] ?? undefined;
      const benefit = await service.benefit({
        section: q.section,
        transaction_date: q.date,
        operation_type_id: q.operation_type as number | undefined,
        type_of_security: q.security_type as number | undefined,
        market_id: q.market as number | undefined,
        type_of_bidding_method: q.bidding_method as number | undefined,
        ...(countryId !== undefined ? { country_code_registration_id: countryId } : {}),
        isin_security: (q['additional_param[isin]'] as string | undefined) ?? extra.isin,
        value_added_income: (q['additional_param[amount]'] as string | undefined) ?? extra.amount,
      });
      return {
        data: benefitIn(
          req.lang,
          benefit ? { id: benefit.id, code: benefit.code, name: benefit.name, article: benefit.article } : null,
        ),
      };
    },
  );
}
