import {
  ARCHIVE_AFTER_DAYS,
  type CommonData,
  DECLARATIONS_PAGE_SIZE,
  type Declaration,
  FORM,
  formAllowedForYear,
  isPaid,
  LIMITS,
  MSG,
  type NewDeclaration,
  SECTION_KEYS,
  selectableYears,
  typeAllowedForForm,
} from '@deklarant/contracts';
import { hasPaidPayment, lockDeclaration, voidOpenInvoices } from '../../db/invoices.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import { JsonAnswer } from '../../lib/raw-json.ts';
import { RevisionCache, revisionCacheOf } from '../../lib/revision-cache.ts';
import { auditDeclaration } from './audit.ts';
import { addDays, ruDateTime } from './dates.ts';
import { queueFollowRemoved } from './follow-removed.ts';
import {
  type Asker,
  assertCanDeleteAllDeals,
  assertDeletable,
  blocked,
  isArchived,
  isExpiredDraft,
} from './lifecycle.ts';
import { type DeclarationListRow, type DeclarationRow, dealsRepo, declarationsRepo } from './repo.ts';

/** Serialized answers kept in memory per server (a 1,000-deal declaration is about 0.7 MB). */
const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

export const askerOf = (actor: Actor): Asker => ({
  fullAccess: actor.user.full_access,
  manager: actor.kind === 'manager' || actor.managerId !== undefined,
});

export function toCommonData(row: DeclarationListRow, now: Date): CommonData {
  const archived = isArchived(row, now);
  return {
    id: row.id,
    status: row.status,
    tariff_type: row.tariff_type,
    reporting_form_id: row.reporting_form_id,
    type: row.type,
    year: row.year,
    created_at: ruDateTime(row.created_at) ?? '',
    kgd_code_id: row.kgd_code_id,
    declaration_expired_date: ruDateTime(row.declaration_expired_date),
    broker: row.broker,
    referral_code: row.referral_code,
    tax_office_sending: row.tax_office_sending,
    archived,
    read_only: archived,
    submission: row.submission_status
      ? {
          status: row.submission_status,
          registration_number: row.submission_number,
          registered_at: row.submission_registered_at?.toISOString() ?? null,
          reason: row.submission_reason,
        }
      : null,
  };
}

/** The same 404 for a missing id and another user's id: nothing is revealed. */
const notFound = () => new HttpError(404, MSG.declarationNotFound);

/**
 * The declarations service. Other modules (deals, uploads, payment, calculation) load a
 * declaration through `loadOwn`, which applies the ownership and draft-removal rules.
 */
export function declarationsService(deps: Deps) {
  const repo = declarationsRepo(deps.db);
  const deals = dealsRepo(deps.db);
  const now = () => deps.clock.now();
  const answers = revisionCacheOf(
    deps.db,
    'declaration-answer',
    () => new RevisionCache<JsonAnswer>(ANSWER_CACHE_BYTES, (v) => v.weight),
  );

  /** Removes the user's drafts whose time is up, with an audit entry each. */
  async function sweepDrafts(userId: number): Promise<void> {
    await repo.removeExpiredDrafts(userId, now());
  }

  /** The declaration the guard read with the session, if it is this one (once: a later load reads again). */
  function takeRead(actor: Actor, id: number): DeclarationRow | null | undefined {
    const read = actor.declaration;
    if (read?.id !== id) return undefined;
    actor.declaration = undefined;
    return read.row;
  }

  async function loadOwn(actor: Actor, id: number): Promise<DeclarationRow> {
    const read = takeRead(actor, id);
    const row = read === undefined ? await repo.byIdForUser(id, actor.user.id) : read;
    if (!row) throw notFound();
    if (isExpiredDraft(row, now())) {
      await sweepDrafts(actor.user.id);
      throw notFound();
    }
    return row;
  }

  async function validateNew(input: NewDeclaration): Promise<string | null> {
    const errors: Record<string, string[]> = {};
    const fail = (field: string, message: string) => {
      errors[field] = [message];
    };
    const exists = async (table: string, id: number) =>
      Boolean(await deps.db.one(`SELECT 1 FROM ${table} WHERE id = $1`, [id]));

    if (!selectableYears(now()).includes(input.year)) fail('year', MSG.checkSelected);
    if (!(await exists('reporting_forms', input.reporting_form_id))) fail('reporting_form_id', MSG.checkSelected);
    else if (!formAllowedForYear(input.reporting_form_id, input.year)) fail('reporting_form_id', MSG.form240Abolished);
    if (!(await exists('declaration_types', input.type)) || !typeAllowedForForm(input.type, input.reporting_form_id)) {
      fail('type', MSG.checkSelected);
    }
    if (!(await exists('kgd_codes', input.kgd_code_id))) fail('kgd_code_id', MSG.checkSelected);

    let broker: string | null = null;
    if (input.broker !== undefined && input.broker !== null && input.broker !== '') {
      const b = await deps.db.one<{ name: string }>(
        'SELECT name FROM brokers WHERE name = $1 OR id::text = $1 OR title = $1',
        [String(input.broker)],
      );
      if (b) broker = b.name;
      else fail('broker', MSG.checkSelected);
    }
    if (Object.keys(errors).length > 0) throw unprocessable(MSG.checkInput, errors);
    return broker;
  }

  return {
    loadOwn,
    sweepDrafts,

    async list(actor: Actor, q: { archived: boolean; page: number }) {
      const at = now();
      const { rows, total } = await repo.listForUser(actor.user.id, {
        archived: q.archived,
        now: at,
        limit: DECLARATIONS_PAGE_SIZE,
        offset: (q.page - 1) * DECLARATIONS_PAGE_SIZE,
      });
      return {
        data: rows.map((r) => toCommonData(r, at)),
        meta: {
          total,
          page: q.page,
          per_page: DECLARATIONS_PAGE_SIZE,
          last_page: Math.max(1, Math.ceil(total / DECLARATIONS_PAGE_SIZE)),
        },
      };
    },

    async get(actor: Actor, id: number): Promise<Declaration> {
      return present(await loadOwn(actor, id));
    },

    /**
     * The same answer as `{ data: get() }`, serialized once per deals revision and per state of the
     * declaration row (its common data, personal data and stored result are part of the key), and
     * shared by every request until one of them changes.
     */
    async getAnswer(actor: Actor, id: number): Promise<JsonAnswer> {
      const row = await loadOwn(actor, id);
      const head = `{"data":{"common_data":${JSON.stringify(toCommonData(row, now()))},"personal_data":${JSON.stringify(
        row.personal_data,
      )},"deals":`;
      const fifth = JSON.stringify(isPaid(row.status) ? row.fifth_section : null);
      return answers.get(String(row.id), `${row.deals_revision}|${fifth}|${head}`, async () => {
        const d = await dealsOf(row.id);
        // `grouped` holds every section key, so it ends with '}' after a non-empty body
        const body = JSON.stringify(d.grouped).slice(0, -1);
        return new JsonAnswer(
          `${head}${body},"fifth_section":${fifth}},"summary":${JSON.stringify(d.summary)},"needs_info":${d.needs_info},"deals_paged":${d.deals_paged}}}`,
        );
      });
    },

    async create(actor: Actor, input: NewDeclaration): Promise<Declaration> {
      const broker = await validateNew(input);
      const at = now();
      const u = actor.user;
      const row = await deps.db.tx(async (t) => {
        const created = await declarationsRepo(t).insert({
          user_id: u.id,
          manager_id: actor.managerId ?? null,
          reporting_form_id: input.reporting_form_id,
          type: input.type,
          year: input.year,
          kgd_code_id: input.kgd_code_id,
          broker,
          created_at: at,
          declaration_expired_date: addDays(at, ARCHIVE_AFTER_DAYS),
          personal_data: {
            iin: u.iin,
            surname: u.surname,
            name: u.name,
            patronymic: u.patronymic,
            phone: u.phone,
            email: u.email,
            spouses_iin: input.reporting_form_id === FORM.F270 ? u.spouses_iin : null,
          },
        });
        await auditDeclaration(t, {
          actor,
          declarationId: created.id,
          action: 'create',
          at,
          details: {
            reporting_form_id: created.reporting_form_id,
            year: created.year,
            type: created.type,
            kgd_code_id: created.kgd_code_id,
            broker,
          },
        });
        return created;
      });
      return present(row);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const row = await loadOwn(actor, id);
      assertDeletable(row, now());
      await deps.db.tx(async (t) => {
        // no money may be taken for a declaration that is gone: its open invoices die with it, and one
        // that was paid (a callback that landed since the read) keeps the declaration
        const at = now();
        await voidOpenInvoices(t, id, 'declaration_deleted', at);
        const locked = await lockDeclaration(t, id);
        if (!locked) throw new HttpError(404, MSG.declarationNotFound);
        assertDeletable(locked, at);
        if (await hasPaidPayment(t, id)) throw blocked(MSG.deletePaid);
        await auditDeclaration(t, {
          actor,
          declarationId: id,
          action: 'delete',
          at: now(),
          details: { status: row.status, reporting_form_id: row.reporting_form_id, year: row.year },
        });
        await queueFollowRemoved(t, deps.jobs, locked);
        await declarationsRepo(t).remove(id);
      });
    },

    async deleteAllDeals(actor: Actor, id: number): Promise<number> {
      const row = await loadOwn(actor, id);
      assertCanDeleteAllDeals(row, now(), askerOf(actor));
      return deps.db.tx(async (t) => {
        await queueFollowRemoved(t, deps.jobs, row);
        const deleted = await dealsRepo(t).deleteAll(id);
        await auditDeclaration(t, {
          actor,
          declarationId: id,
          action: 'delete_all_deals',
          at: now(),
          details: { deleted },
        });
        return deleted;
      });
    },

    /** Status changes by other modules (payment, finish editing, signing) go through here for the audit trail. */
    async setStatus(actor: Actor | null, id: number, status: number): Promise<void> {
      await deps.db.tx(async (t) => {
        const before = await declarationsRepo(t).byId(id);
        if (!before) throw notFound();
        await declarationsRepo(t).setStatus(id, status, now());
        await auditDeclaration(t, {
          actor,
          declarationId: id,
          action: 'status',
          at: now(),
          details: { from: before.status, to: status },
        });
      });
    },
  };

  /**
   * The deals part of the answer: per section the count and total, how many need information, and the
   * deals themselves while there are at most `LIMITS.inlineDeals` (above, every section's list is empty
   * and `deals_paged` says to read them a page at a time from the section list).
   */
  async function dealsOf(id: number) {
    const [summary, needsInfo] = await Promise.all([deals.summary(id), deals.countNeedingInfo(id)]);
    const count = Object.values(summary).reduce((n, s) => n + s.count, 0);
    const paged = count > LIMITS.inlineDeals;
    const grouped = paged ? Object.fromEntries(SECTION_KEYS.map((k) => [k, []])) : await deals.groupedByDeclaration(id);
    return { grouped, summary, needs_info: needsInfo, deals_paged: paged };
  }

  async function present(row: DeclarationRow): Promise<Declaration> {
    const { grouped, ...rest } = await dealsOf(row.id);
    return {
      common_data: toCommonData(row, now()),
      personal_data: row.personal_data,
      // The computed tax is what the user pays for: unpaid declarations never receive the figures.
      deals: { ...grouped, fifth_section: isPaid(row.status) ? row.fifth_section : null },
      ...rest,
    } as unknown as Declaration;
  }
}
export type DeclarationsService = ReturnType<typeof declarationsService>;
