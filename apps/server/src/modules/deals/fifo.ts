import { ruSortKey, sectionByKey } from '@deklarant/contracts';
import {
  amount,
  calculateProfit,
  dec,
  isGiven,
  type Lot,
  matchFifo,
  restateForSplits,
  type Sale,
  type SaleMatch,
  TaxEngineError,
} from '@deklarant/tax';
import type { Db } from '../../db/db.ts';
import { NEW_DEAL, type SaveFifo } from '../declarations/index.ts';
import { taxDealOf } from './compute.ts';
import type { FifoState, LotRow, StoredLot } from './lots.ts';
import type { ReferenceSets } from './references.ts';
import { dealsModuleRepo, FIFO_SECTIONS, lotSignature } from './repo.ts';

const SALE_SECTIONS = FIFO_SECTIONS.sales;
const HISTORY_SECTION = 'purchase_transaction_currency_section';

const num = (v: unknown) => (isGiven(v as string) ? String(v) : null);

function lotOf(row: LotRow, key: string): Lot | null {
  const f = row.fields;
  const quantity = num(f.quantity);
  const cost = num(f.purchase_opening_cost);
  if (!quantity || !dec(quantity).gt(0) || cost === null || row.status === 1) return null;
  const currency = (row.currency_code ?? 'KZT').toUpperCase();
  const rate = num(f.exchange_rate) ?? (currency === 'KZT' ? '1' : null);
  if (rate === null) return null;
  return {
    id: row.id,
    key,
    date: row.transaction_date ?? '',
    quantity,
    cost,
    currency,
    rate,
    previousPeriod: row.previous_period,
  };
}

function saleOf(row: LotRow, key: string): Sale | null {
  const quantity = num(row.fields.quantity);
  if (!quantity || !dec(quantity).gt(0) || row.status === 1 || row.fields.is_ready_purchase_price === true) return null;
  return { id: row.id, key, date: row.transaction_date ?? '', quantity };
}

/** What FIFO changes: the whole new list of lots of each sale whose lots changed, and sales' new figures. */
export interface FifoChanges {
  lots: Map<number, StoredLot[]>;
  figures: Map<number, { fields: Record<string, unknown>; amountKzt: string | null }>;
}

export const noChanges = (): FifoChanges => ({ lots: new Map(), figures: new Map() });

/**
 * Re-runs FIFO for one security of the declaration: which purchase lots each sale of this declaration
 * consumes, and the resulting acquisition cost and income. A sale with its own purchase history
 * (history section) consumes only those lots; other sales share the pool of purchases of this and
 * earlier declarations, earlier sales (also of earlier years) consuming first. Pure: the changes
 * against `state` are added to `into`.
 */
export function planSecurity(
  state: FifoState,
  decl: { year: number },
  key: string,
  refs: ReferenceSets,
  into: FifoChanges = noChanges(),
): FifoChanges {
  // securities that became this one by splits into a new ISIN: their lots and sales before that are this one's
  const chain = renameChain(state, key);
  const inherited = (r: LotRow) => {
    const until = r.key ? chain.get(r.key) : undefined;
    return until !== undefined && !!r.transaction_date && ruSortKey(r.transaction_date) < until;
  };
  const rows = chain.size
    ? state.pool.filter((r) => r.key === key || inherited(r))
    : state.pool.filter((r) => r.key === key);
  // only this security's own sales are planned here (the old one's are planned under their own key)
  const currentSales = rows.filter((r) => r.key === key && !r.previous_period && SALE_SECTIONS.includes(r.section));
  if (currentSales.length === 0) return into;
  const saleIds = new Set(currentSales.map((s) => s.id));
  const historyBySale = new Map<number, LotRow[]>();
  for (const h of state.history) {
    const parent = Number(h.fields.first_a_and_second_section_deal_id);
    if (saleIds.has(parent)) historyBySale.set(parent, [...(historyBySale.get(parent) ?? []), h]);
  }

  const poolLots = rows
    .filter((r) => r.section === 'purchase_transaction_section')
    .map((r) => lotOf(r, key))
    .filter((l): l is Lot => l !== null);
  const poolSales = rows
    .filter((r) => SALE_SECTIONS.includes(r.section) && !historyBySale.has(r.id))
    .map((r) => saleOf(r, key))
    .filter((s): s is Sale => s !== null);

  // splits the user's imports reported: lots and sales before one are matched in post-split units
  const splits = splitsOf(state, key, chain);
  const pool = restateForSplits(poolLots, poolSales, splits);
  const matches = new Map(matchFifo(pool.sales, pool.lots, { year: decl.year }).matches.map((m) => [m.saleId, m]));
  for (const sale of currentSales) {
    const own = historyBySale.get(sale.id);
    const asSale = saleOf(sale, key);
    if (own && asSale) {
      const restated = restateForSplits(
        own.map((r) => lotOf(r, key)).filter((l): l is Lot => l !== null),
        [asSale],
        splits,
      );
      const m = matchFifo(restated.sales, restated.lots, { year: decl.year }).matches[0];
      if (m) matches.set(sale.id, m);
    }
    const match = asSale ? matches.get(sale.id) : undefined;
    const consumed = match?.consumed ?? [];
    // Only sales whose lots changed are rewritten (a save touches one security, usually few sales).
    const signature = consumed.map((c) => lotSignature(Number(c.lotId), c.quantity, c.costKzt)).join('');
    if (signature !== (state.lots.get(sale.id) ?? '')) {
      into.lots.set(
        sale.id,
        consumed.map((c, i) => ({
          purchase_deal_id: Number(c.lotId),
          seq: i + 1,
          quantity: c.quantity,
          cost: c.cost,
          cost_kzt: c.costKzt,
          currency_code: c.currency,
          rate: c.rate,
          previous_period: c.previousPeriod,
        })),
      );
    }
    const fields = saleFigures(sale, match, decl.year, refs);
    if (fields) into.figures.set(sale.id, { fields, amountKzt: num(fields.value_added_income) });
  }
  return into;
}

/**
 * The securities that became `key` by splits into a new ISIN, followed back any number of steps (A → B → C),
 * each with the sort key of the day it stopped existing: its rows before that day are `key`'s.
 */
function renameChain(state: FifoState, key: string): Map<string, string> {
  const chain = new Map<string, string>();
  const renames = state.splits?.filter((s) => s.to) ?? [];
  let reached = [key];
  while (reached.length > 0) {
    const next: string[] = [];
    for (const s of renames) {
      if (reached.includes(s.to ?? '') && s.key !== key && !chain.has(s.key)) {
        chain.set(s.key, ruSortKey(s.date));
        next.push(s.key);
      }
    }
    reached = next;
  }
  return chain;
}

/**
 * The splits FIFO applies to `key`: its own, and along its chain of renames (`renameChain`) every earlier
 * security's own splits and the renames themselves; each applies, in `key`'s units, to what came before it.
 */
const splitsOf = (state: FifoState, key: string, chain: ReadonlyMap<string, string>) =>
  state.splits
    ?.filter((s) => (s.key === key && !s.to) || (chain.has(s.key) && (!s.to || s.to === key || chain.has(s.to))))
    .map((s) => ({ key, date: s.date, ratio: s.ratio }));

/**
 * The sale's acquisition cost: lots consumed, plus its declared cost for the quantity no lot covered,
 * and the income that follows. The sale's new fields, or undefined when they stay as they are.
 */
function saleFigures(
  sale: LotRow,
  match: SaleMatch | undefined,
  year: number,
  refs: ReferenceSets,
): Record<string, unknown> | undefined {
  const f = { ...sale.fields };
  const declared = num(f.declared_cost_in_tenge_currency);
  let cost: string | null = declared;
  let source = 'declared';
  if (match && match.consumed.length > 0) {
    const unmatched = dec(match.unmatchedQuantity);
    const rest = declared && unmatched.gt(0) ? dec(declared).times(unmatched).dividedBy(dec(match.quantity)) : dec(0);
    cost = amount(match.costKztExact.plus(rest));
    source = 'fifo';
  }
  if (cost === num(f.cost_in_tenge_currency) && (f.cost_source ?? 'declared') === source) return undefined;
  if (cost === null) delete f.cost_in_tenge_currency;
  else f.cost_in_tenge_currency = cost;
  f.cost_source = source;
  const section = sectionByKey(sale.section);
  if (section) {
    try {
      f.value_added_income = calculateProfit(section.slug, taxDealOf(f, refs), { year, kzCountryId: refs.kzCountryId });
    } catch (e) {
      if (!(e instanceof TaxEngineError)) throw e;
    }
  }
  return f;
}

/** FIFO order: by date (dd.mm.yyyy; none last), then by id, `NEW_DEAL` after every stored deal. */
const orderKey = (r: LotRow) =>
  `${r.transaction_date ? ruSortKey(r.transaction_date) : '9'}:${String(r.id === NEW_DEAL ? Number.MAX_SAFE_INTEGER : r.id).padStart(16, '0')}`;

/**
 * The state as it will be once `row` is stored: the deal's earlier version (same id) leaves the pool
 * and the purchase histories, the new one joins where its section belongs, in FIFO order.
 */
export function withDeal(state: FifoState, row: LotRow): FifoState {
  const others = (rows: LotRow[]) => rows.filter((r) => r.id !== row.id);
  const pool = others(state.pool);
  const history = others(state.history);
  if (FIFO_SECTIONS.pool.includes(row.section)) pool.push(row);
  if (row.section === HISTORY_SECTION) history.push(row);
  const ordered = (rows: LotRow[]) =>
    rows.map((r) => [orderKey(r), r] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    pool: ordered(pool).map(([, r]) => r),
    history: ordered(history).map(([, r]) => r),
    lots: state.lots,
    ...(state.splits ? { splits: state.splits } : {}),
  };
}

/** The changes as the deal form's save stores them with the deal (its plan's own figures taken out). */
export function fifoWrite(changes: FifoChanges, revision: string | number): SaveFifo {
  return {
    revision,
    relotted: [...changes.lots.keys()].filter((id) => id !== NEW_DEAL),
    lots: [...changes.lots].flatMap(([sale, lots]) =>
      lots.map(({ purchase_deal_id, ...lot }) => ({ sale, purchase: purchase_deal_id, ...lot })),
    ),
    figures: [...changes.figures].map(([id, f]) => ({ id, fields: f.fields, amount_kzt: f.amountKzt })),
  };
}

/** Stores FIFO's changes in the caller's transaction. */
export async function applyChanges(db: Db, changes: FifoChanges): Promise<void> {
  const repo = dealsModuleRepo(db);
  // a few statements for any number of sales: an import re-matches thousands at once
  await repo.replaceLotsOf(changes.lots);
  await repo.updateSalesFigures(changes.figures);
}

/**
 * Re-runs FIFO for one security of the declaration and stores the changes, in the caller's
 * transaction (which holds the declaration: see the deal form's save for the one-statement path).
 * Returns the new fields of each sale whose figures changed, by id.
 */
export async function rematchSecurity(
  db: Db,
  decl: { id: number; user_id: number; year: number },
  key: string,
  refs: ReferenceSets,
): Promise<Map<number, Record<string, unknown>>> {
  if (!key) return new Map();
  const { state } = await dealsModuleRepo(db).fifoInputs(decl, { key });
  const changes = planSecurity(state, decl, key, refs);
  await applyChanges(db, changes);
  return new Map([...changes.figures].map(([id, f]) => [id, f.fields]));
}

/**
 * The person's lots of a security still held just before `date`: purchases of this and earlier declarations
 * (plus `extra`, an import's own not yet stored) less the sales dated before it, FIFO, splits applied. For a
 * stock merger, whose new shares take over the old lots' cost (imports module, carry.ts). Costs are in each
 * lot's currency.
 */
export async function heldLots(
  db: Db,
  decl: { id: number; user_id: number; year: number },
  key: string,
  date: string,
  extra: { lots: Lot[]; sales: Sale[] } = { lots: [], sales: [] },
): Promise<Lot[]> {
  if (!key) return [];
  const { state } = await dealsModuleRepo(db).fifoInputs(decl, { key });
  const before = (d: string | null) => !!d && ruSortKey(d) < ruSortKey(date);
  const rows = state.pool.filter((r) => r.key === key && before(r.transaction_date));
  const lots = [
    ...rows.filter((r) => r.section === 'purchase_transaction_section').map((r) => lotOf(r, key)),
    ...extra.lots.filter((l) => before(l.date)),
  ].filter((l): l is Lot => l !== null);
  const sales = [
    ...rows.filter((r) => SALE_SECTIONS.includes(r.section)).map((r) => saleOf(r, key)),
    ...extra.sales.filter((s) => before(s.date)),
  ].filter((s): s is Sale => s !== null);
  if (lots.length === 0) return [];
  const restated = restateForSplits(
    lots,
    sales,
    state.splits?.filter((s) => s.key === key && !s.to && before(s.date)),
  );
  return matchFifo(restated.sales, restated.lots, { year: decl.year }).remaining;
}
