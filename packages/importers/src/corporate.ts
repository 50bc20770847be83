/**
 * Corporate actions (formats/corporate-actions.md): what a broker's row says happened, the split
 * arithmetic on lots, and the Russian comment each resulting deal carries.
 */
import Decimal from 'decimal.js';
import type { CorporateEvent } from './events.ts';
import { tx } from './texts.ts';
import type { CorporateActionKind, ImportedDeal } from './types.ts';
import { dateSortKey } from './values.ts';

/** One lot (or sale) after a split: quantity × ratio, total cost unchanged, unit cost ÷ ratio. */
export function splitLot(
  quantity: string,
  cost: string | null,
  ratio: string,
): { quantity: string; cost: string | null } {
  return { quantity: new Decimal(quantity).times(ratio).toFixed(), cost };
}

/** "SPLIT 4 FOR 1" → "4", "1 for 10" → "0.1", "3:2" → "1.5"; null when the text gives no ratio. */
export function splitRatioOf(description: string): string | null {
  const m = /(\d+(?:\.\d+)?)\s*(?:FOR|ЗА|:|-TO-|\/)\s*(\d+(?:\.\d+)?)/i.exec(description);
  if (!m) return null;
  const from = new Decimal(m[2]!);
  if (from.isZero()) return null;
  return new Decimal(m[1]!).dividedBy(from).toFixed();
}

/** The action a description names, for reports without a type code (IB activity CSV, Flex without `type`). */
export function corporateKindOfText(description: string, cash: boolean): CorporateActionKind | null {
  const d = description.toUpperCase();
  if (/SPLIT|СПЛИТ|CONSOLIDATION/.test(d)) return 'split';
  if (/SPIN-?OFF|SPINOFF|ВЫДЕЛЕНИ/.test(d)) return 'spinoff';
  if (/MATURITY|MATURED|REDEMPTION|REDEEMED|CALLED|ПОГАШЕН/.test(d)) return 'maturity';
  if (/TENDER|BUYBACK|ВЫКУП/.test(d)) return 'tender';
  if (/STOCK DIVIDEND|BONUS ISSUE|ДИВИДЕНД АКЦИЯМИ/.test(d)) return 'stock_dividend';
  if (/WORTHLESS|DELIST|ДЕЛИСТИНГ/.test(d)) return 'delisted';
  if (/COUPON|BOND INTEREST|КУПОН/.test(d)) return 'coupon';
  if (/MERGE|ACQUI|СЛИЯНИ|ОБМЕН/.test(d)) return cash ? 'cash_merger' : 'stock_merger';
  return null;
}

/** IB Flex `CorporateAction@type` (formats.md §1) → kind; `TC` is a merger paid in cash or in shares. */
export function ibCorporateKind(type: string, description: string, cash: boolean): CorporateActionKind | null {
  switch (type.toUpperCase()) {
    case 'FS':
    case 'RS':
      return 'split';
    case 'SO':
      return 'spinoff';
    case 'TC':
      return cash ? 'cash_merger' : 'stock_merger';
    case 'TO':
    case 'TI':
      return 'tender';
    case 'BM':
    case 'TM':
      return 'maturity';
    case 'SD':
      return 'stock_dividend';
    case 'DW':
      return 'delisted';
    case 'CP':
      return 'coupon';
    default:
      return corporateKindOfText(description, cash);
  }
}

/** The deal comment: what the broker reported and how it is declared. */
export function corporateComment(e: CorporateEvent): string {
  const what = tx(`corporate.what.${e.action}`);
  const how = tx(`corporate.how.${e.action}`);
  return e.description
    ? tx('corporate.comment', { what, description: e.description, how })
    : tx('corporate.commentBare', { what, how });
}

/**
 * A split marked on this report's own deals of the security dated before it (purchases and sales). Their
 * quantities stay as the broker reported them: FIFO puts every lot and sale before the split in
 * post-split units (quantity × ratio, cost unchanged), this report's and those imported earlier alike, so
 * a later sale matches the pre-split lots with their whole cost. Returns how many deals are before it.
 */
export function markSplit(out: (ImportedDeal | null)[], security: string, date: string, ratio: string): number {
  const before = dateSortKey(date);
  let marked = 0;
  for (const d of out) {
    if (!d || (d.kind !== 'purchase' && d.kind !== 'sale') || !d.quantity) continue;
    if ((d.isin_security ?? d.ticker ?? d.name_security) !== security) continue;
    if (dateSortKey(d.transaction_date) >= before) continue;
    const note = tx('comment.splitBefore', { date, ratio, quantity: splitLot(d.quantity, null, ratio).quantity });
    d.comment = d.comment ? `${d.comment} ${note}` : note;
    marked++;
  }
  return marked;
}

/** Why a split's row is not a deal: its comment and how FIFO applies it (`marked`: this report's deals before it). */
export function splitSkipReason(e: CorporateEvent, marked: number): string {
  const comment = corporateComment(e);
  if (!e.ratio) return tx('skip.splitNoRatio', { comment });
  const values = { comment, date: e.date, ratio: e.ratio };
  return marked ? tx('skip.splitWithDeals', { ...values, deals: marked }) : tx('skip.split', values);
}

/** The reconciliation note of a split whose ratio the broker did not state. */
export const splitNoRatioNote = (e: CorporateEvent): string => tx('note.splitNoRatio', { name: e.name });
