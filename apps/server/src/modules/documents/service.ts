import type { Readable, Writable } from 'node:stream';
import { DECLARATION_STATUS, FORM_CODES, isPaid, MSG, type ReportingFormId } from '@deklarant/contracts';
import {
  assertRenderable,
  type DeclarationDocument,
  DocumentError,
  renderPdf,
  renderXml,
  validateXml,
  writeXlsxStream,
} from '@deklarant/documents';
import { isLanguage, type Language } from '@deklarant/i18n';
import type { Db } from '../../db/db.ts';
import type { Deps } from '../../deps.ts';
import { PermanentJobError } from '../../jobs/queue.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/errors.ts';
import { faultPoint } from '../../lib/fault-point.ts';
import { languageOf } from '../../lib/language.ts';
import { letters } from '../../providers/mail/letters.ts';
import { computeDeclaration } from '../calculation/index.ts';
import type { DeclarationRow } from '../declarations/index.ts';
import { declarationsService } from '../declarations/index.ts';
import { loadDocumentContext, toDocument } from './assemble.ts';
import { renderOffThread, useFormTemplates } from './render-pool.ts';

/** Above this many deals a PDF or XLSX is not rendered in the request: a job renders it and emails a link. */
export const MAX_STREAM_DEALS = 5000;
export const EXPORT_JOB = 'documents.export';

export type ExportFormat = 'pdf' | 'xlsx';
export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml; charset=utf-8',
} as const;
const KINDS = { pdf: 'declaration_pdf', xlsx: 'declaration_xlsx', xml: 'declaration_xml' } as const;

export interface StoredFile {
  year: number;
  month: number;
  user_id: number;
  filename: string;
  kind: string;
  created_at: string;
}

/** A renderer's refusal (missing personal data, bad IIN, unknown form) as a 422 with its Russian text. */
const asHttp = (err: unknown): unknown =>
  err instanceof DocumentError
    ? new HttpError(422, err.message, err.field ? { [err.field]: [err.message] } : undefined)
    : err;

/** Downloads are what the user pays for: status 3 or more, and not while an additional payment is due. */
export function assertDownloadable(row: DeclarationRow): void {
  if (row.status === DECLARATION_STATUS.ADDITIONAL_PAYMENT)
    throw new HttpError(402, MSG.documentsNeedAdditionalPayment);
  if (!isPaid(row.status)) throw new HttpError(402, MSG.documentsNeedPayment);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function stamp(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** 'fno_270_00_2025_d12_20261122T023600.xml': ASCII only, unique per declaration and second. */
export function documentFilename(
  row: Pick<DeclarationRow, 'id' | 'year' | 'reporting_form_id'>,
  ext: string,
  at: Date,
  suffix = '',
) {
  const code = FORM_CODES[row.reporting_form_id as ReportingFormId].replace('.', '_');
  return `fno_${code}_${row.year}_d${row.id}_${stamp(at)}${suffix}.${ext}`;
}

export const storageKey = (f: Pick<StoredFile, 'year' | 'month' | 'user_id' | 'filename'>) =>
  `${f.year}/${f.month}/${f.user_id}/${f.filename}`;

/** A files row as the API names it: {year}/{month}/{user_id}/{filename} split out of its storage key. */
function storedFileOf(r: { storage_key: string; kind: string; created_at: Date }): StoredFile {
  const [year, month, userId, ...rest] = r.storage_key.split('/');
  return {
    year: Number(year),
    month: Number(month),
    user_id: Number(userId),
    filename: rest.join('/'),
    kind: r.kind,
    created_at: r.created_at.toISOString(),
  };
}

/** Renders and stores a file under {year}/{month}/{user_id}/{filename}; the files row follows the bytes. */
async function storeFile(
  deps: Deps,
  db: Db,
  row: DeclarationRow,
  kind: keyof typeof KINDS,
  filename: string,
  bytes: Buffer,
  jobId: number | null = null,
): Promise<StoredFile> {
  const at = deps.clock.now();
  const file = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, user_id: row.user_id, filename };
  const key = storageKey(file);
  const put = await deps.providers.storage.put(key, bytes);
  // The same key written again (a double click within one second) replaced the bytes: the row follows them.
  await db.query(
    `INSERT INTO files (user_id, declaration_id, kind, storage_key, filename, content_type, size_bytes, sha256, created_at,
       job_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (storage_key) DO UPDATE SET size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256,
       created_at = EXCLUDED.created_at`,
    [row.user_id, row.id, KINDS[kind], key, filename, CONTENT_TYPES[kind], put.size, put.sha256, at, jobId],
  );
  return { ...file, kind: KINDS[kind], created_at: at.toISOString() };
}

/**
 * The declaration as the renderers' input, from the current deals (rates resolved, the tax engine run,
 * reference names and KZT amounts filled): XML, PDF, XLSX and the signing module all use this. Throws
 * HttpError 422/503 with the Russian message (missing rate, personal data, unsupported year).
 */
export async function buildDeclarationDocument(deps: Deps, row: DeclarationRow): Promise<DeclarationDocument> {
  const computed = await computeDeclaration(deps, row);
  const ctx = await loadDocumentContext(deps.db, row);
  const doc = toDocument(computed, ctx, deps.clock.now());
  try {
    assertRenderable(doc);
  } catch (err) {
    throw asHttp(err);
  }
  return doc;
}

export function documentsService(deps: Deps) {
  // the operator's KGD templates (FORM_TEMPLATES_DIR): a malformed or foreign package stops the start
  useFormTemplates(deps.config.formTemplatesDir);
  const declarations = declarationsService(deps);
  const now = () => deps.clock.now();

  const documentFor = (row: DeclarationRow) => buildDeclarationDocument(deps, row);

  async function dealCount(id: number): Promise<number> {
    const r = await deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1', [id]);
    return r?.n ?? 0;
  }

  async function loadForDownload(actor: Actor, id: number): Promise<DeclarationRow> {
    const row = await declarations.loadOwn(actor, id);
    assertDownloadable(row);
    return row;
  }

  /**
   * The language of a declaration's PDF and workbook: its owner's profile language, else `fallback` (the
   * request's language), else Russian. A manager's download is the owner's document, in the owner's language.
   */
  async function documentLanguage(row: Pick<DeclarationRow, 'user_id'>, fallback?: unknown): Promise<Language> {
    const r = await deps.db.one<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [row.user_id]);
    return languageOf(r?.language, isLanguage(fallback) ? fallback : undefined);
  }

  /** Too many deals: queue a job that renders the file and emails a download link. */
  async function queueIfLarge(row: DeclarationRow, format: ExportFormat, lang?: Language): Promise<boolean> {
    if ((await dealCount(row.id)) <= MAX_STREAM_DEALS) return false;
    // one job per declaration, format and minute: a double click does not send two letters
    const minute = Math.floor(now().getTime() / 60_000);
    await deps.jobs.enqueue(
      EXPORT_JOB,
      // the request's language: the job renders in it when the owner has chosen none
      { declarationId: row.id, userId: row.user_id, format, ...(lang ? { lang } : {}) },
      { dedupeKey: `export:${row.id}:${format}:${minute}` },
    );
    return true;
  }

  return {
    documentFor,
    documentLanguage,
    loadForDownload,
    queueIfLarge,

    async pdf(row: DeclarationRow, lang: Language = 'ru'): Promise<{ filename: string; bytes: Buffer }> {
      const doc = await documentFor(row);
      const bytes = await renderPdf(doc, { lang }).catch((err) => {
        throw asHttp(err);
      });
      return { filename: documentFilename(row, 'pdf', now()), bytes };
    },

    /** Validates the document before the first byte, then streams the workbook. */
    async xlsxStream(
      row: DeclarationRow,
      out: Writable,
      lang: Language = 'ru',
    ): Promise<{ filename: string; done: Promise<void> }> {
      const doc = await documentFor(row);
      return { filename: documentFilename(row, 'xlsx', now()), done: writeXlsxStream(doc, out, { lang }) };
    },

    /**
     * Renders the ФНО XML, validates it against the form's XSD, and only then stores it. A refusal lists what to
     * fix in `errors.xml`, in the request's language (`lang`).
     */
    async generateXml(actor: Actor, id: number, lang: Language = 'ru'): Promise<StoredFile> {
      const row = await loadForDownload(actor, id);
      const doc = await documentFor(row);
      let xml: string;
      try {
        xml = renderXml(doc);
      } catch (err) {
        throw asHttp(err);
      }
      const check = await validateXml(xml, doc.form, { today: now(), lang });
      if (!check.valid) {
        throw new HttpError(422, MSG.xmlInvalid, { xml: check.errors.slice(0, 10) });
      }
      const filename = documentFilename(row, 'xml', now());
      return deps.db.tx((t) => storeFile(deps, t, row, 'xml', filename, Buffer.from(xml, 'utf8')));
    },

    async xmlList(actor: Actor, id: number): Promise<StoredFile[]> {
      const row = await declarations.loadOwn(actor, id);
      const rows = await deps.db.query<{ storage_key: string; kind: string; created_at: Date }>(
        `SELECT storage_key, kind, created_at FROM files WHERE declaration_id = $1 AND user_id = $2 AND kind = $3
         ORDER BY created_at DESC, id DESC`,
        [row.id, row.user_id, KINDS.xml],
      );
      return rows.map(storedFileOf);
    },

    /** GET /api/{year}/{month}/{user_id}/{filename}: the owner's stored file, else 404. */
    async open(
      actor: Actor,
      f: { year: number; month: number; user_id: number; filename: string },
    ): Promise<{ stream: Readable; filename: string; contentType: string; size: number }> {
      const missing = () => new HttpError(404, MSG.fileNotFound);
      if (f.user_id !== actor.user.id) throw missing();
      const row = await deps.db.one<{ filename: string; content_type: string; size_bytes: string | number }>(
        'SELECT filename, content_type, size_bytes FROM files WHERE storage_key = $1 AND user_id = $2',
        [storageKey(f), actor.user.id],
      );
      if (!row) throw missing();
      const stream = await deps.providers.storage.stream(storageKey(f)).catch(() => {
        throw missing();
      });
      return { stream, filename: row.filename, contentType: row.content_type, size: Number(row.size_bytes) };
    },

    /** The export job: render, store, and email a link (the files row and the letter in one transaction). */
    /** The large-export job. Idempotent: a re-run (after a crash) of a job whose file is stored sends nothing. */
    async runExport(payload: unknown, jobId: number): Promise<StoredFile> {
      const p = payload as { declarationId: number; userId: number; format: ExportFormat; lang?: string };
      const done = await deps.db.one<{ storage_key: string; kind: string; created_at: Date }>(
        'SELECT storage_key, kind, created_at FROM files WHERE job_id = $1',
        [jobId],
      );
      if (done) return storedFileOf(done);
      const row = await deps.db.one<DeclarationRow>('SELECT * FROM declarations WHERE id = $1 AND user_id = $2', [
        p.declarationId,
        p.userId,
      ]);
      if (!row) throw new PermanentJobError('declaration gone');
      let doc: DeclarationDocument;
      try {
        doc = await documentFor(row);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 422) throw new PermanentJobError(err.message);
        throw err;
      }
      const user = await deps.db.one<{ email: string; language: string | null }>(
        'SELECT email, language FROM users WHERE id = $1',
        [row.user_id],
      );
      // the file and its letter in the owner's language, else in that of the request that asked for it
      const lang = languageOf(user?.language, isLanguage(p.lang) ? p.lang : undefined);
      const bytes = await renderOffThread(p.format, doc, lang);
      faultPoint(`export_${p.format}_rendered`);
      const filename = documentFilename(row, p.format, doc.generatedAt, '_full');
      return deps.db.tx(async (t) => {
        const file = await storeFile(deps, t, row, p.format, filename, bytes, jobId);
        if (user?.email) await deps.providers.mailer.send(exportLetter(deps, user.email, row, file, lang), t);
        return file;
      });
    },
  };
}

function exportLetter(deps: Deps, to: string, row: DeclarationRow, file: StoredFile, lng: Language) {
  const url = `${deps.config.publicUrl}/app/declaration?step=8&download=${encodeURIComponent(storageKey(file))}`;
  const formCode = FORM_CODES[row.reporting_form_id as ReportingFormId];
  return letters.exportReady(
    lng,
    to,
    { formCode, year: row.year, format: file.kind === KINDS.pdf ? 'PDF' : 'Excel' },
    url,
  );
}
