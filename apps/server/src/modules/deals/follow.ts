import { DECLARATION_STATUS, FORM, MSG } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import { onwardKeysSql } from '../../db/renames.ts';
import type { DeclarationRow } from '../../db/rows.ts';
import { FOLLOW_LOTS_JOB, type FollowLotsPayload } from '../../jobs/kinds.ts';
import { withReason } from '../../lib/comment.ts';
import { declarationsRepo, isArchived } from '../declarations/index.ts';
import type { DealsContext } from './context.ts';
import { rematchSecurity } from './fifo.ts';
import type { ReferenceSets } from './references.ts';
import { FIFO_SECTIONS } from './repo.ts';

/** Signed or sent: the figures are those filed, a later year's FIFO is not re-matched under them. */
const FILED = new Set<number>([DECLARATION_STATUS.SIGN, DECLARATION_STATUS.READY]);

/**
 * Of the given sales, those FIFO found no cost for get status 1 and the reason (an import's flag); one
 * already flagged for it keeps a single reason.
 */
export async function flagWithoutCost(db: Db, sales: readonly number[]): Promise<Set<number>> {
  if (sales.length === 0) return new Set();
  const rows = await db.query<{ id: number; comment: string | null }>(
    `SELECT id, comment FROM deals
     WHERE id = ANY($1::int[]) AND NOT (fields ? 'cost_in_tenge_currency') AND position($2 in coalesce(comment, '')) = 0`,
    [sales, MSG.importNoPurchaseHistory],
  );
  if (rows.length === 0) return new Set();
  // the reason first: the form holds 255 characters, an explanation's last sentences give way to it
  await db.query(
    `UPDATE deals d SET status = 1, comment = v.comment
     FROM unnest($1::int[], $2::text[]) AS v(id, comment) WHERE d.id = v.id`,
    [rows.map((r) => r.id), rows.map((r) => withReason(MSG.importNoPurchaseHistory, r.comment))],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The two kinds of sales that follow a change of lots, as SQL over numbered parameters (the queries below
 * place them differently): sales of declaration `decl` an import flagged for want of purchases (`reason`),
 * and sales in the later income declarations of `user` after `year` (250.00 holds no sales); both of the
 * securities `keys`, in the sale sections `sections`.
 */
const waitingSalesSql = (p: { decl: string; keys: string; sections: string; reason: string }) =>
  `FROM deals d WHERE d.declaration_id = ${p.decl} AND d.security_key = ANY(${p.keys}::text[]) AND d.status = 1
     AND d.section = ANY(${p.sections}::text[]) AND position(${p.reason} in coalesce(d.comment, '')) > 0`;
const laterSalesSql = (p: { user: string; year: string; keys: string; sections: string }) =>
  `FROM declarations c JOIN deals d ON d.declaration_id = c.id
   WHERE c.user_id = ${p.user} AND c.year > ${p.year} AND c.reporting_form_id <> ${FORM.F250}
     AND d.section = ANY(${p.sections}::text[]) AND d.security_key = ANY(${p.keys}::text[])`;

/**
 * Sales an import flagged for want of purchases (status 1 for that reason only: the import flags no sale
 * that waits for something else), per security: once purchases arrive (another report, the deal form, an
 * earlier year's declaration) FIFO may find their cost.
 */
async function salesWithoutHistory(db: Db, declarationId: number, keys: readonly string[]) {
  const out = new Map<string, number[]>();
  if (keys.length === 0) return out;
  const rows = await db.query<{ id: number; key: string }>(
    `SELECT d.id, d.security_key AS key ${waitingSalesSql({ decl: '$1', keys: '$2', sections: '$3', reason: '$4' })}`,
    [declarationId, keys, FIFO_SECTIONS.sales, MSG.importNoPurchaseHistory],
  );
  for (const r of rows) out.set(r.key, [...(out.get(r.key) ?? []), Number(r.id)]);
  return out;
}

/** Whose lots changed: the person and the year (a declaration, or what is left of a removed one). */
type Origin = Pick<DeclarationRow, 'user_id' | 'year'>;

/**
 * The person's later income declarations (250.00 holds no sales) with sales of the given securities: their
 * FIFO pool holds this year's purchases and splits.
 */
async function laterSales(db: Db, decl: Origin, keys: readonly string[]) {
  const out = new Map<number, string[]>();
  if (keys.length === 0) return out;
  const rows = await db.query<{ declaration_id: number; key: string }>(
    `SELECT DISTINCT d.declaration_id, d.security_key AS key
     ${laterSalesSql({ user: '$1', year: '$2', keys: '$3', sections: '$4' })}
     ORDER BY 1, 2`,
    [decl.user_id, decl.year, keys, FIFO_SECTIONS.sales],
  );
  for (const r of rows) {
    const id = Number(r.declaration_id);
    out.set(id, [...(out.get(id) ?? []), r.key]);
  }
  return out;
}

/**
 * FIFO of one security re-matched in the caller's transaction (which holds the declaration), with the
 * sales an import flagged for want of purchases back in it (status and reason cleared); those it still
 * finds no cost for are flagged again, and so are sales that lost the lots they had (their purchases
 * removed) and have no cost left.
 */
async function rematchRetrying(
  t: Db,
  decl: DeclarationRow,
  key: string,
  waiting: readonly number[],
  refs: ReferenceSets,
) {
  if (waiting.length > 0) {
    await t.query(
      `UPDATE deals SET status = NULL, comment = nullif(trim(both ' ' from replace(comment, $2, '')), '')
       WHERE id = ANY($1::int[])`,
      [waiting, MSG.importNoPurchaseHistory],
    );
  }
  const changed = await rematchSecurity(t, decl, key, refs);
  const costless = [...changed].filter(([, f]) => f.cost_in_tenge_currency == null).map(([id]) => id);
  await flagWithoutCost(t, [...waiting, ...costless]);
}

export interface FollowOptions {
  refs: ReferenceSets;
  now: Date;
  /** also re-match the declaration itself (an import does; the deal form already did in its save) */
  self: boolean;
  /** between securities: lets other work run (an import of thousands of securities) */
  pause?: () => Promise<void>;
}

/**
 * After the lots of some securities changed in a declaration: FIFO re-matched there (when `self`), the sales an
 * import flagged for want of purchases given another try, and the same in the person's later declarations
 * whose sales draw on these lots. Each security in its own short transaction holding its declaration. A later
 * declaration that is signed, sent or archived keeps the figures it was filed with.
 */
export async function followLots(
  db: Db,
  decl: DeclarationRow,
  keys: Iterable<string>,
  opts: FollowOptions,
): Promise<void> {
  const given = [...new Set(keys)].filter(Boolean);
  if (given.length === 0) return;
  // the new securities these became by a split into a new ISIN draw on their lots too
  const row = await db.one<{ keys: string[] }>(`SELECT ${onwardKeysSql('$1::int', '$2')} AS keys`, [
    decl.user_id,
    given,
  ]);
  const list = row?.keys ?? given;
  await rematchIn(db, decl, list, opts.self, opts);
  if (decl.reporting_form_id !== FORM.F250) await followLater(db, decl, list, opts);
}

/**
 * The sales of the person's later declarations that draw on these securities' lots, re-matched: after a
 * change in `origin`'s year, also when that declaration (or all its deals) is gone.
 */
export async function followLater(db: Db, origin: Origin, keys: readonly string[], opts: FollowOptions) {
  for (const [id, later] of await laterSales(db, origin, keys)) {
    const row = await declarationsRepo(db).byId(id);
    if (!row || isArchived(row, opts.now) || FILED.has(row.status)) continue;
    await rematchIn(db, row, later, true, opts);
  }
}

/**
 * FIFO of these securities re-matched in declaration `d` (all of them, or only those with sales waiting for
 * purchases), each in its own short transaction holding the declaration.
 */
async function rematchIn(db: Db, d: DeclarationRow, keys: readonly string[], all: boolean, opts: FollowOptions) {
  const waiting = await salesWithoutHistory(db, d.id, keys);
  for (const key of keys) {
    const retry = waiting.get(key) ?? [];
    if (!all && retry.length === 0) continue;
    await db.tx(async (t) => {
      await t.query('SELECT id FROM declarations WHERE id = $1 FOR NO KEY UPDATE', [d.id]);
      await rematchRetrying(t, d, key, retry, opts.refs);
    });
    if (opts.pause) await opts.pause();
  }
}

/**
 * Whether a change of these securities' lots concerns sales beyond the ones the deal form's save re-matched:
 * sales in this declaration an import flagged for want of purchases, or sales in the person's later income
 * declarations. One cheap statement: the save enqueues the follow-up (FOLLOW_LOTS_JOB) only then.
 */
export async function lotsHaveFollowers(db: Db, decl: DeclarationRow, keys: readonly string[]): Promise<boolean> {
  const list = keys.filter(Boolean);
  if (list.length === 0) return false;
  const onward = onwardKeysSql('$6::int', '$2');
  const r = await db.one<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 ${waitingSalesSql({ decl: '$1', keys: onward, sections: '$3', reason: '$4' })})
       OR ($5 AND EXISTS (SELECT 1 ${laterSalesSql({ user: '$6', year: '$7', keys: onward, sections: '$3' })})) AS any`,
    [
      decl.id,
      list,
      FIFO_SECTIONS.sales,
      MSG.importNoPurchaseHistory,
      decl.reporting_form_id !== FORM.F250,
      decl.user_id,
      decl.year,
    ],
  );
  return r?.any === true;
}

/** After the deal form changed these securities' lots: the follow-up queued when other sales draw on them. */
export async function queueFollow(ctx: DealsContext, decl: DeclarationRow, keys: readonly string[]): Promise<void> {
  const list = [...new Set(keys)].filter(Boolean);
  if (!(await lotsHaveFollowers(ctx.deps.db, decl, list))) return;
  const payload: FollowLotsPayload = { declarationId: decl.id, keys: list };
  await ctx.deps.jobs.enqueue(FOLLOW_LOTS_JOB, payload);
}

/**
 * FOLLOW_LOTS_JOB (idempotent): the declaration's waiting sales and the later declarations' sales re-matched;
 * for a declaration removed (or emptied) since, the later declarations' sales only.
 */
export async function runFollow(ctx: DealsContext, payload: unknown): Promise<unknown> {
  const p = payload as Partial<Record<'declarationId' | 'userId' | 'year' | 'keys', unknown>> | null;
  if (!Array.isArray(p?.keys)) return { status: 'ignored' };
  const keys = p.keys.filter((k): k is string => typeof k === 'string');
  const opts = { refs: await ctx.refs.get(), now: ctx.now(), self: false };
  if (typeof p.declarationId === 'number') {
    const decl = await declarationsRepo(ctx.deps.db).byId(p.declarationId);
    if (!decl) return { status: 'missing' };
    await followLots(ctx.deps.db, decl, keys, opts);
    return { status: 'done' };
  }
  if (typeof p.userId !== 'number' || typeof p.year !== 'number') return { status: 'ignored' };
  await followLater(ctx.deps.db, { user_id: p.userId, year: p.year }, keys, opts);
  return { status: 'done' };
}
