import { MSG } from '@deklarant/contracts';
import { buildTemplateCsv, buildTemplateXlsx, type ImporterTextKey } from '@deklarant/importers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import { t } from '../../lib/language.ts';
import { actorOf, requireUser } from '../auth/index.ts';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, type UploadFile } from './files.ts';
import { IMPORT_JOB, importsService } from './service.ts';
import { importViewIn } from './texts.ts';

const IdParams = z.object({ id: z.string() });
const parseId = (raw: string, message: string): number => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, message);
  return id;
};

const Accepted = z.object({
  success: z.boolean(),
  import_id: z.number().int(),
  job_id: z.number().int(),
  status: z.literal('queued'),
  message: z.string(),
  broker: z.string().optional(),
});

const Issue = z.object({
  file: z.number().int(),
  row: z.union([z.number(), z.string()]),
  field: z.string().optional(),
  message: z.string(),
});
const Side = z.object({ file: z.string(), deals: z.string() });
/** packages/importers Reconciliation of one file: every row accounted for. */
const FileReconciliation = z.object({
  file: z.number().int(),
  format: z.string(),
  rows: z.record(z.string(), z.number()),
  deals: z.record(z.string(), z.number()),
  flagged: z.number(),
  skipped: z.number(),
  errors: z.number(),
  totals: z.record(z.string(), z.object({ proceeds: Side, costs: Side, income: Side, taxes: Side })),
  notes: z.array(z.string()),
});
const ImportView = z.object({
  id: z.number().int(),
  declaration_id: z.number().int(),
  source: z.enum(['upload', 'partner']),
  bank: z.string().nullable(),
  status: z.enum(['queued', 'running', 'retrying', 'done', 'failed']),
  progress: z.number(),
  message: z.string().nullable(),
  formats: z.array(z.string()),
  files: z.array(z.object({ id: z.number().int(), filename: z.string(), size_bytes: z.number() })),
  counts: z.object({
    total: z.number(),
    added: z.number(),
    duplicates: z.number(),
    needs_info: z.number(),
    skipped: z.number(),
    errors: z.number(),
    by_section: z.record(z.string(), z.number()),
    reconciliation: z.array(FileReconciliation).optional(),
  }),
  errors: z.array(Issue),
  skipped: z.array(Issue),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

/** Reads files[] and the text fields of the multipart body; a part over 5 MB is refused with its Russian text. */
async function readUpload(req: FastifyRequest): Promise<{ files: UploadFile[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw unprocessable(MSG.uploadFile, { files: [MSG.uploadFile] });
  const files: UploadFile[] = [];
  const fields: Record<string, string> = {};
  for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 10 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'files[]' && part.fieldname !== 'files') {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw new HttpError(413, MSG.fileTooLarge(MAX_UPLOAD_MB));
      }
      if (part.file.truncated) throw new HttpError(413, MSG.fileTooLarge(MAX_UPLOAD_MB));
      files.push({ bytes, filename: part.filename });
    } else if (typeof part.value === 'string' && part.value.length <= 200) {
      fields[part.fieldname] = part.value;
    }
  }
  return { files, fields };
}

/**
 * POST /api/declarations/{id}/upload-file and .../get-data-from-bank (both answer 202
 * with the import id; the work runs as a background job), GET /api/imports/{id} (status, progress,
 * result), and our template for any other broker (GET /api/imports/template.csv | .xlsx).
 */
export async function importRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps);
  const service = importsService(deps);
  deps.jobs.register(IMPORT_JOB, (payload, ctx) => service.runImport(payload, ctx));
  const base = { tags: ['imports'], security: [{ bearer: [] }] };

  r.post(
    '/api/declarations/:id/upload-file',
    {
      preHandler: auth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { ...base, params: IdParams, consumes: ['multipart/form-data'], response: { 202: Accepted } },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const id = parseId(req.params.id, MSG.declarationNotFound);
      const { files, fields } = await readUpload(req);
      const bank = fields.bank?.trim() || null;
      return reply.status(202).send(await service.upload(actor, id, files, bank));
    },
  );

  r.post(
    '/api/declarations/:id/get-data-from-bank',
    {
      preHandler: auth,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { ...base, params: IdParams, response: { 202: Accepted } },
    },
    async (req, reply) => {
      const id = parseId(req.params.id, MSG.declarationNotFound);
      return reply.status(202).send(await service.fromBank(actorOf(req), id));
    },
  );

  // Public: the template has no personal data and a plain link must download it.
  r.get('/api/imports/template.csv', { schema: { tags: ['imports'] } }, async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="deklarant-template.csv"')
      .send(Buffer.from(buildTemplateCsv({ examples: true }))),
  );
  // the instructions sheet in the reader's language; the column names (what is read back) are the same in all
  r.get('/api/imports/template.xlsx', { schema: { tags: ['imports'] } }, async (req, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="deklarant-template.xlsx"')
      .send(
        Buffer.from(
          await buildTemplateXlsx({ examples: true, text: (key: ImporterTextKey) => t(req.lang, `importers:${key}`) }),
        ),
      ),
  );

  r.get(
    '/api/imports/:id',
    { preHandler: auth, schema: { ...base, params: IdParams, response: { 200: z.object({ data: ImportView }) } } },
    async (req) => ({
      data: importViewIn(req.lang, await service.view(actorOf(req), parseId(req.params.id, MSG.importNotFound))),
    }),
  );
}
