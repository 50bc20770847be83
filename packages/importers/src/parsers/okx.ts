/**
 * OKX trade history CSV (packages/importers/formats/okx.md): id, Order id, Time, Trade Type, Instrument, Type,
 * Amount, Unit, PL, Fee, Position Change, Position Balance, Balance Change, Balance, Unit. A spot trade is two
 * rows with the same id: the Buy row is the coin received (with the fee, in that coin), the Sell row the coin
 * given. Layout from BittyTax's OKX parser (BittyTax/BittyTax src/bittytax/conv/parsers/okx.py).
 */
import type { ParsedReport, ReportEvent } from '../events.ts';
import type { CsvRow } from '../read/csv.ts';
import { tx } from '../texts.ts';
import { readDecimal, text } from '../values.ts';
import { cryptoTrade, header } from './binance.ts';
import { RowReader } from './common.ts';

export const OKX = 'OKX';

interface Leg {
  row: number;
  date: string;
  instrument: string;
  type: string;
  amount: string;
  unit: string;
  fee: string | null;
}

export function parseOkxTrades(rows: CsvRow[]): ParsedReport {
  const { index, data } = header(rows, ['id', 'Time', 'Trade Type', 'Instrument', 'Type', 'Amount', 'Unit'], OKX);
  // the header names "Unit" twice: the first is the unit of Amount, the last the unit of Balance
  const unitAt = (rows[0]?.cells ?? []).findIndex((c) => c.trim() === 'Unit');
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const trades = new Map<string, Leg[]>();
  for (const { row, cells } of data) {
    const tradeType = text(cell(cells, 'Trade Type'));
    if (tradeType === 'Transfer') {
      skipped.push({ row, reason: tx('skip.okxTransfer') });
      continue;
    }
    const date = r.date(row, 'Time', cell(cells, 'Time'));
    const amount = r.number(row, 'Amount', cell(cells, 'Amount'));
    const unit = text(cells[unitAt]).toUpperCase();
    const type = text(cell(cells, 'Type'));
    if (!date || !amount) continue;
    if (tradeType !== 'Spot') {
      events.push({
        type: 'unknown',
        row,
        identity: [cell(cells, 'id'), type, unit],
        date,
        name: text(cell(cells, 'Instrument')),
        isin: null,
        ticker: null,
        currency: unit,
        exchange: OKX,
        market: 'foreign',
        amount: readDecimal(cell(cells, 'PL')) || null,
        quantity: amount,
        comment: tx('comment.okxDerivatives', { type: tradeType }),
      });
      continue;
    }
    if (type !== 'Buy' && type !== 'Sell') {
      r.fail(row, 'Type', tx('row.sideUnknown', { value: type }));
      continue;
    }
    const id = cell(cells, 'id') || cell(cells, 'Order id');
    const legs = trades.get(id) ?? [];
    legs.push({
      row,
      date,
      instrument: text(cell(cells, 'Instrument')).toUpperCase(),
      type,
      amount,
      unit,
      fee: readDecimal(cell(cells, 'Fee')) || null,
    });
    trades.set(id, legs);
  }
  for (const [id, legs] of trades) {
    const got = legs.find((l) => l.type === 'Buy');
    const gave = legs.find((l) => l.type === 'Sell');
    const label = legs.map((l) => l.row).join(', ');
    if (!got || !gave || legs.length !== 2) {
      r.fail(label, 'id', tx('row.legsMissing', { id }));
      continue;
    }
    // "BTC-USDT": base BTC, quote USDT; receiving the base coin is a purchase
    const [base = '', quote = ''] = got.instrument.split('-');
    const buy = got.unit === base;
    if (!(buy ? gave.unit === quote : got.unit === quote && gave.unit === base)) {
      r.fail(label, 'Unit', tx('row.pairMismatch', { pair: got.instrument }));
      continue;
    }
    events.push(
      cryptoTrade(
        label,
        [id],
        got.date,
        buy ? 'buy' : 'sell',
        base,
        buy ? got.amount : gave.amount,
        quote,
        buy ? gave.amount : got.amount,
        got.fee ? [got.fee, got.unit] : null,
        OKX,
      ),
    );
  }
  return { format: 'okx_trades_csv', family: 'okx', broker: OKX, brokerIsKz: false, events, errors: r.errors, skipped };
}
