/**
 * Bybit spot order history (packages/importers/formats/bybit.md), three layouts of one table:
 * - Unified Trading Account: Spot Pairs, Order Type, Direction, Filled Value, Filled Price, Filled Quantity, Fees,
 *   Transaction ID, Order No., Timestamp (UTC) — plain numbers, pair `BTCUSDT`, time `HH:MM YYYY-MM-DD`;
 * - the same with an account line `UID: …,Company Name: …,Country: …` above the header, a `Uid` column first and
 *   `Timestamp (UTC+0)` as `YYYY-MM-DD HH:MM:SS`;
 * - pre-unified (classic) account: `Filled Time (Local Time)` first, pair `RENDER/USDT`, amounts with their coin
 *   (`16.35 RENDER`, `105.31 USDT`), the fee with its coin.
 * - the 2026 spelling adds `feeCoin,ExecFeeV2` after `Direction` and writes `--` in `Fees`: the fee is
 *   `ExecFeeV2` in `feeCoin`.
 * Where the fee has no coin, it is taken to be in the base coin for a purchase and in the quote coin for a sale
 * (Bybit takes the fee from the coin received; the file does not say).
 */

import type { ParsedReport, ReportEvent } from '../events.ts';
import type { CsvRow } from '../read/csv.ts';
import { tx } from '../texts.ts';
import { isBlank, text } from '../values.ts';
import { amountWithAsset, cryptoTrade, header, QUOTES } from './binance.ts';
import { RowReader, refuseOtherExport } from './common.ts';

export const BYBIT = 'Bybit';

const TIMESTAMPS = ['Timestamp (UTC)', 'Timestamp (UTC+0)'];

export function parseBybitSpot(rows: CsvRow[]): ParsedReport {
  // the account line «UID: …» (if any) stands above the header
  const at = rows.slice(0, 5).findIndex((r) => r.cells.some((c) => c.replace(/^\uFEFF/, '').trim() === 'Spot Pairs'));
  const table = at > 0 ? rows.slice(at) : rows;
  const names = (table[0]?.cells ?? []).map((c) => c.trim());
  const time = TIMESTAMPS.find((t) => names.includes(t)) ?? TIMESTAMPS[0]!;
  const { index, data } = header(table, ['Spot Pairs', 'Direction', 'Filled Value', 'Filled Quantity', time], BYBIT);
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  const r = new RowReader('dmy');
  /** "16.35 RENDER" → ["16.35", "RENDER"], "0.1" → ["0.1", ""]; unreadable is a row error. */
  const amount = (row: number, field: string, v: string): [string | null, string] => {
    const [n, asset] = amountWithAsset(v);
    if (n === null) r.number(row, field, v);
    return [n, asset];
  };
  const events: ReportEvent[] = [];
  for (const { row, cells } of data) {
    const errors = r.errors.length;
    // "14:35 2024-11-16" or "2024-12-09 19:48:23": the date is the word YYYY-MM-DD, in UTC as written
    const stamp = cell(cells, time).trim();
    const date = r.date(row, time, stamp.split(/\s+/).find((w) => /^\d{4}-\d{2}-\d{2}/.test(w)) ?? stamp);
    const side = cell(cells, 'Direction').trim().toUpperCase();
    const [quantity, quantityCoin] = amount(row, 'Filled Quantity', cell(cells, 'Filled Quantity'));
    const [value, valueCoin] = amount(row, 'Filled Value', cell(cells, 'Filled Value'));
    // `Fees` («0.01635 RENDER», «0.01», or «--» with the fee in `ExecFeeV2` and its coin in `feeCoin`)
    const v2 = isBlank(cell(cells, 'Fees')) && !isBlank(cell(cells, 'ExecFeeV2'));
    const [fee, feeCoin]: [string | null, string] = v2
      ? [amountWithAsset(cell(cells, 'ExecFeeV2'))[0], text(cell(cells, 'feeCoin')).toUpperCase()]
      : amountWithAsset(cell(cells, 'Fees'));
    const shown = cell(cells, 'Spot Pairs').trim();
    const pair = shown.toUpperCase();
    // "RENDER/USDT" names both coins; "BTCUSDT" is split by the coin of Filled Value, else by a known quote
    const parts = pair.split(/[-/]/);
    const quote =
      parts.length === 2
        ? parts[1]!
        : valueCoin && pair.endsWith(valueCoin) && pair.length > valueCoin.length
          ? valueCoin
          : (QUOTES.find((q) => pair.endsWith(q) && pair.length > q.length) ?? '');
    const base = parts.length === 2 ? parts[0]! : pair.slice(0, pair.length - quote.length);
    if (side !== 'BUY' && side !== 'SELL')
      r.fail(row, 'Direction', tx('row.sideUnknown', { value: cell(cells, 'Direction') }));
    if (!quote || !base) r.fail(row, 'Spot Pairs', tx('row.pairUnreadable', { pair: shown }));
    else if ((quantityCoin && quantityCoin !== base) || (valueCoin && valueCoin !== quote))
      r.fail(row, 'Spot Pairs', tx('row.pairMismatch', { pair: shown }));
    if (r.errors.length > errors || !date || !quantity || !value) continue;
    const buy = side === 'BUY';
    events.push(
      cryptoTrade(
        row,
        [cell(cells, 'Transaction ID') || cells.join('|')],
        date,
        buy ? 'buy' : 'sell',
        base,
        quantity,
        quote,
        value,
        fee ? [fee, feeCoin || (buy ? base : quote)] : null,
        BYBIT,
      ),
    );
  }
  return {
    format: 'bybit_spot_csv',
    family: 'bybit',
    broker: BYBIT,
    brokerIsKz: false,
    events,
    errors: r.errors,
    skipped: [],
  };
}

/**
 * Other Bybit exports, refused with the one to download: the balance change logs (Unified Trading Account
 * `Transaction Log`, Funding account `Asset Change Details`) and the derivatives `Closed P&L`. `lines` are the
 * first lines of the file, without quotes.
 */
export function refuseOtherBybitReport(lines: string[]): void {
  refuseOtherExport(lines, [
    [['Contract', 'Cash Flow', 'Wallet Balance'], tx('refuse.bybitTransactionLog')],
    [['Date & Time(UTC)', 'QTY', 'Account Balance'], tx('refuse.bybitTransactionLog')],
    [['Realized P&L', 'Entry Price', 'Exit Price'], tx('refuse.bybitClosedPnl')],
  ]);
}
