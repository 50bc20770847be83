import { serveTasks } from '../../lib/thread-pool.ts';
import { type RenderTask, renderHere } from './render-pool.ts';

/** The rendering thread of render-pool.ts: one document at a time, bytes transferred back. */
serveTasks(
  // its own ArrayBuffer (a Buffer may share a pooled one): safe to transfer
  async (task: RenderTask) => new Uint8Array(await renderHere(task)),
  (bytes) => [bytes.buffer as ArrayBuffer],
);
