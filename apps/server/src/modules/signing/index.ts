// The public surface of the signing module: other modules import only from here (scripts/module-index.mjs).
export { signingRoutes } from './routes.ts';
export { signingSandboxRoutes } from './sandbox-routes.ts';
