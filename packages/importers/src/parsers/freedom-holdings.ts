/**
 * Freedom / Tradernet: the securities and money held at the end of the report's period (formats/freedom.md).
 * A foreign Freedom company's holdings are section 6 (foreign securities held, money at a foreign broker), read the
 * way IB Flex reads OpenPositions and the Cash Report; the Kazakhstan broker's are listed as skipped with the reason.
 */
import { securityKindOf } from '../classify.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import { tx } from '../texts.ts';
import type { SecurityKind } from '../types.ts';
import { abs, isNegative, isZero, readDecimal, readIsin, text } from '../values.ts';
import { notYearEnd, type RowReader, splitTickerSuffix } from './common.ts';

type Obj = Record<string, unknown>;

/** What the report's trades say of a security, by its full ticker («SPY.US»): currency, type, ISIN. */
export type TradeInfo = Map<string, { currency: string; security: SecurityKind | null; isin: string | null }>;

export function tradeInfoOf(events: ReportEvent[]): TradeInfo {
  const info: TradeInfo = new Map();
  for (const e of events) {
    if (e.type !== 'trade' || !e.ticker || info.has(e.ticker)) continue;
    info.set(e.ticker, { currency: e.currency, security: e.security ?? null, isin: e.isin });
  }
  return info;
}

/** The company holding the account: a foreign one gives section 6, with its name and country as the bank. */
export interface Holder {
  foreign: boolean;
  bank: string;
  bankCountry: string | null;
  /** `plainAccountInfoData.client_code`: part of the source keys, so that two accounts keep their own rows */
  account: string;
}

/** JSON arrays, or XML `<x><node>…</node></x>`. */
function list(v: unknown): Obj[] {
  if (Array.isArray(v)) return v as Obj[];
  if (v && typeof v === 'object' && 'node' in v) return list((v as Obj).node);
  if (v && typeof v === 'object' && Object.keys(v).length) return [v as Obj];
  return [];
}

const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

/** A fund is `instr_type` 1 like a share; its name says it («SPDR S&P 500 Trust ETF»). */
const FUND_NAME = /(^|[^A-Za-z])(ETF|ETN|ETC|UCITS)([^A-Za-z]|$)|\bfund\b|фонд/i;

interface Holding {
  row: string;
  ticker: string;
  quantity: unknown;
  currency: unknown;
  name: unknown;
  isin: unknown;
  type: unknown;
  date: unknown;
}

interface Balance {
  row: string;
  currency: string;
  amount: unknown;
  date: unknown;
}

/**
 * Holdings at the end of the period, in the layouts of a real `getBrokerReport` answer (a Freedom Finance Armenia
 * report kept as a public test fixture, formats/freedom.md):
 * - securities: `account_at_end.account.positions_from_ts.ps.pos[]` (`i` ticker, `q` quantity, `curr`, `name`,
 *   `issue_nb`, `t` instr_type), else `securities_flows_json[]` (`ticker`, `isin`, `quantity_at_end`,
 *   `security_currency`, `instr_type`, `date_end`);
 * - money: `account_at_end.account.positions_from_ts.ps.acc[]` (`curr`, `s` the balance), or `account_at_end` as a
 *   plain `{"USD": 1000}`, else `cash_flows_json[]` (`curr`, `curr_at_end`, `date_end`).
 * The two layouts repeat the same holdings: a `securities_flows_json` / `cash_flows_json` line of a security or a
 * currency read from `account_at_end` is listed as that row again. Zero lines hold nothing and are left out (as IB);
 * a short position (negative quantity) and a debit balance (a margin loan) are what is owed, skipped with IB's
 * reasons; a holding dated other than 31 December waits for a person (`notYearEnd`, common.ts).
 */
export function yearEndHoldings(
  doc: Obj,
  holder: Holder,
  trades: TradeInfo,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const end = obj(doc.account_at_end);
  const ps = obj(obj(obj(end?.account)?.positions_from_ts)?.ps);
  const endDate = text(end?.date) || text(doc.date_end);

  const securitiesRead = new Map<string, string>();
  list(ps?.pos).forEach((p, i) => {
    const row = `account_at_end.pos №${i + 1}`;
    const ticker = text(p.i) || text(p.base_contract_code);
    if (
      holding({
        row,
        ticker,
        quantity: p.q,
        currency: p.curr,
        name: p.name,
        isin: p.issue_nb ?? p.isin,
        type: p.t,
        date: endDate,
      })
    )
      securitiesRead.set(ticker, row);
  });
  list(doc.securities_flows_json).forEach((f, i) => {
    const row = `securities_flows_json №${i + 1}`;
    const ticker = text(f.ticker);
    const same = securitiesRead.get(ticker);
    const quantity = readDecimal(f.quantity_at_end);
    if (same && quantity && !isZero(quantity)) {
      skipped.push({ row, reason: tx('skip.freedomHoldingRepeat', { what: `${ticker} ${quantity}`, row: same }) });
      return;
    }
    holding({
      row,
      ticker,
      quantity: f.quantity_at_end,
      currency: f.security_currency,
      name: null,
      isin: f.isin,
      type: f.instr_type,
      date: text(f.date_end) || endDate,
    });
  });

  const cashRead = new Map<string, string>();
  const acc = list(ps?.acc);
  acc.forEach((a, i) => {
    const row = `account_at_end.acc №${i + 1}`;
    const currency = text(a.curr).toUpperCase();
    if (balance({ row, currency, amount: a.s, date: endDate })) cashRead.set(currency, row);
  });
  if (end && !ps) {
    // `account_at_end` as a plain map of currency → balance ({"USD": 1000})
    for (const [key, value] of Object.entries(end)) {
      if (!/^[A-Z]{3}$/.test(key) || typeof value === 'object') continue;
      const row = `account_at_end.${key}`;
      if (balance({ row, currency: key, amount: value, date: endDate })) cashRead.set(key, row);
    }
  }
  list(doc.cash_flows_json).forEach((c, i) => {
    const row = `cash_flows_json №${i + 1}`;
    const currency = text(c.curr).toUpperCase();
    const same = cashRead.get(currency);
    const amount = readDecimal(c.curr_at_end);
    if (same && amount && !isZero(amount)) {
      skipped.push({ row, reason: tx('skip.freedomHoldingRepeat', { what: `${amount} ${currency}`, row: same }) });
      return;
    }
    balance({ row, currency, amount: c.curr_at_end, date: text(c.date_end) || endDate });
  });

  /** A security held: true when the line held something (read, skipped with a reason, or a row error). */
  function holding(h: Holding): boolean {
    const quantity = readDecimal(h.quantity);
    if (!quantity || isZero(quantity)) return false;
    const known = trades.get(h.ticker);
    const { ticker, suffix } = splitTickerSuffix(h.ticker);
    const isin = readIsin(h.isin) ?? known?.isin ?? null;
    const name = text(h.name) || ticker || isin || '';
    const date = r.date(h.row, 'date', h.date);
    if (!date) return true;
    if (!holder.foreign) {
      skipped.push({ row: h.row, reason: tx('skip.freedomKzHolding', { quantity, name: ticker || name, date }) });
      return true;
    }
    if (isNegative(quantity)) {
      // a short position (shares borrowed and sold) is an obligation, not property held abroad
      skipped.push({ row: h.row, reason: tx('skip.ibShortPosition', { quantity, name, date }) });
      return true;
    }
    const currency = r.currency(h.row, 'curr', text(h.currency) || known?.currency);
    if (!currency) return true;
    const byType = securityKindOf(text(h.type) || null);
    const security =
      known?.security ??
      (byType === 'share' && FUND_NAME.test(name)
        ? 'fund'
        : byType === 'other' || byType === 'currency'
          ? null
          : byType);
    events.push({
      type: 'position',
      row: h.row,
      identity: [holder.account, h.ticker || isin, date],
      date,
      name,
      isin,
      ticker: h.ticker || null,
      currency,
      quantity,
      exchange: suffix,
      market: 'foreign',
      security,
      flag: notYearEnd(date),
    });
    return true;
  }

  /** Money held in one currency: true when the line held something. */
  function balance(b: Balance): boolean {
    const amount = readDecimal(b.amount);
    if (!amount || isZero(amount) || !b.currency) return false;
    const date = r.date(b.row, 'date', b.date);
    if (!date) return true;
    if (!holder.foreign) {
      skipped.push({ row: b.row, reason: tx('skip.freedomKzCash', { amount, currency: b.currency, date }) });
      return true;
    }
    if (isNegative(amount)) {
      // a debit balance is money owed to the broker (a margin loan), not money held on the account
      skipped.push({
        row: b.row,
        reason: tx('skip.ibNegativeCash', { amount: abs(amount), currency: b.currency, date }),
      });
      return true;
    }
    const currency = r.currency(b.row, 'curr', b.currency);
    if (!currency) return true;
    events.push({
      type: 'cash',
      row: b.row,
      identity: [holder.account, currency, date],
      date,
      currency,
      amount,
      bank: holder.bank,
      bankCountry: holder.bankCountry,
      flag: notYearEnd(date),
    });
    return true;
  }
}
