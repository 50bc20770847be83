import { Captcha, Email, MSG, Success } from '@deklarant/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError, unauthorized, unprocessable } from '../../lib/errors.ts';
import { t } from '../../lib/language.ts';
import { MessengerError } from '../../providers/messenger/index.ts';
import {
  actorOf,
  authRateLimit,
  bearerToken,
  createSession,
  findSession,
  loginGuard,
  requireAdmin,
  requireUser,
  revokeSession,
  usersRepo,
  verifyPassword,
} from '../auth/index.ts';
import { audit, isPlaceholderEmail } from '../partners/index.ts';
import { MANAGEMENT_MSG, managementService, seedDemoManager } from './service.ts';

const IdParams = z.object({ id: z.string() });
const parseId = (raw: string) => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, MANAGEMENT_MSG.notFound);
  return id;
};

/** A manager's own calls (queue, users): a live 'manager' session of a manager or administrator. */
export function requireManager(deps: Deps) {
  const users = usersRepo(deps.db);
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const s = await findSession(deps.db, deps.clock, token);
    if (s?.kind !== 'manager') throw unauthorized();
    const user = await users.byId(s.user_id);
    if (!user || (user.role !== 'manager' && user.role !== 'admin')) throw unauthorized();
    req.actor = { user, sessionId: s.session_id, kind: 'manager' };
  };
}

const QueueItem = z.object({
  declaration_id: z.number().int(),
  user_id: z.number().int(),
  user_label: z.string(),
  status: z.number().int(),
  reporting_form_id: z.number().int(),
  year: z.number().int(),
  created_at: z.string(),
  manager_id: z.number().int().nullable(),
  finished_at: z.string().nullable(),
  messages: z.number().int(),
});

const UserItem = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  bank_name: z.string().nullable(),
  declarations: z.number().int(),
});

/** /management (issue 9): manager login, the tariff 2 queue, assigned users, manager finish, the bot. */
export async function managementRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, providers } = deps;
  const manager = requireManager(deps);
  const auth = requireUser(deps);
  const admin = requireAdmin(deps);
  const service = managementService(deps);
  const users = usersRepo(db);
  const tags = ['management'];
  const secured = { tags, security: [{ bearer: [] }] };

  if (deps.config.sandbox) await seedDemoManager(deps);

  /** A manager's session token (kind 'manager') for the admin path: token + manager_id + user_id. */
  r.post(
    '/api/management/login',
    {
      config: authRateLimit(20),
      schema: {
        tags,
        body: z.object({ email: Email, password: z.string().min(1, MSG.passwordRequired).max(128), captcha: Captcha }),
        response: { 200: z.object({ success: z.boolean(), token: z.string(), manager_id: z.number().int() }) },
      },
    },
    async (req) => {
      if (!(await providers.captcha.verify(req.body.captcha, req.ip))) {
        throw new HttpError(400, MSG.captchaFailed, { captcha: [MSG.captchaFailed] });
      }
      const guard = loginGuard(db, clock);
      const user = await users.byEmail(req.body.email);
      const bad = () => new HttpError(401, MSG.wrongCredentials, { email: [MSG.wrongCredentials] });
      if (!user || (user.role !== 'manager' && user.role !== 'admin')) throw bad();
      if (guard.isBlocked(user)) throw new HttpError(403, MSG.accountBlocked);
      if (!(await verifyPassword(user.password_hash, req.body.password))) {
        await guard.visit(user.id, req.ip, false);
        if (await guard.recordFailure(user.id)) throw new HttpError(403, MSG.accountBlocked);
        throw bad();
      }
      await guard.recordSuccess(user.id);
      await guard.visit(user.id, req.ip, true);
      const token = await createSession(db, clock, user.id, 'manager');
      await audit(db, clock.now(), {
        userId: null,
        managerId: user.id,
        action: 'manager_login',
        entity: 'manager',
        entityId: String(user.id),
      });
      return { success: true, token, manager_id: user.id };
    },
  );

  r.post(
    '/api/management/logout',
    { preHandler: manager, schema: { ...secured, response: { 200: Success } } },
    async (req) => {
      await revokeSession(db, clock, actorOf(req).sessionId);
      return { success: true };
    },
  );

  r.get(
    '/api/management/me',
    {
      preHandler: manager,
      schema: {
        ...secured,
        response: {
          200: z.object({
            data: z.object({ id: z.number().int(), email: z.string(), name: z.string(), role: z.string() }),
          }),
        },
      },
    },
    async (req) => {
      const u = actorOf(req).user;
      return { data: { id: u.id, email: u.email, name: `${u.name} ${u.surname}`.trim(), role: u.role } };
    },
  );

  /** Tariff 2 declarations waiting for a manager: the manager's assigned users (administrators: all). */
  r.get(
    '/api/management/queue',
    { preHandler: manager, schema: { ...secured, response: { 200: z.object({ data: z.array(QueueItem) }) } } },
    async (req) => {
      const me = actorOf(req).user;
      const all = me.role === 'admin';
      const rows = await db.query<{
        declaration_id: number;
        user_id: number;
        status: number;
        reporting_form_id: number;
        year: number;
        created_at: Date;
        manager_id: number | null;
        finished_at: Date | null;
        messages: number;
        name: string;
        surname: string;
      }>(
        `SELECT DISTINCT ON (q.declaration_id) q.*, u.name, u.surname FROM manager_queue q JOIN users u ON u.id = q.user_id
         WHERE $1::boolean OR q.manager_id = $2
         ORDER BY q.declaration_id, (q.manager_id = $2) DESC`,
        [all, me.id],
      );
      rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.declaration_id - b.declaration_id);
      return {
        data: rows.map((q) => ({
          declaration_id: q.declaration_id,
          user_id: q.user_id,
          user_label: `${q.surname} ${q.name}`.trim() || t(req.lang, 'server:management.userLabel', { id: q.user_id }),
          status: q.status,
          reporting_form_id: q.reporting_form_id,
          year: q.year,
          created_at: q.created_at.toISOString(),
          manager_id: all ? q.manager_id : me.id,
          finished_at: q.finished_at ? q.finished_at.toISOString() : null,
          messages: q.messages,
        })),
      };
    },
  );

  /** The users a manager may act for (administrators: every ordinary user). */
  r.get(
    '/api/management/users',
    { preHandler: manager, schema: { ...secured, response: { 200: z.object({ data: z.array(UserItem) }) } } },
    async (req) => {
      const me = actorOf(req).user;
      const rows = await db.query<{
        id: number;
        email: string;
        name: string;
        surname: string;
        bank_name: string | null;
        declarations: number;
      }>(
        `SELECT u.id, u.email, u.name, u.surname, u.bank_name,
                (SELECT count(*) FROM declarations d WHERE d.user_id = u.id)::int AS declarations
         FROM users u
         WHERE u.role = 'user' AND ($1::boolean OR EXISTS (SELECT 1 FROM manager_assignments a WHERE a.manager_id = $2 AND a.user_id = u.id))
         ORDER BY u.id LIMIT 500`,
        [me.role === 'admin', me.id],
      );
      return { data: rows.map((u) => ({ ...u, email: isPlaceholderEmail(u.email) ? null : u.email })) };
    },
  );

  /** Manager finish: requires the admin path (the actor is the user, the manager recorded). */
  r.post(
    '/api/management/declarations/:id/finish',
    {
      preHandler: auth,
      schema: {
        ...secured,
        params: IdParams,
        response: { 200: z.object({ success: z.boolean(), status: z.number().int() }) },
      },
    },
    async (req) => service.finish(actorOf(req), parseId(req.params.id)),
  );

  /** The messenger bot contact of the consultant tariff (the user, or a manager for them). */
  r.post(
    '/api/management/contact',
    {
      preHandler: auth,
      config: authRateLimit(10),
      schema: {
        ...secured,
        body: z.object({ declaration_id: z.coerce.number().int().min(1) }).loose(),
        response: { 200: z.object({ success: z.boolean(), url: z.string(), message_id: z.number().int() }) },
      },
    },
    async (req) => {
      try {
        return await service.contact(actorOf(req), req.body.declaration_id);
      } catch (err) {
        if (err instanceof MessengerError) throw new HttpError(503, err.message);
        throw err;
      }
    },
  );

  // Administrators assign users to managers (ids in the path: manager_id/user_id names belong to the admin path).
  const Assignment = z.object({
    managerId: z.coerce.number().int().min(1).max(1e9),
    userId: z.coerce.number().int().min(1).max(1e9),
  });
  const assignmentUrl = '/api/admin/managers/:managerId/users/:userId';
  const adminSchema = { tags: ['admin'], security: [{ bearer: [] }], params: Assignment, response: { 200: Success } };
  r.put(assignmentUrl, { preHandler: admin, schema: adminSchema }, async (req) => {
    const { managerId, userId } = req.params;
    const m = await users.byId(managerId);
    if (!m || (m.role !== 'manager' && m.role !== 'admin')) {
      throw unprocessable(MANAGEMENT_MSG.notManager, { manager_id: [MANAGEMENT_MSG.notManager] });
    }
    if (!(await users.byId(userId)))
      throw unprocessable(MANAGEMENT_MSG.userNotFound, { user_id: [MANAGEMENT_MSG.userNotFound] });
    await db.query(
      'INSERT INTO manager_assignments (manager_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [managerId, userId, clock.now()],
    );
    await audit(db, clock.now(), {
      userId: actorOf(req).user.id,
      action: 'manager_assign',
      entity: 'manager_assignment',
      entityId: `${managerId}:${userId}`,
    });
    return { success: true };
  });
  r.delete(assignmentUrl, { preHandler: admin, schema: adminSchema }, async (req) => {
    const { managerId, userId } = req.params;
    await db.query('DELETE FROM manager_assignments WHERE manager_id = $1 AND user_id = $2', [managerId, userId]);
    await audit(db, clock.now(), {
      userId: actorOf(req).user.id,
      action: 'manager_unassign',
      entity: 'manager_assignment',
      entityId: `${managerId}:${userId}`,
    });
    return { success: true };
  });
}
