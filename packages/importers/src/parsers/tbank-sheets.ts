/**
 * T-Bank (T-Investments) export in several sheets: «Динамика позиций», «Завершенные сделки», «Незавершенные
 * сделки», « Движение ДС», «Неторговые операции» (formats/tbank.md). Its columns are those two public readers of
 * it look for: a T-Investments XLSX adapter (sheet names; trades header «№ сделки», «Дата заключен.», «ISIN/рег.код»,
 * «Актив», «Количество актива⁷, шт./грамм», «Цена», «Валюта расчетов», «Комиссия банка», «Валюта комиссии»; the
 * period in the file name «…(01.01.26-31.03.26).xlsx») and a generic broker-report reader («Время заключ.», «Сумма
 * сделки в валюте расчетов⁸», «Коммент.»; the quantity's sign is the side; a repo named in the comment).
 * Only the trades are read: the money sheet's layout is not described well enough to read payments from it, so its
 * rows are listed as skipped with what to do (enter the payments by hand, or upload the broker report).
 */
import { isCurrencyTrade } from '../classify.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import type { Cell, Sheet, SheetRow } from '../read/xlsx.ts';
import { tx } from '../texts.ts';
import { abs, isNegative, isZero, looseKey, mul, readDecimal, readIsin, text } from '../values.ts';
import { RowReader } from './common.ts';

export const TRADES_SHEET = 'Завершенные сделки';
const UNSETTLED_SHEET = 'Незавершенные сделки';
/** sheets of money movements: not read, their money rows are listed as skipped */
const MONEY_SHEETS = /движение\s*дс|неторговые операции/i;

/**
 * A header cell as the broker report's reader compares it (lower case, «ё» as «е», no whitespace), without the
 * footnote marks this export adds (superscript digits: «Количество актива⁷, шт./грамм», «Актив ¹»).
 */
const key = (c: Cell | undefined) => looseKey(c instanceof Date ? '' : c).replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹*]/g, '');

/** The words of the trades header that identify the export (src/detect.ts looks for them in the shared strings). */
export const SHEETS_DETECT_WORDS = ['№ сделки', 'Дата заключен.', 'ISIN/рег.код'];

/** Columns by the start of their key: the first column whose header starts so. */
const COLUMNS = {
  id: '№сделки',
  date: 'датазаключен',
  code: 'isin/рег.код',
  name: 'актив',
  quantity: 'количествоактива',
  price: 'цена',
  amount: 'суммасделки',
  currency: 'валютарасчетов',
  fee: 'комиссия',
  feeCurrency: 'валютакомиссии',
  comment: 'коммент',
} as const;
type Column = keyof typeof COLUMNS;
const NEED: Column[] = ['id', 'date', 'code', 'quantity', 'currency'];

/** The header row of a trades sheet and its columns, or null. */
function headerOf(rows: SheetRow[]): { at: number; col: Map<Column, number> } | null {
  const at = rows.findIndex((r) => r.cells.some((c) => key(c) === COLUMNS.id));
  if (at < 0) return null;
  const cells = rows[at]!.cells.map(key);
  const col = new Map<Column, number>();
  for (const [name, prefix] of Object.entries(COLUMNS) as [Column, string][]) {
    // «Актив» is a whole cell: «Количество актива…» and others only start the same way
    const i = cells.findIndex((c) => (name === 'name' || name === 'price' ? c === prefix : c.startsWith(prefix)));
    if (i >= 0) col.set(name, i);
  }
  return { at, col };
}

/** «Т-Инвестиции-…-(01.01.26-31.03.26).xlsx» → the period. */
function periodOf(filename: string | undefined): { from: string; to: string } | undefined {
  const m = /\((\d{2})\.(\d{2})\.(\d{2}|\d{4})-(\d{2})\.(\d{2})\.(\d{2}|\d{4})\)/.exec(filename ?? '');
  if (!m) return undefined;
  const year = (y: string) => (y.length === 2 ? `20${y}` : y);
  return { from: `${m[1]}.${m[2]}.${year(m[3]!)}`, to: `${m[4]}.${m[5]}.${year(m[6]!)}` };
}

/** Whether the workbook is the export in several sheets (the sheet of completed trades has its header). */
export const isTbankSheets = (sheets: Sheet[]) =>
  sheets.some((s) => s.name.trim().toLowerCase() === TRADES_SHEET.toLowerCase() && headerOf(s.rows) !== null);

function readTrades(
  sheet: Sheet,
  unsettled: boolean,
  r: RowReader,
  seen: Set<string>,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const head = headerOf(sheet.rows);
  const missing = head ? NEED.filter((n) => !head.col.has(n)) : NEED;
  const label = (row: number) => `${sheet.name.trim()}, строка ${row}`;
  if (!head || missing.length) {
    // a sheet whose header this reader does not know: its lines with numbers are listed, not dropped
    for (const x of sheet.rows)
      if (x.cells.some((c) => typeof c === 'number'))
        skipped.push({ row: label(x.row), reason: tx('skip.tbankSheetUnread', { sheet: sheet.name.trim() }) });
    return;
  }
  const get = (cells: Cell[], c: Column) => {
    const i = head.col.get(c);
    return i === undefined ? undefined : cells[i];
  };
  for (const { row, cells } of sheet.rows.slice(head.at + 1)) {
    const id = text(get(cells, 'id'));
    // totals and notes under the table have no trade number
    if (!id || key(id) === COLUMNS.id || /^(итого|всего)/i.test(id)) continue;
    const where = label(row);
    const code = text(get(cells, 'code')).toUpperCase();
    const name = text(get(cells, 'name')) || code;
    if (unsettled && seen.has(id)) {
      skipped.push({ row: where, reason: tx('skip.tbankTradeRepeated', { id }) });
      continue;
    }
    seen.add(id);
    if (/репо/i.test(text(get(cells, 'comment')))) {
      skipped.push({ row: where, reason: tx('skip.tbankRepo', { kind: text(get(cells, 'comment')), name }) });
      continue;
    }
    if (isCurrencyTrade(code, name)) {
      skipped.push({ row: where, reason: tx('skip.tbankCurrency', { name }) });
      continue;
    }
    const date = r.date(where, 'Дата заключен.', get(cells, 'date'));
    const signed = r.number(where, 'Количество актива', get(cells, 'quantity'));
    const currency = r.currency(where, 'Валюта расчетов', get(cells, 'currency'));
    const price = readDecimal(get(cells, 'price'));
    const stated = readDecimal(get(cells, 'amount'));
    const fee = r.optionalNumber(where, 'Комиссия банка', get(cells, 'fee'));
    if (!date || !signed || !currency || fee === false) continue;
    // the quantity's sign is the side: bought +10, sold −3
    const side = isNegative(signed) ? 'sell' : 'buy';
    const quantity = abs(signed);
    const amount = stated && !isZero(stated) ? abs(stated) : price ? abs(mul(price, quantity)) : null;
    if (!amount) {
      r.fail(where, 'Цена', tx('row.fieldMissing', { field: 'Цена' }));
      continue;
    }
    const commission = fee && !isZero(fee) ? abs(fee) : null;
    events.push({
      type: 'trade',
      row: where,
      // the trade number alone: the trade in «Незавершенные сделки» of one export and in the next one's completed
      // trades gets one key
      identity: [id],
      date,
      side,
      name,
      isin: readIsin(code),
      ticker: code || null,
      currency,
      quantity,
      amount,
      commission,
      commissionCurrency: commission ? text(get(cells, 'feeCurrency')).toUpperCase() || currency : null,
      exchange: null,
      market: 'foreign',
      security: null,
      note: unsettled ? tx('comment.tbankSheetsUnsettled') : null,
    });
  }
}

export function parseTbankSheets(sheets: Sheet[], filename?: string): ParsedReport {
  const r = new RowReader('dmy', true);
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const seen = new Set<string>();
  const named = (name: string) => sheets.find((s) => s.name.trim().toLowerCase() === name.toLowerCase());
  readTrades(named(TRADES_SHEET)!, false, r, seen, events, skipped);
  const open = named(UNSETTLED_SHEET);
  if (open?.rows.some((x) => x.cells.some((c) => typeof c === 'number')))
    readTrades(open, true, r, seen, events, skipped);
  for (const s of sheets.filter((x) => MONEY_SHEETS.test(x.name))) {
    for (const x of s.rows) {
      // a line of money: an amount and the words of an operation (titles and balances alone are not)
      if (!x.cells.some((c) => typeof c === 'number') || !x.cells.some((c) => /[а-яё]{3}/i.test(text(c)))) continue;
      skipped.push({
        row: `${s.name.trim()}, строка ${x.row}`,
        reason: tx('skip.tbankSheetUnread', { sheet: s.name.trim() }),
      });
    }
  }
  const period = periodOf(filename);
  return {
    format: 'tbank_xlsx',
    family: 'tbank',
    broker: tx('value.tbankBroker'),
    brokerIsKz: false,
    events,
    errors: r.errors,
    skipped,
    ...(period ? { period } : {}),
  };
}
