/** Binance exports (packages/importers/formats/binance.md): Spot Trade History and the Transaction History ledger. */
import { FIAT, USD_STABLECOINS } from '../classify.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent, TradeEvent } from '../events.ts';
import type { CsvRow } from '../read/csv.ts';
import { tx } from '../texts.ts';
import type { FormatId } from '../types.ts';
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

/** Fiat money or a USD stablecoin (priced as USD): money on both sides of a trade is a currency conversion. */
const isMoney = (asset: string) => FIAT.has(asset) || USD_STABLECOINS.has(asset);

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

/**
 * Binance header names in the other languages of its exports that we have seen, mapped to the English ones
 * (formats/binance.md «Languages»). The values in the rows (BUY/SELL, `Transaction Buy`…) stay in English.
 * `Time` (and its translations) is the time in the zone chosen for the export, not UTC.
 */
export const BINANCE_HEADER_NAMES: Record<string, string> = {
  // English spellings
  'Date (UTC)': 'Date(UTC)',
  'User ID': 'User_ID',
  // Spanish
  Tiempo: 'Time',
  Par: 'Pair',
  Lado: 'Side',
  Precio: 'Price',
  Ejecutado: 'Executed',
  Cantidad: 'Amount',
  Tarifa: 'Fee',
  'ID de usuario': 'User_ID',
  Cuenta: 'Account',
  Operación: 'Operation',
  Moneda: 'Coin',
  Cambio: 'Change',
  Observación: 'Remark',
  // French (the time column is «Durée» in the real export)
  'Identifiant utilisateur': 'User_ID',
  Durée: 'Time',
  Compte: 'Account',
  Opération: 'Operation',
  Jeton: 'Coin',
  Remarque: 'Remark',
};

const headName = (c: string) =>
  c
    .replace(/^\uFEFF/, '')
    .replace(/"/g, '')
    .trim();

/** The header row's names in English (the other cells and rows as they are). */
export function englishHeader(rows: CsvRow[]): CsvRow[] {
  const first = rows[0];
  if (!first) return rows;
  const cells = first.cells.map((c) => BINANCE_HEADER_NAMES[headName(c)] ?? headName(c));
  return [{ row: first.row, cells }, ...rows.slice(1)];
}

/** Which Binance report a header line is (its names in English), or null when it is none of them. */
export function binanceReport(
  headerCells: string[],
): 'trades' | 'tradesOld' | 'ledger' | 'convert' | 'orders' | 'transfers' | 'fiat' | null {
  const h = new Set(headerCells.map((c) => BINANCE_HEADER_NAMES[headName(c)] ?? headName(c)));
  const has = (...names: string[]) => names.every((n) => h.has(n));
  if (has('Pair', 'Side', 'Executed', 'Amount') && (h.has('Date(UTC)') || h.has('Time'))) return 'trades';
  if (has('Date(UTC)', 'Market', 'Type', 'Amount', 'Total')) return 'tradesOld';
  if (has('Operation', 'Coin', 'Change') && (h.has('UTC_Time') || h.has('Time'))) return 'ledger';
  if (has('Sell', 'Buy', 'Inverse Price')) return 'convert';
  if (h.has('Pair') && (h.has('OrderNo') || h.has('Order Amount') || h.has('Order Price'))) return 'orders';
  if (has('Spend Amount', 'Receive Amount') || has('Coin', 'Payment Method', 'Indicated Amount')) return 'fiat';
  if (has('Coin', 'Amount', 'TXID') && (h.has('Network') || h.has('Address'))) return 'transfers';
  return null;
}

/** The formats read; the other Binance reports are refused with the export to download instead. */
export function binanceFormat(headerCells: string[]): FormatId | null {
  const kind = binanceReport(headerCells);
  if (kind === 'orders') refuse('unknown_format', tx('refuse.binanceOrderHistory'));
  if (kind === 'transfers') refuse('unknown_format', tx('refuse.binanceTransfers'));
  if (kind === 'fiat') refuse('unknown_format', tx('refuse.binanceFiatHistory'));
  if (kind === 'trades' || kind === 'tradesOld') return 'binance_trades_csv';
  if (kind === 'ledger') return 'binance_ledger_csv';
  if (kind === 'convert') return 'binance_convert_csv';
  return null;
}

/** Operations of the Transaction History (their names stay English in every language of the export). */
const KNOWN_OPERATION =
  /^(Transaction (Buy|Spend|Sold|Revenue|Fee|Related)|Binance Convert|Deposit|Withdraw|Small Assets Exchange BNB|Simple Earn Flexible (Interest|Subscription|Redemption)|P2P Trading|Transfer Between .*|Buy Crypto With Fiat)$/i;
const SUFFIXED = /^[\d.,]+[A-Z][A-Z0-9]*$/;

/**
 * A Binance report whose header is in a language we do not read (Russian, Turkish…): its rows have the
 * English operation names of the Transaction History, or the `0.1BTC` amounts and BUY/SELL of the Trade
 * History. Refused with the language and report to choose; null when the rows are not Binance's.
 */
export function refuseOtherLanguage(rows: CsvRow[]): void {
  const data = rows.slice(1, 30);
  const ledger = data.some((r) => r.cells.length >= 6 && KNOWN_OPERATION.test(text(r.cells[3])));
  const trades = data.some(
    (r) =>
      /^(BUY|SELL)$/.test(text(r.cells[2])) &&
      /^[A-Z0-9]{4,}$/.test(text(r.cells[1])) &&
      SUFFIXED.test(text(r.cells[4])) &&
      SUFFIXED.test(text(r.cells[5])),
  );
  if (ledger || trades) refuse('unknown_format', tx('refuse.binanceLanguage'));
}

/** "25-11-11 13:06:16" (the year in two digits, as Binance writes it since 2024) → "2025-11-11 13:06:16". */
export const fullYear = (v: string): string => {
  const s = v.trim();
  return /^\d{2}-\d{2}-\d{2}(?:[ T]|$)/.test(s) ? `20${s}` : s;
};

const report = (
  format: 'binance_trades_csv' | 'binance_ledger_csv' | 'binance_convert_csv',
  events: ReportEvent[],
  r: RowReader,
  skipped: ParsedReport['skipped'],
  notes: string[] = [],
): ParsedReport => ({
  format,
  family: 'binance',
  broker: BINANCE,
  brokerIsKz: false,
  events,
  errors: r.errors,
  skipped,
  ...(notes.length ? { notes } : {}),
});

/** The time column: `Date(UTC)`/`UTC_Time` in UTC, else `Time` in the zone chosen for the export (with a note). */
function timeColumn(rows: CsvRow[], utc: string): { column: string; notes: string[] } {
  const head = (rows[0]?.cells ?? []).map(headName);
  if (head.includes(utc) || !head.includes('Time')) return { column: utc, notes: [] };
  return { column: 'Time', notes: [tx('note.binanceLocalTime')] };
}

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
    // EUR for USDC, USDT for TRY: a conversion of money (skipped as such), not a digital asset bought or sold
    security: isMoney(base) && isMoney(quote) ? 'currency' : 'digital_asset',
    cryptoSwap: p.swap,
    note: [p.note, feeNote].filter(Boolean).join(' ') || null,
    flag: p.swap ? SWAP_FLAG(quote) : null,
  };
}

/**
 * Spot Trade History: `Date(UTC),Pair,Side,Price,Executed,Amount,Fee` (amounts with their coin, `0.18SOL`), its
 * translations, and the older `Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin` (plain numbers: there
 * `Amount` is the base coin quantity and `Total` the quote amount).
 */
export function parseBinanceTrades(rows: CsvRow[]): ParsedReport {
  const translated = englishHeader(rows);
  const old = binanceReport(translated[0]?.cells ?? []) === 'tradesOld';
  const names = old
    ? { pair: 'Market', side: 'Type', quantity: 'Amount', amount: 'Total' }
    : { pair: 'Pair', side: 'Side', quantity: 'Executed', amount: 'Amount' };
  const { column: time, notes } = timeColumn(translated, 'Date(UTC)');
  const { index, data } = header(translated, [time, names.pair, names.side, names.quantity, names.amount]);
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  for (const { row, cells } of data) {
    const date = r.date(row, time, fullYear(cell(cells, time)));
    const side = cell(cells, names.side).trim().toUpperCase();
    const [quantity, baseAsset] = amountWithAsset(cell(cells, names.quantity));
    const [amount, quoteAsset] = amountWithAsset(cell(cells, names.amount));
    const pair = cell(cells, names.pair).trim().toUpperCase();
    const quote = quoteAsset || QUOTES.find((q) => pair.endsWith(q) && pair.length > q.length) || '';
    const base = baseAsset || pair.slice(0, pair.length - quote.length);
    if (side !== 'BUY' && side !== 'SELL')
      r.fail(row, names.side, tx('row.sideUnknown', { value: cell(cells, names.side) }));
    if (!quantity) r.fail(row, names.quantity, tx('row.quantityUnreadable', { value: cell(cells, names.quantity) }));
    if (!amount) r.fail(row, names.amount, tx('row.amountUnreadable', { value: cell(cells, names.amount) }));
    if (!quote || !base) r.fail(row, names.pair, tx('row.pairUnreadable', { pair }));
    if (!date || !quantity || !amount || !quote || !base || (side !== 'BUY' && side !== 'SELL')) continue;
    const feeCell = cell(cells, 'Fee');
    const fee = feeCell ? amountWithAsset(feeCell + (index.has('Fee Coin') ? cell(cells, 'Fee Coin') : '')) : null;
    events.push(
      cryptoTrade(row, [cells.join('|')], date, side === 'BUY' ? 'buy' : 'sell', base, quantity, quote, amount, fee),
    );
  }
  return report('binance_trades_csv', events, r, [], notes);
}

const TRADE_OPS =
  /^(Transaction (Buy|Spend|Sold|Revenue|Fee|Related)|Buy|Sell|Fee|Binance Convert|Large OTC Trading|Small Assets Exchange BNB|Buy Crypto With Fiat|Sell Crypto To Fiat)$/i;
const REWARD_OPS =
  /(Interest|Staking Rewards?|Distribution|Airdrop|Reward|Cashback|Launchpool|Commission|Rebate|Referral|Referrer|Kickback|Mining|Crypto Box|Voucher)/i;
/** Coins moved into or out of an Earn product (Launchpool, Savings, Staking): not income, not a deal. */
const PRODUCT_MOVES = /(Subscription|Subscribe|Redemption|Purchase)/i;
const DUST = /^Small Assets Exchange BNB$/i;

interface Leg {
  row: number;
  op: string;
  coin: string;
  change: string;
}

interface Group {
  key: string;
  account: string;
  /** seconds since the epoch of the time as written, for legs written a second apart */
  second: number;
  rows: number[];
  date: string;
  time: string;
  legs: Leg[];
}

const secondOf = (time: string): number => {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(time);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) / 1000 : Number.NaN;
};

const isFee = (l: Leg) => /fee/i.test(l.op);

/**
 * Transaction History ledger: legs of one trade share the time and Account (`UTC_Time`, or `Time` in the zone of
 * the export); a leg written a second after the others (Binance Convert, Buy Crypto With Fiat) joins them.
 */
export function parseBinanceLedger(rows: CsvRow[]): ParsedReport {
  const translated = englishHeader(rows);
  const { column: time, notes } = timeColumn(translated, 'UTC_Time');
  const { index, data } = header(translated, [time, 'Operation', 'Coin', 'Change']);
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const cell = (cells: string[], c: string) => text(cells[index.get(c) ?? -1]);
  const groups = new Map<string, Group>();
  const flagged = (row: number, cells: string[], date: string, coin: string, change: string, comment: string) =>
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
      comment,
    });
  for (const { row, cells } of data) {
    const op = cell(cells, 'Operation');
    const stamp = fullYear(cell(cells, time));
    const account = cell(cells, 'Account');
    const coin = cell(cells, 'Coin').toUpperCase();
    const date = r.date(row, time, stamp);
    const change = r.number(row, 'Change', cell(cells, 'Change'));
    if (!date || !change) continue;
    if (/futures/i.test(account) && !/transfer/i.test(op)) {
      // futures: realised profit and loss, funding and trading fees are derivatives income, entered by hand
      flagged(row, cells, date, coin, change, tx('comment.binanceDerivatives', { operation: op, account }));
      continue;
    }
    if (/^P2P Trading$/i.test(op)) {
      // a coin bought or sold for money paid outside Binance: the file has no price
      flagged(row, cells, date, coin, change, tx('comment.binanceP2p'));
      continue;
    }
    if (PRODUCT_MOVES.test(op)) {
      skipped.push({ row, reason: tx('skip.operationNotDeal', { operation: op }) });
      continue;
    }
    if (REWARD_OPS.test(op)) {
      flagged(row, cells, date, coin, change, tx('comment.cryptoReward', { operation: op }));
      continue;
    }
    if (!TRADE_OPS.test(op)) {
      skipped.push({ row, reason: tx('skip.operationNotDeal', { operation: op }) });
      continue;
    }
    // small balances converted at one time are told apart by the remark («ACE to USDC») where it is given
    const remark = DUST.test(op) ? cell(cells, 'Remark') : '';
    const key = `${stamp}|${account}${remark ? `|${remark}` : ''}`;
    const g = groups.get(key) ?? { key, account, second: secondOf(stamp), rows: [], date, time: stamp, legs: [] };
    g.rows.push(row);
    g.legs.push({ row, op, coin, change });
    groups.set(key, g);
  }
  for (const g of joinSecondApart([...groups.values()])) {
    const row = g.rows.length === 1 ? g.rows[0]! : tx('row.labelMany', { rows: g.rows.join(', ') });
    const feeLegs = g.legs.filter(isFee);
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
    const identity = [g.key];
    if (got.length === 1 && spent.length > 1 && !fees.length && legs.every((l) => DUST.test(l.op))) {
      // old dust conversions: each coin given (−) is written next to the BNB it gave (+), in file order
      const given = legs.filter((l) => isNegative(l.change));
      const received = legs.filter((l) => !isNegative(l.change));
      if (given.length === received.length) {
        given.forEach((l, i) => {
          const pair: [string, string] = [received[i]!.coin, abs(received[i]!.change)];
          events.push(...exchange(row, [...identity, l.coin, i], g.date, [l.coin, abs(l.change)], pair, null));
        });
        continue;
      }
    }
    if (got.length !== 1 || spent.length !== 1 || fees.length > 1) {
      r.fail(row, 'Operation', tx('row.legsUnmatched'));
      continue;
    }
    const feeLeg: [string, string] | null = fees[0] ? [fees[0][1], fees[0][0]] : null;
    events.push(...exchange(row, identity, g.date, spent[0]!, got[0]!, feeLeg));
  }
  return report('binance_ledger_csv', events, r, skipped, notes);
}

/** One coin given for another: a purchase (money given), a sale (money received), or an exchange of two coins. */
export function exchange(
  row: number | string,
  identity: unknown[],
  date: string,
  [spentCoin, spentAmount]: [string, string],
  [gotCoin, gotAmount]: [string, string],
  feeLeg: [string, string] | null,
): TradeEvent[] {
  const spentIsMoney = isMoney(spentCoin);
  const gotIsMoney = isMoney(gotCoin);
  // money given: a purchase; money for money (EUR for USDC) is one conversion, skipped as such (cryptoTrade)
  if (spentIsMoney) {
    return [cryptoTrade(row, identity, date, 'buy', gotCoin, gotAmount, spentCoin, spentAmount, feeLeg)];
  }
  if (gotIsMoney) {
    return [cryptoTrade(row, identity, date, 'sell', spentCoin, spentAmount, gotCoin, gotAmount, feeLeg)];
  }
  // crypto for crypto: an exchange out of one asset and into another, both need a value
  return [
    cryptoTrade(row, [...identity, 'out'], date, 'sell', spentCoin, spentAmount, gotCoin, gotAmount, feeLeg),
    cryptoTrade(row, [...identity, 'in'], date, 'buy', gotCoin, gotAmount, spentCoin, spentAmount, null),
  ];
}

/**
 * Binance writes some legs a second after the others (Binance Convert `14:21:58` +BNB, `14:21:59` −EUR; a
 * `Fee` at `10:00:01` for a trade at `10:00:00`). A group with only coins received and the group of the next
 * second (same account) with only coins given are one trade; so is a fee alone next to a whole trade.
 */
function joinSecondApart(groups: Group[]): Group[] {
  const side = (g: Group) => {
    const legs = g.legs.filter((l) => !isFee(l));
    const got = legs.some((l) => !isNegative(l.change));
    const gave = legs.some((l) => isNegative(l.change));
    return legs.length === 0 ? 'fee' : got && gave ? 'whole' : got ? 'got' : 'gave';
  };
  const sorted = [...groups].sort((a, b) => a.second - b.second);
  const gone = new Set<Group>();
  const merge = (into: Group, from: Group) => {
    into.legs.push(...from.legs);
    into.rows = [...into.rows, ...from.rows].sort((a, b) => a - b);
    gone.add(from);
  };
  const fits = (a: string, b: string) =>
    (a === 'got' && b === 'gave') ||
    (a === 'gave' && b === 'got') ||
    (a === 'fee' && b === 'whole') ||
    (a === 'whole' && b === 'fee');
  for (let i = 0; i < sorted.length; i++) {
    const g = sorted[i]!;
    if (gone.has(g) || side(g) === 'whole') continue;
    for (let j = i + 1; j < sorted.length && sorted[j]!.second - g.second <= 1; j++) {
      const h = sorted[j]!;
      if (gone.has(h) || h.account !== g.account || h.second === g.second || !fits(side(g), side(h))) continue;
      merge(g, h);
      break;
    }
    // a fee alone a second after a whole trade
    if (side(g) === 'fee' && !gone.has(g)) {
      for (let j = i - 1; j >= 0 && g.second - sorted[j]!.second <= 1; j--) {
        const h = sorted[j]!;
        if (gone.has(h) || h.account !== g.account || h.second === g.second || side(h) !== 'whole') continue;
        merge(h, g);
        break;
      }
    }
  }
  return groups.filter((g) => !gone.has(g));
}

const CONVERT_DONE = /^(Success|Successful|Completed|Filled)$/i;

/**
 * Convert history: `Date|Time,[Wallet,]Pair,Type,Sell,Buy,Price,Inverse Price,Date Updated,Status`, one
 * conversion a row, `Sell` and `Buy` with their coin (`124.60184573 BUSD`, `1.00000000ETH`). Only done ones
 * are deals; the others are skipped with their status.
 */
export function parseBinanceConvert(rows: CsvRow[]): ParsedReport {
  const translated = englishHeader(rows);
  const head = (translated[0]?.cells ?? []).map(headName);
  const time = ['Date(UTC)', 'Date', 'Time', 'Date Updated'].find((c) => head.includes(c)) ?? 'Date';
  const { index, data } = header(translated, [time, 'Sell', 'Buy', 'Status']);
  const notes = time === 'Date(UTC)' ? [] : [tx('note.binanceLocalTime')];
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const cell = (cells: string[], c: string) => text(cells[index.get(c) ?? -1]);
  for (const { row, cells } of data) {
    const status = cell(cells, 'Status');
    if (!CONVERT_DONE.test(status)) {
      skipped.push({ row, reason: tx('skip.convertNotDone', { status }) });
      continue;
    }
    const date = r.date(row, time, fullYear(cell(cells, time)));
    const [sold, soldCoin] = amountWithAsset(cell(cells, 'Sell'));
    const [bought, boughtCoin] = amountWithAsset(cell(cells, 'Buy'));
    if (!sold || !soldCoin) r.fail(row, 'Sell', tx('row.amountUnreadable', { value: cell(cells, 'Sell') }));
    if (!bought || !boughtCoin) r.fail(row, 'Buy', tx('row.amountUnreadable', { value: cell(cells, 'Buy') }));
    if (!date || !sold || !soldCoin || !bought || !boughtCoin) continue;
    events.push(...exchange(row, [cells.join('|')], date, [soldCoin, abs(sold)], [boughtCoin, abs(bought)], null));
  }
  return report('binance_convert_csv', events, r, skipped, notes);
}

function sumByCoin(legs: { coin: string; change: string }[]): [string, string][] {
  const m = new Map<string, string>();
  for (const l of legs) m.set(l.coin, add(m.get(l.coin) ?? '0', abs(l.change)));
  return [...m.entries()];
}
