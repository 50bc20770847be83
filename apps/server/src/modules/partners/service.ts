import { MSG } from '@deklarant/contracts';
import type { Language } from '@deklarant/i18n';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import { languageOf } from '../../lib/language.ts';
import { letters } from '../../providers/mail/letters.ts';
import { httpPartner, PartnerError, type PartnerProvider } from '../../providers/partner/index.ts';
import {
  CODE_PURPOSE,
  codesService,
  createSession,
  hashPassword,
  loginGuard,
  revokeSession,
  usersRepo,
  verifyPassword,
  wrongCode,
} from '../auth/index.ts';
import { type PartnerRow, partnersRepo } from './repo.ts';
import type { B2BRegisterBody, PublicPartner } from './schemas.ts';
import { decryptApiKey } from './secret.ts';

export const PARTNERS_MSG = {
  partnerNotFound: server.partners.partnerNotFound,
  clientNotFound: server.partners.clientNotFound,
  wrongPassword: MSG.wrongPassword,
  b2bOnly: server.partners.b2bOnly,
  alreadyRegistered: MSG.emailTaken,
} as const;

/** The bank_name a link without one means. */
export const DEFAULT_PARTNER = 'demo';

/**
 * B2B clients arrive without an email; the account gets a reserved address (RFC 2606 .invalid,
 * never deliverable) until the client registers one in step 1 of the wizard.
 */
export const PLACEHOLDER_DOMAIN = 'b2b.invalid';
export const isPlaceholderEmail = (email: string) => email.toLowerCase().endsWith(`@${PLACEHOLDER_DOMAIN}`);
const placeholderEmail = (partnerId: number, clientId: string) =>
  `client-${partnerId}-${clientId.toLowerCase()}@${PLACEHOLDER_DOMAIN}`;

export function toPublicPartner(p: PartnerRow): z.infer<typeof PublicPartner> {
  return {
    id: p.id,
    name: p.name,
    title: p.title,
    theme: p.theme === 'halyk' ? 'halyk' : 'default',
    price: p.price,
    links: p.links ?? {},
    allow_upload: p.allow_upload,
    pdf_preview: p.pdf_preview,
    skip_personal_data: p.skip_personal_data,
    redirect_to_mobile: p.redirect_to_mobile,
  };
}

export function partnersService(deps: Deps) {
  const { db, clock, config, providers } = deps;
  const partners = partnersRepo(db);
  const users = usersRepo(db);

  /** The partner's own API when the administrator set one, otherwise the configured provider. */
  const providerFor = (p: PartnerRow): PartnerProvider => {
    if (p.api_url && p.api_key_enc) {
      const key = decryptApiKey(p.api_key_enc, config.secret);
      if (key) return httpPartner({ baseUrl: p.api_url, apiKey: key });
    }
    return providers.partner;
  };

  const activePartner = async (bankName: string | null | undefined) => {
    const p = await partners.byName(bankName?.trim() || DEFAULT_PARTNER);
    if (!p?.active) throw new HttpError(404, PARTNERS_MSG.partnerNotFound);
    return p;
  };

  return {
    activePartner,

    /**
     * POST /api/auth/login-via-broker: the partner confirms the client (its API answers for the id),
     * the client's account is found or created, and a B2B session is issued.
     */
    async loginViaBroker(clientId: string, bankName: string | null | undefined, ip: string) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(clientId)) throw new HttpError(404, PARTNERS_MSG.clientNotFound);
      const partner = await activePartner(bankName);
      let broker: string;
      try {
        const year = clock.now().getUTCFullYear() - 1;
        const report = await providerFor(partner).fetchDeals({ clientId, bankName: partner.name, year });
        broker = report.broker || partner.title;
      } catch (err) {
        if (err instanceof PartnerError) {
          throw new HttpError(
            err.status === 404 ? 404 : 503,
            err.status === 404 ? PARTNERS_MSG.clientNotFound : err.message,
          );
        }
        throw err;
      }
      const token = await db.tx(async (t) => {
        const found = await t.one<{ id: number }>(
          'SELECT id FROM users WHERE lower(bank_name) = lower($1) AND broker_client_id = $2',
          [partner.name, clientId],
        );
        const userId =
          found?.id ??
          (
            await t.one<{ id: number }>(
              `INSERT INTO users (email, bank_name, broker_client_id, is_onboarding_completed, created_at)
               VALUES ($1, $2, $3, true, $4) RETURNING id`,
              [placeholderEmail(partner.id, clientId), partner.name, clientId, clock.now()],
            )
          )?.id;
        if (!userId) throw new HttpError(500, MSG.serverError);
        await loginGuard(t, clock).visit(userId, ip, true);
        await audit(t, clock.now(), { userId, action: 'login_via_broker', details: { partner: partner.name } });
        return createSession(t, clock, userId, 'B2B');
      });
      return { success: true, token, broker };
    },

    /**
     * POST /api/auth/connect-client-to-account: a B2B client proves an existing account's password;
     * the client's declarations and broker link move to that account and the session becomes B2C.
     */
    async connectClientToAccount(actor: Actor, email: string, password: string, ip: string) {
      if (actor.kind !== 'B2B') throw new HttpError(409, PARTNERS_MSG.b2bOnly);
      const account = await users.byEmail(email);
      const guard = loginGuard(db, clock);
      if (!account || isPlaceholderEmail(account.email)) {
        throw new HttpError(401, PARTNERS_MSG.wrongPassword, { password: [PARTNERS_MSG.wrongPassword] });
      }
      if (guard.isBlocked(account)) throw new HttpError(401, MSG.accountBlocked, { password: [MSG.accountBlocked] });
      if (!(await verifyPassword(account.password_hash, password))) {
        await guard.recordFailure(account.id);
        await guard.visit(account.id, ip, false);
        throw new HttpError(401, PARTNERS_MSG.wrongPassword, { password: [PARTNERS_MSG.wrongPassword] });
      }
      const client = actor.user;
      const token = await db.tx(async (t) => {
        if (client.id !== account.id) {
          await t.query('UPDATE declarations SET user_id = $2 WHERE user_id = $1', [client.id, account.id]);
          await t.query('UPDATE users SET broker_client_id = NULL WHERE id = $1', [client.id]);
          await t.query('UPDATE users SET bank_name = $2, broker_client_id = $3, updated_at = $4 WHERE id = $1', [
            account.id,
            client.bank_name,
            client.broker_client_id,
            clock.now(),
          ]);
          // The reserved-address account of the client has nothing left: remove it (sessions go with it).
          if (isPlaceholderEmail(client.email)) await t.query('DELETE FROM users WHERE id = $1', [client.id]);
          else await revokeSession(t, clock, actor.sessionId);
        } else {
          await revokeSession(t, clock, actor.sessionId);
        }
        await loginGuard(t, clock).recordSuccess(account.id);
        await loginGuard(t, clock).visit(account.id, ip, true);
        await audit(t, clock.now(), {
          userId: account.id,
          action: 'connect_client_to_account',
          details: { partner: client.bank_name, from_user_id: client.id },
        });
        return createSession(t, clock, account.id, 'B2C');
      });
      return { success: true, token };
    },

    /** B2B sub-step 1: a registered email leads to sub-step 4 (login), a new one gets a code. */
    async b2bRequestCode(actor: Actor, email: string, lng: Language) {
      if (actor.kind !== 'B2B') throw new HttpError(409, PARTNERS_MSG.b2bOnly);
      const existing = await users.byEmail(email);
      if (existing && existing.id !== actor.user.id) return { user_exist: true };
      await db.tx(async (t) => {
        const code = await codesService(t, clock, config.secret).issue(email, CODE_PURPOSE.register);
        await providers.mailer.send(letters.registrationCode(languageOf(actor.user.language, lng), email, code), t);
      });
      return { user_exist: false };
    },

    /** B2B sub-step 2: the code confirms the email; the client's account gets its data and consents. */
    async b2bRegister(actor: Actor, b: z.infer<typeof B2BRegisterBody>) {
      if (actor.kind !== 'B2B') throw new HttpError(409, PARTNERS_MSG.b2bOnly);
      const existing = await users.byEmail(b.email);
      if (existing && existing.id !== actor.user.id) {
        throw unprocessable(PARTNERS_MSG.alreadyRegistered, { email: [PARTNERS_MSG.alreadyRegistered] });
      }
      const passwordHash = b.password ? await hashPassword(b.password) : null;
      await db.tx(async (t) => {
        const res = await codesService(t, clock, config.secret).check(b.email, CODE_PURPOSE.register, b.code, true);
        if (!res.ok) throw wrongCode();
        const now = clock.now();
        await t.query(
          `UPDATE users SET email = $2, name = $3, surname = $4, phone = $5,
             password_hash = COALESCE($6, password_hash),
             personal_data_consent_at = $7, public_offer_consent_at = $7, updated_at = $7
           WHERE id = $1`,
          [actor.user.id, b.email, b.name, b.surname, b.phone, passwordHash, now],
        );
        await audit(t, now, {
          userId: actor.user.id,
          action: 'b2b_register',
          details: { partner: actor.user.bank_name },
        });
      });
      return { success: true };
    },
  };
}

/** Account-level audit rows (no declaration): who, when, what; no personal data in details. */
export async function audit(
  db: Db,
  at: Date,
  e: {
    userId: number | null;
    managerId?: number | null;
    action: string;
    entity?: string;
    entityId?: string;
    details?: object;
  },
) {
  await db.query(
    `INSERT INTO audit_log (actor_user_id, actor_manager_id, declaration_id, entity, entity_id, action, details, created_at)
     VALUES ($1, $2, NULL, $3, $4, $5, $6, $7)`,
    [
      e.userId,
      e.managerId ?? null,
      e.entity ?? 'user',
      e.entityId ?? (e.userId === null ? null : String(e.userId)),
      e.action,
      e.details ? JSON.stringify(e.details) : null,
      at,
    ],
  );
}

export const UPLOAD_NOT_ALLOWED = server.partners.uploadNotAllowed;

/**
 * docs/accounts.md: a B2B client uploads broker reports only when the partner allows it
 * (halykfinance); for the import module's upload route. 409, not 403 (403 ends a session).
 */
export async function assertUploadAllowed(db: Db, actor: Actor): Promise<void> {
  if (actor.kind !== 'B2B' || actor.managerId !== undefined) return;
  const p = actor.user.bank_name ? await partnersRepo(db).byName(actor.user.bank_name) : undefined;
  if (!p?.allow_upload) throw new HttpError(409, UPLOAD_NOT_ALLOWED);
}
