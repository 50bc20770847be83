import { compareRuDates } from '@deklarant/contracts';
/** Interactive Brokers Activity Flex Query XML (packages/importers/formats/ib-flex.md). */
import { securityKindOf } from '../classify.ts';
import { ibCorporateKind, renamedFields, splitGroupOf, splitRatioOf, splitRenames } from '../corporate.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent, TradeEvent } from '../events.ts';
import { xmlScanner } from '../read/xml-scan.ts';
import { tx } from '../texts.ts';
import type { SecurityKind } from '../types.ts';
import {
  abs,
  add,
  type DateOrder,
  isBlank,
  isNegative,
  isZero,
  mul,
  provenDateOrder,
  readDate,
  readDecimal,
  readIsin,
  SLASHED_DATE,
  text,
} from '../values.ts';
import { countryCode, notYearEnd, RowReader } from './common.ts';

/** The ISIN of a Flex row: its isin attribute, its securityID when that is an ISIN, or one written in the description. */
const flexIsin = (a: { isin?: unknown; securityID?: unknown; securityIDType?: unknown }, description: string) =>
  readIsin(a.isin) ?? (text(a.securityIDType) === 'ISIN' ? readIsin(a.securityID) : null) ?? isinInText(description);

type Attrs = Record<string, string | undefined>;

export const IB_BROKER = 'Interactive Brokers';
export const IB_BANK = { name: 'Interactive Brokers LLC', country: 'USA' };

/**
 * The IB company that holds the account, by AccountInformation `ibEntity` ("IBLLC-US", "IB-UK", "IBIE", "IB-CA",
 * "IBCE"…): the bank of section 6.2 and its country. An entity not listed stays Interactive Brokers LLC.
 */
const IB_ENTITIES: [RegExp, { name: string; country: string }][] = [
  [/^IBCE/, { name: 'Interactive Brokers Central Europe Zrt.', country: 'HUN' }],
  [/^IBUK/, { name: 'Interactive Brokers (U.K.) Limited', country: 'GBR' }],
  [/^IBIE/, { name: 'Interactive Brokers Ireland Limited', country: 'IRL' }],
  [/^IBCA|^IBC$|^IBCAN/, { name: 'Interactive Brokers Canada Inc.', country: 'CAN' }],
  [/^IBAU/, { name: 'Interactive Brokers Australia Pty. Ltd.', country: 'AUS' }],
  [/^IBHK/, { name: 'Interactive Brokers Hong Kong Limited', country: 'HKG' }],
  [/^IBSG/, { name: 'Interactive Brokers Singapore Pte. Ltd.', country: 'SGP' }],
  [/^IBSJ|^IBJP/, { name: 'Interactive Brokers Securities Japan Inc.', country: 'JPN' }],
  [/^IBI$|^IBIN/, { name: 'Interactive Brokers (India) Pvt. Ltd.', country: 'IND' }],
];
export function ibBank(entity: string | undefined): { name: string; country: string } {
  const code = (entity ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  return IB_ENTITIES.find(([re]) => re.test(code))?.[1] ?? IB_BANK;
}

/** IB asset category (+ sub category) → our security kind. */
export function ibSecurity(category: string | undefined, sub?: string | undefined): SecurityKind | null {
  const s = text(sub).toUpperCase();
  if (s === 'ETF') return 'fund';
  if (s === 'ADR' || s === 'GDR') return 'depositary_receipt';
  return securityKindOf(category);
}

/**
 * A share or fund sold short (a sale opening a position): it uses up no purchase, and its income is known only
 * against the buy-back, so it waits for a person instead of asking for a purchase history it cannot have.
 * Options written are derivatives, which wait anyway.
 */
export function shortSale(side: 'buy' | 'sell', opening: boolean, category: string | undefined): string | null {
  return side === 'sell' && opening && securityKindOf(category) !== 'derivative' ? tx('comment.shortSale') : null;
}

/** The rows of one FlexStatement that are read once the statement is complete (they are few). */
interface Statement {
  attrs: Attrs;
  account: string;
  trades: number;
  cash: Attrs[];
  positions: Attrs[];
  cashReport: Attrs[];
  corporate: Attrs[];
  /** positions and cash moved in or out (another broker, another IB account) */
  transfers: Attrs[];
  /** option exercises, assignments and expirations: their trades are in Trades (checked by trade id) */
  optionEae: Attrs[];
  tradeIds: Set<string>;
  /** the trades, held to the statement's end when the file has cancellations (settleCancels); else null */
  held: Held[] | null;
  /** AccountInformation ibEntity: the IB company that holds the account ("IB-UK", "IBCE"…) */
  entity?: string;
}

/** Sections read, and sections that hold no money rows of their own (summaries, reference data). */
const READ_SECTIONS = new Set([
  'Trades',
  'CashTransactions',
  'OpenPositions',
  'CashReport',
  'CorporateActions',
  'OptionEAE',
  'Transfers',
]);
const QUIET_SECTIONS = new Set([
  'AccountInformation',
  'ChangeInNAV',
  'EquitySummaryInBase',
  'MTMPerformanceSummaryInBase',
  'FIFOPerformanceSummaryInBase',
  'MTDYTDPerformanceSummary',
  'SecuritiesInfo',
  'ConversionRates',
  'ChangeInPositionValues',
  'NetStockPositionSummary',
  'ComplexPositions',
  'PriorPeriodPositions',
  'UnbundledCommissionDetails',
  'TierInterestDetails',
  'InterestAccruals',
  'ChangeInDividendAccruals',
  'OpenDividendAccruals',
  'SLBActivities',
  'SLBFees',
  'HKIPOSubscriptionActivity',
  'FxTransactions',
]);

/** Rows of the Trades section that repeat its executions: order level, per-symbol and per-asset totals, closed lots. */
const TRADE_SUMMARIES = new Set(['Order', 'SymbolSummary', 'AssetSummary', 'Lot']);

/**
 * The date order of a statement: a Flex query writes every date in the one format chosen for it, and "dd/MM/yyyy"
 * is one of them (a query made in Europe). The statement's own dates tell it: a first number above 12 is a day
 * ("31/12/2025"), a second one above 12 is a day of "MM/dd/yyyy"; when both readings are valid, the one that keeps
 * fromDate before toDate; else IB's default, month first.
 */
export function dateOrderOf(a: Attrs): DateOrder {
  const proven = provenDateOrder([a.fromDate, a.toDate, a.whenGenerated]);
  if (proven) return proven;
  const inOrder = (o: DateOrder) => {
    const from = readDate(a.fromDate, o);
    const to = readDate(a.toDate, o);
    return !!from && !!to && compareRuDates(from, to) <= 0;
  };
  return SLASHED_DATE.test(text(a.fromDate)) && !inOrder('mdy') && inOrder('dmy') ? 'dmy' : 'mdy';
}

/** What to export instead, for a Flex query whose layout we do not read. */
export const FLEX_HOW_TO = tx('refuse.ibFlexHowTo');

/**
 * Reads the report in one streaming pass (read/xml-scan.ts) and hands out its events lazily: each Trade
 * becomes an event as soon as it is read, and is turned into a deal by `assemble` before the next one
 * is read, so neither the attributes nor the events of 50,000 trades are ever held at once. The few
 * cash, position and cash report rows of a statement are kept until the statement ends, because a
 * DETAIL row anywhere changes how SUMMARY rows count. Events come out in the order the tree-based
 * reader gave: per statement, trades, then cash transactions, open positions and cash balances.
 *
 * DOCTYPE/ENTITY and truncation are refused here; everything found while reading (malformed XML, no
 * statement, a Flex service error answer) is refused while the events are consumed, and `errors`,
 * `skipped` and `period` are complete once they are.
 */
export function parseIbFlex(xml: string): ParsedReport {
  /** the date order of the query ("MM/dd/yyyy" or "dd/MM/yyyy"), decided by each statement's own dates */
  let order: DateOrder = 'mdy';
  let r = new RowReader(order);
  const pending: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  let from: string | null = null;
  let to: string | null = null;
  let root = '';
  /** the root element has neither attributes nor content (`<FlexQueryResponse/>`) */
  let rootEmpty = true;
  let statements = 0;
  let st: Statement | null = null;
  /** text of FlexStatementResponse/ErrorMessage, the Flex web service's error answer */
  let errorMessage: string | null = null;
  let inErrorMessage = false;
  /** names of the open elements, by depth */
  const path: string[] = [];
  /** execution rows, order-level rows and rows of the layouts we do not read, for the layout checks */
  let executions = 0;
  let read = 0;
  let orders = 0;
  const unread = new Map<string, number>();
  // trades stream out one by one; a file with cancellations holds each statement's trades to pair them first
  const mayCancel = xml.includes('(Ca.)') || xml.includes('Cancel"');

  const scanner = xmlScanner(xml, {
    open(name, attrs, depth) {
      path[depth] = name;
      if (depth === 0) {
        root = name;
        rootEmpty = Object.keys(attrs).length === 0;
        return;
      }
      rootEmpty = false;
      if (root === 'FlexQueryResponse') {
        if (depth === 2 && name === 'FlexStatement' && path[1] === 'FlexStatements') {
          statements++;
          const stOrder = dateOrderOf(attrs);
          if (stOrder !== order) {
            // a query set to "dd/MM/yyyy": its rows are read day first (errors of earlier statements kept)
            order = stOrder;
            const earlier = r.errors;
            r = new RowReader(order);
            r.errors.push(...earlier);
            report.errors = r.errors;
          }
          st = {
            attrs,
            account: text(attrs.accountId),
            trades: 0,
            cash: [],
            positions: [],
            cashReport: [],
            corporate: [],
            transfers: [],
            optionEae: [],
            tradeIds: new Set(),
            held: mayCancel ? [] : null,
          };
          const stFrom = readDate(attrs.fromDate, order);
          const stTo = readDate(attrs.toDate, order);
          if (stFrom && (!from || compareRuDates(stFrom, from) < 0)) {
            from = stFrom;
          }
          if (stTo && (!to || compareRuDates(stTo, to) > 0)) to = stTo;
        } else if (depth === 3 && name === 'AccountInformation') {
          if (attrs.name && !report.holder) report.holder = text(attrs.name);
          if (st && attrs.ibEntity) st.entity = text(attrs.ibEntity);
        } else if (depth === 4 && st) {
          const section = path[3]!;
          if (section === 'Trades' && name === 'Trade') {
            const level = attrs.levelOfDetail ? text(attrs.levelOfDetail).toUpperCase() : '';
            if (isAccountsSummary(attrs)) {
              skipped.push({ row: `Trade №${++st.trades}`, reason: tx('skip.accountsSummaryRow') });
            } else if (!level || level === 'EXECUTION') {
              executions++;
              if (attrs.tradeID) st.tradeIds.add(text(attrs.tradeID));
              trade(attrs, ++st.trades, st.account, r, pending, st.held);
            } else {
              orders++;
              skipped.push({
                row: `Trade ${level} (${st.account})`,
                reason: tx('skip.summaryLevel', { level }),
              });
            }
          } else if (section === 'Trades' && TRADE_SUMMARIES.has(name)) {
            // order-level and summary rows (and closed lots) repeat the executions: listed, never read as deals
            if (name !== 'Lot') orders++;
            const level = text(attrs.levelOfDetail).toUpperCase() || name.toUpperCase();
            skipped.push({
              row: `${[name, text(attrs.symbol)].filter(Boolean).join(' ')} (${st.account})`,
              reason: tx('skip.summaryLevel', { level }),
            });
          } else if (section === 'CashTransactions' && name === 'CashTransaction') st.cash.push(attrs);
          else if (section === 'OpenPositions' && name === 'OpenPosition') st.positions.push(attrs);
          else if (section === 'CashReport' && name === 'CashReportCurrency') st.cashReport.push(attrs);
          else if (section === 'CorporateActions' && name === 'CorporateAction') st.corporate.push(attrs);
          else if (section === 'Transfers' && name === 'Transfer') st.transfers.push(attrs);
          else if (section === 'OptionEAE' && name === 'OptionEAE') st.optionEae.push(attrs);
          else if (section === 'SalesTaxes' && name === 'SalesTax') {
            skipped.push(salesTaxRow(attrs, 'ibSalesTax', order));
          } else if (section === 'TransactionTaxes' && name === 'TransactionTax') {
            skipped.push(salesTaxRow(attrs, 'ibTransactionTax', order));
          } else if (!READ_SECTIONS.has(section) && !QUIET_SECTIONS.has(section)) {
            unread.set(section, (unread.get(section) ?? 0) + 1);
          }
          if (section !== 'Trades' && READ_SECTIONS.has(section)) read++;
        }
      } else if (depth === 1 && name === 'ErrorMessage' && errorMessage === null) {
        errorMessage = '';
        inErrorMessage = true;
      }
    },
    close(name, depth) {
      if (depth === 2 && st && name === 'FlexStatement') {
        if (st.held) settleCancels(st.held, pending, skipped);
        corporateActions(st, r, pending, skipped);
        transfers(st, r, pending, skipped);
        statementRows(st, r, pending, skipped);
        optionEvents(st, r, pending, skipped);
        st = null;
      } else if (depth === 1) inErrorMessage = false;
    },
    text(value) {
      rootEmpty = false;
      if (inErrorMessage) errorMessage += value;
    },
  });

  function* events(): Generator<ReportEvent> {
    while (scanner.step()) {
      if (!pending.length) continue;
      for (const e of pending) yield e;
      pending.length = 0;
    }
    if (root !== 'FlexQueryResponse' || rootEmpty) {
      refuse(
        'columns',
        errorMessage ? tx('refuse.ibFlexErrorAnswer', { error: text(errorMessage) }) : tx('refuse.ibFlexNoReport'),
      );
    }
    if (!statements) refuse('columns', tx('refuse.ibFlexNoStatement'));
    checkLayout(executions, orders, read, unread, report);
    if (from && to) report.period = { from, to };
  }

  const report: ParsedReport = {
    format: 'ib_flex_xml',
    family: 'ib',
    broker: IB_BROKER,
    brokerIsKz: false,
    events: events(),
    errors: r.errors,
    skipped,
  };
  return report;
}

/**
 * Flex layouts we do not read are refused with what to export instead: a query at order level (its trades
 * would be lost), a Trade Confirmation or statement-of-funds query, or sections with rows and nothing we
 * read. Sections we do not know next to ones we read are a warning in the reconciliation.
 */
function checkLayout(
  executions: number,
  orders: number,
  read: number,
  unread: Map<string, number>,
  report: ParsedReport,
): void {
  if (orders > 0 && executions === 0) {
    refuse('columns', tx('refuse.ibFlexOrdersOnly', { howTo: FLEX_HOW_TO }));
  }
  const names = [...unread.keys()];
  if (executions === 0 && read === 0 && names.length) {
    refuse(
      'columns',
      unread.has('TradeConfirms')
        ? tx('refuse.ibFlexTradeConfirm', { howTo: FLEX_HOW_TO })
        : unread.has('StmtFunds')
          ? tx('refuse.ibFlexFundsOnly', { howTo: FLEX_HOW_TO })
          : tx('refuse.ibFlexUnreadOnly', { sections: names.join(', '), howTo: FLEX_HOW_TO }),
    );
  }
  if (names.length) {
    report.notes = [tx('note.ibFlexUnread', { sections: names.map((n) => `${n} — ${unread.get(n)}`).join(', ') })];
  }
}

/**
 * Taxes IB lists in sections of their own, each row skipped with what it is: a sales tax (VAT, GST) charged on
 * a commission or a fee is a tax on the broker's service, not a deal; a transaction tax (stamp duty, FTT) is
 * already on its trade (`taxes`, added to the commission there), so reading it again would count it twice.
 */
function salesTaxRow(
  a: Attrs,
  key: 'ibSalesTax' | 'ibTransactionTax',
  order: DateOrder,
): { row: string; reason: string } {
  const amount = text(key === 'ibSalesTax' ? a.salesTax : a.taxAmount);
  const raw = a.date || a.reportDate;
  const date = readDate(raw, order) ?? text(raw);
  const description =
    text(key === 'ibSalesTax' ? a.taxableDescription || a.description : a.taxDescription || a.description) ||
    text(a.symbol);
  return {
    row: `${key === 'ibSalesTax' ? 'SalesTax' : 'TransactionTax'} ${date}`.trim(),
    reason: tx(`skip.${key}`, {
      amount: amount.replace(/^-/, ''),
      currency: text(a.currency),
      description,
    }),
  };
}

/** "MSFT(US5949181045) MICROSOFT CORP" → "MICROSOFT CORP": the security's name without the code the ISIN came with. */
const withoutIsinPrefix = (description: string) => description.replace(/^\S+\([A-Z]{2}[A-Z0-9]{9}\d\)\s+/, '');

/** An ISIN written only inside a description: "MSFT(US5949181045) Cash Dividend…". */
export const isinInText = (description: string): string | null => {
  const m = /\(([A-Z]{2}[A-Z0-9]{9}\d)\)/.exec(description);
  return m ? m[1]! : null;
};

/**
 * A row summed over the accounts of the query (`accountId="-"`, no transaction id): a query with summaries
 * repeats each account's rows this way (CashTransactions without `levelOfDetail`), so reading both would
 * count every dividend and tax twice.
 */
const isAccountsSummary = (a: Attrs) => String(a.accountId ?? '').trim() === '-';
/** The rows name real accounts: then `isAccountsSummary` rows are repeats, not the only copy. */
const hasAccountRows = (rows: readonly Attrs[]) => rows.some((a) => text(a.accountId) && !isAccountsSummary(a));

/** One Trade (the `n`-th of its statement). */
function trade(t: Attrs, n: number, account: string, r: RowReader, events: ReportEvent[], held: Held[] | null): void {
  const row = `Trade №${n}${account ? ` (${account})` : ''}`;
  const date = r.date(row, 'tradeDate', t.tradeDate || t.dateTime);
  const quantity = r.number(row, 'quantity', t.quantity);
  const currency = r.currency(row, 'currency', t.currency);
  if (!date || !quantity || !currency) return;
  const proceeds = isBlank(t.proceeds)
    ? mul(mul(quantity, r.number(row, 'tradePrice', t.tradePrice) ?? '0'), text(t.multiplier) || '1')
    : r.number(row, 'proceeds', t.proceeds);
  if (proceeds === null) return;
  const buySell = text(t.buySell).toUpperCase();
  const side = buySell ? (buySell.startsWith('SELL') ? 'sell' : 'buy') : quantity.startsWith('-') ? 'sell' : 'buy';
  const cancelled = buySell.includes('(CA.)') || /Cancel/i.test(text(t.transactionType));
  const ibCommission = r.optionalNumber(row, 'ibCommission', t.ibCommission);
  // transaction taxes (GST, stamp duty, FTT) are a cost of the trade like the commission
  const taxes = t.taxes === undefined ? null : r.optionalNumber(row, 'taxes', t.taxes);
  const cost = r.optionalNumber(row, 'cost', t.cost);
  if (ibCommission === false || cost === false || taxes === false) return;
  const commission = taxes && !isZero(taxes) ? add(abs(ibCommission ?? '0'), abs(taxes)) : ibCommission;
  const isin = flexIsin(t, text(t.description));
  const commissionCurrency = text(t.ibCommissionCurrency).toUpperCase();
  // a sale that opens a short position (openCloseIndicator "O": an option written, a share sold short) states as
  // `cost` the credit received (−(proceeds − commission)), not the cost of anything bought (IB CSV: Code "O")
  const opening = text(t.openCloseIndicator).toUpperCase() === 'O';
  const e: TradeEvent = {
    type: 'trade',
    row,
    identity: [
      account,
      text(t.tradeID) || text(t.transactionID) || text(t.ibExecID) || [date, t.symbol, quantity, proceeds].join('|'),
    ],
    date,
    side,
    name: withoutIsinPrefix(text(t.description)) || text(t.symbol),
    isin,
    ticker: text(t.symbol) || null,
    currency,
    quantity: abs(quantity),
    amount: abs(proceeds),
    commission: commission && !isZero(commission) ? abs(commission) : null,
    commissionCurrency: commissionCurrency || null,
    cost: side === 'sell' && !opening && cost && !isZero(cost) ? abs(cost) : null,
    country: countryCode(t.issuerCountryCode),
    exchange: text(t.listingExchange) || text(t.exchange) || null,
    market: 'foreign',
    security: ibSecurity(t.assetCategory, t.subCategory),
    flag: cancelled ? tx('comment.cancelledTrade') : shortSale(side, opening, t.assetCategory),
  };
  if (!held) {
    events.push(e);
    return;
  }
  held.push({
    e,
    cancel: cancelled,
    tradeId: text(t.tradeID),
    orig: text(t.origTradeID),
    day: `${text(t.conid) || text(t.symbol)}|${date}`,
    quantity,
    proceeds,
  });
}

/** A trade of a statement that has cancellations, held until the statement ends to pair each with what it cancels. */
export interface Held {
  e: TradeEvent;
  /** a cancellation: buySell "SELL (Ca.)", transactionType "TradeCancel", "FracShareCancel" */
  cancel: boolean;
  tradeId: string;
  /** origTradeID: the trade a cancellation cancels, when IB says */
  orig: string;
  /** security and trade day */
  day: string;
  /** signed */
  quantity: string;
  proceeds: string;
}

/**
 * A cancellation and the trade it cancels, both in the statement (a trade busted or corrected: `TradeCancel`
 * with origTradeID, a fractional share sale `FracShareCancel` of the same day, quantity and proceeds reversed), net
 * to nothing: both are listed as skipped with the reason. Before, the cancelled trade stayed a sale or purchase of
 * the declaration and only the cancellation waited for a person. A cancellation whose trade is in another report
 * stays a deal with status 1 (`comment.cancelledTrade`).
 */
export function settleCancels(held: Held[], events: ReportEvent[], skipped: ParsedReport['skipped']): void {
  const paired = new Set<Held>();
  // the trades a cancellation may name, by trade id and by security, day, quantity and proceeds (in file order)
  const byId = new Map<string, Held[]>();
  const byContent = new Map<string, Held[]>();
  const push = (m: Map<string, Held[]>, k: string, h: Held) => (m.get(k) ?? m.set(k, []).get(k)!).push(h);
  for (const h of held) {
    if (h.cancel) continue;
    if (h.tradeId) push(byId, h.tradeId, h);
    push(byContent, `${h.day}|${h.quantity}|${h.proceeds}`, h);
  }
  const unpaired = (list: Held[] | undefined) => list?.find((h) => !paired.has(h));
  for (const c of held) {
    if (!c.cancel) continue;
    const o =
      (c.orig ? unpaired(byId.get(c.orig)) : undefined) ??
      unpaired(byContent.get(`${c.day}|${negate(c.quantity)}|${negate(c.proceeds)}`));
    if (!o) continue;
    paired.add(o).add(c);
    skipped.push({ row: o.e.row, reason: tx('skip.ibTradeCancelled', { row: c.e.row }) });
    skipped.push({ row: c.e.row, reason: tx('skip.ibTradeCancel', { row: o.e.row }) });
  }
  for (const h of held) if (!paired.has(h)) events.push(h.e);
  held.length = 0;
}

/** Cash transactions, open positions and cash balances of a complete statement. */
function statementRows(st: Statement, r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']): void {
  const { attrs: a, account } = st;

  const hasDetail = st.cash.some((c) => text(c.levelOfDetail).toUpperCase() === 'DETAIL');
  const cashSummaries = hasAccountRows(st.cash);
  const paid = new Set<string>();
  for (const c of st.cash) {
    const amount = readDecimal(c.amount);
    if (incomeKindOf(text(c.type)) === 'dividend' && amount && !isNegative(amount))
      paid.add(paymentKey(c, text(c.currency), amount));
  }
  st.cash.forEach((c, i) => {
    const row = `CashTransaction №${i + 1}${account ? ` (${account})` : ''}`;
    if (hasDetail && text(c.levelOfDetail).toUpperCase() === 'SUMMARY') {
      // the same payment summed up: its DETAIL rows are read
      skipped.push({ row, reason: tx('skip.cashSummary', { type: text(c.type) || tx('value.noType') }) });
      return;
    }
    if (cashSummaries && isAccountsSummary(c)) {
      skipped.push({ row: `CashTransaction №${i + 1}`, reason: tx('skip.accountsSummaryRow') });
      return;
    }
    cashTransaction(c, row, account, r, events, skipped, paid);
  });

  const hasSummary = st.positions.some((p) => text(p.levelOfDetail).toUpperCase() === 'SUMMARY');
  const positionSummaries = hasAccountRows(st.positions);
  st.positions.forEach((p, i) => {
    const row = `OpenPosition №${i + 1}${account ? ` (${account})` : ''}`;
    if (hasSummary && text(p.levelOfDetail).toUpperCase() !== 'SUMMARY') return;
    if (positionSummaries && isAccountsSummary(p)) return;
    const security = ibSecurity(p.assetCategory, p.subCategory);
    if (security === 'currency') return;
    const date = r.date(row, 'reportDate', p.reportDate || a.toDate);
    const quantity = r.number(row, 'position', p.position ?? p.quantity);
    const currency = r.currency(row, 'currency', p.currency);
    if (!date || !quantity || !currency || isZero(quantity)) return;
    const name = withoutIsinPrefix(text(p.description)) || text(p.symbol);
    if (isNegative(quantity) || /^short$/i.test(text(p.side))) {
      // a short position (shares sold short, an option written) is an obligation, not property held abroad
      skipped.push({ row, reason: tx('skip.ibShortPosition', { quantity, name, date }) });
      return;
    }
    events.push({
      type: 'position',
      row,
      identity: [account, text(p.conid) || text(p.isin) || text(p.symbol), date],
      date,
      name,
      isin: readIsin(p.isin),
      ticker: text(p.symbol) || null,
      currency,
      quantity,
      country: countryCode(p.issuerCountryCode),
      exchange: text(p.listingExchange) || null,
      market: 'foreign',
      security,
      flag: notYearEnd(date),
    });
  });

  st.cashReport.forEach((c, i) => {
    const row = `CashReportCurrency №${i + 1}${account ? ` (${account})` : ''}`;
    const currency = text(c.currency).toUpperCase();
    if (!currency || currency === 'BASE_SUMMARY') return;
    const amount = r.number(row, 'endingCash', c.endingCash);
    const date = r.date(row, 'toDate', c.toDate || a.toDate);
    if (!amount || !date || isZero(amount)) return;
    if (isNegative(amount)) {
      // a debit balance is money owed to the broker (a margin loan), not money held on the account
      skipped.push({ row, reason: tx('skip.ibNegativeCash', { amount: abs(amount), currency, date }) });
      return;
    }
    events.push({
      type: 'cash',
      row,
      identity: [account, currency, date],
      date,
      currency,
      amount,
      bank: ibBank(st.entity).name,
      bankCountry: ibBank(st.entity).country,
      flag: notYearEnd(date),
    });
  });
}

/**
 * The corporate actions of a complete statement (formats/corporate-actions.md). Each row becomes one
 * event; the second row of the same split (a reverse split removes the old line and adds the new one)
 * is listed as skipped, the lots are recomputed once. A split that gives a new ISIN keeps both rows
 * (corporate.ts splitRenames): the new shares take over the old ones' cost.
 */
function corporateActions(st: Statement, r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']): void {
  const { account } = st;
  const hasDetail = st.corporate.some((c) => text(c.levelOfDetail).toUpperCase() === 'DETAIL');
  const summaries = hasAccountRows(st.corporate);
  const rows = st.corporate.flatMap((c, i) => {
    const row = `CorporateAction №${i + 1}${account ? ` (${account})` : ''}`;
    if (summaries && isAccountsSummary(c)) {
      skipped.push({ row, reason: tx('skip.accountsSummaryRow') });
      return [];
    }
    if (hasDetail && text(c.levelOfDetail).toUpperCase() === 'SUMMARY') {
      skipped.push({ row, reason: tx('skip.corporateSummary') });
      return [];
    }
    const description = text(c.actionDescription) || text(c.description);
    const date = r.date(row, 'dateTime', c.dateTime || c.reportDate);
    const currency = r.currency(row, 'currency', c.currency);
    const quantity = r.optionalNumber(row, 'quantity', c.quantity);
    const proceeds = r.optionalNumber(row, 'proceeds', c.proceeds);
    const amount = r.optionalNumber(row, 'amount', c.amount);
    const costBasis = c.costBasis === undefined ? null : r.optionalNumber(row, 'costBasis', c.costBasis);
    if (!date || !currency || quantity === false || proceeds === false || amount === false || costBasis === false)
      return [];
    const cash = [proceeds, amount].find((v) => v && !isZero(v)) ?? null;
    const kind = ibCorporateKind(text(c.type), description, cash !== null);
    const actionId = text(c.actionID) || description;
    const group = text(c.actionID) || splitGroupOf(date, description);
    return [{ c, row, description, date, currency, quantity, cash, costBasis, kind, actionId, group }];
  });
  const splitRows = rows.filter((x) => x.kind === 'split');
  const renames = new Map(
    splitRenames(
      splitRows.map((x) => ({
        group: x.group,
        own: readIsin(x.c.isin),
        description: x.description,
        quantity: x.quantity,
      })),
    ).map((v, i) => [splitRows[i]!, v]),
  );
  // a subscription paid on the line giving up the rights (IB "SR": rights −1 200, proceeds −1 788) while the line
  // receiving the new shares of the same action (+120) states no money: those shares are bought for what was paid
  const paidFor = new Map<CorporateRow, CorporateRow>();
  for (const x of rows) {
    const action = text(x.c.actionID);
    if (!action || !x.cash?.startsWith('-') || !x.quantity?.startsWith('-')) continue;
    const receiving = rows.filter(
      (o) =>
        o !== x &&
        text(o.c.actionID) === action &&
        text(o.c.conid) !== text(x.c.conid) &&
        o.cash === null &&
        !!o.quantity &&
        !o.quantity.startsWith('-') &&
        !isZero(o.quantity),
    );
    if (receiving.length === 1 && !paidFor.has(receiving[0]!)) paidFor.set(receiving[0]!, x);
  }
  const payers = new Map([...paidFor].map(([receiving, payer]) => [payer, receiving]));
  const splits = new Set<string>();
  for (const x of rows) {
    const { c, row, description, date, currency, quantity, cash, costBasis, kind, actionId, group } = x;
    const base = {
      row,
      identity: [account, text(c.transactionID) || [text(c.type), actionId, c.conid, quantity, date].join('|')],
      date,
      name: text(c.symbol) || description,
      isin: flexIsin(c, description),
      ticker: text(c.symbol) || null,
      currency,
      country: countryCode(c.issuerCountryCode),
      exchange: text(c.listingExchange) || null,
      market: 'foreign' as const,
      security: ibSecurity(c.assetCategory, c.subCategory),
    };
    const payer = paidFor.get(x);
    if (payer && quantity) {
      events.push({
        type: 'trade',
        ...base,
        side: 'buy',
        quantity,
        amount: abs(payer.cash!),
        commission: null,
        note: tx('comment.ibCorporatePurchase', { description }),
      });
      continue;
    }
    const receiving = payers.get(x);
    if (receiving && cash) {
      skipped.push({
        row,
        reason: tx('skip.ibCorporatePaidOnOtherRow', { amount: abs(cash), currency, description, row: receiving.row }),
      });
      continue;
    }
    if (quantity && !quantity.startsWith('-') && !isZero(quantity) && cash?.startsWith('-')) {
      // shares received for money paid (rights subscribed, IB "SR"): a purchase of them at what was paid
      events.push({
        type: 'trade',
        ...base,
        side: 'buy',
        quantity,
        amount: abs(cash),
        commission: null,
        note: tx('comment.ibCorporatePurchase', { description }),
      });
      continue;
    }
    if (cash !== null && (!quantity || isZero(quantity)) && paidOnAnotherRow(x, rows)) {
      skipped.push({ row, reason: tx('skip.corporateCashRepeat', { description }) });
      continue;
    }
    if (!kind) {
      if (cash === null) {
        skipped.push({ row, reason: tx('skip.corporateTypeNoCash', { type: text(c.type) || description }) });
        continue;
      }
      events.push({
        type: 'unknown',
        ...base,
        amount: cash,
        quantity,
        comment: tx('comment.ibCorporateAsk', { type: text(c.type), description }),
      });
      continue;
    }
    const renamed = renames.get(x) ?? null;
    if (kind === 'split' && !renamed) {
      if (splits.has(group)) {
        skipped.push({ row, reason: tx('skip.splitSecondRow', { description }) });
        continue;
      }
      splits.add(group);
    }
    events.push({
      type: 'corporate',
      ...base,
      action: kind,
      quantity,
      amount: cash ? abs(cash) : null,
      cost: costBasis && !isZero(costBasis) ? abs(costBasis) : null,
      ratio: kind === 'split' ? splitRatioOf(description) : null,
      description,
      flag: paidPartlyInShares(kind, description),
      // a split into a new ISIN: the side's own ISIN, both ISINs, the ratio of the pair
      ...(renamed ? renamedFields(renamed) : {}),
    });
  }
}

/**
 * Transfers: positions and cash moved into or out of the account (`type` ACATS, ATON, FOP, DWAC from another broker;
 * INTERNAL from another IB account). Securities moved in come without their purchase, so a later sale would find no
 * cost: as shares received without a cost in a merger, each becomes a purchase of its quantity with status 1 asking
 * for the date and cost of the purchase at the former broker (at `transferPrice` when the transfer states one, which
 * the person confirms). Securities moved out are not a sale, and cash moved is not income: both are skipped with the
 * reason.
 */
function transfers(st: Statement, r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']): void {
  const { account } = st;
  const summaries = hasAccountRows(st.transfers);
  st.transfers.forEach((t, i) => {
    const row = `Transfer №${i + 1}${account ? ` (${account})` : ''}`;
    if (summaries && isAccountsSummary(t)) {
      skipped.push({ row, reason: tx('skip.accountsSummaryRow') });
      return;
    }
    const type = text(t.type) || text(t.transferType) || 'Transfer';
    const security = ibSecurity(t.assetCategory, t.subCategory);
    const quantity = r.optionalNumber(row, 'quantity', t.quantity);
    const currency = text(t.currency).toUpperCase();
    if (quantity === false) return;
    if (security === 'currency' || !quantity || isZero(quantity)) {
      const amount = text(t.cashTransfer) || text(t.positionAmount) || '0';
      skipped.push({ row, reason: tx('skip.ibCashTransfer', { amount, currency, type }) });
      return;
    }
    const name = withoutIsinPrefix(text(t.description)) || text(t.symbol);
    const direction = text(t.direction).toUpperCase();
    if (direction === 'OUT' || (!direction && isNegative(quantity))) {
      skipped.push({ row, reason: tx('skip.ibTransferOut', { name, quantity: abs(quantity), type }) });
      return;
    }
    const date = r.date(row, 'date', t.date || t.dateTime || t.reportDate || t.settleDate);
    const price = r.optionalNumber(row, 'transferPrice', t.transferPrice);
    if (!date || price === false || !r.currency(row, 'currency', t.currency)) return;
    const stated = price && !isZero(price) ? abs(price) : null;
    events.push({
      type: 'trade',
      row,
      identity: [account, 'transfer', text(t.transactionID) || [type, date, t.conid || t.symbol, quantity].join('|')],
      date,
      side: 'buy',
      name,
      isin: flexIsin(t, text(t.description)),
      ticker: text(t.symbol) || null,
      currency,
      quantity: abs(quantity),
      amount: stated ? mul(stated, abs(quantity)) : '0',
      commission: null,
      country: countryCode(t.issuerCountryCode),
      exchange: text(t.listingExchange) || null,
      market: 'foreign',
      security,
      flag: stated
        ? tx('comment.ibTransferInPrice', { name, quantity: abs(quantity), type, price: stated, currency })
        : tx('comment.ibTransferIn', { name, quantity: abs(quantity), type }),
    });
  });
}

/**
 * Option exercises, assignments and expirations (OptionEAE). IB books the trades they cause (the option
 * closed, the shares bought or sold) in Trades with the same trade id, so these rows are listed as skipped;
 * a row with money whose trade is not in Trades (a query without those trades) becomes a purchase or sale
 * that waits for the user to check it rather than being lost. An expiration moves no money.
 */
function optionEvents(st: Statement, r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']): void {
  const { account } = st;
  st.optionEae.forEach((o, i) => {
    const row = `OptionEAE №${i + 1}${account ? ` (${account})` : ''}`;
    const type = text(o.transactionType);
    const proceeds = text(o.proceeds);
    const booked = !!o.tradeID && st.tradeIds.has(text(o.tradeID));
    if (booked || isAccountsSummary(o) || !/[1-9]/.test(proceeds)) {
      const reason = booked ? 'skip.optionInTrades' : 'skip.optionNoMoney';
      skipped.push({ row, reason: tx(reason, { type, symbol: text(o.symbol) }) });
      return;
    }
    const date = r.date(row, 'date', o.date || o.tradeDate || o.dateTime);
    const quantity = r.number(row, 'quantity', o.quantity);
    const amount = r.number(row, 'proceeds', o.proceeds);
    const currency = r.currency(row, 'currency', o.currency);
    if (!date || !quantity || !amount || !currency) return;
    events.push({
      type: 'trade',
      row,
      identity: [account, text(o.tradeID) || [type, date, o.conid, quantity, amount].join('|')],
      date,
      side: quantity.startsWith('-') ? 'sell' : 'buy',
      name: text(o.description) || text(o.symbol),
      isin: flexIsin(o, text(o.description)),
      ticker: text(o.symbol) || null,
      currency,
      quantity: abs(quantity),
      amount: abs(amount),
      commission: null,
      country: countryCode(o.issuerCountryCode),
      exchange: text(o.listingExchange) || null,
      market: 'foreign',
      security: ibSecurity(o.assetCategory, o.subCategory),
      flag: tx('comment.optionNotInTrades', { type }),
    });
  });
}

type CorporateRow = { c: Attrs; row: string; kind: string | null; quantity: string | null; cash: string | null };

/**
 * A row that states only the money of an action (no quantity: "Tender (Issue)") while another row of the
 * same security and action gives up the shares for the same amount: that one is the disposal, this a repeat.
 */
const paidOnAnotherRow = (x: CorporateRow, rows: readonly CorporateRow[]) =>
  rows.some(
    (o) =>
      o !== x &&
      o.kind === x.kind &&
      text(o.c.symbol) === text(x.c.symbol) &&
      text(o.c.conid) === text(x.c.conid) &&
      !!o.quantity?.startsWith('-') &&
      !!o.cash &&
      abs(o.cash) === abs(x.cash ?? ''),
  );

/** One CashTransaction: dividends, withholding tax, interest; everything else is skipped with a reason. */
function cashTransaction(
  c: Attrs,
  row: string,
  account: string,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
  paid: ReadonlySet<string>,
): void {
  const type = text(c.type);
  const kind = incomeKindOf(type);
  // interest "paid" that comes in (a refund, or credit interest under this type) is money received: asked
  const signed = text(c.amount);
  const received = /^Broker Interest Paid$/i.test(type) && !signed.startsWith('-') && /[1-9]/.test(signed);
  if (!kind && type !== 'Withholding Tax' && NOT_INCOME.test(type) && !received) {
    skipped.push({ row, reason: tx('skip.operationNotIncome', { operation: type }) });
    return;
  }
  const date = r.date(row, 'dateTime', c.dateTime || c.settleDate || c.reportDate);
  const amount = r.number(row, 'amount', c.amount);
  const currency = r.currency(row, 'currency', c.currency);
  if (!date || !amount || !currency) return;
  const description = text(c.description);
  const base = {
    row,
    identity: [account, text(c.transactionID) || [type, date, c.symbol, amount, description].join('|')],
    date,
    name: kind === 'interest' ? description || type : text(c.symbol) || description,
    isin: flexIsin(c, description),
    ticker: text(c.symbol) || null,
    currency,
    country: countryCode(c.issuerCountryCode),
    exchange: text(c.listingExchange) || null,
    market: 'foreign' as const,
    security: ibSecurity(c.assetCategory, c.subCategory),
  };
  if (!kind && type !== 'Withholding Tax') {
    // a cash type we do not know is money: it waits for a person instead of being dropped
    events.push({
      type: 'unknown',
      ...base,
      amount,
      quantity: null,
      comment: tx('comment.ibOperationAsk', {
        type: type || tx('value.noType'),
        description: description || tx('value.noDescription'),
      }),
    });
    return;
  }
  if (!kind) {
    events.push({ type: 'tax', ...base, amount: negate(amount), on: withheldOn(description) });
    return;
  }
  // a reversal of a payment this statement does not have (paid in an earlier report), netted with the payment
  // made again the same day, leaves only the difference as income: a person checks the earlier payment is declared
  const reversed =
    kind === 'dividend' && isNegative(amount) && !paid.has(paymentKey(c, currency, abs(amount)))
      ? tx('comment.ibReversalOfEarlierPayment', { amount: abs(amount), currency, description })
      : null;
  events.push({ type: 'income', ...base, kind, amount, flag: reversed ?? returnOfCapital(kind, description) });
}

/** A payment by security, currency and amount: what a reversal (the same amount, negative) reverses. */
const paymentKey = (c: Attrs, currency: string, amount: string) =>
  `${flexIsin(c, text(c.description)) ?? text(c.symbol)}|${currency.toUpperCase()}|${amount}`;

/**
 * A distribution IB describes as "(Return of Capital)" repays part of the money invested rather than paying out a
 * profit: whether it is income is for a person to check, so the payment waits with the reason (status 1).
 */
export const returnOfCapital = (kind: string, description: string): string | null =>
  kind === 'dividend' && /Return of Capital|Возврат капитала/i.test(description)
    ? tx('comment.ibReturnOfCapital', { description })
    : null;

/** Cash types that are not income: deposits, withdrawals, fees, interest paid, transfers. */
const NOT_INCOME =
  /^(Deposits ?(&|\/) ?Withdrawals|Deposits|Withdrawals|Other Fees|Commission Adjustments|Advisor Fees|Broker Interest Paid|Broker Fees|Internal Transfers?|Cash Transfers?|Price Adjustments?)$/i;

export function incomeKindOf(type: string): 'dividend' | 'coupon' | 'interest' | null {
  if (/^(Dividends|Payment In Lieu Of Dividends?)$/i.test(type)) return 'dividend';
  // accrued interest paid on a purchase ("Bond Interest Paid", negative) reduces the coupon income
  if (/^Bond Interest( Received| Paid)?$/i.test(type)) return 'coupon';
  if (/^(Broker Interest Received|Credit Interest)$/i.test(type)) return 'interest';
  return null;
}

/**
 * "LVGO(US5391831030) CASH and STOCK MERGER (Acquisition) US87918A1051 592 FOR 1000 AND USD 4.24 (…)": the shares
 * given up are paid partly in cash (this row, a disposal) and partly in new shares (the other row, which carries the
 * old shares' cost). One cost must be split between them, so the disposal waits for a person with the reason.
 */
export const paidPartlyInShares = (kind: string | null, description: string): string | null =>
  kind === 'cash_merger' && /CASH AND STOCK MERGER/i.test(description) ? tx('comment.ibCashAndStockMerger') : null;

/** What a withholding was taken from, by its description. */
export function withheldOn(description: string): 'dividend' | 'coupon' | 'interest' | null {
  if (/dividend/i.test(description)) return 'dividend';
  if (/bond|coupon/i.test(description)) return 'coupon';
  if (/interest/i.test(description)) return 'interest';
  return null;
}

export const negate = (s: string) => (s.startsWith('-') ? s.slice(1) : s === '0' ? s : `-${s}`);
