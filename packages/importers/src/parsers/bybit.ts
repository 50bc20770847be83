/**
 * Bybit spot order history of a Unified Trading Account (packages/importers/formats/bybit.md):
 * Spot Pairs, Order Type, Direction, Filled Value, Filled Price, Filled Quantity, Fees, Transaction ID,
 * Order No., Timestamp (UTC). The fee is in the base coin for a purchase and in the quote coin for a sale
 * (layout assumed from public examples; the file itself does not say).
 */
import type { ParsedReport, ReportEvent } from '../events.ts';
import type { CsvRow } from '../read/csv.ts';
import { tx } from '../texts.ts';
import { readDecimal } from '../values.ts';
import { cryptoTrade, header, QUOTES } from './binance.ts';
import { RowReader } from './common.ts';

export const BYBIT = 'Bybit';

export function parseBybitSpot(rows: CsvRow[]): ParsedReport {
  const { index, data } = header(
    rows,
    ['Spot Pairs', 'Direction', 'Filled Value', 'Filled Quantity', 'Timestamp (UTC)'],
    BYBIT,
  );
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  for (const { row, cells } of data) {
    // "14:35 2024-11-16": the date part is the last word
    const stamp = cell(cells, 'Timestamp (UTC)').trim();
    const date = r.date(row, 'Timestamp (UTC)', stamp.split(/\s+/).find((w) => /^\d{4}-\d{2}-\d{2}/.test(w)) ?? stamp);
    const side = cell(cells, 'Direction').toUpperCase();
    const pair = cell(cells, 'Spot Pairs').toUpperCase().replace(/[-/]/g, '');
    const quote = QUOTES.find((q) => pair.endsWith(q) && pair.length > q.length) ?? '';
    const base = pair.slice(0, pair.length - quote.length);
    const quantity = r.number(row, 'Filled Quantity', cell(cells, 'Filled Quantity'));
    const value = r.number(row, 'Filled Value', cell(cells, 'Filled Value'));
    const fee = readDecimal(cell(cells, 'Fees')) ?? null;
    if (side !== 'BUY' && side !== 'SELL')
      r.fail(row, 'Direction', tx('row.sideUnknown', { value: cell(cells, 'Direction') }));
    if (!quote) r.fail(row, 'Spot Pairs', tx('row.pairUnreadable', { pair: cell(cells, 'Spot Pairs') }));
    if (!date || !quantity || !value || !quote || (side !== 'BUY' && side !== 'SELL')) continue;
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
        fee ? [fee, buy ? base : quote] : null,
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
