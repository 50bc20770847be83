import {
  ChangeEmailCodeBody,
  MSG,
  PersonalDataBody,
  pageOf,
  ruToIso,
  SetNewEmailBody,
  SetPasswordBody,
  Success,
  VISITS_PER_PAGE,
  VisitEntry,
  VisitHistoryQuery,
} from '@deklarant/contracts';
import { LANGUAGES } from '@deklarant/i18n';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { forbidden, HttpError, unprocessable } from '../../lib/errors.ts';
import { languageOf } from '../../lib/language.ts';
import { letters } from '../../providers/mail/letters.ts';
import { almatyDayStart } from './almaty-day.ts';
import { CODE_PURPOSE, codesService, wrongCode } from './codes.ts';
import { actorOf, requireUser } from './guard.ts';
import { hashPassword } from './passwords.ts';
import { authRateLimit, setPassword } from './routes.ts';
import { revokeUserSessions } from './sessions.ts';
import { usersRepo } from './users-repo.ts';

export async function accountRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config, providers } = deps;
  const users = usersRepo(db);
  const auth = requireUser(deps);
  const tags = ['account'];
  const security = [{ bearer: [] }];

  r.post(
    '/api/account/set-password',
    { config: authRateLimit(10), schema: { tags, body: SetPasswordBody, response: { 200: Success } } },
    async (req) => {
      const passwordHash = await hashPassword(req.body.password);
      await db.tx(async (t) => {
        const email = await codesService(t, clock, config.secret).consumeLink(req.body.hash);
        if (!email) throw new HttpError(422, server.auth.linkInvalid);
        const user = await usersRepo(t).byEmail(email);
        if (!user) throw new HttpError(422, MSG.emailUnknown);
        await setPassword(t, user.id, passwordHash);
        await revokeUserSessions(t, clock, user.id);
      });
      return { success: true };
    },
  );

  r.post(
    '/api/account/complete-onboarding',
    { preHandler: auth, schema: { tags, security, response: { 200: Success } } },
    async (req) => {
      await db.query('UPDATE users SET is_onboarding_completed = true, updated_at = now() WHERE id = $1', [
        actorOf(req).user.id,
      ]);
      return { success: true };
    },
  );

  r.post(
    '/api/account/get-code-change-email',
    {
      preHandler: auth,
      config: authRateLimit(10),
      schema: { tags, security, body: ChangeEmailCodeBody, response: { 200: Success } },
    },
    async (req) => {
      const { user } = actorOf(req);
      const email = req.body.email;
      if (email === user.email.toLowerCase() || (await users.byEmail(email))) {
        throw unprocessable(MSG.emailTaken, { email: [MSG.emailTaken] });
      }
      await db.tx(async (t) => {
        // The code goes to the OLD address: whoever changes the email must control the current one.
        const code = await codesService(t, clock, config.secret).issue(user.email, CODE_PURPOSE.changeEmail, { email });
        await providers.mailer.send(
          letters.changeEmailCode(languageOf(user.language, req.lang), user.email, email, code),
          t,
        );
      });
      return { success: true, message: MSG.codeSentToOldEmail };
    },
  );

  r.post(
    '/api/account/set-new-email',
    {
      preHandler: auth,
      config: authRateLimit(10),
      schema: {
        tags,
        security,
        body: SetNewEmailBody,
        response: { 200: Success.extend({ errors: z.record(z.string(), z.array(z.string())).optional() }) },
      },
    },
    async (req) => {
      const { user } = actorOf(req);
      const email = req.body.email;
      if (await users.byEmail(email)) throw unprocessable(MSG.emailTaken, { email: [MSG.emailTaken] });
      await db.tx(async (t) => {
        const res = await codesService(t, clock, config.secret).check(
          user.email,
          CODE_PURPOSE.changeEmail,
          req.body.code,
          false,
        );
        // The code is bound to the new address it was requested for.
        if (!res.ok || (res.payload as { email?: string } | null)?.email !== email) throw wrongCode();
        await codesService(t, clock, config.secret).check(user.email, CODE_PURPOSE.changeEmail, req.body.code, true);
        const updated = await t.query(
          'UPDATE users SET email = $2, updated_at = now() WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = $2) RETURNING id',
          [user.id, email],
        );
        if (updated.length !== 1) throw unprocessable(MSG.emailTaken, { email: [MSG.emailTaken] });
        await providers.mailer.send(letters.emailChanged(languageOf(user.language, req.lang), user.email, email), t);
      });
      return { success: true, message: MSG.congratulations };
    },
  );

  r.post(
    '/api/account/update-personal-data',
    { preHandler: auth, schema: { tags, security, body: PersonalDataBody, response: { 200: Success } } },
    async (req) => {
      const actor = actorOf(req);
      if (actor.kind === 'B2B') throw forbidden(server.auth.personalDataB2B);
      const b = req.body;
      await db.query(
        `UPDATE users SET iin = $2, surname = $3, name = $4, patronymic = $5, phone = $6, spouses_iin = $7, updated_at = now()
         WHERE id = $1`,
        [actor.user.id, b.iin, b.surname, b.name, b.patronymic ?? null, b.phone, b.spouses_iin ?? null],
      );
      return { success: true };
    },
  );

  // The language of the screens, the server's answers and the letters, kept on the profile (issue 20).
  r.put(
    '/api/account/language',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        body: z.object({ language: z.enum(LANGUAGES, { error: server.language }) }),
      },
    },
    async (req, reply) => {
      await db.query('UPDATE users SET language = $2, updated_at = now() WHERE id = $1', [
        actorOf(req).user.id,
        req.body.language,
      ]);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/account/get-visit-history',
    {
      preHandler: auth,
      schema: { tags, security, querystring: VisitHistoryQuery, response: { 200: pageOf(VisitEntry) } },
    },
    async (req) => {
      const q = req.query;
      const where = ['user_id = $1'];
      const params: unknown[] = [actorOf(req).user.id];
      const success = q.is_success ?? (q.filter === 2 ? undefined : q.filter);
      if (success !== undefined) {
        params.push(success === 1);
        where.push(`is_success = $${params.length}`);
      }
      // the range is in Almaty days, as the times are shown
      if (q.from) {
        params.push(almatyDayStart(toIso(q.from)));
        where.push(`created_at >= $${params.length}`);
      }
      if (q.to) {
        params.push(almatyDayStart(toIso(q.to), 1));
        where.push(`created_at < $${params.length}`);
      }
      const total = Number(
        (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM visit_log WHERE ${where.join(' AND ')}`, params))
          ?.n ?? 0,
      );
      const rows = await db.query<{ id: number; created_at: Date; ip: string; is_success: boolean }>(
        `SELECT id, created_at, ip, is_success FROM visit_log WHERE ${where.join(' AND ')}
         ORDER BY created_at DESC, id DESC LIMIT ${VISITS_PER_PAGE} OFFSET ${(q.page - 1) * VISITS_PER_PAGE}`,
        params,
      );
      return {
        data: rows.map((v) => ({ ...v, created_at: new Date(v.created_at).toISOString() })),
        meta: {
          total,
          page: q.page,
          per_page: VISITS_PER_PAGE,
          last_page: Math.max(1, Math.ceil(total / VISITS_PER_PAGE)),
        },
      };
    },
  );
}

const toIso = (d: string) => (d.includes('.') ? ruToIso(d) : d);
