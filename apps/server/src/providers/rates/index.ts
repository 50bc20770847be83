import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { createNbkClient } from './nbk-feed.ts';
import { createRatesService, type RatesService } from './rates-service.ts';

export { BUNDLED_RATES, type BundledRate, bundledRate } from './bundled-rates.ts';
export {
  createNbkClient,
  NBK_DEFAULT_URL,
  type NbkClient,
  type NbkClientOptions,
  type NbkDay,
  NbkFeedError,
  type NbkRate,
  parseNbkRates,
} from './nbk-feed.ts';
export {
  createRatesService,
  type RateAnswer,
  type RateQuery,
  type RateRule,
  type RateSource,
  type RatesService,
  type RatesServiceOptions,
  RatesUnavailableError,
} from './rates-service.ts';
export { sandboxRate } from './sandbox-rates.ts';

/** What the modules ask for exchange rates (the rates service is its one implementation). */
export type RatesProvider = RatesService;

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
