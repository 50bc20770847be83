import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDb } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { seedReference } from './db/seed-reference.ts';
import type { Deps } from './deps.ts';
import { createJobQueue } from './jobs/queue.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { stopEngineWorker } from './modules/calculation/index.ts';
import { stopRenderWorker } from './modules/documents/index.ts';
import { stopParseWorker } from './modules/imports/index.ts';
import { createProviders } from './providers/index.ts';
import { seedDemo } from './seed-demo.ts';

/** Opens the database, migrates, seeds and builds the app: the same path for `npm start` and the tests. */
export async function startServer(
  config: Config,
  opts: { memory?: boolean; clock?: Clock; logStream?: NodeJS.WritableStream } = {},
): Promise<{ app: FastifyInstance; deps: Deps }> {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    memory: opts.memory,
  });
  try {
    await migrate(db);
    await seedReference(db);
    const clock = opts.clock ?? systemClock;
    const providers = await createProviders(config, db, clock, opts.memory);
    const jobs = createJobQueue(db, clock);
    const deps: Deps = { config, db, clock, providers, jobs, logStream: opts.logStream };
    if (config.sandbox) await seedDemo(deps);
    const app = await buildApp(deps);
    app.addHook('onClose', async () => {
      // the job in progress finishes and is marked done before the database closes
      await jobs.stop(8_000);
      await stopRenderWorker();
      await stopParseWorker();
      await stopEngineWorker();
      providers.mailer.close();
      await db.close();
    });
    return { app, deps };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
