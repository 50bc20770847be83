import { ConfigError, loadConfig, logUnconfiguredServices } from './config.ts';
import { startServer } from './server.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const started = Date.now();
  const { app, deps } = await startServer(config);
  await app.listen({ port: config.port, host: config.host });
  deps.jobs.start();
  app.log.info(
    { db: config.databaseUrl ? 'postgres' : 'pglite', env: config.appEnv, ms: Date.now() - started },
    `Декларант started on ${config.publicUrl}`,
  );
  logUnconfiguredServices(config, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error('Server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
