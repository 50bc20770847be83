import { compareRuDates } from '@deklarant/contracts';
/** Interactive Brokers Activity Flex Query XML (packages/importers/formats/ib-flex.md). */
import { securityKindOf } from '../classify.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import { xmlScanner } from '../read/xml-scan.ts';
import type { SecurityKind } from '../types.ts';
import { abs, isBlank, isZero, mul, readDate, readIsin, text } from '../values.ts';
import { countryCode, RowReader } from './common.ts';

type Attrs = Record<string, string | undefined>;

export const IB_BROKER = 'Interactive Brokers';
export const IB_BANK = { name: 'Interactive Brokers LLC', country: 'USA' };

/** IB asset category (+ sub category) → our security kind. */
export function ibSecurity(category: string | undefined, sub?: string | undefined): SecurityKind | null {
  const s = text(sub).toUpperCase();
  if (s === 'ETF') return 'fund';
  if (s === 'ADR' || s === 'GDR') return 'depositary_receipt';
  return securityKindOf(category);
}

/** The rows of one FlexStatement that are read once the statement is complete (they are few). */
interface Statement {
  attrs: Attrs;
  account: string;
  trades: number;
  cash: Attrs[];
  positions: Attrs[];
  cashReport: Attrs[];
}

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
  const r = new RowReader('mdy');
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
          st = { attrs, account: text(attrs.accountId), trades: 0, cash: [], positions: [], cashReport: [] };
          const stFrom = readDate(attrs.fromDate, 'mdy');
          const stTo = readDate(attrs.toDate, 'mdy');
          if (stFrom && (!from || compareRuDates(stFrom, from) < 0)) {
            from = stFrom;
          }
          if (stTo && (!to || compareRuDates(stTo, to) > 0)) to = stTo;
        } else if (depth === 4 && st) {
          const section = path[3];
          if (section === 'Trades' && name === 'Trade') trade(attrs, ++st.trades, st.account, r, pending);
          else if (section === 'CashTransactions' && name === 'CashTransaction') st.cash.push(attrs);
          else if (section === 'OpenPositions' && name === 'OpenPosition') st.positions.push(attrs);
          else if (section === 'CashReport' && name === 'CashReportCurrency') st.cashReport.push(attrs);
        }
      } else if (depth === 1 && name === 'ErrorMessage' && errorMessage === null) {
        errorMessage = '';
        inErrorMessage = true;
      }
    },
    close(name, depth) {
      if (depth === 2 && st && name === 'FlexStatement') {
        statementRows(st, r, pending, skipped);
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
        errorMessage
          ? `Это ответ сервиса IB Flex с ошибкой («${text(errorMessage)}»), а не отчет. Сформируйте отчет заново.`
          : 'В файле XML нет отчета Interactive Brokers (элемент FlexQueryResponse).',
      );
    }
    if (!statements) refuse('columns', 'В отчете Interactive Brokers нет ни одного FlexStatement.');
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

/** One Trade (the `n`-th of its statement). */
function trade(t: Attrs, n: number, account: string, r: RowReader, events: ReportEvent[]): void {
  const row = `Trade №${n}${account ? ` (${account})` : ''}`;
  const level = text(t.levelOfDetail).toUpperCase();
  if (level && level !== 'EXECUTION') return;
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
  const commission = r.optionalNumber(row, 'ibCommission', t.ibCommission);
  const cost = r.optionalNumber(row, 'cost', t.cost);
  if (commission === false || cost === false) return;
  const isin = readIsin(t.isin) ?? (text(t.securityIDType) === 'ISIN' ? readIsin(t.securityID) : null);
  events.push({
    type: 'trade',
    row,
    identity: [
      account,
      text(t.tradeID) || text(t.transactionID) || text(t.ibExecID) || [date, t.symbol, quantity, proceeds].join('|'),
    ],
    date,
    side,
    name: text(t.description) || text(t.symbol),
    isin,
    ticker: text(t.symbol) || null,
    currency,
    quantity: abs(quantity),
    amount: abs(proceeds),
    commission: commission && !isZero(commission) ? abs(commission) : null,
    cost: side === 'sell' && cost && !isZero(cost) ? abs(cost) : null,
    country: countryCode(t.issuerCountryCode),
    exchange: text(t.listingExchange) || text(t.exchange) || null,
    market: 'foreign',
    security: ibSecurity(t.assetCategory, t.subCategory),
    flag: cancelled ? 'Отмена или исправление сделки у брокера: проверьте, не задвоена ли сделка.' : null,
  });
}

/** Cash transactions, open positions and cash balances of a complete statement. */
function statementRows(st: Statement, r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']): void {
  const { attrs: a, account } = st;

  const hasDetail = st.cash.some((c) => text(c.levelOfDetail).toUpperCase() === 'DETAIL');
  st.cash.forEach((c, i) => {
    const row = `CashTransaction №${i + 1}${account ? ` (${account})` : ''}`;
    if (hasDetail && text(c.levelOfDetail).toUpperCase() === 'SUMMARY') return;
    cashTransaction(c, row, account, r, events, skipped);
  });

  const hasSummary = st.positions.some((p) => text(p.levelOfDetail).toUpperCase() === 'SUMMARY');
  st.positions.forEach((p, i) => {
    const row = `OpenPosition №${i + 1}${account ? ` (${account})` : ''}`;
    if (hasSummary && text(p.levelOfDetail).toUpperCase() !== 'SUMMARY') return;
    const security = ibSecurity(p.assetCategory, p.subCategory);
    if (security === 'currency') return;
    const date = r.date(row, 'reportDate', p.reportDate || a.toDate);
    const quantity = r.number(row, 'position', p.position ?? p.quantity);
    const currency = r.currency(row, 'currency', p.currency);
    if (!date || !quantity || !currency || isZero(quantity)) return;
    events.push({
      type: 'position',
      row,
      identity: [account, text(p.conid) || text(p.isin) || text(p.symbol), date],
      date,
      name: text(p.description) || text(p.symbol),
      isin: readIsin(p.isin),
      ticker: text(p.symbol) || null,
      currency,
      quantity,
      country: countryCode(p.issuerCountryCode),
      exchange: text(p.listingExchange) || null,
      market: 'foreign',
      security,
    });
  });

  st.cashReport.forEach((c, i) => {
    const row = `CashReportCurrency №${i + 1}${account ? ` (${account})` : ''}`;
    const currency = text(c.currency).toUpperCase();
    if (!currency || currency === 'BASE_SUMMARY') return;
    const amount = r.number(row, 'endingCash', c.endingCash);
    const date = r.date(row, 'toDate', c.toDate || a.toDate);
    if (!amount || !date || isZero(amount)) return;
    events.push({
      type: 'cash',
      row,
      identity: [account, currency, date],
      date,
      currency,
      amount,
      bank: IB_BANK.name,
      bankCountry: IB_BANK.country,
    });
  });
}

/** One CashTransaction: dividends, withholding tax, interest; everything else is skipped with a reason. */
function cashTransaction(
  c: Attrs,
  row: string,
  account: string,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const type = text(c.type);
  const kind = incomeKindOf(type);
  if (!kind && type !== 'Withholding Tax') {
    skipped.push({ row, reason: `Операция «${type || 'без типа'}» не является доходом для декларации` });
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
    isin: readIsin(c.isin) ?? (text(c.securityIDType) === 'ISIN' ? readIsin(c.securityID) : null),
    ticker: text(c.symbol) || null,
    currency,
    country: countryCode(c.issuerCountryCode),
    exchange: text(c.listingExchange) || null,
    market: 'foreign' as const,
    security: ibSecurity(c.assetCategory, c.subCategory),
  };
  if (!kind) {
    events.push({ type: 'tax', ...base, amount: negate(amount), on: withheldOn(description) });
    return;
  }
  events.push({ type: 'income', ...base, kind, amount });
}

export function incomeKindOf(type: string): 'dividend' | 'coupon' | 'interest' | null {
  if (/^(Dividends|Payment In Lieu Of Dividends?)$/i.test(type)) return 'dividend';
  if (/^Bond Interest Received$/i.test(type)) return 'coupon';
  if (/^(Broker Interest Received|Credit Interest)$/i.test(type)) return 'interest';
  return null;
}

/** What a withholding was taken from, by its description. */
export function withheldOn(description: string): 'dividend' | 'coupon' | 'interest' | null {
  if (/dividend/i.test(description)) return 'dividend';
  if (/bond|coupon/i.test(description)) return 'coupon';
  if (/interest/i.test(description)) return 'interest';
  return null;
}

export const negate = (s: string) => (s.startsWith('-') ? s.slice(1) : s === '0' ? s : `-${s}`);
