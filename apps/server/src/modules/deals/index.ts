// The public surface of the deals module: other modules import only from here (scripts/module-index.mjs).
export { type Computed, computeWithRates, dealRates, lookupRate } from './compute.ts';
export { heldLots, rematchSecurity } from './fifo.ts';
export { flagWithoutCost, followLots } from './follow.ts';
export { type ReferenceSets, referenceCache } from './references.ts';
export { dealRoutes } from './routes.ts';
export { dealsService } from './service.ts';
