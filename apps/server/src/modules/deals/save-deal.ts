import { type DealInput, LIMITS, MSG, type SectionDef, validateDeal } from '@deklarant/contracts';
import { cashLimitKzt } from '@deklarant/tax';
import type { Db } from '../../db/db.ts';
import type { DeclarationRow } from '../../db/rows.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { withoutRequests } from '../../lib/comment.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import { dealsRepo, NEW_DEAL, ruDate } from '../declarations/index.ts';
import { computeDeal, currencyOf } from './compute.ts';
import { DEAL_TEXT, type DealsContext, openSection } from './context.ts';
import { decimalsAsText, keyOf, normalize, referenceErrors, SECURITY_SECTIONS, splitCommon } from './deal-fields.ts';
import { dealView } from './deal-view.ts';
import { fifoWrite, noChanges, planSecurity, withDeal } from './fifo.ts';
import { queueFollow } from './follow.ts';
import type { LotRow } from './lots.ts';
import type { ReferenceSets } from './references.ts';
import { dealsModuleRepo, fifoReader } from './repo.ts';

/** A declaration holds at most `LIMITS.dealsPerDeclaration` deals, whatever adds them (422 with the text). */
async function assertRoom(db: Db, declarationId: number): Promise<void> {
  const r = await db.one<{ full: boolean }>(
    'SELECT count(*) >= $2 AS full FROM (SELECT 1 FROM deals WHERE declaration_id = $1 LIMIT $2) AS d',
    [declarationId, LIMITS.dealsPerDeclaration],
  );
  if (r?.full) throw unprocessable(MSG.dealsPerDeclarationLimit(LIMITS.dealsPerDeclaration));
}

/** Validation of docs/sections.md (shared with the web form), reference ids, row limits, 250-1 limit. */
async function prepare(
  deps: Deps,
  decl: DeclarationRow,
  section: SectionDef,
  body: DealInput,
  refs: ReferenceSets,
  existingId?: number,
) {
  const input = decimalsAsText(normalize(body));
  const rules = { form: decl.reporting_form_id, year: decl.year, cashLimitKzt: cashLimitKzt(decl.year) };
  let errors = { ...validateDeal(section.code, input, rules), ...referenceErrors(input, refs) };
  if (section.code === 'history') {
    const parent = Number(input.first_a_and_second_section_deal_id);
    const sale = parent ? await dealsRepo(deps.db).byId(decl.id, parent) : undefined;
    if (!sale || !['first_section_a', 'second_section'].includes(sale.declaration_section)) {
      errors.first_a_and_second_section_deal_id = [DEAL_TEXT.saleRequired];
    }
  }
  if (Object.keys(errors).length > 0) throw unprocessable(MSG.checkInput, errors);

  const computed = await computeDeal(section, input, { year: decl.year, rates: deps.providers.rates, refs });
  if (section.code === '250-1' && computed.rate) {
    // The 10 000 МРП limit of the year is checked on the KZT equivalent at the year-end rate.
    errors = validateDeal(section.code, input, { ...rules, rate: computed.rate.rate });
    if (Object.keys(errors).length > 0) throw unprocessable(MSG.checkInput, errors);
  }
  if (existingId === undefined) await assertRoom(deps.db, decl.id);
  if (section.rowLimit !== undefined && existingId === undefined) {
    const count = await dealsModuleRepo(deps.db).countInSection(decl.id, section.key);
    if (count >= section.rowLimit) throw unprocessable(DEAL_TEXT.rowLimit(section.rowLimit));
  }
  return { input, computed };
}

/**
 * The deal form's save: validated and converted (docs/sections.md), then stored together with FIFO
 * re-matched for every security it touches, in one statement. FIFO is planned in memory from one read
 * of the deals, with the saved deal in place; the write takes effect only if the declaration's deals
 * are still as read. Otherwise (another save or an import got there first) the save runs once more
 * holding the declaration, and so do the next saves into that declaration for a while: where saves
 * collide, planning from an unheld read is work thrown away.
 */
export async function saveDeal(
  ctx: DealsContext,
  actor: Actor,
  declarationId: number,
  sectionRaw: string,
  body: DealInput,
  dealId?: number,
) {
  const { deps } = ctx;
  const { decl, section, refs } = await openSection(ctx, actor, declarationId, sectionRaw, true);
  const dealKeyed = SECURITY_SECTIONS.has(section.code);
  const parentId =
    section.code === 'history' ? Number(normalize(body).first_a_and_second_section_deal_id) || undefined : undefined;
  const read = (db: Db, key: string) => {
    const q = { decl, key, dealId, dealKeyed, parentId };
    // outside a transaction the reads of the saves in flight together share one statement
    return (db === deps.db ? fifoReader(db)(q) : dealsModuleRepo(db).fifoInputs(decl, q)).then((r) => {
      if (dealId !== undefined && r.before?.section !== section.key) throw new HttpError(404, DEAL_TEXT.dealNotFound);
      return r;
    });
  };
  const readKey = keyOf(section, normalize(body));
  const first = await read(deps.db, readKey);
  const { computed } = await prepare(deps, decl, section, body, refs, dealId);
  const f = computed.fields;
  const status = typeof f.status === 'number' ? f.status : null;
  const comment = (f.comment as string | undefined) ?? null;
  const write = {
    status,
    // a deal that waited (status 1) and no longer does: the sentences that asked for what the person has now
    // given go (the import's wait-for-cost reason, «укажите стоимость…», among them)
    comment: first.before?.status === 1 && status !== 1 ? withoutRequests(comment) : comment,
    transaction_date: (f.transaction_date as string | undefined) ?? null,
    currency_code: currencyOf(f, refs),
    main_amount: computed.mainAmount,
    amount_kzt: computed.amountKzt,
    fields: splitCommon(f),
  };
  const row: LotRow = {
    id: dealId ?? NEW_DEAL,
    declaration_id: decl.id,
    section: section.key,
    transaction_date: ruDate(write.transaction_date),
    currency_code: write.currency_code,
    status: write.status,
    fields: write.fields,
    previous_period: false,
    key: keyOf(section, f),
  };
  const audit = {
    actor,
    action: dealId === undefined ? 'deal_create' : 'deal_update',
    at: ctx.now(),
    details: { section: section.key },
  } as const;

  const attempt = (db: Db, r: Awaited<ReturnType<typeof read>>, revision: string | number) => {
    const state = withDeal(r.state, row);
    const changes = noChanges();
    for (const key of new Set([row.key, dealKeyed ? r.before?.key : '', r.parentKey])) {
      if (key) planSecurity(state, decl, key, refs, changes);
    }
    // the saved deal's own new figures (a sale's cost and income) are part of its write
    const own = changes.figures.get(row.id);
    changes.figures.delete(row.id);
    const stored = own ? { ...write, fields: own.fields, amount_kzt: own.amountKzt } : write;
    return dealsRepo(db).save(decl.id, section.key, stored, audit, fifoWrite(changes, revision), dealId);
  };
  // Unheld: planned from a read without locks, written only while the deals are still as read. A
  // collision is tried once more from a fresh read; a second one within the hold marks the declaration.
  const unheld = async (r: Awaited<ReturnType<typeof read>>) => {
    const res = await attempt(deps.db, r, r.revision ?? decl.deals_revision);
    if (res.conflict) ctx.contention.saw(decl.id);
    return res;
  };
  let result: Awaited<ReturnType<typeof attempt>> | undefined;
  // A new deal's room in the declaration is counted after the read its write depends on: the write
  // takes effect only while the deals are as read, so the count holds too.
  const roomFor = async (db: Db) => {
    if (dealId === undefined) await assertRoom(db, decl.id);
  };
  if (row.key === readKey && !ctx.contention.busy(decl.id)) {
    result = await unheld(first);
    if (result.conflict && !ctx.contention.busy(decl.id)) {
      const again = await read(deps.db, row.key ?? '');
      await roomFor(deps.db);
      result = await unheld(again);
    }
  }
  if (!result || result.conflict) {
    result = await deps.db.tx(async (t) => {
      const revision = await dealsRepo(t).lockDeals(decl.id);
      if (revision === undefined) throw new HttpError(404, DEAL_TEXT.dealNotFound);
      await roomFor(t);
      return attempt(t, await read(t, row.key ?? ''), revision);
    });
    ctx.contention.held(decl.id);
  }
  if (result.conflict) throw new Error('the deals changed while their declaration was held');
  if (!result.deal) throw new HttpError(404, DEAL_TEXT.dealNotFound);
  // other sales that draw on these lots (waiting ones, later years') follow in the background
  if (dealKeyed) await queueFollow(ctx, decl, [row.key ?? '', first.before?.key ?? '']);
  return dealView(section, result.deal, decl, refs);
}
