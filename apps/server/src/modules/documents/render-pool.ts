import { type DeclarationDocument, ensureTemplateDir, renderPdf, renderXlsx } from '@deklarant/documents';
import type { Language } from '@deklarant/i18n';
import { ThreadPool } from '../../lib/thread-pool.ts';

/**
 * Renders the PDF or workbook of a large export on a worker thread: a 6,000-deal PDF keeps a thread
 * busy for seconds, and on the main thread no other request would be answered meanwhile. One worker,
 * started on first use, renders one document at a time (exports are rare; memory stays bounded).
 * Should the worker fail to start, documents are rendered on the calling thread instead.
 */
type Format = 'pdf' | 'xlsx';
export interface RenderTask {
  format: Format;
  doc: DeclarationDocument;
  /** the document's language (Russian when absent); each thread reads the catalogues once */
  lang?: Language;
  /** the operator's KGD template folder (FORM_TEMPLATES_DIR), loaded by each thread once */
  templatesDir?: string;
}

export const renderHere = ({ format, doc, lang, templatesDir }: RenderTask): Promise<Buffer> => {
  ensureTemplateDir(templatesDir);
  const language = lang ? { lang } : {};
  return format === 'pdf' ? renderPdf(doc, language) : renderXlsx(doc, language);
};

let templatesDir: string | undefined;
/**
 * Loads the operator's KGD template folder on this thread (refuses a malformed or foreign package with
 * a message naming the file) and hands it to the render thread with every task.
 */
export function useFormTemplates(dir: string | undefined): void {
  ensureTemplateDir(dir);
  templatesDir = dir;
}

const pool = new ThreadPool<RenderTask, Uint8Array>(new URL('./render-worker.ts', import.meta.url), renderHere);

export async function renderOffThread(format: Format, doc: DeclarationDocument, lang?: Language): Promise<Buffer> {
  const bytes = await pool.run({ format, doc, ...(lang ? { lang } : {}), ...(templatesDir ? { templatesDir } : {}) });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Ends the worker (graceful shutdown); a later export starts a new one. */
export const stopRenderWorker = (): Promise<void> => pool.stop();
