// The public surface of the calculation module: other modules import only from here (scripts/module-index.mjs).
export { type Computed, computeDeclaration } from './assemble.ts';
export { stopEngineWorker } from './engine-pool.ts';
export { nameOf, type Refs } from './refs.ts';
export { calculationRoutes, IdParams, parseId } from './routes.ts';
