import type { Db } from '../db/db.ts';
import type { Clock } from '../lib/clock.ts';

export interface JobContext {
  id: number;
  attempt: number;
  /** 0..100, shown to the user for long work (report parsing, large exports) */
  progress(pct: number): Promise<void>;
}
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<unknown>;

export interface JobRow {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  attempts: number;
  last_error: string | null;
  result: unknown;
}

const MAX_ATTEMPTS = 5;
/** A job left 'running' longer than this (its worker died) is taken again. */
const STALE_MS = 5 * 60_000;

/**
 * A durable jobs table: enqueue inside the caller's transaction, claim with FOR UPDATE SKIP LOCKED
 * (any instance may take a job; PGlite is serial anyway), retry with backoff. Handlers must be
 * idempotent: a crash after the work but before 'done' runs them again.
 */
export function createJobQueue(db: Db, clock: Clock) {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> | undefined;
  let stopping = false;

  async function enqueue(
    kind: string,
    payload: unknown,
    opts: { dedupeKey?: string; db?: Db; runAt?: Date } = {},
  ): Promise<number> {
    const d = opts.db ?? db;
    const row = await d.one<{ id: number }>(
      `INSERT INTO jobs (kind, payload, dedupe_key, run_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (dedupe_key) DO UPDATE SET dedupe_key = EXCLUDED.dedupe_key RETURNING id`,
      [kind, JSON.stringify(payload ?? null), opts.dedupeKey ?? null, opts.runAt ?? clock.now(), clock.now()],
    );
    if (!row) throw new Error('job not enqueued');
    if (timer) setImmediate(() => void runOnce().catch(() => {}));
    return row.id;
  }

  async function claim(): Promise<{ id: number; kind: string; payload: unknown; attempts: number } | undefined> {
    const now = clock.now();
    return db.tx(async (t) =>
      t.one<{ id: number; kind: string; payload: unknown; attempts: number }>(
        `UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = $1
         WHERE id = (
           SELECT id FROM jobs
           WHERE (status = 'queued' AND run_at <= $1) OR (status = 'running' AND updated_at < $2)
           ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, kind, payload, attempts`,
        [now, new Date(now.getTime() - STALE_MS)],
      ),
    );
  }

  /** Runs ready jobs until none is left (or the queue is stopping); returns how many ran. */
  function runOnce(): Promise<number> {
    if (inFlight) return Promise.resolve(0);
    inFlight = drain().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  async function drain(): Promise<number> {
    let ran = 0;
    while (!stopping) {
      const job = await claim();
      if (!job) break;
      ran += 1;
      const handler = handlers.get(job.kind);
      const ctx: JobContext = {
        id: job.id,
        attempt: job.attempts,
        progress: async (pct) => {
          await db.query('UPDATE jobs SET progress = $2, updated_at = $3 WHERE id = $1', [
            job.id,
            Math.round(pct),
            clock.now(),
          ]);
        },
      };
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        const result = await handler(job.payload, ctx);
        await db.query(
          `UPDATE jobs SET status = 'done', progress = 100, result = $2, last_error = NULL, updated_at = $3 WHERE id = $1`,
          [job.id, JSON.stringify(result ?? null), clock.now()],
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const final = job.attempts >= MAX_ATTEMPTS || (err as { permanent?: boolean }).permanent === true;
        const backoff = 2 ** job.attempts * 1000;
        await db.query(`UPDATE jobs SET status = $2, last_error = $3, run_at = $4, updated_at = $5 WHERE id = $1`, [
          job.id,
          final ? 'failed' : 'queued',
          message.slice(0, 1000),
          new Date(clock.now().getTime() + backoff),
          clock.now(),
        ]);
      }
    }
    return ran;
  }

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    enqueue,
    runOnce,
    get: (id: number) =>
      db.one<JobRow>('SELECT id, kind, status, progress, attempts, last_error, result FROM jobs WHERE id = $1', [id]),
    /** Polls in the background (the server); tests call runOnce() instead. */
    start(intervalMs = 1000) {
      if (timer) return;
      timer = setInterval(() => void runOnce().catch(() => {}), intervalMs);
      timer.unref();
      // One process owns the embedded database (DATA_DIR lock), so a job still 'running' at start was
      // left by a process that died (kill -9, power loss): take it again now, not after STALE_MS.
      if (db.kind === 'pglite') {
        void db
          .query(`UPDATE jobs SET status = 'queued', run_at = $1, updated_at = $1 WHERE status = 'running'`, [
            clock.now(),
          ])
          .then(() => runOnce())
          .catch(() => {});
      }
    },
    /**
     * Stops polling and waits (up to `waitMs`) for the job in progress to finish and be marked done, so
     * a graceful shutdown never leaves it 'running' to be run again. Later `runOnce` calls do nothing.
     */
    async stop(waitMs = 30_000): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping = true;
      const current = inFlight;
      if (!current) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        current.catch(() => 0),
        new Promise((r) => {
          timeout = setTimeout(r, waitMs);
        }),
      ]);
      clearTimeout(timeout);
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

/** An error that should not be retried (bad input rather than a passing fault). */
export class PermanentJobError extends Error {
  readonly permanent = true;
}
