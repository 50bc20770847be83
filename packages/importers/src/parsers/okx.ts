/**
 * OKX trade history CSV (packages/importers/formats/okx.md), two spellings of one table:
 * - current: id, Order id, Time, Trade Type, Symbol, Action, Amount, Trading Unit, Filled Price, PnL, Fee, Fee Unit,
 *   Position Change, Position Balance, Balance Change, Balance, Balance Unit — often below the account line
 *   `UID:…,Account Type:…,Time Zone:UTC+8`;
 * - older names (BittyTax's OKX parser, BittyTax/BittyTax src/bittytax/conv/parsers/okx.py): Instrument, Type, Unit,
 *   PL, and `Unit` again for the balance.
 * A spot fill is two rows, the Buy row the coin received and the Sell row the coin given; in the current export the
 * two rows have different ids and one `Order id`, and an order may have several fills. The rows of one order on one
 * date make one deal (sums of the fills). `Amount` is unsigned; the row's coin is the balance unit.
 */

import type { ParsedReport, ReportEvent } from '../events.ts';
import type { CsvRow } from '../read/csv.ts';
import { tx } from '../texts.ts';
import { abs, add, isZero, readDecimal, text } from '../values.ts';
import { cryptoTrade, header } from './binance.ts';
import { RowReader, refuseOtherExport } from './common.ts';

export const OKX = 'OKX';

/** An id written by Excel in its number format: «3.56E+18». */
const MANGLED_ID = /^\d(\.\d+)?E\+?\d+$/i;

interface Leg {
  row: number;
  id: string;
  date: string;
  instrument: string;
  /** Buy: the coin received; Sell: the coin given */
  side: 'Buy' | 'Sell';
  amount: string;
  coin: string;
  fee: string | null;
  feeCoin: string;
}

const LAYOUTS = {
  current: { instrument: 'Symbol', side: 'Action', pl: 'PnL', required: ['Order id', 'Balance Unit'] },
  older: { instrument: 'Instrument', side: 'Type', pl: 'PL', required: ['Unit'] },
};

/** "UTC+8", "UTC-03:30", "UTC" → minutes east of UTC; null when not readable. */
export function zoneOffset(zone: string): number | null {
  const m = /^(?:UTC|GMT)\s*(?:([+-])\s*(\d{1,2})(?::?(\d{2}))?)?$/i.exec(zone.trim());
  if (!m) return null;
  if (!m[1]) return 0;
  const minutes = +m[2]! * 60 + +(m[3] ?? 0);
  return minutes > 14 * 60 ? null : m[1] === '-' ? -minutes : minutes;
}

/** "2026-07-20 00:12:37" written at `offset` minutes east of UTC → the UTC date "2026-07-19"; null if not that shape. */
export function utcDay(time: string, offset: number): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(time.trim());
  if (!m) return null;
  const t = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) - offset * 60000;
  return new Date(t).toISOString().slice(0, 10);
}

export function parseOkxTrades(rows: CsvRow[]): ParsedReport {
  // the account line «UID: …,Account Type: …,Time Zone: UTC+8» (if any) stands above the header
  const at = rows.slice(0, 5).findIndex((r) => r.cells.some((c) => c.replace(/^\uFEFF/, '').trim() === 'Order id'));
  const table = at > 0 ? rows.slice(at) : rows;
  const zone =
    rows
      .slice(0, Math.max(at, 0))
      .flatMap((r) => r.cells)
      .map((c) => /^Time Zone\s*:\s*(.*)$/i.exec(c.trim())?.[1]?.trim())
      .find((z) => z !== undefined) ?? '';
  const offset = zone ? zoneOffset(zone) : 0;
  const notes: string[] = [];
  if (offset === null) notes.push(tx('note.okxTimeZoneUnknown', { zone }));
  else if (offset !== 0) notes.push(tx('note.okxTimeZone', { zone }));

  const names = (table[0]?.cells ?? []).map((c) => c.replace(/^\uFEFF/, '').trim());
  const layout = names.includes('Symbol') && names.includes('Action') ? LAYOUTS.current : LAYOUTS.older;
  const { index, data } = header(
    table,
    ['id', 'Time', 'Trade Type', layout.instrument, layout.side, 'Amount', ...layout.required],
    OKX,
  );
  // the row's coin is the balance unit (the last «Unit» of the older names); in the current export «Trading Unit»
  // is the quote coin even on the rows of the base coin
  const coinAt = names.findLastIndex((c) => c === 'Balance Unit' || c === 'Unit');
  const unitAt = names.indexOf('Unit');
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  const r = new RowReader('dmy');
  const dateOf = (row: number, time: string) => r.date(row, 'Time', (offset && utcDay(time, offset)) || time);
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const orders = new Map<string, Leg[]>();
  let mangledIds = false;
  for (const { row, cells } of data) {
    const tradeType = text(cell(cells, 'Trade Type'));
    if (tradeType === 'Transfer') {
      skipped.push({ row, reason: tx('skip.okxTransfer') });
      continue;
    }
    if (/^(Deposit|Withdrawal|Withdraw)$/i.test(tradeType)) {
      skipped.push({ row, reason: tx('skip.okxDepositWithdrawal', { type: tradeType }) });
      continue;
    }
    const date = dateOf(row, cell(cells, 'Time'));
    const amount = r.number(row, 'Amount', cell(cells, 'Amount'));
    const coin = (text(cells[coinAt]) || text(cells[unitAt])).toUpperCase();
    const side = text(cell(cells, layout.side));
    if (!date || !amount) continue;
    const id = cell(cells, 'id');
    if (tradeType !== 'Spot') {
      events.push({
        type: 'unknown',
        row,
        identity: [id, side, coin],
        date,
        name: text(cell(cells, layout.instrument)),
        isin: null,
        ticker: null,
        currency: coin,
        exchange: OKX,
        market: 'foreign',
        amount: readDecimal(cell(cells, layout.pl)) || null,
        quantity: amount,
        comment: tx('comment.okxDerivatives', { type: tradeType }),
      });
      continue;
    }
    if (side !== 'Buy' && side !== 'Sell') {
      r.fail(row, layout.side, tx('row.sideUnknown', { value: side }));
      continue;
    }
    const fee = readDecimal(cell(cells, 'Fee'));
    // the fills of one order (or the two rows of one id, when there is no order id) on one date; an order id
    // that Excel turned into «3.56E+18» names no order: the rows of one time and pair are one deal then
    const order = text(cell(cells, 'Order id'));
    const mangled = MANGLED_ID.test(order);
    if (mangled) mangledIds = true;
    const key = `${mangled ? `${text(cell(cells, 'Time'))} ${text(cell(cells, layout.instrument))}` : order || id}|${date}`;
    const legs = orders.get(key) ?? [];
    legs.push({
      row,
      id,
      date,
      instrument: text(cell(cells, layout.instrument)).toUpperCase(),
      side,
      amount: abs(amount),
      coin,
      fee: fee && !isZero(fee) ? abs(fee) : null,
      feeCoin: text(cell(cells, 'Fee Unit')).toUpperCase() || coin,
    });
    orders.set(key, legs);
  }
  for (const [key, legs] of orders) events.push(...dealOf(key.slice(0, key.lastIndexOf('|')), legs, r));
  if (mangledIds) notes.push(tx('note.okxOrderIdsMangled'));
  return {
    format: 'okx_trades_csv',
    family: 'okx',
    broker: OKX,
    brokerIsKz: false,
    events,
    errors: r.errors,
    skipped,
    ...(notes.length ? { notes } : {}),
  };
}

const sum = (legs: Leg[]) => legs.reduce((s, l) => add(s, l.amount), '0');

/** One order's fills on one date → one deal: the Buy rows are the coin received, the Sell rows the coin given. */
function dealOf(order: string, legs: Leg[], r: RowReader): ReportEvent[] {
  const got = legs.filter((l) => l.side === 'Buy');
  const gave = legs.filter((l) => l.side === 'Sell');
  const label = legs
    .map((l) => l.row)
    .sort((a, b) => a - b)
    .join(', ');
  if (!got.length || !gave.length) {
    r.fail(label, 'id', tx('row.legsMissing', { id: order }));
    return [];
  }
  // "BTC-USDT": base BTC, quote USDT; receiving the base coin is a purchase
  const instrument = got[0]!.instrument;
  const [base = '', quote = ''] = instrument.split('-');
  const gotCoin = got[0]!.coin;
  const gaveCoin = gave[0]!.coin;
  const buy = gotCoin === base;
  if (
    legs.some((l) => l.instrument !== instrument) ||
    got.some((l) => l.coin !== gotCoin) ||
    gave.some((l) => l.coin !== gaveCoin) ||
    !(buy ? gaveCoin === quote : gotCoin === quote && gaveCoin === base)
  ) {
    r.fail(label, 'Unit', tx('row.pairMismatch', { pair: instrument }));
    return [];
  }
  // fees by coin: OKX takes the fee from the coin received (the base coin of a purchase, the quote of a sale)
  const fees = new Map<string, string>();
  for (const l of legs) if (l.fee) fees.set(l.feeCoin, add(fees.get(l.feeCoin) ?? '0', l.fee));
  const feeCoin = fees.has(quote) ? quote : ([...fees.keys()][0] ?? null);
  const ids = [...new Set(legs.map((l) => l.id))];
  const deal = cryptoTrade(
    label,
    // one id for both rows (the older export) keeps its source key; otherwise the order and its rows' ids
    ids.length === 1 ? ids : [order, ...ids.sort()],
    got[0]!.date,
    buy ? 'buy' : 'sell',
    base,
    sum(buy ? got : gave),
    quote,
    sum(buy ? gave : got),
    feeCoin ? [fees.get(feeCoin)!, feeCoin] : null,
    OKX,
  );
  const other = [...fees].filter(([coin]) => coin !== feeCoin);
  if (other.length) {
    const more = other.map(([coin, amount]) => tx('comment.fee', { amount, currency: coin }));
    deal.note = [deal.note, ...more].filter(Boolean).join(' ');
  }
  return [deal];
}

/**
 * Other OKX exports, refused with the one to download: the funding account's bills (`Before Balance`,
 * `After Balance`) and the deposit and withdrawal history (`Crypto`, `Transaction ID`). `lines` are the first
 * lines of the file, without quotes.
 */
export function refuseOtherOkxReport(lines: string[]): void {
  refuseOtherExport(lines, [
    [['Before Balance', 'After Balance'], tx('refuse.okxFunding')],
    [['Crypto', 'Transaction ID', 'Amount'], tx('refuse.okxFunding')],
  ]);
}
