import { parentPort } from 'node:worker_threads';
import { type DeclarationDocument, renderPdf, renderXlsx } from '@deklarant/documents';

/** The rendering thread of render-pool.ts: one document at a time, bytes transferred back. */
parentPort?.on('message', async (m: { id: number; format: 'pdf' | 'xlsx'; doc: DeclarationDocument }) => {
  try {
    const bytes = m.format === 'pdf' ? await renderPdf(m.doc) : await renderXlsx(m.doc);
    const copy = new Uint8Array(bytes); // its own ArrayBuffer (a Buffer may share a pooled one): safe to transfer
    parentPort?.postMessage({ id: m.id, bytes: copy }, [copy.buffer]);
  } catch (err) {
    parentPort?.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
