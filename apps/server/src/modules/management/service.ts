import { DECLARATION_STATUS, FORM_CODES, MSG, type ReportingFormId, TARIFF } from '@deklarant/contracts';
import { DEFAULT_LANGUAGE, type Language } from '@deklarant/i18n';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/errors.ts';
import { languageOf, serverText } from '../../lib/language.ts';
import { letters } from '../../providers/mail/letters.ts';
import type { Letter } from '../../providers/mail/mailer.ts';
import { hashPassword } from '../auth/index.ts';
import { auditDeclaration, declarationsRepo } from '../declarations/index.ts';
import { audit, isPlaceholderEmail } from '../partners/index.ts';

export const MANAGEMENT_MSG = {
  managerOnly: server.management.managerOnly,
  noEmail: server.management.noEmail,
  notFound: MSG.declarationNotFound,
  userNotFound: server.management.userNotFound,
  notManager: server.management.notManager,
} as const;

export const DEMO_MANAGER_EMAIL = 'manager@example.com';
export const DEMO_MANAGER_PASSWORD = 'Manager-pass-1';
/** Outside production: an administrator (overpayments to refund, partners) signs in at /manager too. */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_ADMIN_PASSWORD = 'Admin-pass-1';

/** The letter a user gets when the manager has filled the declaration: sign it online (in the user's language). */
export function signingLetter(
  to: string,
  d: { id: number; reporting_form_id: number; year: number },
  url: string,
  lng: Language = DEFAULT_LANGUAGE,
): Letter {
  const formCode = FORM_CODES[d.reporting_form_id as ReportingFormId] ?? '';
  return letters.readyToSign(lng, to, { formCode, year: d.year, id: d.id }, url);
}

export function managementService(deps: Deps) {
  const { db, clock, config, providers } = deps;

  return {
    /**
     * Manager finish (docs/statuses.md): the manager has filled the form; a consultant-tariff form
     * moves to signing, and the user gets the signing letter at their email.
     */
    async finish(actor: Actor, declarationId: number) {
      const user = actor.user;
      return db.tx(async (t) => {
        const repo = declarationsRepo(t);
        const d = await repo.byIdForUser(declarationId, user.id);
        if (!d) throw new HttpError(404, MANAGEMENT_MSG.notFound);
        const managerId = actor.managerId;
        if (managerId === undefined) throw new HttpError(409, MANAGEMENT_MSG.managerOnly);
        if (isPlaceholderEmail(user.email)) throw new HttpError(409, MANAGEMENT_MSG.noEmail);
        const now = clock.now();
        let status = d.status;
        if (d.tariff_type === TARIFF.CONSULTANT && d.status < DECLARATION_STATUS.SIGN) {
          status = DECLARATION_STATUS.SIGN;
          await repo.setStatus(d.id, status, now);
          await auditDeclaration(t, {
            actor,
            declarationId: d.id,
            action: 'status',
            at: now,
            details: { from: d.status, to: status, by: 'manager_finish' },
          });
        }
        await t.query('INSERT INTO manager_finishes (declaration_id, manager_id, finished_at) VALUES ($1, $2, $3)', [
          d.id,
          managerId,
          now,
        ]);
        await t.query(
          `INSERT INTO audit_log (actor_user_id, actor_manager_id, declaration_id, entity, entity_id, action, details, created_at)
           VALUES ($1, $2, $3, 'declaration', $4, 'manager_finish', NULL, $5)`,
          [user.id, managerId, d.id, String(d.id), now],
        );
        const url = `${config.publicUrl}/app/declaration?step=8&declaration_id=${d.id}`;
        await providers.mailer.send(signingLetter(user.email, d, url, languageOf(user.language)), t);
        return { success: true, status };
      });
    },

    /** The consultant bot: the user asks a manager to get in touch about a declaration. */
    async contact(actor: Actor, declarationId: number) {
      const d = await declarationsRepo(db).byIdForUser(declarationId, actor.user.id);
      if (!d) throw new HttpError(404, MANAGEMENT_MSG.notFound);
      const form = FORM_CODES[d.reporting_form_id as ReportingFormId] ?? '';
      // Ids and form data only: personal data never leaves through the bot.
      const text = serverText('management.contactRequest', {
        userId: actor.user.id,
        id: d.id,
        formCode: form,
        year: d.year,
        tariff: d.tariff_type ?? '-',
      });
      const sent = await providers.messenger.send({ text, declarationId: d.id, userId: actor.user.id });
      await audit(db, clock.now(), {
        userId: actor.user.id,
        managerId: actor.managerId ?? null,
        action: 'messenger_contact',
        entity: 'declaration',
        entityId: String(d.id),
        details: { message_id: sent.id },
      });
      return { success: true, url: config.consultantContactUrl, message_id: sent.id };
    },
  };
}

/** Outside production: the demo manager, assigned to the demo user, and the demo administrator (idempotent, runs at every start). */
export async function seedDemoManager(deps: Deps, demoEmail = 'demo@example.com'): Promise<void> {
  const { db } = deps;
  let manager = await db.one<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [DEMO_MANAGER_EMAIL]);
  if (!manager) {
    const hash = await hashPassword(DEMO_MANAGER_PASSWORD);
    manager = await db.one<{ id: number }>(
      `INSERT INTO users (email, password_hash, name, surname, role, is_onboarding_completed, personal_data_consent_at, public_offer_consent_at)
       VALUES ($1, $2, 'Марат', 'Менеджеров', 'manager', true, now(), now())
       ON CONFLICT DO NOTHING RETURNING id`,
      [DEMO_MANAGER_EMAIL, hash],
    );
  }
  if (!(await db.one('SELECT id FROM users WHERE lower(email) = $1', [DEMO_ADMIN_EMAIL]))) {
    await db.query(
      `INSERT INTO users (email, password_hash, name, surname, role, is_onboarding_completed, personal_data_consent_at, public_offer_consent_at)
       VALUES ($1, $2, 'Алия', 'Администраторова', 'admin', true, now(), now()) ON CONFLICT DO NOTHING`,
      [DEMO_ADMIN_EMAIL, await hashPassword(DEMO_ADMIN_PASSWORD)],
    );
  }
  const demo = await db.one<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [demoEmail]);
  if (manager && demo) {
    await db.query('INSERT INTO manager_assignments (manager_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      manager.id,
      demo.id,
    ]);
  }
}
