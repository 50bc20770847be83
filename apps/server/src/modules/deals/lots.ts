/** The rows FIFO works on, shared by its planning (`fifo.ts`, pure) and its reads and writes (`repo.ts`). */

/** A deal as FIFO sees it: a sale or a purchase (lot) of a security. */
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

import type { ConsumedRow } from '../../db/rows.ts';

export type { ConsumedRow };

/** A lot to store for a sale (`seq` is its place in the sale's list). */
export type StoredLot = Omit<ConsumedRow, 'sale_deal_id'>;

/** What FIFO reads for some securities of a declaration (`dealsModuleRepo.fifoInputs`). */
export interface FifoState {
  /** sales and purchases of the securities in this and the user's earlier declarations, by date then id */
  pool: LotRow[];
  /** purchase-history rows of this declaration's sales among them */
  history: LotRow[];
  /** the lots each of this declaration's sales consumed so far, as signatures (`lotSignature`) */
  lots: Map<number, string>;
  /**
   * splits of the securities the user's imports reported (table security_splits), applied by FIFO; `to`: the
   * security got a new ISIN, whose FIFO takes this one's lots and sales dated before the split
   */
  splits?: { key: string; date: string; ratio: string; to?: string }[];
}
