// The public surface of the tariffs module: other modules import only from here (scripts/module-index.mjs).
export { tariffsRepo } from './repo.ts';
export { parseDeclarationId, tariffRoutes } from './routes.ts';
export { laterOf, PAID_OPEN_DAYS } from './service.ts';
