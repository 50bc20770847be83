// The public surface of the health module: other modules import only from here (scripts/module-index.mjs).
export { healthRoutes } from './routes.ts';
