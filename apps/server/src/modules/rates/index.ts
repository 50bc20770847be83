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
