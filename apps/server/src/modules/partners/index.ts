// The public surface of the partners module: other modules import only from here (scripts/module-index.mjs).
export { partnerAdminRoutes } from './admin-routes.ts';
export { partnerRoutes } from './routes.ts';
export { assertUploadAllowed, audit, isPlaceholderEmail } from './service.ts';
