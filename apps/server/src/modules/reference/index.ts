// The public surface of the reference module: other modules import only from here (scripts/module-index.mjs).
export { referenceRoutes } from './routes.ts';
export { localizeRows } from './texts.ts';
