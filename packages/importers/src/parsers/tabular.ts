/**
 * One engine for every "one operation per row" table: our template and the KZ broker layouts we
 * define (Halyk Finance, Jusan Invest). A layout only names its columns and operation words.
 */
import { marketOf, securityKindOf } from '../classify.ts';
import { splitRatioOf } from '../corporate.ts';
import { alpha3 } from '../countries.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import type { Cell } from '../read/xlsx.ts';
import { tx } from '../texts.ts';
import type { FormatId } from '../types.ts';
import { abs, isZero, mul, readIsin, text } from '../values.ts';
import { RowReader } from './common.ts';

export const FIELDS = [
  'date',
  'type',
  'name',
  'ticker',
  'isin',
  'quantity',
  'price',
  'amount',
  'currency',
  'fee',
  'fee_currency',
  'withholding_tax',
  'country',
  'market',
  'security_type',
  'broker',
  'broker_country',
  'id',
  'note',
] as const;
export type Field = (typeof FIELDS)[number];

export type Operation =
  | 'BUY'
  | 'SELL'
  | 'DIVIDEND'
  | 'WHT'
  | 'COUPON'
  | 'INTEREST'
  | 'REPAYMENT'
  | 'FEE'
  | 'SPLIT'
  | 'POSITION'
  | 'CASH';

export interface Layout {
  formats: { csv: FormatId; xlsx: FormatId; xls: FormatId };
  family: string;
  broker: string;
  brokerIsKz: boolean;
  decimalComma: boolean;
  /** header text (case-insensitive) for each field the layout has */
  columns: Partial<Record<Field, readonly string[]>>;
  required: readonly Field[];
  /** operation word (lower case) → operation */
  operations: Record<string, Operation>;
}

export interface TableRow {
  row: number;
  cells: Cell[];
}

const norm = (s: Cell | undefined) =>
  text(s instanceof Date ? '' : s)
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** Index of each field in a header row, or null when a required column is missing. */
function matchHeader(cells: Cell[], layout: Layout): { index: Partial<Record<Field, number>>; missing: Field[] } {
  const heads = cells.map(norm);
  const index: Partial<Record<Field, number>> = {};
  for (const [field, names] of Object.entries(layout.columns) as [Field, readonly string[]][]) {
    const wanted = new Set(names.map((n) => n.toLowerCase()));
    const i = heads.findIndex((h) => wanted.has(h));
    if (i >= 0) index[field] = i;
  }
  return { index, missing: layout.required.filter((f) => index[f] === undefined) };
}

/** How many of the layout's columns a row names (for telling a damaged header from another format). */
export function headerScore(cells: Cell[], layout: Layout): number {
  return Object.keys(matchHeader(cells, layout).index).length;
}

/** Whether a row of this table looks like the layout's header (for format detection). */
export function isHeaderOf(cells: Cell[], layout: Layout): boolean {
  return matchHeader(cells, layout).missing.length === 0;
}

export function parseTable(
  rows: TableRow[],
  layout: Layout,
  source: 'csv' | 'xlsx' | 'xls',
  complete = true,
): ParsedReport {
  let best: { at: number; missing: Field[]; index: Partial<Record<Field, number>> } | null = null;
  for (let at = 0; at < Math.min(rows.length, 30); at++) {
    const m = matchHeader(rows[at]!.cells, layout);
    if (!best || m.missing.length < best.missing.length) best = { at, ...m };
    if (!m.missing.length) break;
  }
  if (!best || best.missing.length) {
    const names = (best?.missing ?? layout.required).map((f) => `«${layout.columns[f]?.[0] ?? f}»`).join(', ');
    refuse('columns', tx('refuse.columns', { columns: names, broker: layout.broker }));
  }
  const { at, index } = best!;
  const headerWidth = rows[at]!.cells.length;
  const data = rows.slice(at + 1);
  const last = data[data.length - 1];
  if (complete && source === 'csv' && last && last.cells.length < headerWidth) {
    refuse('truncated', tx('refuse.truncatedReport', { row: last.row }));
  }

  const r = new RowReader('dmy', layout.decimalComma);
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const get = (cells: Cell[], f: Field): Cell | undefined => (index[f] === undefined ? undefined : cells[index[f]!]);

  for (const { row, cells } of data) {
    if (cells.length < headerWidth && source === 'csv' && cells.length < 3) {
      r.fail(row, 'строка', tx('row.shortRow', { cells: cells.length, width: headerWidth }));
      continue;
    }
    const word = norm(get(cells, 'type'));
    const op = layout.operations[word];
    const date = r.date(row, colName(layout, 'date'), get(cells, 'date'));
    const currency = r.currency(row, colName(layout, 'currency'), get(cells, 'currency'));
    if (!date || !currency) continue;
    const name = text(get(cells, 'name')) || text(get(cells, 'ticker')) || text(get(cells, 'isin'));
    const brokerCountry = alpha3(text(get(cells, 'broker_country')) || null);
    const marketWord = text(get(cells, 'market'));
    const base = {
      row,
      identity: [
        text(get(cells, 'id')) || cells.map((c) => (c instanceof Date ? c.toISOString() : String(c))).join('|'),
      ],
      date,
      name,
      isin: readIsin(get(cells, 'isin')),
      ticker: text(get(cells, 'ticker')) || null,
      currency,
      country: alpha3(text(get(cells, 'country')) || null),
      exchange: marketWord || null,
      market: marketOf(marketWord),
      security: securityKindOf(text(get(cells, 'security_type')) || null),
      ...(brokerCountry ? { brokerIsKz: brokerCountry === 'KAZ' } : {}),
    };
    const num = (f: Field) => r.optionalNumber(row, colName(layout, f), get(cells, f));
    if (!op) {
      const amount = num('amount');
      const quantity = num('quantity');
      events.push({
        type: 'unknown',
        ...base,
        amount: amount || null,
        quantity: quantity || null,
        comment: tx('comment.operationUnknown', { type: text(get(cells, 'type')) }),
      });
      continue;
    }
    if (op === 'FEE') {
      skipped.push({ row, reason: tx('skip.separateFee') });
      continue;
    }
    if (op === 'SPLIT') {
      // the ratio: the note ("4:1", "1 for 10") or the quantity column (new shares per old share)
      const note = text(get(cells, 'note'));
      const q = num('quantity');
      events.push({
        type: 'corporate',
        ...base,
        action: 'split',
        quantity: null,
        amount: null,
        ratio: splitRatioOf(note) ?? (q && !isZero(q) ? abs(q) : null),
        description: note || text(get(cells, 'type')),
      });
      continue;
    }
    if (op === 'BUY' || op === 'SELL') {
      const quantity = r.number(row, colName(layout, 'quantity'), get(cells, 'quantity'));
      const price = num('price');
      let amount = num('amount');
      if (amount === null && price && quantity) amount = mul(price, quantity);
      if (amount === null)
        r.fail(row, colName(layout, 'amount'), tx('row.noAmount', { column: colName(layout, 'amount') }));
      const fee = num('fee');
      if (!quantity || !amount || fee === false || price === false) continue;
      const feeCurrency = text(get(cells, 'fee_currency')).toUpperCase();
      events.push({
        type: 'trade',
        ...base,
        side: op === 'BUY' ? 'buy' : 'sell',
        quantity: abs(quantity),
        amount: abs(amount),
        commission: fee && !isZero(fee) ? abs(fee) : null,
        commissionCurrency: feeCurrency || null,
        note:
          feeCurrency && feeCurrency !== currency
            ? tx('comment.feeCurrency', { currency: feeCurrency })
            : text(get(cells, 'note')) || null,
      });
      continue;
    }
    if (op === 'POSITION') {
      const quantity = r.number(row, colName(layout, 'quantity'), get(cells, 'quantity'));
      if (quantity) events.push({ type: 'position', ...base, quantity });
      continue;
    }
    const amount = r.number(row, colName(layout, 'amount'), get(cells, 'amount'));
    if (!amount) continue;
    if (op === 'CASH') {
      events.push({
        type: 'cash',
        ...base,
        amount,
        bank: text(get(cells, 'broker')) || name,
        bankCountry: base.country,
      });
      continue;
    }
    if (op === 'WHT') {
      events.push({ type: 'tax', ...base, amount: abs(amount), on: null });
      continue;
    }
    const kind =
      op === 'DIVIDEND' ? 'dividend' : op === 'COUPON' ? 'coupon' : op === 'REPAYMENT' ? 'repayment' : 'interest';
    const quantity = num('quantity');
    events.push({ type: 'income', ...base, kind, amount, quantity: quantity || null });
    const tax = num('withholding_tax');
    if (tax && !isZero(tax)) {
      events.push({ type: 'tax', ...base, identity: [...base.identity, 'tax'], amount: abs(tax), on: kind });
    }
  }
  return {
    format: layout.formats[source],
    family: layout.family,
    broker: layout.broker,
    brokerIsKz: layout.brokerIsKz,
    events,
    errors: r.errors,
    skipped,
  };
}

const colName = (layout: Layout, f: Field) => layout.columns[f]?.[0] ?? f;
