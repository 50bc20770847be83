import { type DeclarationDocument, renderPdf, renderXlsx } from '@deklarant/documents';
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
}

export const renderHere = ({ format, doc }: RenderTask): Promise<Buffer> =>
  format === 'pdf' ? renderPdf(doc) : renderXlsx(doc);

const pool = new ThreadPool<RenderTask, Uint8Array>(new URL('./render-worker.ts', import.meta.url), renderHere);

export async function renderOffThread(format: Format, doc: DeclarationDocument): Promise<Buffer> {
  const bytes = await pool.run({ format, doc });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Ends the worker (graceful shutdown); a later export starts a new one. */
export const stopRenderWorker = (): Promise<void> => pool.stop();
