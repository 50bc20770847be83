import { money } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import { batched } from '../../lib/batch.ts';
import type { ConsumedRow, FifoState, LotRow, StoredLot } from './lots.ts';

/** One consumed lot as text that compares equal whatever the numeric scale the database returns. */
export const lotSignature = (purchaseId: number, quantity: string, costKzt: string) =>
  `${purchaseId}:${money.normalize(quantity)}:${money.normalize(costKzt)};`;

const LOT_COLUMNS = `d.id, d.declaration_id, d.section, to_char(d.transaction_date, 'DD.MM.YYYY') AS transaction_date,
  d.currency_code, d.status, d.fields`;

const SALE_SECTIONS = ['first_section_a', 'second_section'];
/** sales per bulk FIFO write */
const BULK = 2_000;
/** The sections FIFO reads: sales, and the purchases they consume. */
export const FIFO_SECTIONS = { pool: [...SALE_SECTIONS, 'purchase_transaction_section'], sales: SALE_SECTIONS };

/** Purchase-history rows of declaration $1 (their sale is named in history_of: first_a_and_second_section_deal_id). */
const HISTORY_OF_SQL = `d.section = 'purchase_transaction_currency_section' AND d.declaration_id = $1`;

/**
 * A FIFO read: one security (`key`) of a declaration. The deal form's save also asks for the deal it
 * changes (`dealId`: `before`, its security read too when `dealKeyed`) and for the security of the sale
 * a history row belongs to (`parentId`: `parentKey`, read too).
 */
export interface FifoQuery {
  decl: { id: number; user_id: number; year: number };
  key: string;
  dealId?: number;
  dealKeyed?: boolean;
  parentId?: number;
}

/** A FIFO read's answer; `revision` is the declaration's deals_revision as the read saw it. */
export interface FifoRead {
  state: FifoState;
  before?: LotRow & { comment: string | null };
  parentKey?: string;
  revision?: string;
}

/**
 * Everything FIFO needs for the securities of many reads, in one statement (each row numbered by its
 * read, `n_`): their sales and purchases in the declaration and in the user's earlier income
 * declarations (previous periods: the pool), the purchase-history rows of the declaration's sales, the
 * lots those sales consumed so far, and what the save asked besides. One statement is one snapshot: a
 * write planned from a read holds while the revision it saw is current.
 */
const FIFO_SQL = `WITH RECURSIVE q AS (
    SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[], $6::int[], $7::boolean[])
      WITH ORDINALITY AS q(decl, uid, year, key, deal_id, parent_id, keyed, n)
  ), before AS (
    SELECT q.n, ${LOT_COLUMNS}, d.comment, d.security_key AS key
    FROM q JOIN deals d ON d.declaration_id = q.decl AND d.id = q.deal_id
  ), parent AS (
    SELECT q.n, d.security_key AS key FROM q JOIN deals d ON d.declaration_id = q.decl AND d.id = q.parent_id
  ), own_keys AS (
    SELECT n, key FROM q
    UNION SELECT b.n, b.key FROM before b JOIN q USING (n) WHERE q.keyed
    UNION SELECT n, key FROM parent
  ), keys(n, key) AS (
    -- a security that got a new ISIN by a split (any number of times): its lots and sales before count for the new one
    SELECT n, key FROM own_keys
    UNION SELECT k.n, s.security_key FROM keys k JOIN q USING (n)
      JOIN security_splits s ON s.user_id = q.uid AND s.renamed_to = k.key
  ), pool AS (
    SELECT q.n, ${LOT_COLUMNS}, (d.declaration_id <> q.decl) AS previous_period, d.transaction_date AS date_,
      d.security_key AS key
    FROM keys k JOIN q USING (n)
      JOIN declarations c ON c.user_id = q.uid AND (c.id = q.decl OR (c.year < q.year AND c.reporting_form_id <> 2))
      JOIN deals d ON d.declaration_id = c.id AND d.security_key = k.key
    WHERE k.key <> '' AND d.section = ANY($8)
  ), sales AS (
    SELECT n, id FROM pool WHERE NOT previous_period AND section = ANY($9)
  )
  SELECT 'pool' AS part_, pool.*, NULL AS comment,
    CASE WHEN NOT pool.previous_period AND pool.section = ANY($9) THEN
      (SELECT json_agg(json_build_array(l.purchase_deal_id, l.quantity::text, l.cost_kzt::text) ORDER BY l.seq)
       FROM deal_lots l WHERE l.sale_deal_id = pool.id) END AS lots_
  FROM pool
  UNION ALL
  SELECT 'history', s.n, ${LOT_COLUMNS}, false, d.transaction_date, NULL, NULL, NULL
  FROM sales s JOIN q USING (n) JOIN deals d ON d.history_of = s.id::text
    AND d.section = 'purchase_transaction_currency_section' AND d.declaration_id = q.decl
  UNION ALL
  SELECT 'before', b.n, b.id, b.declaration_id, b.section, b.transaction_date, b.currency_code, b.status, b.fields,
    false, NULL, b.key, b.comment, NULL FROM before b
  UNION ALL
  SELECT 'parent', p.n, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, p.key, NULL, NULL FROM parent p
  UNION ALL
  SELECT 'split', q.n, NULL, NULL, NULL, to_char(s.split_date, 'DD.MM.YYYY'), s.ratio::text, NULL, NULL, NULL,
    s.split_date, s.security_key, s.renamed_to, NULL
  FROM keys k JOIN q USING (n) JOIN security_splits s ON s.user_id = q.uid AND s.security_key = k.key
  UNION ALL
  SELECT 'revision', q.n, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, c.deals_revision::text, NULL, NULL
  FROM q JOIN declarations c ON c.id = q.decl
  ORDER BY n, date_ NULLS LAST, id`;

/** The FIFO reads of `queries` in one round trip, answered in their order. */
export async function readFifo(db: Db, queries: readonly FifoQuery[]): Promise<FifoRead[]> {
  type Row = LotRow & {
    part_: 'pool' | 'history' | 'before' | 'parent' | 'revision' | 'split';
    n: number | string;
    date_: unknown;
    comment: string | null;
    lots_: [number, string, string][] | null;
  };
  const rows = await db.query<Row>(FIFO_SQL, [
    queries.map((q) => q.decl.id),
    queries.map((q) => q.decl.user_id),
    queries.map((q) => q.decl.year),
    queries.map((q) => q.key),
    queries.map((q) => q.dealId ?? null),
    queries.map((q) => q.parentId ?? null),
    queries.map((q) => q.dealKeyed === true),
    FIFO_SECTIONS.pool,
    FIFO_SECTIONS.sales,
  ]);
  const out: FifoRead[] = queries.map(() => ({ state: { pool: [], history: [], lots: new Map() } }));
  for (const { part_, n, date_, lots_, comment, ...row } of rows) {
    const read = out[Number(n) - 1] as FifoRead;
    if (part_ === 'before') read.before = { ...row, comment };
    else if (part_ === 'parent') read.parentKey = row.key;
    else if (part_ === 'revision') read.revision = row.key;
    else if (part_ === 'split') {
      read.state.splits ??= [];
      read.state.splits.push({
        key: row.key ?? '',
        date: row.transaction_date ?? '',
        ratio: row.currency_code ?? '1',
        ...(comment ? { to: comment } : {}),
      });
    } else read.state[part_].push(row);
    if (lots_) read.state.lots.set(row.id, lots_.map((l) => lotSignature(...l)).join(''));
  }
  return out;
}

const fifoReaders = new WeakMap<Db, (q: FifoQuery) => Promise<FifoRead>>();

/**
 * The FIFO reads of the requests in flight together, one statement for them all (`batched`). Only for
 * reads outside a transaction: a read inside one must see that transaction.
 */
export function fifoReader(db: Db): (q: FifoQuery) => Promise<FifoRead> {
  let read = fifoReaders.get(db);
  if (!read) {
    read = batched((queries: FifoQuery[]) => readFifo(db, queries));
    fifoReaders.set(db, read);
  }
  return read;
}

/** Deal-module queries the declarations repo does not have: FIFO inputs, lots, counts. */
export function dealsModuleRepo(db: Db) {
  return {
    countInSection: async (declarationId: number, section: string) =>
      (
        await db.one<{ n: number }>('SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1 AND section = $2', [
          declarationId,
          section,
        ])
      )?.n ?? 0,

    /** Everything FIFO needs for one security of a declaration, in one read (`readFifo`). */
    fifoInputs: async (decl: FifoQuery['decl'], q: Omit<FifoQuery, 'decl'>): Promise<FifoRead> =>
      (await readFifo(db, [{ decl, ...q }]))[0] as FifoRead,

    /** Purchase-history rows of the given sales (history section, first_a_and_second_section_deal_id). */
    historyOf: (declarationId: number, saleIds: readonly number[]) =>
      saleIds.length === 0
        ? Promise.resolve([] as LotRow[])
        : db.query<LotRow>(
            `SELECT ${LOT_COLUMNS}, false AS previous_period FROM deals d
             WHERE ${HISTORY_OF_SQL} AND d.history_of = ANY($2::text[])
             ORDER BY d.transaction_date NULLS LAST, d.id`,
            [declarationId, saleIds.map(String)],
          ),

    /** The lots a sale consumed, with the purchase deal's own description. */
    lotsOfSale: (saleId: number) =>
      db.query<ConsumedRow & { section: string; transaction_date: string | null; fields: Record<string, unknown> }>(
        `SELECT l.sale_deal_id, l.purchase_deal_id, l.seq, l.quantity::text AS quantity, l.cost::text AS cost,
           l.cost_kzt::text AS cost_kzt, l.currency_code, l.rate::text AS rate, l.previous_period,
           d.section, to_char(d.transaction_date, 'DD.MM.YYYY') AS transaction_date, d.fields
         FROM deal_lots l JOIN deals d ON d.id = l.purchase_deal_id
         WHERE l.sale_deal_id = $1 ORDER BY l.seq`,
        [saleId],
      ),

    /** The whole new lists of lots of many sales, in one statement per 2,000 sales. */
    async replaceLotsOf(lots: ReadonlyMap<number, readonly StoredLot[]>): Promise<void> {
      const sales = [...lots.keys()];
      for (let i = 0; i < sales.length; i += BULK) {
        const ids = sales.slice(i, i + BULK);
        const rows = ids.flatMap((id) => (lots.get(id) ?? []).map((l) => ({ ...l, sale_deal_id: id })));
        await db.query(
          `WITH dropped AS (DELETE FROM deal_lots WHERE sale_deal_id = ANY($1::int[]) RETURNING 1)
           INSERT INTO deal_lots (sale_deal_id, purchase_deal_id, seq, quantity, cost, cost_kzt, currency_code, rate,
             previous_period)
           SELECT x.sale_deal_id, x.purchase_deal_id, x.seq, x.quantity, x.cost, x.cost_kzt, x.currency_code, x.rate,
             x.previous_period
           FROM jsonb_to_recordset($2::jsonb) AS x(sale_deal_id int, purchase_deal_id int, seq int, quantity numeric,
             cost numeric, cost_kzt numeric, currency_code text, rate numeric, previous_period boolean)
           -- after the old lots are gone (a sale's lots are numbered from 1 again)
           WHERE (SELECT count(*) FROM dropped) >= 0`,
          [ids, JSON.stringify(rows)],
        );
      }
    },

    /** Recomputed FIFO figures of many sales, in one statement per 2,000 sales. */
    async updateSalesFigures(
      figures: ReadonlyMap<number, { fields: Record<string, unknown>; amountKzt: string | null }>,
    ): Promise<void> {
      const all = [...figures].map(([id, f]) => ({ id, fields: f.fields, amount_kzt: f.amountKzt }));
      for (let i = 0; i < all.length; i += BULK) {
        await db.query(
          `UPDATE deals d SET fields = x.fields, amount_kzt = x.amount_kzt
           FROM jsonb_to_recordset($1::jsonb) AS x(id int, fields jsonb, amount_kzt numeric) WHERE d.id = x.id`,
          [JSON.stringify(all.slice(i, i + BULK))],
        );
      }
    },

    /** Purchases of earlier declarations (the 'Показать сделки предыдущих периодов' toggle). */
    previousPurchases: (decl: { id: number; user_id: number; year: number }) =>
      db.query<LotRow>(
        `SELECT ${LOT_COLUMNS}, true AS previous_period
         FROM declarations c JOIN deals d ON d.declaration_id = c.id
         WHERE c.user_id = $1 AND c.id <> $2 AND c.year < $3 AND d.section = 'purchase_transaction_section'
         ORDER BY d.transaction_date, d.id`,
        [decl.user_id, decl.id, decl.year],
      ),

    brokerHidesHistory: async (broker: string | null) =>
      broker ? Boolean(await db.one('SELECT 1 FROM brokers WHERE name = $1 AND hide_history_link', [broker])) : false,
  };
}
export type DealsModuleRepo = ReturnType<typeof dealsModuleRepo>;
