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

/** Trades: Time, Side, Symbol ID, ISIN, Type, Price, Currency, Quantity, Commission, Commission Currency, Traded Volume, Order Id… */
export function parseExanteTrades(rows: CsvRow[]): ParsedReport {
  const { index, data } = header(rows, ['Time', 'Side', 'Symbol ID', 'Currency', 'Quantity'], EXANTE);
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
}

/**
 * Transactions: Transaction ID, Account ID, Symbol ID, ISIN, Operation type, When, Sum, Asset, EUR equivalent,
 * Comment. TRADE legs of one symbol at one time make one trade (the leg in the symbol is the quantity, the
 * leg in a currency the amount), COMMISSION legs at that time its commission; DIVIDEND, US TAX/TAX,
 * INTEREST and CORPORATE ACTION are read; FUNDING/WITHDRAWAL, AUTOCONVERSION and fees are skipped with a reason.
 */
export function parseExanteTransactions(rows: CsvRow[]): ParsedReport {
  const { index, data } = header(
    rows,
    ['Transaction ID', 'Symbol ID', 'Operation type', 'When', 'Sum', 'Asset'],
    EXANTE,
  );
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const trades = new Map<string, { date: string; symbol: string; legs: Leg[]; fees: Leg[] }>();
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
    };
    if (op === 'TRADE' || op === 'COMMISSION') {
      const key = `${cell(cells, 'When')}|${symbolId}`;
      let t = trades.get(key);
      if (!t) {
        t = { date, symbol: symbolId, legs: [], fees: [] };
        trades.set(key, t);
      }
      (op === 'TRADE' ? t.legs : t.fees).push(leg);
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
  for (const t of trades.values()) tradeOf(t, r, events, skipped);
  return report('exante_transactions_csv', events, r, skipped);
}

const negated = (s: string) => (s.startsWith('-') ? s.slice(1) : `-${s}`);

function tradeOf(
  t: { date: string; symbol: string; legs: Leg[]; fees: Leg[] },
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const sym = symbolOf(t.symbol);
  const rows = [...t.legs, ...t.fees].map((l) => l.row);
  const label = rows.join(', ');
  const assetLeg = t.legs.find((l) => l.asset === t.symbol.toUpperCase() || l.asset.length > 3);
  const cashLeg = t.legs.find((l) => l !== assetLeg);
  if (sym.currency) {
    for (const l of [...t.legs, ...t.fees]) skipped.push({ row: l.row, reason: tx('skip.fxConversion') });
    return;
  }
  if (!assetLeg || !cashLeg) {
    r.fail(label, 'Sum', tx('row.legMissing'));
    return;
  }
  let commission: string | null = null;
  for (const f of t.fees) {
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
    identity: t.legs.map((l) => l.id),
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
