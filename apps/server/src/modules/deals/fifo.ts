import { sectionByKey } from '@deklarant/contracts';
import { amount, calculateProfit, dec, isGiven, type Lot, matchFifo, type Sale, TaxEngineError } from '@deklarant/tax';
import type { Db } from '../../db/db.ts';
import { taxDealOf } from './compute.ts';
import type { ReferenceSets } from './references.ts';
import { dealsModuleRepo, type LotRow, lotSignature } from './repo.ts';

const SALE_SECTIONS = ['first_section_a', 'second_section'];
const POOL_SECTIONS = [...SALE_SECTIONS, 'purchase_transaction_section'];

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

/**
 * Re-runs FIFO for one security of the declaration and stores which purchase lots each sale of this
 * declaration consumed (deal_lots), with the resulting acquisition cost and income (returned: the new
 * fields of each sale whose figures changed, by id). A sale with its own
 * purchase history (history section) consumes only those lots; other sales share the pool of purchases
 * of this and earlier declarations, earlier sales (also of earlier years) consuming first.
 */
export async function rematchSecurity(
  db: Db,
  decl: { id: number; user_id: number; year: number },
  key: string,
  refs: ReferenceSets,
): Promise<Map<number, Record<string, unknown>>> {
  const refigured = new Map<number, Record<string, unknown>>();
  if (!key) return refigured;
  const repo = dealsModuleRepo(db);
  const {
    pool: rows,
    history,
    lots: before,
  } = await repo.fifoInputs(decl, key, {
    pool: POOL_SECTIONS,
    sales: SALE_SECTIONS,
  });
  const currentSales = rows.filter((r) => !r.previous_period && SALE_SECTIONS.includes(r.section));
  if (currentSales.length === 0) return refigured;
  const historyBySale = new Map<number, LotRow[]>();
  for (const h of history) {
    const parent = Number(h.fields.first_a_and_second_section_deal_id);
    historyBySale.set(parent, [...(historyBySale.get(parent) ?? []), h]);
  }

  const poolLots = rows
    .filter((r) => r.section === 'purchase_transaction_section')
    .map((r) => lotOf(r, key))
    .filter((l): l is Lot => l !== null);
  const poolSales = rows
    .filter((r) => SALE_SECTIONS.includes(r.section) && !historyBySale.has(r.id))
    .map((r) => saleOf(r, key))
    .filter((s): s is Sale => s !== null);

  const matches = new Map(matchFifo(poolSales, poolLots, { year: decl.year }).matches.map((m) => [m.saleId, m]));
  for (const sale of currentSales) {
    const own = historyBySale.get(sale.id);
    const asSale = saleOf(sale, key);
    if (own && asSale) {
      const lots = own.map((r) => lotOf(r, key)).filter((l): l is Lot => l !== null);
      const m = matchFifo([asSale], lots, { year: decl.year }).matches[0];
      if (m) matches.set(sale.id, m);
    }
    const match = asSale ? matches.get(sale.id) : undefined;
    const consumed = match?.consumed ?? [];
    // Only sales whose lots changed are rewritten (a save touches one security, usually few sales).
    const signature = consumed.map((c) => lotSignature(Number(c.lotId), c.quantity, c.costKzt)).join('');
    if (signature !== (before.get(sale.id) ?? '')) {
      await repo.replaceLots(
        sale.id,
        consumed.map((c) => ({
          purchase_deal_id: Number(c.lotId),
          quantity: c.quantity,
          cost: c.cost,
          cost_kzt: c.costKzt,
          currency_code: c.currency,
          rate: c.rate,
          previous_period: c.previousPeriod,
        })),
      );
    }
    const fields = await storeSaleCost(repo, sale, match, decl.year, refs);
    if (fields) refigured.set(sale.id, fields);
  }
  return refigured;
}

/**
 * The sale's acquisition cost: lots consumed, plus its declared cost for the quantity no lot covered.
 * Returns the sale's new fields when they changed.
 */
async function storeSaleCost(
  repo: ReturnType<typeof dealsModuleRepo>,
  sale: LotRow,
  match:
    | { consumed: unknown[]; costKztExact: ReturnType<typeof dec>; unmatchedQuantity: string; quantity: string }
    | undefined,
  year: number,
  refs: ReferenceSets,
): Promise<Record<string, unknown> | undefined> {
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
  await repo.updateSaleFigures(sale.id, f, num(f.value_added_income));
  return f;
}
