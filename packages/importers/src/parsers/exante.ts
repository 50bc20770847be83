/**
 * Exante (packages/importers/formats/exante.md): the Trades report (one row per trade) and the Transactions
 * report (a ledger: a trade is an asset leg, a cash leg and a commission leg with the same time and symbol).
 */
import { securityKindOf } from '../classify.ts';
import { corporateKindOfText, splitRatioOf } from '../corporate.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import type { CsvRow } from '../read/csv.ts';
import { tx } from '../texts.ts';
import { abs, add, isZero, mul, readIsin, text } from '../values.ts';
import { header } from './binance.ts';
import { RowReader } from './common.ts';

export const EXANTE = 'Exante';

/** "AAPL.NASDAQ" → ticker AAPL, venue NASDAQ; "EUR/USD.E.FX" is a currency pair. */
function symbolOf(id: string): { ticker: string; venue: string | null; currency: boolean } {
  const dot = id.indexOf('.');
  const ticker = dot < 0 ? id : id.slice(0, dot);
  return { ticker, venue: dot < 0 ? null : id.slice(dot + 1), currency: ticker.includes('/') };
}

const report = (
  format: 'exante_trades_csv' | 'exante_transactions_csv',
  events: ReportEvent[],
  r: RowReader,
  skipped: ParsedReport['skipped'],
): ParsedReport => ({
  format,
  family: 'exante',
  broker: EXANTE,
  brokerIsKz: false,
  events,
  errors: r.errors,
  skipped,
});

const TRADES_COLUMNS = [
  'Time',
  'Account ID',
  'Side',
  'Symbol ID',
  'ISIN',
  'Type',
  'Price',
  'Currency',
  'Quantity',
  'Commission',
  'Commission Currency',
  'P&L',
  'Traded Volume',
  'Order Id',
  'Order pos',
  'Value Date',
  'Unique Transaction Identifier (UTI)',
  'Trade type',
];

const TRANSACTIONS_COLUMNS = [
  'Transaction ID',
  'Account ID',
  'Symbol ID',
  'ISIN',
  'Operation type',
  'When',
  'Sum',
  'Asset',
  'EUR equivalent',
  'Comment',
  'UUID',
  'Parent UUID',
];

/**
 * The header row with its names spelled as in `names`, whatever their case: the same export has been seen
 * with «Operation type» and «Operation Type» (formats/exante.md).
 */
function canonicalHeader(rows: CsvRow[], names: string[]): CsvRow[] {
  const first = rows[0];
  if (!first) return rows;
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const cells = first.cells.map(
    (c) =>
      byLower.get(
        c
          .replace(/^\uFEFF/, '')
          .trim()
          .toLowerCase(),
      ) ?? c,
  );
  return [{ ...first, cells }, ...rows.slice(1)];
}

/** Trades: Time, Side, Symbol ID, ISIN, Type, Price, Currency, Quantity, Commission, Commission Currency, Traded Volume, Order Id… */
export function parseExanteTrades(rows: CsvRow[]): ParsedReport {
  const { index, data } = header(
    canonicalHeader(rows, TRADES_COLUMNS),
    ['Time', 'Side', 'Symbol ID', 'Currency', 'Quantity'],
    EXANTE,
  );
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  for (const { row, cells } of data) {
    const side = cell(cells, 'Side').toLowerCase();
    const date = r.date(row, 'Time', cell(cells, 'Time'));
    const currency = r.currency(row, 'Currency', cell(cells, 'Currency'));
    const quantity = r.number(row, 'Quantity', cell(cells, 'Quantity'));
    const price = r.optionalNumber(row, 'Price', cell(cells, 'Price'));
    const volume = r.optionalNumber(row, 'Traded Volume', cell(cells, 'Traded Volume'));
    const commission = r.optionalNumber(row, 'Commission', cell(cells, 'Commission'));
    if (side !== 'buy' && side !== 'sell') r.fail(row, 'Side', tx('row.sideUnknown', { value: cell(cells, 'Side') }));
    if (!date || !currency || !quantity || price === false || volume === false || commission === false) continue;
    if (side !== 'buy' && side !== 'sell') continue;
    const total = volume ? abs(volume) : price ? abs(mul(price, quantity)) : null;
    if (!total) {
      r.fail(row, 'Traded Volume', tx('row.noAmountNorPrice'));
      continue;
    }
    const sym = symbolOf(cell(cells, 'Symbol ID'));
    const type = cell(cells, 'Type');
    events.push({
      type: 'trade',
      row,
      identity: [
        cell(cells, 'Unique Transaction Identifier (UTI)') ||
          cell(cells, 'Order Id') + cell(cells, 'Order pos') ||
          cells.join('|'),
      ],
      date,
      side,
      name: sym.ticker,
      isin: readIsin(cell(cells, 'ISIN')),
      ticker: sym.ticker,
      currency,
      quantity: abs(quantity),
      amount: total,
      commission: commission && !isZero(commission) ? abs(commission) : null,
      commissionCurrency: text(cell(cells, 'Commission Currency')).toUpperCase() || null,
      exchange: sym.venue,
      market: 'foreign',
      security: sym.currency ? 'currency' : exanteSecurity(type),
    });
  }
  return report('exante_trades_csv', events, r, skipped);
}

function exanteSecurity(type: string) {
  const t = type.toUpperCase();
  if (t === 'STOCK') return 'share' as const;
  if (t === 'BOND') return 'bond' as const;
  if (t === 'FUND' || t === 'ETF') return 'fund' as const;
  if (t === 'OPTION' || t === 'FUTURE' || t === 'CFD') return 'derivative' as const;
  if (t === 'FOREX' || t === 'CURRENCY') return 'currency' as const;
  return t ? securityKindOf(t) : null;
}

interface Leg {
  row: number;
  id: string;
  sum: string;
  asset: string;
  isin: string | null;
  comment: string;
  /** `UUID` and `Parent UUID` when the export has them («None» read as empty) */
  uuid: string;
  parent: string;
  /** a COMMISSION leg */
  fee: boolean;
}

/** TRADE and COMMISSION legs of one symbol at one `When`, in file order: one trade or several. */
interface LegGroup {
  date: string;
  symbol: string;
  legs: Leg[];
}

/** One trade's legs: the leg in the security (quantity), the leg in a currency (amount), its commissions. */
interface TradeLegs {
  asset?: Leg;
  cash?: Leg;
  fees: Leg[];
}

const ref = (v: string) => {
  const t = text(v);
  return t.toLowerCase() === 'none' ? '' : t;
};

/**
 * Transactions: Transaction ID, Account ID, Symbol ID, ISIN, Operation type, When, Sum, Asset, EUR equivalent,
 * Comment. TRADE legs of one symbol at one time make one trade (the leg in the symbol is the quantity, the
 * leg in a currency the amount), COMMISSION legs at that time its commission; DIVIDEND, US TAX/TAX,
 * INTEREST and CORPORATE ACTION are read; FUNDING/WITHDRAWAL, AUTOCONVERSION and fees are skipped with a reason.
 */
export function parseExanteTransactions(rows: CsvRow[]): ParsedReport {
  const { index, data } = header(
    canonicalHeader(rows, TRANSACTIONS_COLUMNS),
    ['Transaction ID', 'Symbol ID', 'Operation type', 'When', 'Sum', 'Asset'],
    EXANTE,
  );
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const trades = new Map<string, LegGroup>();
  for (const { row, cells } of data) {
    const op = cell(cells, 'Operation type').toUpperCase();
    const date = r.date(row, 'When', cell(cells, 'When'));
    const sum = r.number(row, 'Sum', cell(cells, 'Sum'));
    const asset = text(cell(cells, 'Asset')).toUpperCase();
    if (!date || !sum) continue;
    const symbolId = text(cell(cells, 'Symbol ID'));
    const leg: Leg = {
      row,
      id: cell(cells, 'Transaction ID'),
      sum,
      asset,
      isin: readIsin(cell(cells, 'ISIN')),
      comment: text(cell(cells, 'Comment')),
      uuid: ref(cell(cells, 'UUID')),
      parent: ref(cell(cells, 'Parent UUID')),
      fee: op === 'COMMISSION',
    };
    if (op === 'TRADE' || op === 'COMMISSION') {
      const key = `${cell(cells, 'When')}|${symbolId}`;
      let t = trades.get(key);
      if (!t) {
        t = { date, symbol: symbolId, legs: [] };
        trades.set(key, t);
      }
      t.legs.push(leg);
      continue;
    }
    const sym = symbolOf(symbolId);
    const base = {
      row,
      identity: [leg.id || cells.join('|')],
      date,
      name: sym.ticker || leg.comment,
      isin: leg.isin,
      ticker: sym.ticker || null,
      currency: asset,
      exchange: sym.venue,
      market: 'foreign' as const,
    };
    if (op === 'DIVIDEND') events.push({ type: 'income', ...base, kind: 'dividend', amount: sum });
    else if (op === 'US TAX' || op === 'TAX') events.push({ type: 'tax', ...base, amount: negated(sum), on: null });
    else if (op === 'INTEREST' || op === 'COUPON') {
      events.push({
        type: 'income',
        ...base,
        name: leg.comment || base.name,
        kind: op === 'COUPON' ? 'coupon' : 'interest',
        amount: sum,
      });
    } else if (op === 'CORPORATE ACTION') {
      const cash = asset.length === 3 && !isZero(sum) ? sum : null;
      const kind = corporateKindOfText(leg.comment, cash !== null);
      if (kind) {
        events.push({
          type: 'corporate',
          ...base,
          currency: cash ? asset : 'USD',
          action: kind,
          quantity: cash ? null : sum,
          amount: cash ? abs(cash) : null,
          ratio: kind === 'split' ? splitRatioOf(leg.comment) : null,
          description: leg.comment,
        });
      } else if (cash) {
        events.push({
          type: 'unknown',
          ...base,
          amount: cash,
          quantity: null,
          comment: tx('comment.exanteCorporateAsk', { description: leg.comment }),
        });
      } else skipped.push({ row, reason: tx('skip.corporateNoCash', { description: leg.comment }) });
    } else if (/FUNDING|WITHDRAWAL|AUTOCONVERSION|EXCHANGE|TRANSFER|FEE|SUBSCRIPTION/.test(op)) {
      skipped.push({ row, reason: tx('skip.exanteOperation', { operation: op }) });
    } else {
      events.push({
        type: 'unknown',
        ...base,
        amount: sum,
        quantity: null,
        comment: tx('comment.exanteOperationAsk', { operation: op }),
      });
    }
  }
  const linked = index.has('UUID') && index.has('Parent UUID');
  for (const t of trades.values()) tradesOf(t, r, events, skipped, linked);
  return report('exante_transactions_csv', events, r, skipped);
}

const negated = (s: string) => (s.startsWith('-') ? s.slice(1) : `-${s}`);

/** The leg in the security: its `Asset` is the symbol (a currency is a three-letter code). */
const isAssetLeg = (l: Leg, symbol: string) => l.asset === symbol.toUpperCase() || l.asset.length > 3;

/** Both legs are there and go opposite ways (a purchase: + security, − money; a sale the reverse). */
const complete = (t: TradeLegs): boolean =>
  !!t.asset &&
  !!t.cash &&
  (isZero(t.asset.sum) || isZero(t.cash.sum) || t.asset.sum.startsWith('-') !== t.cash.sum.startsWith('-'));

/**
 * Several trades of one symbol in one second (partial fills, a buy and a sale): the legs linked by
 * `Parent UUID` (a leg whose parent is another leg's `UUID`, or legs with one parent) are one trade.
 * Null when the links do not make whole trades.
 */
function byParent(legs: Leg[], symbol: string): TradeLegs[] | null {
  const byUuid = new Map(legs.filter((l) => l.uuid).map((l) => [l.uuid, l]));
  if (!legs.some((l) => l.parent)) return null;
  const keyOf = (l: Leg): string => {
    let at = l;
    for (let hops = 0; at.parent && byUuid.has(at.parent) && hops < legs.length; hops++) at = byUuid.get(at.parent)!;
    return at.parent || at.uuid || `row ${at.row}`;
  };
  const groups = new Map<string, TradeLegs>();
  for (const l of legs) {
    const key = keyOf(l);
    const t = groups.get(key) ?? { fees: [] };
    groups.set(key, t);
    if (l.fee) t.fees.push(l);
    else if (isAssetLeg(l, symbol) ? t.asset : t.cash) return null;
    else if (isAssetLeg(l, symbol)) t.asset = l;
    else t.cash = l;
  }
  const out = [...groups.values()];
  return out.every(complete) ? out : null;
}

/**
 * The same without links, in file order: a trade is a leg in the security, a leg in money and at most one
 * commission leg, in any order; a leg whose place in the current trade is taken begins the next trade.
 * Null when that leaves a trade without both legs or with legs the same way (the order is not trade by
 * trade, e.g. all commissions at the end).
 */
function inFileOrder(legs: Leg[], symbol: string): TradeLegs[] | null {
  const out: TradeLegs[] = [];
  let t: TradeLegs | null = null;
  for (const l of legs) {
    const slot = l.fee ? 'fee' : isAssetLeg(l, symbol) ? 'asset' : 'cash';
    if (!t || (slot === 'fee' ? t.fees.length > 0 : t[slot])) {
      t = { fees: [] };
      out.push(t);
    }
    if (slot === 'fee') t.fees.push(l);
    else t[slot] = l;
  }
  return out.every(complete) ? out : null;
}

function tradesOf(
  t: LegGroup,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
  linked: boolean,
): void {
  if (symbolOf(t.symbol).currency) {
    for (const l of t.legs) skipped.push({ row: l.row, reason: tx('skip.fxConversion') });
    return;
  }
  const trade = t.legs.filter((l) => !l.fee);
  const assets = trade.filter((l) => isAssetLeg(l, t.symbol)).length;
  // one trade at this time (the usual case): every commission leg at this time is its commission
  if (assets <= 1 && trade.length - assets <= 1) {
    const asset = trade.find((l) => isAssetLeg(l, t.symbol));
    tradeOf(t, { asset, cash: trade.find((l) => l !== asset), fees: t.legs.filter((l) => l.fee) }, r, events, skipped);
    return;
  }
  const split = (linked && byParent(t.legs, t.symbol)) || inFileOrder(t.legs, t.symbol);
  if (!split) {
    const rows = t.legs.map((l) => l.row);
    r.fail(rows.join(', '), 'Sum', tx('row.exanteLegsAmbiguous', { symbol: t.symbol }));
    return;
  }
  for (const legs of split) tradeOf(t, legs, r, events, skipped);
}

function tradeOf(
  t: LegGroup,
  legs: TradeLegs,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const sym = symbolOf(t.symbol);
  const { asset: assetLeg, cash: cashLeg } = legs;
  const trade = [assetLeg, cashLeg].filter((l) => l !== undefined).sort((a, b) => a.row - b.row);
  const label = [...trade, ...legs.fees]
    .map((l) => l.row)
    .sort((a, b) => a - b)
    .join(', ');
  if (!assetLeg || !cashLeg) {
    r.fail(label, 'Sum', tx('row.legMissing'));
    return;
  }
  let commission: string | null = null;
  for (const f of legs.fees) {
    if (f.asset === cashLeg.asset) commission = add(commission ?? '0', abs(f.sum));
    else
      skipped.push({
        row: f.row,
        reason: tx('skip.feeOtherCurrency', { currency: f.asset }),
      });
  }
  const side = assetLeg.sum.startsWith('-') ? 'sell' : 'buy';
  events.push({
    type: 'trade',
    row: label,
    identity: trade.map((l) => l.id),
    date: t.date,
    side,
    name: sym.ticker,
    isin: assetLeg.isin ?? cashLeg.isin,
    ticker: sym.ticker,
    currency: cashLeg.asset,
    quantity: abs(assetLeg.sum),
    amount: abs(cashLeg.sum),
    commission,
    exchange: sym.venue,
    market: 'foreign',
    security: null,
  });
}
