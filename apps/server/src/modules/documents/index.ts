// The public surface of the documents module: other modules import only from here (scripts/module-index.mjs).
export { stopRenderWorker } from './render-pool.ts';
export { documentRoutes } from './routes.ts';
export { buildDeclarationDocument } from './service.ts';
