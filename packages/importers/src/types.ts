import type { CorporateActionKind } from '@deklarant/contracts';
/** Normalized output of every importer. Amounts are decimal strings in the original currency. */

export type SectionKey =
  | 'first_section_a'
  | 'first_section_b'
  | 'first_section_c'
  | 'second_section'
  | 'third_section'
  | 'fourth_section'
  | 'purchase_transaction_section'
  | 'sixth_section_first_part'
  | 'sixth_section_second_part';

/** What the report row was, before the section mapping. */
export type DealKind =
  | 'sale'
  | 'purchase'
  | 'dividend'
  | 'coupon'
  | 'interest'
  | 'repayment'
  | 'position'
  | 'cash_balance'
  | 'unknown';

/** Hint for the type_of_security reference (the server maps it to its id). */
export type SecurityKind =
  | 'share'
  | 'bond'
  | 'fund'
  | 'depositary_receipt'
  | 'derivative'
  | 'digital_asset'
  | 'currency'
  | 'other';

export type MarketKind = 'KZ' | 'foreign';

export interface ImportedDeal {
  section: SectionKey;
  kind: DealKind;
  /** 1-based index into OPERATION_TYPE_NAMES; null for positions and cash balances */
  operation_type_id: number | null;
  /** dd.mm.yyyy */
  transaction_date: string;
  name_security: string;
  isin_security: string | null;
  ticker: string | null;
  quantity: string | null;
  currency_code: string;
  /** sale proceeds (sales) or gross income (dividends, coupons, interest, repayments) */
  sale_closing_cost: string | null;
  /** purchase cost (purchases), or cost basis of a sale when the report gives it */
  purchase_opening_cost: string | null;
  /** broker commission, positive */
  commission: string | null;
  /** tax withheld abroad, positive, attached to its dividend or coupon */
  foreign_tax_credit: string | null;
  /** cash balance at year end (sixth_section_second_part) */
  amount_in_currency: string | null;
  /** ISIN prefix or issuer country, ISO alpha-3 */
  country_code: string | null;
  market: MarketKind;
  /**
   * true when the deal went through a broker outside Kazakhstan (no Kazakhstan BIN exists to give),
   * from the report's broker or, in our template, the row's broker country
   */
  foreign_broker: boolean;
  /** exchange or venue as the report names it */
  exchange: string | null;
  type_of_security: SecurityKind | null;
  /** bank or broker name for foreign balances */
  bank_name: string | null;
  /** stable hash of broker + format + row identity: the server refuses duplicates */
  source_key: string;
  /** 1 = needs more information (the parser could not classify it) */
  status: 1 | null;
  comment: string | null;
  /** report row(s) this deal came from, for messages */
  row: number | string;
  /** the commission's own currency when it differs from `currency_code` (the server converts it) */
  commission_currency?: string | null;
  /** the corporate action this deal comes from (the server applies the year's rule, packages/tax) */
  corporate_action?: CorporateActionKind;
  /**
   * Shares received in a stock-for-stock merger whose broker stated no cost: the old security they replace
   * and how many old shares were given up (null: all held). The server carries the old lots' cost over
   * (`share` of it: "1" for a merger), read from this and earlier imports.
   */
  carry_from?: {
    isin_security: string | null;
    name_security: string;
    quantity: string | null;
    share: string;
  };
  /** text fields whose value starts with = + - @ (documents must never run them as formulas) */
  formula_fields?: string[];
}

export interface RowError {
  row: number | string;
  field?: string;
  message: string;
}

/** A row understood and intentionally not turned into a deal (fees, deposits, FX conversions). */
export interface SkippedRow {
  row: number | string;
  reason: string;
}

/** Money totals of one currency: what the file says vs what the created deals carry. */
export type MoneyKind = 'proceeds' | 'costs' | 'income' | 'taxes';
export type CurrencyTotals = Record<MoneyKind, { file: string; deals: string }>;

/**
 * Every row accounted for: rows read per kind, deals created per section, rows skipped (each with its
 * reason in `skipped`), and money totals per currency in the file vs in the deals.
 */
export interface Reconciliation {
  /** rows read, per kind (trade_buy, trade_sell, dividend, coupon, interest, repayment, tax, corporate_action, position, cash, unknown, skipped, error) */
  rows: Record<string, number>;
  /** deals created per section key */
  deals: Record<string, number>;
  /** deals created with status 1 'нужна информация' */
  flagged: number;
  skipped: number;
  errors: number;
  /** per currency; a currency conversion is not a money row of the declaration and is not counted */
  totals: Record<string, CurrencyTotals>;
  /** notes the user must see (a split whose earlier purchases are not in this file, a layout warning) */
  notes: string[];
}

/**
 * A split the report states (formats/corporate-actions.md). It is not a deal: the server keeps it per
 * person and security, and FIFO matches lots and sales dated before it in post-split units (quantity ×
 * ratio, cost kept), whichever import or declaration they come from.
 */
export interface ImportedSplit {
  isin_security: string | null;
  name_security: string;
  ticker: string | null;
  /** dd.mm.yyyy: deals dated before it are in pre-split units */
  transaction_date: string;
  /** new shares per old share */
  ratio: string;
  /** the security got this new ISIN: FIFO of the new one takes this one's lots and sales before the split */
  renamed_to?: string;
  description: string;
  source_key: string;
  row: number | string;
}

export interface ImportResult {
  deals: ImportedDeal[];
  /** splits with a known ratio, applied by FIFO (none when the report has none) */
  splits?: ImportedSplit[];
  errors: RowError[];
  skipped: SkippedRow[];
  broker: string;
  format: FormatId;
  reconciliation: Reconciliation;
  /** the account holder's name as the report gives it (personal data: compared, never logged) */
  holder?: string;
  /** dd.mm.yyyy, when the report states its period */
  period?: { from: string; to: string };
}

export type FormatId =
  | 'ib_flex_xml'
  | 'ib_activity_csv'
  | 'freedom_json'
  | 'freedom_xml'
  | 'halyk_xlsx'
  | 'halyk_csv'
  | 'jusan_csv'
  | 'jusan_xlsx'
  | 'binance_trades_csv'
  | 'binance_ledger_csv'
  | 'binance_convert_csv'
  | 'exante_trades_csv'
  | 'exante_transactions_csv'
  | 'bybit_spot_csv'
  | 'okx_trades_csv'
  | 'tbank_xlsx'
  | 'bcs_xls'
  | 'bcs_xlsx'
  | 'halyk_xls'
  | 'jusan_xls'
  | 'template_csv'
  | 'template_xlsx'
  | 'template_xls';

export interface ParseOptions {
  filename?: string;
  /** broker chosen on the upload screen; used only when the content is ambiguous */
  brokerHint?: string;
  /** refuse files larger than this (bytes); default 5 MB (the upload limit) */
  maxBytes?: number;
  /** refuse an xlsx whose entries inflate beyond this (bytes); default 100 MB */
  maxUncompressedBytes?: number;
}

export interface Detection {
  format: FormatId;
  broker: string;
}

export type { CorporateActionKind };
