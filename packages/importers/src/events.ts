/** What parsers emit: report facts in the original currency, before the declaration mapping. */
import type { IncomeKind } from './classify.ts';
import type { CorporateActionKind, FormatId, MarketKind, RowError, SecurityKind, SkippedRow } from './types.ts';

interface Base {
  /** report row for messages */
  row: number | string;
  /** the report's own identity of the row (trade id, transaction id) or its content */
  identity: unknown[];
  /** dd.mm.yyyy */
  date: string;
  name: string;
  isin: string | null;
  ticker: string | null;
  currency: string;
  /** issuer country alpha-3 from the report; the ISIN prefix is used otherwise */
  country?: string | null;
  exchange?: string | null;
  market?: MarketKind | null;
  security?: SecurityKind | null;
  /** per-row broker residency (our template); the report's broker decides otherwise */
  brokerIsKz?: boolean;
}

export interface TradeEvent extends Base {
  type: 'trade';
  side: 'buy' | 'sell';
  quantity: string;
  /** absolute amount paid or received */
  amount: string;
  commission: string | null;
  /** the commission's currency when the report gives one different from `currency` */
  commissionCurrency?: string | null;
  /** cost basis of a sale when the report gives it */
  cost?: string | null;
  cryptoSwap?: boolean;
  note?: string | null;
  /** a cancelled or corrected trade: kept, flagged for the user */
  flag?: string | null;
}

export interface IncomeEvent extends Base {
  type: 'income';
  kind: IncomeKind;
  /** gross, signed (reversals are negative) */
  amount: string;
  quantity?: string | null;
  /** income the user must complete (a payment the report gives net of tax): status 1 with this comment */
  flag?: string | null;
}

export interface TaxEvent extends Base {
  type: 'tax';
  /** tax withheld, positive; a refund is negative */
  amount: string;
  /** what the tax was withheld from, when the report says */
  on?: IncomeKind | null;
}

export interface PositionEvent extends Base {
  type: 'position';
  quantity: string;
  /** a holding the user must check (not at the year end): status 1 with this comment */
  flag?: string | null;
}

export interface CashEvent extends Omit<Base, 'isin' | 'ticker' | 'name'> {
  type: 'cash';
  amount: string;
  bank: string;
  /** bank country alpha-3 */
  bankCountry: string | null;
  /** a balance the user must check (not at the year end): status 1 with this comment */
  flag?: string | null;
}

/** A row the parser could not classify: it becomes a status 1 deal, never dropped. */
export interface UnknownEvent extends Base {
  type: 'unknown';
  amount: string | null;
  quantity: string | null;
  comment: string;
}

/**
 * A corporate action on one security (formats/corporate-actions.md). `quantity` is signed: shares
 * received are positive, shares given up negative; `amount` is the cash received (positive).
 */
export interface CorporateEvent extends Base {
  type: 'corporate';
  action: CorporateActionKind;
  quantity: string | null;
  amount: string | null;
  /** cost basis the broker states for the shares given up or received */
  cost?: string | null;
  /** new shares per old share of a split, when the report says ("4 for 1" → 4, "1 for 10" → 0.1) */
  ratio?: string | null;
  /**
   * A split that gives the security a new ISIN (corporate.ts splitRenames): this row gives up the old shares
   * or receives the new ones. FIFO of the new ISIN takes the old one's lots and sales before it.
   */
  renamed?: { side: 'old' | 'new'; from: string; to: string } | null;
  description: string;
  /** a disposal the user must complete (paid partly in new shares): status 1 with this comment */
  flag?: string | null;
}

export type ReportEvent =
  | TradeEvent
  | IncomeEvent
  | TaxEvent
  | PositionEvent
  | CashEvent
  | UnknownEvent
  | CorporateEvent;

/** One parser's output before assembly. */
export interface ParsedReport {
  format: FormatId;
  /** same rows in another format of the same broker get the same source keys */
  family: string;
  broker: string;
  brokerIsKz: boolean;
  /**
   * Read once, in order. A streaming parser (IB Flex) hands them out lazily and may refuse the file
   * while they are read; `errors`, `skipped` and `period` are complete once they have all been read.
   */
  events: Iterable<ReportEvent>;
  errors: RowError[];
  skipped: SkippedRow[];
  period?: { from: string; to: string };
  /** warnings about the layout (a section we do not read), shown with the reconciliation */
  notes?: string[];
  /** the account holder's name, when the report states it */
  holder?: string;
}
