/** Binance exports (packages/importers/formats/binance.md): Spot Trade History and the Transaction History ledger. */
import { FIAT, USD_STABLECOINS } from '../classify.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent, TradeEvent } from '../events.ts';
import type { CsvRow } from '../read/csv.ts';
import { tx } from '../texts.ts';
import { abs, add, isNegative, isZero, readDecimal, text } from '../values.ts';
import { RowReader } from './common.ts';

export const BINANCE = 'Binance';

export const QUOTES = [
  'USDT',
  'FDUSD',
  'USDC',
  'BUSD',
  'TUSD',
  'BTC',
  'ETH',
  'BNB',
  'EUR',
  'TRY',
  'BRL',
  'GBP',
  'RUB',
  'KZT',
  'DAI',
];

/** How a quote asset is priced for the declaration. */
function pricing(asset: string): { currency: string; swap: boolean; note: string | null } {
  if (USD_STABLECOINS.has(asset))
    return { currency: 'USD', swap: false, note: tx('comment.stablecoinAsUsd', { asset }) };
  if (FIAT.has(asset)) return { currency: asset, swap: false, note: null };
  return { currency: asset, swap: true, note: null };
}

const SWAP_FLAG = (asset: string) => tx('comment.cryptoSwap', { asset });

/** "0.1800000000SOL" → ["0.18", "SOL"]; Bybit writes a space: "16.35 RENDER". */
export function amountWithAsset(v: string): [string | null, string] {
  const m = /^([-+]?[\d.,]+(?:e[-+]?\d+)?)\s*([A-Za-z][A-Za-z0-9]*)?$/i.exec(v.trim());
  if (!m) return [null, ''];
  return [readDecimal(m[1]) ?? null, (m[2] ?? '').toUpperCase()];
}

export function header(
  rows: CsvRow[],
  required: string[],
  broker = BINANCE,
): { index: Map<string, number>; data: CsvRow[] } {
  const first = rows[0];
  const index = new Map((first?.cells ?? []).map((c, i) => [c.replace(/^\uFEFF/, '').trim(), i] as const));
  const missing = required.filter((c) => !index.has(c));
  if (!first || missing.length) {
    refuse('columns', tx('refuse.columnsOf', { broker, columns: missing.map((c) => `«${c}»`).join(', ') }));
  }
  const data = rows.slice(1);
  const last = data[data.length - 1];
  if (last && last.cells.length < first!.cells.length) {
    refuse('truncated', tx('refuse.truncatedHistory', { row: last.row }));
  }
  return { index, data };
}

const report = (
  format: 'binance_trades_csv' | 'binance_ledger_csv',
  events: ReportEvent[],
  r: RowReader,
  skipped: ParsedReport['skipped'],
): ParsedReport => ({
  format,
  family: 'binance',
  broker: BINANCE,
  brokerIsKz: false,
  events,
  errors: r.errors,
  skipped,
});

export function cryptoTrade(
  row: number | string,
  identity: unknown[],
  date: string,
  side: 'buy' | 'sell',
  base: string,
  quantity: string,
  quote: string,
  amount: string,
  fee: [string | null, string] | null,
  exchange = BINANCE,
): TradeEvent {
  const p = pricing(quote);
  const feeInQuote = fee?.[0] && !isZero(fee[0]) && fee[1] === quote;
  const feeNote =
    fee?.[0] && !isZero(fee[0]) && !feeInQuote ? tx('comment.fee', { amount: fee[0], currency: fee[1] }) : null;
  return {
    type: 'trade',
    row,
    identity,
    date,
    side,
    name: base,
    isin: null,
    ticker: base,
    currency: p.currency,
    quantity: abs(quantity),
    amount: abs(amount),
    commission: feeInQuote ? abs(fee![0]!) : null,
    market: 'foreign',
    exchange,
    security: 'digital_asset',
    cryptoSwap: p.swap,
    note: [p.note, feeNote].filter(Boolean).join(' ') || null,
    flag: p.swap ? SWAP_FLAG(quote) : null,
  };
}

/** Spot Trade History: Date(UTC),Pair,Side,Price,Executed,Amount,Fee. */
export function parseBinanceTrades(rows: CsvRow[]): ParsedReport {
  const { index, data } = header(rows, ['Date(UTC)', 'Pair', 'Side', 'Executed', 'Amount']);
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  for (const { row, cells } of data) {
    const date = r.date(row, 'Date(UTC)', cell(cells, 'Date(UTC)'));
    const side = cell(cells, 'Side').toUpperCase();
    const [quantity, baseAsset] = amountWithAsset(cell(cells, 'Executed'));
    const [amount, quoteAsset] = amountWithAsset(cell(cells, 'Amount'));
    const pair = cell(cells, 'Pair').toUpperCase();
    const quote = quoteAsset || QUOTES.find((q) => pair.endsWith(q) && pair.length > q.length) || '';
    const base = baseAsset || pair.slice(0, pair.length - quote.length);
    if (side !== 'BUY' && side !== 'SELL') r.fail(row, 'Side', tx('row.sideUnknown', { value: cell(cells, 'Side') }));
    if (!quantity) r.fail(row, 'Executed', tx('row.quantityUnreadable', { value: cell(cells, 'Executed') }));
    if (!amount) r.fail(row, 'Amount', tx('row.amountUnreadable', { value: cell(cells, 'Amount') }));
    if (!quote || !base) r.fail(row, 'Pair', tx('row.pairUnreadable', { pair }));
    if (!date || !quantity || !amount || !quote || !base || (side !== 'BUY' && side !== 'SELL')) continue;
    const feeCell = cell(cells, 'Fee');
    const fee = feeCell ? amountWithAsset(feeCell + (index.has('Fee Coin') ? cell(cells, 'Fee Coin') : '')) : null;
    events.push(
      cryptoTrade(row, [cells.join('|')], date, side === 'BUY' ? 'buy' : 'sell', base, quantity, quote, amount, fee),
    );
  }
  return report('binance_trades_csv', events, r, []);
}

const TRADE_OPS =
  /^(Transaction (Buy|Spend|Sold|Revenue|Fee)|Buy|Sell|Fee|Binance Convert|Small assets exchange BNB)$/i;
const REWARD_OPS = /(Interest|Staking Rewards?|Distribution|Airdrop|Reward|Cashback|Launchpool)/i;

/** Transaction History ledger: legs of one trade share UTC_Time and Account. */
export function parseBinanceLedger(rows: CsvRow[]): ParsedReport {
  const { index, data } = header(rows, ['UTC_Time', 'Operation', 'Coin', 'Change']);
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const cell = (cells: string[], c: string) => text(cells[index.get(c) ?? -1]);
  const groups = new Map<
    string,
    { rows: number[]; date: string; time: string; legs: { row: number; op: string; coin: string; change: string }[] }
  >();
  for (const { row, cells } of data) {
    const op = cell(cells, 'Operation');
    const time = cell(cells, 'UTC_Time');
    const coin = cell(cells, 'Coin').toUpperCase();
    const date = r.date(row, 'UTC_Time', time);
    const change = r.number(row, 'Change', cell(cells, 'Change'));
    if (!date || !change) continue;
    if (REWARD_OPS.test(op)) {
      events.push({
        type: 'unknown',
        row,
        identity: [cells.join('|')],
        date,
        name: coin,
        isin: null,
        ticker: coin,
        currency: coin,
        amount: change,
        quantity: change,
        market: 'foreign',
        security: 'digital_asset',
        comment: tx('comment.cryptoReward', { operation: op }),
      });
      continue;
    }
    if (!TRADE_OPS.test(op)) {
      skipped.push({ row, reason: tx('skip.operationNotDeal', { operation: op }) });
      continue;
    }
    const key = `${time}|${cell(cells, 'Account')}`;
    const g = groups.get(key) ?? { rows: [], date, time, legs: [] };
    g.rows.push(row);
    g.legs.push({ row, op, coin, change });
    groups.set(key, g);
  }
  for (const [key, g] of groups) {
    const row = g.rows.length === 1 ? g.rows[0]! : tx('row.labelMany', { rows: g.rows.join(', ') });
    const feeLegs = g.legs.filter((l) => /fee/i.test(l.op));
    const legs = g.legs.filter((l) => !feeLegs.includes(l));
    if (!legs.length) {
      // a fee with no trade at that time (Strategy accounts write such rows): nothing was bought or sold
      for (const l of feeLegs) {
        skipped.push({
          row: l.row,
          reason: tx('skip.feeWithoutTrade', { amount: abs(l.change), coin: l.coin, time: g.time }),
        });
      }
      continue;
    }
    const got = sumByCoin(legs.filter((l) => !isNegative(l.change)));
    const spent = sumByCoin(legs.filter((l) => isNegative(l.change)));
    const fees = sumByCoin(feeLegs);
    if (got.length !== 1 || spent.length !== 1 || fees.length > 1) {
      r.fail(row, 'Operation', tx('row.legsUnmatched'));
      continue;
    }
    const [gotCoin, gotAmount] = got[0]!;
    const [spentCoin, spentAmount] = spent[0]!;
    const feeLeg: [string, string] | null = fees[0] ? [fees[0][1], fees[0][0]] : null;
    const spentIsMoney = FIAT.has(spentCoin) || USD_STABLECOINS.has(spentCoin);
    const gotIsMoney = FIAT.has(gotCoin) || USD_STABLECOINS.has(gotCoin);
    const identity = [key];
    if (spentIsMoney && !gotIsMoney) {
      events.push(cryptoTrade(row, identity, g.date, 'buy', gotCoin, gotAmount, spentCoin, spentAmount, feeLeg));
    } else if (gotIsMoney && !spentIsMoney) {
      events.push(cryptoTrade(row, identity, g.date, 'sell', spentCoin, spentAmount, gotCoin, gotAmount, feeLeg));
    } else {
      // crypto for crypto: an exchange out of one asset and into another, both need a value
      events.push(
        cryptoTrade(row, [...identity, 'out'], g.date, 'sell', spentCoin, spentAmount, gotCoin, gotAmount, feeLeg),
      );
      events.push(
        cryptoTrade(row, [...identity, 'in'], g.date, 'buy', gotCoin, gotAmount, spentCoin, spentAmount, null),
      );
    }
  }
  return report('binance_ledger_csv', events, r, skipped);
}

function sumByCoin(legs: { coin: string; change: string }[]): [string, string][] {
  const m = new Map<string, string>();
  for (const l of legs) m.set(l.coin, add(m.get(l.coin) ?? '0', abs(l.change)));
  return [...m.entries()];
}
