import { Worker } from 'node:worker_threads';
import { type DeclarationDocument, renderPdf, renderXlsx } from '@deklarant/documents';

/**
 * Renders the PDF or workbook of a large export on a worker thread: a 6,000-deal PDF keeps a thread
 * busy for seconds, and on the main thread no other request would be answered meanwhile. One worker,
 * started on first use, renders one document at a time (exports are rare; memory stays bounded).
 *
 * Should the worker fail to start, documents are rendered on the calling thread instead: slower for
 * everyone else, the same bytes.
 */
type Format = 'pdf' | 'xlsx';

const renderHere = (format: Format, doc: DeclarationDocument): Promise<Buffer> =>
  format === 'pdf' ? renderPdf(doc) : renderXlsx(doc);

let worker: Worker | undefined;
let unavailable = false;
let seq = 0;
const pending = new Map<number, { resolve(b: Buffer): void; reject(e: Error): void; retry(): void }>();

/**
 * The worker runs our TypeScript source like the main thread (tsx): a worker does not inherit the
 * main thread's loader, so a one-line bootstrap registers tsx's loader first, then imports the module.
 */
function startWorker(): Worker {
  const entry = new URL('./render-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

function ensureWorker(): Worker | undefined {
  if (unavailable) return undefined;
  if (worker) return worker;
  const w = startWorker();
  let answered = false;
  w.on('message', (m: { id: number; bytes?: Uint8Array; error?: string }) => {
    answered = true;
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (!p) return;
    if (m.bytes) p.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
    else p.reject(new Error(m.error ?? 'render failed'));
  });
  const fail = (err: Error) => {
    worker = undefined;
    // a worker that never answered cannot start here: render on this thread from now on
    if (!answered) unavailable = true;
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) unavailable ? p.retry() : p.reject(err);
  };
  w.on('error', fail);
  w.on('exit', (code) => {
    if (pending.size > 0) fail(new Error(`render worker exited with code ${code}`));
    worker = undefined;
  });
  w.unref();
  worker = w;
  return w;
}

export function renderOffThread(format: Format, doc: DeclarationDocument): Promise<Buffer> {
  const w = ensureWorker();
  if (!w) return renderHere(format, doc);
  return new Promise<Buffer>((resolve, reject) => {
    const id = ++seq;
    pending.set(id, {
      resolve,
      reject,
      retry: () => renderHere(format, doc).then(resolve, reject),
    });
    w.postMessage({ id, format, doc });
  });
}

/** Ends the worker (graceful shutdown); a later export starts a new one. */
export async function stopRenderWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
