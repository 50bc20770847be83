import type { FastifyInstance, RouteOptions } from 'fastify';

/** One registered route as the security tests see it (method, URL pattern, schemas, guards, config). */
export interface RouteEntry {
  method: string;
  url: string;
  /** zod schemas from the route definition (body, params, querystring) and its declared security */
  schema?: { body?: unknown; params?: unknown; querystring?: unknown; security?: unknown; consumes?: string[] };
  config?: { rateLimit?: { max?: number; timeWindow?: string | number } } & Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this instance, in registration order (the authorization matrix walks it). */
    routeTable: RouteEntry[];
  }
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Records every route as it is registered, including those of encapsulated plugins. Must be called
 * before any route is added.
 */
export function collectRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of asArray(route.method)) {
      table.push({
        method: String(method).toUpperCase(),
        url: route.url,
        schema: route.schema as RouteEntry['schema'],
        config: route.config as RouteEntry['config'],
      });
    }
  });
}
