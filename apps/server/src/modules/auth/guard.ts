import server from '@deklarant/i18n/locales/ru/server.json';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { MANAGEMENT_TOKEN_HEADER } from '../../lib/credentials-first.ts';
import { forbidden, HttpError, unauthorized } from '../../lib/errors.ts';
import { findSession, findSessionUser } from './sessions.ts';
import { type UserRow, usersRepo } from './users-repo.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return undefined;
  const t = h.slice(7).trim();
  return t.length > 0 && t.length < 200 ? t : undefined;
}

/** The admin path parameters: token, manager_id and user_id, all together. */
export interface AdminParams {
  token: string;
  managerId: number;
  userId: number;
}

export const ADMIN_PARAMS_MSG = server.auth.adminParams;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Reads the admin path from the raw query string (route schemas strip unknown keys) or the JSON
 * body. None of the three: undefined (the ordinary path). Some but not all, or malformed: 400.
 */
export function adminParams(req: FastifyRequest): AdminParams | undefined {
  const q = new URLSearchParams(req.url.split('?')[1] ?? '');
  const body = req.body !== null && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const pick = (k: string): unknown => (present(q.get(k)) ? q.get(k) : body[k]);
  // the web client sends the manager's token in a header, so it never sits in an address (logs,
  // history, Referer); the query and body forms stay for callers that still send them there
  const header = req.headers[MANAGEMENT_TOKEN_HEADER];
  const raw = {
    token: typeof header === 'string' && header ? header : pick('token'),
    manager_id: pick('manager_id'),
    user_id: pick('user_id'),
  };
  const given = Object.values(raw).filter(present).length;
  if (given === 0) return undefined;
  const id = (v: unknown) => (/^\d{1,9}$/.test(String(v)) ? Number(v) : 0);
  const token = String(raw.token ?? '');
  if (given < 3 || token.length > 200 || id(raw.manager_id) < 1 || id(raw.user_id) < 1) {
    throw new HttpError(400, ADMIN_PARAMS_MSG);
  }
  return { token, managerId: id(raw.manager_id), userId: id(raw.user_id) };
}

/**
 * The manager behind an admin path: a live 'manager' session of a manager or administrator whose
 * id is manager_id; the user must be assigned to that manager (administrators reach everyone).
 * The actor is then the user, with managerId set, so ownership checks and audit rows just work.
 */
async function managerActor(deps: Deps, p: AdminParams): Promise<Actor> {
  const users = usersRepo(deps.db);
  const s = await findSession(deps.db, deps.clock, p.token);
  if (s?.kind !== 'manager') throw unauthorized();
  const manager = await users.byId(s.user_id);
  if (!manager || (manager.role !== 'manager' && manager.role !== 'admin')) throw unauthorized();
  if (manager.id !== p.managerId) throw forbidden();
  if (manager.role !== 'admin') {
    const assigned = await deps.db.one<{ ok: number }>(
      'SELECT 1 AS ok FROM manager_assignments WHERE manager_id = $1 AND user_id = $2',
      [manager.id, p.userId],
    );
    if (!assigned) throw forbidden();
  }
  const user = await users.byId(p.userId);
  if (!user) throw forbidden();
  return { user, sessionId: s.session_id, kind: 'manager', managerId: manager.id };
}

/** The declaration id of a /api/declarations/:id/... route, when it is a well-formed one. */
function routeDeclarationId(req: FastifyRequest): number | undefined {
  if (!req.routeOptions.url?.startsWith('/api/declarations/:id')) return undefined;
  const id = String((req.params as { id?: unknown }).id ?? '');
  return /^[1-9]\d{0,8}$/.test(id) ? Number(id) : undefined;
}

/**
 * preHandler for every user route: a valid, unrevoked, unexpired session, or 401. With the admin
 * path parameters the manager's token is checked instead and the actor is the assigned user.
 */
export function requireUser(deps: Deps) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const admin = adminParams(req);
    if (admin) {
      req.actor = await managerActor(deps, admin);
      return;
    }
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const declarationId = routeDeclarationId(req);
    const found = await findSessionUser<UserRow>(deps.db, deps.clock, token, declarationId);
    if (!found) throw unauthorized();
    req.actor = { user: found.user, sessionId: found.session.session_id, kind: found.session.kind };
    if (declarationId !== undefined) req.actor.declaration = { id: declarationId, row: found.declaration ?? null };
  };
}

/** Administrators only: a signed-in account with role admin, acting as itself (not for a user). */
export function requireAdmin(deps: Deps) {
  const auth = requireUser(deps);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    await auth(req, reply);
    const a = actorOf(req);
    if (a.managerId !== undefined || a.kind === 'B2B' || a.user.role !== 'admin') {
      throw forbidden(server.auth.adminOnly);
    }
  };
}

export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
