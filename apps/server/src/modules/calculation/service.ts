import {
  DECLARATION_STATUS,
  FIFTH_SECTION_FIELDS,
  FORM,
  isNumberedTile,
  isPaid,
  MSG,
  SECTIONS,
} from '@deklarant/contracts';
import { DEFAULT_LANGUAGE, type Language } from '@deklarant/i18n';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { languageOf, localize, localizeJoined, t } from '../../lib/language.ts';
import { JsonAnswer } from '../../lib/raw-json.ts';
import { RevisionCache, revisionCacheOf } from '../../lib/revision-cache.ts';
import { letters } from '../../providers/mail/letters.ts';
import type { DealOut, DeclarationRow } from '../declarations/index.ts';
import {
  askerOf,
  assertDealsEditable,
  auditDeclaration,
  blocked,
  type DeclarationAuditAction,
  declarationsService,
  isArchived,
} from '../declarations/index.ts';
import { type Computed, computeDeclaration } from './assemble.ts';
import { FIELD_ORDER, FIFTH_SECTION_LABELS, formAmounts, lineCode } from './labels.ts';
import type { CalculationView, PersonalDataInput } from './schemas.ts';

/** Serialized step 6 answers kept in memory per server. */
const VIEW_CACHE_BYTES = 32 * 1024 * 1024;

/** Deals listed under one line of step 6; the rest is counted ("and N more"). */
export const LINE_DEALS_SHOWN = 100;

const SECTION_TITLES = new Map<Language, Map<string, string>>();
/** '<tile> <title>' of every section in `lng` (the fields catalogue's titles); worded tiles are not repeated. */
function sectionTitles(lng: Language): Map<string, string> {
  let titles = SECTION_TITLES.get(lng);
  if (!titles) {
    titles = new Map(
      SECTIONS.map((s) => [
        s.key,
        isNumberedTile(s.tile) ? `${s.tile} ${localize(lng, s.title)}` : localize(lng, s.title),
      ]),
    );
    SECTION_TITLES.set(lng, titles);
  }
  return titles;
}

const audit = (action: string) => action as DeclarationAuditAction;

/** Latest audit time of an action on the declaration (payment 'status' -> 3, our 'finish_editing'). */
async function lastAuditAt(deps: Deps, declarationId: number, where: string, params: unknown[]): Promise<Date | null> {
  const r = await deps.db.one<{ at: Date | null }>(
    `SELECT max(created_at) AS at FROM audit_log WHERE declaration_id = $1 AND ${where}`,
    [declarationId, ...params],
  );
  return r?.at ?? null;
}

async function dealsCreatedAfter(deps: Deps, declarationId: number, at: Date): Promise<number> {
  const r = await deps.db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1 AND created_at > $2',
    [declarationId, at],
  );
  return r?.n ?? 0;
}

/**
 * The status finish-editing leads to (docs/statuses.md). Unpaid forms stay unpaid. A paid form goes to
 * 'enter data' (5), unless deals were added after the payment or after the last finish: then it needs
 * an additional payment (4). Signed or ready forms re-finished by full_access keep their status.
 */
export async function statusAfterFinish(deps: Deps, row: DeclarationRow): Promise<number> {
  const S = DECLARATION_STATUS;
  if (!isPaid(row.status) || row.status === S.ADDITIONAL_PAYMENT) return row.status;
  const paidAt = await lastAuditAt(deps, row.id, `action = 'status' AND details->>'to' = $2`, [String(S.PAID)]);
  const finishedAt = await lastAuditAt(deps, row.id, `action = 'finish_editing'`, []);
  const since = [paidAt, finishedAt].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  if (since && (await dealsCreatedAfter(deps, row.id, since)) > 0) return S.ADDITIONAL_PAYMENT;
  if (row.status === S.PAID) return S.ENTER_DATA;
  return row.status;
}

function describeDeal(d: DealOut, lng: Language) {
  return {
    id: d.id,
    section: d.declaration_section,
    section_title: sectionTitles(lng).get(d.declaration_section) ?? d.declaration_section,
    name: String(d.name_security ?? d.property_name ?? d.name ?? d.bank_name ?? ''),
    transaction_date: (d.transaction_date as string | null) ?? null,
    currency_code: (d.currency_code as string | null) ?? null,
    // why a deal needs information: our Russian text (an import's reason), in the reader's language
    comment: d.comment ? localizeJoined(lng, d.comment as string) : null,
  };
}

/**
 * Step 6: every figure with its rule and the deals that produced it; amounts hidden below status 3. The texts
 * (the engine's explanations, line names, section titles, benefit names, Tax Code citations) in `lng`.
 */
export function calculationView(c: Computed, lng: Language = DEFAULT_LANGUAGE): CalculationView {
  const { row, result } = c;
  const hidden = !isPaid(row.status);
  const byId = new Map<string | number, DealOut>();
  for (const list of Object.values(c.deals)) for (const d of list) byId.set(d.id, d);
  const dealResults = new Map((result?.deals ?? []).map((r) => [r.id, r]));
  const printed = formAmounts(row.reporting_form_id, row.year, result?.fifthSection ?? {});
  const lines = (result?.lines ?? [])
    .slice()
    .sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field))
    .map((l) => {
      const deals = l.dealIds.slice(0, LINE_DEALS_SHOWN).map((id) => {
        const d = byId.get(id);
        const r = dealResults.get(id);
        return {
          ...(d
            ? describeDeal(d, lng)
            : {
                id,
                section: '',
                section_title: '',
                name: String(id),
                transaction_date: null,
                currency_code: null,
                comment: null,
              }),
          income: hidden ? null : (r?.income ?? null),
          counted: hidden ? null : (r?.counted ?? null),
          benefit: r?.benefit ? `${localize(lng, r.benefit.name)} (${localize(lng, r.benefit.article)})` : null,
        };
      });
      return {
        field: l.field,
        label: lng === DEFAULT_LANGUAGE ? FIFTH_SECTION_LABELS[l.field] : t(lng, `calculation:lines.${l.field}`),
        code: lineCode(row.reporting_form_id, l.field),
        amount: hidden ? null : l.amount,
        form_amount: hidden ? null : (printed.get(l.field) ?? null),
        rule: localize(lng, l.rule),
        article: localize(lng, l.article),
        uncertain: l.uncertain === true,
        deals,
        deals_total: l.dealIds.length,
      };
    });
  const fifth = result
    ? Object.fromEntries(FIFTH_SECTION_FIELDS.map((f) => [f, hidden ? null : result.fifthSection[f]]))
    : null;
  return {
    declaration_id: row.id,
    status: row.status,
    reporting_form_id: row.reporting_form_id,
    year: row.year,
    hidden,
    fifth_section: fifth,
    lines,
    ignored_deals: c.ignored.map((d) => describeDeal(d, lng)),
  };
}

/** Finish editing, personal data and the step 6 view (docs/statuses.md). */
export function calculationService(deps: Deps) {
  const declarations = declarationsService(deps);
  const now = () => deps.clock.now();
  const viewCache = revisionCacheOf(
    deps.db,
    'calculation-view-json',
    () => new RevisionCache<JsonAnswer>(VIEW_CACHE_BYTES, (v) => v.weight),
  );

  return {
    async view(actor: Actor, id: number, lng: Language = DEFAULT_LANGUAGE): Promise<CalculationView> {
      const row = await declarations.loadOwn(actor, id);
      return calculationView(await computeDeclaration(deps, row), lng);
    },

    /**
     * `{ data: view() }` serialized, computed once per deals revision (and status, which hides the
     * amounts, and the year and form the rules come from) and language: opening step 6 again costs a row read.
     */
    async viewAnswer(actor: Actor, id: number, lng: Language = DEFAULT_LANGUAGE): Promise<JsonAnswer> {
      const row = await declarations.loadOwn(actor, id);
      const state = `${row.deals_revision}|${row.status}|${row.year}|${row.reporting_form_id}`;
      return viewCache.get(
        lng === DEFAULT_LANGUAGE ? String(row.id) : `${row.id}|${lng}`,
        state,
        async () => new JsonAnswer(JSON.stringify({ data: calculationView(await computeDeclaration(deps, row), lng) })),
      );
    },

    /**
     * Computes fifth_section (status 1 deals ignored), stores it with the new status in one
     * transaction and returns the status. A missing exchange rate fails before anything is written.
     */
    async finishEditing(actor: Actor, id: number): Promise<{ status: number; ignored: number }> {
      const row = await declarations.loadOwn(actor, id);
      assertDealsEditable(row, now(), askerOf(actor));
      const computed = await computeDeclaration(deps, row);
      const status = await statusAfterFinish(deps, row);
      const fifth = computed.result ? computed.result.fifthSection : null;
      await deps.db.tx(async (t) => {
        await t.query('UPDATE declarations SET fifth_section = $2, updated_at = $3 WHERE id = $1', [
          id,
          fifth === null ? null : JSON.stringify(fifth),
          now(),
        ]);
        await auditDeclaration(t, {
          actor,
          declarationId: id,
          action: audit('finish_editing'),
          at: now(),
          details: { from: row.status, to: status, ignored_deals: computed.ignored.map((d) => d.id) },
        });
      });
      if (status !== row.status) await declarations.setStatus(actor, id, status);
      if (actor.managerId !== undefined || actor.kind === 'manager') await notifyUser(deps, row);
      return { status, ignored: computed.ignored.length };
    },

    /** Personal data of the declaration (step 7); 'enter data' (5) moves on to 'sign' (6). */
    async updatePersonalData(actor: Actor, id: number, body: PersonalDataInput): Promise<{ status: number }> {
      const row = await declarations.loadOwn(actor, id);
      if (isArchived(row, now())) throw blocked(MSG.archivedReadOnly);
      if (row.status === DECLARATION_STATUS.READY && !askerOf(actor).fullAccess && !askerOf(actor).manager) {
        throw blocked(MSG.declarationLocked);
      }
      const personal = {
        ...row.personal_data,
        iin: body.iin,
        surname: body.surname,
        name: body.name,
        patronymic: body.patronymic ?? null,
        phone: body.phone,
        email: (row.personal_data.email as string | undefined) ?? actor.user.email,
        spouses_iin: row.reporting_form_id === FORM.F270 ? (body.spouses_iin ?? null) : null,
      };
      const changed = (Object.keys(personal) as (keyof typeof personal)[]).filter(
        (k) => (row.personal_data[k] ?? null) !== (personal[k] ?? null),
      );
      await deps.db.tx(async (t) => {
        await t.query('UPDATE declarations SET personal_data = $2, updated_at = $3 WHERE id = $1', [
          id,
          JSON.stringify(personal),
          now(),
        ]);
        // which fields changed, never their values
        await auditDeclaration(t, {
          actor,
          declarationId: id,
          action: audit('personal_data'),
          at: now(),
          details: { fields: changed },
        });
      });
      let status = row.status;
      if (row.status === DECLARATION_STATUS.ENTER_DATA) {
        status = DECLARATION_STATUS.SIGN;
        await declarations.setStatus(actor, id, status);
      }
      return { status };
    },
  };
}

/** Manager finish: the user gets a letter that the declaration waits for the signature (docs/statuses.md). */
async function notifyUser(deps: Deps, row: DeclarationRow): Promise<void> {
  const user = await deps.db.one<{ email: string; language: string | null }>(
    'SELECT email, language FROM users WHERE id = $1',
    [row.user_id],
  );
  if (!user?.email) return;
  const url = `${deps.config.publicUrl}/app/declaration?step=8`;
  await deps.providers.mailer.send(letters.managerFilled(languageOf(user.language), user.email, row.year, url));
}
