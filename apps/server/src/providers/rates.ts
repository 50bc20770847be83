import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Clock } from '../lib/clock.ts';
import { createNbkClient, createRatesService } from '../modules/rates/index.ts';
import type { RatesProvider } from './index.ts';

/** National Bank feed with a database cache; outside production an unreachable feed falls back to demo rates. */
export function createRatesProvider(config: Config, db: Db, clock: Clock): RatesProvider {
  return createRatesService({
    db,
    clock,
    source: config.ratesSource,
    nbk: createNbkClient({ baseUrl: config.nbkUrl, timeoutMs: 5000 }),
    allowSandboxFallback: !config.production,
  });
}
