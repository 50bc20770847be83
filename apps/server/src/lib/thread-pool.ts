import { parentPort, Worker } from 'node:worker_threads';

/**
 * One worker thread running one of our TypeScript modules, started on first use, that answers tasks
 * posted to it one at a time: heavy work (rendering large exports, parsing large broker reports) runs
 * there so the event loop keeps answering everyone else. A task may send parts before its result (a
 * large result sent in parts is decoded on this thread a part per event-loop turn).
 *
 * The worker runs our TypeScript source like the main thread (tsx): a worker does not inherit the
 * main thread's loader, so a one-line bootstrap registers tsx's loader first, then imports the module.
 * Should the worker fail to start, tasks run on the calling thread instead (`here`): slower for
 * everyone else, the same answer.
 */
export interface WorkerMessage<R, P> {
  id: number;
  part?: P;
  result?: R;
  error?: string;
  done?: boolean;
}

interface Pending<R, P> {
  resolve(r: R): void;
  reject(e: Error): void;
  retry(): void;
  onPart?: (p: P) => void;
}

export class ThreadPool<T, R, P = never> {
  private worker: Worker | undefined;
  private unavailable = false;
  private seq = 0;
  private readonly pending = new Map<number, Pending<R, P>>();

  constructor(
    private readonly entry: URL,
    private readonly here: (task: T, onPart?: (p: P) => void) => Promise<R>,
  ) {}

  private start(): Worker {
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(this.entry.href)}); });`;
    return new Worker(bootstrap, { eval: true });
  }

  private ensure(): Worker | undefined {
    if (this.unavailable) return undefined;
    if (this.worker) return this.worker;
    const w = this.start();
    let answered = false;
    w.on('message', (m: WorkerMessage<R, P>) => {
      answered = true;
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.part !== undefined) {
        p.onPart?.(m.part);
        return;
      }
      this.pending.delete(m.id);
      if (m.done) p.resolve(m.result as R);
      else p.reject(new Error(m.error ?? 'worker task failed'));
    });
    const fail = (err: Error) => {
      this.worker = undefined;
      // a worker that never answered cannot start here: run on this thread from now on
      if (!answered) this.unavailable = true;
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const p of waiting) this.unavailable ? p.retry() : p.reject(err);
    };
    w.on('error', fail);
    w.on('exit', (code) => {
      if (this.pending.size > 0) fail(new Error(`worker exited with code ${code}`));
      this.worker = undefined;
    });
    w.unref();
    this.worker = w;
    return w;
  }

  run(task: T, opts: { transfer?: ArrayBuffer[]; onPart?: (p: P) => void } = {}): Promise<R> {
    const w = this.ensure();
    if (!w) return this.here(task, opts.onPart);
    return new Promise<R>((resolve, reject) => {
      const id = ++this.seq;
      this.pending.set(id, {
        resolve,
        reject,
        retry: () => this.here(task, opts.onPart).then(resolve, reject),
        ...(opts.onPart ? { onPart: opts.onPart } : {}),
      });
      w.postMessage({ id, task }, opts.transfer ?? []);
    });
  }

  /** Ends the worker (graceful shutdown); a later task starts a new one. */
  async stop(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }
}

/**
 * The worker side of a ThreadPool: answers each posted task with `run`, sending parts as they come
 * and then the result (or the error's message). `transferOf` names buffers of the result to move
 * rather than copy.
 */
export function serveTasks<T, R, P = never>(
  run: (task: T, onPart: (p: P) => void) => Promise<R>,
  transferOf: (result: R) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort;
  port?.on('message', async (m: { id: number; task: T }) => {
    try {
      const result = await run(m.task, (part) => port.postMessage({ id: m.id, part }));
      port.postMessage({ id: m.id, done: true, result }, transferOf(result));
    } catch (err) {
      port.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
}
