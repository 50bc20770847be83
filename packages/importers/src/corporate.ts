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

const ISIN_FIRST = /\(([A-Z]{2}[A-Z0-9]{9}\d)\)/;
const ISIN_LAST = /,\s*([A-Z]{2}[A-Z0-9]{9}\d)\s*\)\s*$/;

/** One row of a split as a parser reads it, for `splitRenames`. */
export interface SplitRowFacts {
  /** the rows of one action share it (IB Flex `actionID`, else the day, ratio and first ISIN) */
  group: string;
  /** the row's own ISIN when the report states it (Flex `isin`) */
  own: string | null;
  description: string;
  quantity: string | null;
}

/** The group of a split row without an action id: the day, the ratio and the security named first. */
export const splitGroupOf = (date: string, description: string) =>
  `${date}|${splitRatioOf(description)}|${ISIN_FIRST.exec(description)?.[1] ?? description}`;

/**
 * Splits that give the security a new ISIN (a reverse split often does; a "CUSIP/ISIN CHANGE" always). IB
 * writes two rows: "SPCE(US…60) Split 1 for 20 (SPCE, …, US…31)" receiving the new shares and "SPCE(US…60)
 * Split 1 for 20 (SPCE.OLD, …, US…60)" giving up the old ones: the ISIN named first is the old security, a
 * row's own (or last) ISIN is its own. A group with a row whose own ISIN differs from the first is such a
 * split; per row: the side by the quantity's sign (old shares given up, new ones received) and the ISIN of
 * that side. Null for the rows of an ordinary split, whose lots are restated instead.
 */
export function splitRenames(rows: readonly SplitRowFacts[]): (SplitRename | null)[] {
  const groups = new Map<string, { old: string; new: string }>();
  for (const r of rows) {
    const first = ISIN_FIRST.exec(r.description)?.[1];
    const other = [r.own, ISIN_LAST.exec(r.description)?.[1]].find((i) => i && i !== first);
    if (!first || !other) continue;
    // the receiving row names the new ISIN for certain; a giving-up row only when nothing better is known
    if (isPositive(r.quantity) || !groups.has(r.group)) groups.set(r.group, { old: first, new: other });
  }
  // new shares per old share: the description's ratio, else the quantities received and given up
  const given = new Map<string, { old: Decimal; new: Decimal }>();
  for (const r of rows) {
    if (!groups.has(r.group) || !r.quantity) continue;
    const q = given.get(r.group) ?? { old: new Decimal(0), new: new Decimal(0) };
    const v = new Decimal(r.quantity);
    if (v.gt(0)) q.new = q.new.plus(v);
    else q.old = q.old.plus(v.abs());
    given.set(r.group, q);
  }
  return rows.map((r) => {
    const g = groups.get(r.group);
    if (!g || !r.quantity || new Decimal(r.quantity).isZero()) return null;
    const q = given.get(r.group);
    const ratio =
      splitRatioOf(r.description) ?? (q?.old.gt(0) && q.new.gt(0) ? q.new.dividedBy(q.old).toFixed() : null);
    return { side: isPositive(r.quantity) ? 'new' : 'old', ...g, ratio };
  });
}

/** A split row that gives a new ISIN: which side it is, both ISINs and the ratio (null when unknown). */
export interface SplitRename {
  side: 'old' | 'new';
  old: string;
  new: string;
  ratio: string | null;
}

const isPositive = (q: string | null) => !!q && new Decimal(q).gt(0);

/** What a parser adds to the event of a row `splitRenames` marked: the side's own ISIN and the rename. */
export const renamedFields = (r: SplitRename) => ({
  isin: r.side === 'old' ? r.old : r.new,
  renamed: { side: r.side, from: r.old, to: r.new },
  ratio: r.ratio,
});

/** The action a description names, for reports without a type code (IB activity CSV, Flex without `type`). */
export function corporateKindOfText(description: string, cash: boolean): CorporateActionKind | null {
  const d = description.toUpperCase();
  // an ISIN change is a split 1 for 1 into a new security: FIFO of the new one takes the old lots
  if (/SPLIT|СПЛИТ|CONSOLIDATION|CUSIP\/ISIN CHANGE|ISIN CHANGE/.test(d)) return 'split';
  if (/SPIN-?OFF|SPINOFF|ВЫДЕЛЕНИ|СПИН-?ОФФ/.test(d)) return 'spinoff';
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
    // a convertible bond exchanged for shares: the bonds given up ("BC") and the shares received ("CI")
    case 'BC':
    case 'CI':
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
  if (e.renamed) {
    const reason = tx('skip.splitOldIsin', { ...values, isin: e.renamed.to });
    return marked ? `${reason} ${tx('skip.splitDealsBefore', { deals: marked })}` : reason;
  }
  return marked ? tx('skip.splitWithDeals', { ...values, deals: marked }) : tx('skip.split', values);
}

/** The reconciliation note of a split whose ratio the broker did not state. */
export const splitNoRatioNote = (e: CorporateEvent): string => tx('note.splitNoRatio', { name: e.name });
