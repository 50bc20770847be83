import { PassThrough } from 'node:stream';
import { dataOf, listOf, MSG } from '@deklarant/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { IdParams, parseId } from '../calculation/index.ts';
import { CONTENT_TYPES, documentsService, EXPORT_JOB } from './service.ts';

const StoredFile = z.object({
  year: z.number().int(),
  month: z.number().int(),
  user_id: z.number().int(),
  filename: z.string(),
  kind: z.string(),
  created_at: z.string(),
});

const FileParams = z.object({ year: z.string(), month: z.string(), user_id: z.string(), filename: z.string() });
const FILENAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,200}$/;

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^A-Za-z0-9_.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const queuedAnswer = (reply: FastifyReply) =>
  reply.status(202).type('application/json').send({ message: MSG.fileEmailed, queued: true });

/** export-pdf, export-excel/stream, generate-xml, get-xml-list and the file download. */
export async function documentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = documentsService(deps);
  const base = { tags: ['documents'], security: [{ bearer: [] }] };

  deps.jobs.register(EXPORT_JOB, (payload, ctx) => service.runExport(payload, ctx.id));

  r.get(
    '/api/declarations/:id/export-pdf',
    { preHandler: auth, schema: { ...base, params: IdParams } },
    async (req, reply) => {
      const row = await service.loadForDownload(actorOf(req), parseId(req.params.id));
      if (await service.queueIfLarge(row, 'pdf', req.lang)) return queuedAnswer(reply);
      // in the owner's profile language, else the request's (a manager's download is the owner's document)
      const { filename, bytes } = await service.pdf(row, await service.documentLanguage(row, req.lang));
      return reply
        .type(CONTENT_TYPES.pdf)
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  r.get(
    '/api/declarations/:id/export-excel/stream',
    { preHandler: auth, schema: { ...base, params: IdParams } },
    async (req, reply) => {
      const actor = actorOf(req);
      const row = await service.loadForDownload(actor, parseId(req.params.id));
      // The workbook (download and preview) is a full_access feature (SPEC, roles). 409 like every refused
      // action (docs/statuses.md): a 403 would end the person's session (SPEC §8).
      if (!actor.user.full_access && actor.kind !== 'manager' && actor.managerId === undefined) {
        throw new HttpError(409, MSG.excelNeedsFullAccess);
      }
      if (await service.queueIfLarge(row, 'xlsx', req.lang)) return queuedAnswer(reply);
      const out = new PassThrough();
      // Everything that can refuse (rates, personal data) runs before the first byte is sent.
      const { filename, done } = await service.xlsxStream(row, out, await service.documentLanguage(row, req.lang));
      done.catch((err) => {
        req.log.error({ err: { message: (err as Error).message } }, 'xlsx stream failed');
        out.destroy(err as Error);
      });
      return reply
        .type(CONTENT_TYPES.xlsx)
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  r.post(
    '/api/declarations/:id/generate-xml',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: dataOf(StoredFile) } } },
    async (req) => ({ data: await service.generateXml(actorOf(req), parseId(req.params.id), req.lang) }),
  );

  r.get(
    '/api/declarations/:id/get-xml-list',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: listOf(StoredFile) } } },
    async (req) => ({ data: await service.xmlList(actorOf(req), parseId(req.params.id)) }),
  );

  r.get(
    '/api/:year(^\\d{4}$)/:month(^\\d{1,2}$)/:user_id(^\\d{1,9}$)/:filename',
    { preHandler: auth, schema: { ...base, params: FileParams } },
    async (req, reply) => {
      const p = req.params;
      if (!FILENAME.test(p.filename)) throw new HttpError(404, MSG.fileNotFound);
      const file = await service.open(actorOf(req), {
        year: Number(p.year),
        month: Number(p.month),
        user_id: Number(p.user_id),
        filename: p.filename,
      });
      return reply
        .type(file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.filename))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
