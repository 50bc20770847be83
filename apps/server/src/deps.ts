import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Clock } from './lib/clock.ts';
import type { Providers } from './providers/index.ts';

/** Everything a module needs from the outside, passed explicitly (tests build their own). */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  providers: Providers;
  /** durable background work (emails, large exports, report parsing) */
  jobs: JobQueue;
  /** where logs go (tests capture them to prove no personal data is logged) */
  logStream?: NodeJS.WritableStream;
}
