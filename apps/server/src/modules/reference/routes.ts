import {
  Broker,
  dataOf,
  ExchangeRate,
  listOf,
  MSG,
  REFERENCE_CALLS,
  type ReferenceCall,
  RU_DATE,
  SECTIONS,
  TransactionType,
} from '@deklarant/contracts';
import type { Language } from '@deklarant/i18n';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { referenceRepo } from './repo.ts';
import { type AnswerTexts, localizeRows } from './texts.ts';

const REFERENCE_TTL_MS = 60_000;

/** The answers are in the request's language (lang cookie, else Accept-Language): shared caches keep one per both. */
const VARY = 'accept-language, cookie';

/** Each list's texts given from the `reference` catalogue (texts.ts); the rest answer as stored. */
const TEXTS: Partial<Record<ReferenceCall | 'get-transaction-types', AnswerTexts>> = {
  'get-reporting-forms': { id: 'form_id', fields: { form_description: 'reporting_forms' } },
  'get-kgd-codes': { id: 'id', fields: { kgd_name: 'kgd_names' } },
  'get-declaration-types': {
    id: 'id',
    fields: { type_name: 'declaration_types', type_description: 'declaration_type_descriptions' },
  },
  'get-countries': { id: 'id', fields: {}, iso: { field: 'name', code: 'alpha2', type: 'region' } },
  'get-currency-codes': { id: 'id', fields: {}, iso: { field: 'name', code: 'currency_code', type: 'currency' } },
  'get-bidding-methods': { id: 'method_id', fields: { method_name: 'bidding_methods' } },
  'get-markets': { id: 'market_id', fields: { market_name: 'markets' } },
  'get-security-types': { id: 'security_type', fields: { type_name: 'security_types' } },
  'get-operation-types': { id: 'id', fields: { operation_name: 'operation_types' } },
  'get-adjustment-types': { id: 'id', fields: { adjustment_name: 'adjustment_types', article: 'adjustment_articles' } },
  'get-declaration-statuses': { id: 'id', fields: { name: 'declaration_statuses' } },
  // a broker's name is its brand and the value a declaration stores: only its description and files are given
  'get-names-of-available-banks': { id: 'id', fields: { title: 'broker_titles', file_names: 'broker_files' } },
  'get-brokers': { id: 'id', fields: { title: 'broker_titles', file_names: 'broker_files' } },
  'get-transaction-types': { id: 'operation_type_id', fields: { name: 'operation_types' } },
};

/** GET /api/common/* : every list answers from the database. */
export async function referenceRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = referenceRepo(deps.db);
  const readers: Record<ReferenceCall, () => Promise<unknown[]>> = {
    'get-reporting-forms': repo.reportingForms,
    'get-declaration-types': repo.declarationTypes,
    'get-kgd-codes': repo.kgdCodes,
    'get-currency-codes': repo.currencies,
    'get-countries': repo.countries,
    'get-bidding-methods': repo.biddingMethods,
    'get-markets': repo.markets,
    'get-security-types': repo.securityTypes,
    'get-operation-types': repo.operationTypes,
    'get-adjustment-types': repo.adjustmentTypes,
    'get-declaration-statuses': repo.declarationStatuses,
    'get-names-of-available-banks': () => repo.brokers(true),
    'get-brokers': () => repo.brokers(false),
  };
  // Lists change only when data is reseeded or an administrator edits them, so each answer is kept
  // serialized for a minute, per language: the hot path is then a memory read (see bench/foundation.bench.ts).
  const cache = new Map<`${ReferenceCall}:${Language}`, { at: number; body: string }>();
  for (const [call, schema] of Object.entries(REFERENCE_CALLS) as [ReferenceCall, z.ZodType][]) {
    r.get(`/api/common/${call}`, { schema: { tags: ['reference'], response: { 200: schema } } }, async (req, reply) => {
      const now = Date.now();
      const key = `${call}:${req.lang}` as const;
      let hit = cache.get(key);
      if (!hit || now - hit.at > REFERENCE_TTL_MS) {
        const body = schema.parse({ data: localizeRows(req.lang, await readers[call](), TEXTS[call]) });
        hit = { at: now, body: JSON.stringify(body) };
        cache.set(key, hit);
      }
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('vary', VARY)
        .type('application/json; charset=utf-8')
        .serializer((p: unknown) => p as string)
        .send(hit.body);
    });
  }

  // The operation types a section allows (packages/contracts operations.ts): each row's id is the
  // operation type id of get-operation-types, the number a deal's operation_type_id carries.
  // `section_id` names the section as the payload key (first_section_a), the API slug (first-section-a)
  // or its code (1A); an unknown section is a 422, not an empty list that reads as "no operations".
  r.get(
    '/api/common/get-transaction-types',
    {
      schema: {
        tags: ['reference'],
        querystring: z.object({ section_id: z.string().max(64).optional() }),
        response: { 200: listOf(TransactionType) },
      },
    },
    async (req, reply) => {
      const asked = req.query.section_id?.trim();
      const section = asked ? sectionNamed(asked) : undefined;
      if (asked && !section) throw new HttpError(422, UNKNOWN_SECTION, { section_id: [UNKNOWN_SECTION] });
      reply.header('vary', VARY);
      const rows = await repo.transactionTypes(section?.key);
      return { data: localizeRows(req.lang, rows, TEXTS['get-transaction-types']) };
    },
  );

  // The messenger contacts, configured in one place (config.ts): the consultant of tariff 2 and support.
  r.get(
    '/api/common/get-contacts',
    {
      schema: {
        tags: ['reference'],
        response: { 200: z.object({ data: z.object({ consultant_url: z.string(), support_url: z.string() }) }) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        data: { consultant_url: deps.config.consultantContactUrl, support_url: deps.config.supportContactUrl },
      };
    },
  );

  r.get(
    '/api/common/get-exchange-rates',
    {
      schema: {
        tags: ['reference'],
        querystring: z.object({
          date: z.string().regex(RU_DATE, server.dateFormat),
          currency_code_id: z.coerce.number().int().positive(),
          rule: z.enum(['previous_working_day', 'annual_average', 'year_end', 'on_date']).optional(),
        }),
        response: { 200: dataOf(ExchangeRate) },
      },
    },
    async (req) => {
      const currency = await repo.currencyById(req.query.currency_code_id);
      if (!currency) throw new HttpError(422, MSG.selectValue, { currency_code_id: [MSG.selectValue] });
      const data = await deps.providers.rates.getRate({
        currency: currency.code.trim(),
        date: req.query.date,
        rule: req.query.rule ?? 'previous_working_day',
      });
      return { data };
    },
  );
}

const UNKNOWN_SECTION = server.reference.unknownSection;

/** A section by its payload key, API slug or code (case-insensitive). */
const sectionNamed = (id: string) => {
  const v = id.toLowerCase();
  return SECTIONS.find((s) => s.key === v || s.slug === v || s.code.toLowerCase() === v);
};

export { Broker };
