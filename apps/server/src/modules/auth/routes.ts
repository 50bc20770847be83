import { randomBytes } from 'node:crypto';
import {
  ChangePasswordBody,
  CheckCodeBody,
  GetCodeBody,
  LoginAnswer,
  LoginBody,
  MSG,
  RegisterBody,
  ResetBody,
  Success,
} from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import { languageOf } from '../../lib/language.ts';
import { letters } from '../../providers/mail/letters.ts';
import { CODE_PURPOSE, codesService, wrongCode } from './codes.ts';
import { loginGuard } from './login-guard.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession, revokeUserSessions } from './sessions.ts';
import { usersRepo } from './users-repo.ts';

/** Per-IP limits on every authentication and code endpoint (per-email limits live in the services). */
export const authRateLimit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, providers, config } = deps;
  const users = usersRepo(db);
  const codes = codesService(db, clock, config.secret);
  const guard = loginGuard(db, clock);
  const tags = ['auth'];

  const requireCaptcha = async (solution: string | undefined, ip: string) => {
    if (!(await providers.captcha.verify(solution, ip))) {
      throw new HttpError(400, MSG.captchaFailed, { captcha: [MSG.captchaFailed] });
    }
  };

  r.post(
    '/api/auth/login',
    { config: authRateLimit(20), schema: { tags, body: LoginBody, response: { 200: LoginAnswer } } },
    async (req) => {
      const { email, password, captcha } = req.body;
      await requireCaptcha(captcha, req.ip);
      const user = await users.byEmail(email);
      if (!user) throw new HttpError(401, MSG.userNotFound, { email: [MSG.userNotFound] });
      if (guard.isBlocked(user)) {
        await guard.visit(user.id, req.ip, false);
        throw new HttpError(403, MSG.accountBlocked);
      }
      if (!(await verifyPassword(user.password_hash, password))) {
        const blocked = await guard.recordFailure(user.id);
        await guard.visit(user.id, req.ip, false);
        if (blocked) throw new HttpError(403, MSG.accountBlocked);
        throw new HttpError(401, MSG.wrongCredentials, { email: [MSG.wrongCredentials] });
      }
      await guard.recordSuccess(user.id);
      await guard.visit(user.id, req.ip, true);
      // A password the server marked outdated must be replaced before a session is issued.
      if (user.must_change_password) return { success: true, must_change_password: true };
      const token = await createSession(db, clock, user.id, 'B2C');
      return { success: true, token, must_change_password: false };
    },
  );

  r.post(
    '/api/auth/get-verification-code',
    {
      config: authRateLimit(10),
      schema: { tags, body: GetCodeBody, response: { 200: z.object({ user_exist: z.boolean() }) } },
    },
    async (req) => {
      const { email, type } = req.body;
      const user = await users.byEmail(email);
      const exists = Boolean(user);
      if (type === 1 && exists) throw unprocessable(MSG.emailTaken, { email: [MSG.emailTaken] });
      if (type === 2 && !exists) throw unprocessable(MSG.emailUnknown, { email: [MSG.emailUnknown] });
      await db.tx(async (t) => {
        const c = codesService(t, clock, config.secret);
        if (type === 1) {
          await providers.mailer.send(
            letters.registrationCode(req.lang, email, await c.issue(email, CODE_PURPOSE.register)),
            t,
          );
        } else {
          const code = await c.issue(email, CODE_PURPOSE.reset);
          const hash = randomBytes(24).toString('base64url');
          await c.issue(email, CODE_PURPOSE.setPassword, undefined, hash);
          const url = `${config.publicUrl}/auth/set-password?hash=${hash}`;
          await providers.mailer.send(letters.resetCode(languageOf(user?.language, req.lang), email, code, url), t);
        }
      });
      return { user_exist: exists };
    },
  );

  r.post(
    '/api/auth/check-verification-code',
    { config: authRateLimit(20), schema: { tags, body: CheckCodeBody, response: { 200: Success } } },
    async (req) => {
      const purpose = req.body.type === 2 ? CODE_PURPOSE.reset : CODE_PURPOSE.register;
      const res = await codes.check(req.body.email, purpose, req.body.code, false);
      if (!res.ok) throw wrongCode();
      return { success: true };
    },
  );

  r.post(
    '/api/auth/register',
    {
      config: authRateLimit(10),
      schema: { tags, body: RegisterBody, response: { 201: z.object({ token: z.string() }) } },
    },
    async (req, reply) => {
      const b = req.body;
      await requireCaptcha(b.captcha, req.ip);
      if (await users.byEmail(b.email)) throw unprocessable(MSG.emailTaken, { email: [MSG.emailTaken] });
      const passwordHash = await hashPassword(b.password);
      const token = await db.tx(async (t) => {
        const res = await codesService(t, clock, config.secret).check(b.email, CODE_PURPOSE.register, b.code, true);
        if (!res.ok) throw wrongCode();
        const now = clock.now();
        const user = await t.one<{ id: number }>(
          `INSERT INTO users (email, password_hash, name, surname, phone, bank_name, personal_data_consent_at, public_offer_consent_at, created_at, language)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
          [b.email, passwordHash, b.name, b.surname, b.phone, b.bank_name ?? null, now, req.lang],
        );
        if (!user) throw unprocessable(MSG.emailTaken, { email: [MSG.emailTaken] });
        await t.query('INSERT INTO visit_log (user_id, ip, is_success, created_at) VALUES ($1, $2, true, $3)', [
          user.id,
          req.ip,
          now,
        ]);
        return createSession(t, clock, user.id, 'B2C');
      });
      return reply.status(201).send({ token });
    },
  );

  r.post(
    '/api/auth/reset-password',
    { config: authRateLimit(10), schema: { tags, body: ResetBody, response: { 200: Success } } },
    async (req) => {
      const b = req.body;
      const user = await users.byEmail(b.email);
      if (!user) throw unprocessable(MSG.emailUnknown, { email: [MSG.emailUnknown] });
      const passwordHash = await hashPassword(b.password);
      await db.tx(async (t) => {
        const res = await codesService(t, clock, config.secret).check(b.email, CODE_PURPOSE.reset, b.code, true);
        if (!res.ok) throw wrongCode();
        await setPassword(t, user.id, passwordHash);
        await revokeUserSessions(t, clock, user.id);
      });
      return { success: true, message: server.auth.passwordChanged };
    },
  );

  r.post(
    '/api/auth/change-password',
    { config: authRateLimit(10), schema: { tags, body: ChangePasswordBody, response: { 200: Success } } },
    async (req) => {
      const b = req.body;
      const user = await users.byEmail(b.email);
      if (!user || !(await verifyPassword(user.password_hash, b.old_password))) {
        throw unprocessable(MSG.wrongPassword, { old_password: [MSG.wrongPassword] });
      }
      if (b.password === b.old_password || (await verifyPassword(user.password_hash, b.password))) {
        throw unprocessable(MSG.passwordMustDiffer, { password: [MSG.passwordMustDiffer] });
      }
      const passwordHash = await hashPassword(b.password);
      await db.tx(async (t) => {
        await setPassword(t, user.id, passwordHash);
        await revokeUserSessions(t, clock, user.id);
      });
      return { success: true };
    },
  );
}

export async function setPassword(db: Deps['db'], userId: number, passwordHash: string) {
  await db.query(
    `UPDATE users SET password_hash = $2, must_change_password = false, failed_logins = 0, blocked_until = NULL, updated_at = now()
     WHERE id = $1`,
    [userId, passwordHash],
  );
}
