// The public surface of the payments module: other modules import only from here (scripts/module-index.mjs).
export { paymentAdminRoutes } from './admin-routes.ts';
export { paymentRoutes } from './routes.ts';
export { esc, hidden, sandboxPage, sandboxText } from './sandbox-html.ts';
export { paymentSandboxRoutes } from './sandbox-routes.ts';
