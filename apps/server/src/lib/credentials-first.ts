import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { unauthorized } from './errors.ts';

/** The header the web client carries the manager's session token in on the admin path. */
export const MANAGEMENT_TOKEN_HEADER = 'x-management-token';

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const declaresBearer = (security: unknown) =>
  Array.isArray(security) && security.some((s) => s && typeof s === 'object' && 'bearer' in s);

/** A bearer token, or the admin path's token (header, query or body); the session guard checks it later. */
function hasCredentials(req: FastifyRequest): boolean {
  if (/^Bearer \S/.test(req.headers.authorization ?? '')) return true;
  if (req.headers[MANAGEMENT_TOKEN_HEADER]) return true;
  if (new URLSearchParams(req.url.split('?')[1] ?? '').get('token')) return true;
  const body = req.body;
  return body !== null && typeof body === 'object' && typeof (body as { token?: unknown }).token === 'string';
}

/**
 * Routes that declare bearer security refuse a caller without any credentials with 401 before the
 * body is validated: an anonymous caller learns nothing of the payload schema, and the SPA's
 * "log in again" path (docs/accounts.md, sessions) sees 401 rather than a validation error.
 */
export function credentialsBeforeValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!declaresBearer((route.schema as { security?: unknown } | undefined)?.security)) return;
    const check = async (req: FastifyRequest) => {
      if (!hasCredentials(req)) throw unauthorized();
    };
    route.preValidation = [check, ...asArray(route.preValidation)];
  });
}
