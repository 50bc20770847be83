// The public surface of the imports module: other modules import only from here (scripts/module-index.mjs).
export { stopParseWorker } from './parse-pool.ts';
export { importRoutes } from './routes.ts';
