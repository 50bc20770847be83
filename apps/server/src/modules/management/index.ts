// The public surface of the management module: other modules import only from here (scripts/module-index.mjs).
export { managementRoutes } from './routes.ts';
