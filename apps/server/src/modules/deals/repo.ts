import Decimal from 'decimal.js';
import type { Db } from '../../db/db.ts';
import type { FifoState, StoredLot } from './fifo.ts';

export interface LotRow {
  id: number;
  /** the security FIFO matches on (column security_key, the engine's `securityKey`) where the read asks for it */
  key?: string;
  declaration_id: number;
  section: string;
  transaction_date: string | null;
  currency_code: string | null;
  status: number | null;
  fields: Record<string, unknown>;
  /** true when the deal belongs to an earlier declaration */
  previous_period: boolean;
}

export interface ConsumedRow {
  sale_deal_id: number;
  purchase_deal_id: number;
  seq: number;
  quantity: string;
  cost: string;
  cost_kzt: string;
  currency_code: string;
  rate: string;
  previous_period: boolean;
}

/** One consumed lot as text that compares equal whatever the numeric scale the database returns. */
export const lotSignature = (purchaseId: number, quantity: string, costKzt: string) =>
  `${purchaseId}:${new Decimal(quantity).toFixed()}:${new Decimal(costKzt).toFixed()};`;

const LOT_COLUMNS = `d.id, d.declaration_id, d.section, to_char(d.transaction_date, 'DD.MM.YYYY') AS transaction_date,
  d.currency_code, d.status, d.fields`;

const SALE_SECTIONS = ['first_section_a', 'second_section'];
/** The sections FIFO reads: sales, and the purchases they consume. */
export const FIFO_SECTIONS = { pool: [...SALE_SECTIONS, 'purchase_transaction_section'], sales: SALE_SECTIONS };

/** Purchase-history rows of declaration $1 (their sale is named in history_of: first_a_and_second_section_deal_id). */
const HISTORY_OF_SQL = `d.section = 'purchase_transaction_currency_section' AND d.declaration_id = $1`;

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

    /**
     * Everything FIFO needs for some securities, in one read: their sales and purchases in this
     * declaration and in the user's earlier income declarations (previous periods: the pool), the
     * purchase-history rows of this declaration's sales, and the lots those sales consumed so far. The
     * deal form's save also asks, in the same read, for the deal it changes (`dealId`: `before`, its
     * security joining `keys` when `dealKeyed`) and for the security of the sale a history row belongs
     * to (`parentId`: `parentKey`, joining `keys`). `revision` is the declaration's deals_revision as
     * this read saw it (one statement, one snapshot): a write planned from the read holds while it is current.
     */
    async fifoInputs(
      decl: { id: number; user_id: number; year: number },
      opts: { keys: readonly string[]; dealId?: number; dealKeyed?: boolean; parentId?: number },
    ): Promise<{
      state: FifoState;
      before?: LotRow & { comment: string | null };
      parentKey?: string;
      revision?: string;
    }> {
      type Row = LotRow & {
        part_: 'pool' | 'history' | 'before' | 'parent' | 'revision';
        date_: unknown;
        comment: string | null;
        lots_: [number, string, string][] | null;
      };
      const rows = await db.query<Row>(
        `WITH before AS (
           SELECT ${LOT_COLUMNS}, d.comment, d.security_key AS key FROM deals d WHERE d.declaration_id = $1 AND d.id = $7
         ), parent AS (
           SELECT d.security_key AS key FROM deals d WHERE d.declaration_id = $1 AND d.id = $8
         ), keys AS (
           SELECT k AS key FROM unnest($5::text[]) k UNION SELECT key FROM before WHERE $9 UNION SELECT key FROM parent
         ), pool AS (
           SELECT ${LOT_COLUMNS}, (d.declaration_id <> $1) AS previous_period, d.transaction_date AS date_,
             d.security_key AS key
           FROM declarations c JOIN deals d ON d.declaration_id = c.id
           WHERE c.user_id = $2 AND (c.id = $1 OR (c.year < $3 AND c.reporting_form_id <> 2))
             AND d.section = ANY($4) AND d.security_key IN (SELECT key FROM keys WHERE key <> '')
         ), sales AS (
           SELECT id FROM pool WHERE NOT previous_period AND section = ANY($6)
         )
         SELECT 'pool' AS part_, pool.*, NULL AS comment,
           (SELECT json_agg(json_build_array(l.purchase_deal_id, l.quantity::text, l.cost_kzt::text) ORDER BY l.seq)
            FROM deal_lots l WHERE l.sale_deal_id = pool.id AND pool.id IN (SELECT id FROM sales)) AS lots_
         FROM pool
         UNION ALL
         SELECT 'history', ${LOT_COLUMNS}, false, d.transaction_date, NULL, NULL, NULL FROM deals d
         WHERE ${HISTORY_OF_SQL} AND d.history_of IN (SELECT id::text FROM sales)
         UNION ALL
         SELECT 'before', b.id, b.declaration_id, b.section, b.transaction_date, b.currency_code, b.status, b.fields,
           false, NULL, b.key, b.comment, NULL FROM before b
         UNION ALL
         SELECT 'parent', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, p.key, NULL, NULL FROM parent p
         UNION ALL
         SELECT 'revision', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, c.deals_revision::text, NULL, NULL
         FROM declarations c WHERE c.id = $1
         ORDER BY date_ NULLS LAST, id`,
        [
          decl.id,
          decl.user_id,
          decl.year,
          FIFO_SECTIONS.pool,
          opts.keys.filter(Boolean),
          FIFO_SECTIONS.sales,
          opts.dealId ?? null,
          opts.parentId ?? null,
          opts.dealKeyed === true,
        ],
      );
      const state: FifoState = { pool: [], history: [], lots: new Map() };
      const out: Awaited<ReturnType<DealsModuleRepo['fifoInputs']>> = { state };
      for (const { part_, date_, lots_, comment, ...row } of rows) {
        if (part_ === 'before') out.before = { ...row, comment };
        else if (part_ === 'parent') out.parentKey = row.key;
        else if (part_ === 'revision') out.revision = row.key;
        else state[part_].push(row);
        if (lots_) state.lots.set(row.id, lots_.map((l) => lotSignature(...l)).join(''));
      }
      return out;
    },

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

    async replaceLots(saleId: number, rows: readonly StoredLot[]): Promise<void> {
      await db.query('DELETE FROM deal_lots WHERE sale_deal_id = $1', [saleId]);
      if (rows.length === 0) return;
      const params: unknown[] = [];
      const values = rows.map((r) => {
        params.push(
          saleId,
          r.purchase_deal_id,
          r.seq,
          r.quantity,
          r.cost,
          r.cost_kzt,
          r.currency_code,
          r.rate,
          r.previous_period,
        );
        const n = params.length - 9;
        return `(${Array.from({ length: 9 }, (_, k) => `$${n + k + 1}`).join(', ')})`;
      });
      await db.query(
        `INSERT INTO deal_lots (sale_deal_id, purchase_deal_id, seq, quantity, cost, cost_kzt, currency_code, rate,
           previous_period) VALUES ${values.join(', ')}`,
        params,
      );
    },

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

    /** Stores recomputed FIFO figures of a sale (cost, income, tile amount). */
    updateSaleFigures: async (saleId: number, fields: Record<string, unknown>, amountKzt: string | null) => {
      await db.query('UPDATE deals SET fields = $2, amount_kzt = $3 WHERE id = $1', [
        saleId,
        JSON.stringify(fields),
        amountKzt,
      ]);
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
