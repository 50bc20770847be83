/** Helpers every parser shares: reading required fields with row errors, and the event base. */
import { alpha3 } from '../countries.ts';
import { refuse, rowLabel } from '../errors.ts';
import type { ReportEvent } from '../events.ts';
import { tx } from '../texts.ts';
import type { RowError } from '../types.ts';
import { type DateOrder, readDate, readDecimal, text } from '../values.ts';

/** Collects row errors; a row with any error is not turned into an event. */
export class RowReader {
  readonly errors: RowError[] = [];

  constructor(
    private readonly order: DateOrder = 'dmy',
    private readonly decimalComma = false,
  ) {}

  date(row: number | string, field: string, v: unknown): string | null {
    const d = readDate(v, this.order);
    if (d) return d;
    const shown = v instanceof Date ? v.toISOString() : text(v);
    this.fail(row, field, shown ? tx('row.dateUnreadable', { value: shown }) : tx('row.dateMissing', { field }));
    return null;
  }

  /** A required number; blank or not a number is an error. */
  number(row: number | string, field: string, v: unknown): string | null {
    const n = readDecimal(v, this.decimalComma);
    if (typeof n === 'string') return n;
    this.fail(
      row,
      field,
      n === undefined ? tx('row.fieldMissing', { field }) : tx('row.numberUnreadable', { value: text(v), field }),
    );
    return null;
  }

  /** An optional number: blank gives null, garbage is an error. */
  optionalNumber(row: number | string, field: string, v: unknown): string | null | false {
    const n = readDecimal(v, this.decimalComma);
    if (n === undefined) return null;
    if (n === null) {
      this.fail(row, field, tx('row.numberUnreadable', { value: text(v), field }));
      return false;
    }
    return n;
  }

  required(row: number | string, field: string, v: unknown): string | null {
    const s = text(v);
    if (s) return s;
    this.fail(row, field, tx('row.fieldMissing', { field }));
    return null;
  }

  currency(row: number | string, field: string, v: unknown): string | null {
    const s = text(v).toUpperCase();
    if (/^[A-Z0-9]{2,10}$/.test(s)) return s;
    this.fail(row, field, s ? tx('row.currencyUnknown', { value: s }) : tx('row.currencyMissing', { field }));
    return null;
  }

  fail(row: number | string, field: string, message: string): void {
    this.errors.push({ row, field, message: `${rowLabel(row)}: ${message}` });
  }
}

export const countryCode = (v: unknown): string | null => alpha3(text(v) || null);

/** "AAPL.US" → { ticker: "AAPL", suffix: "US" }. */
export function splitTickerSuffix(instr: string): { ticker: string; suffix: string | null } {
  const m = /^(.+)\.([A-Z]{2,4})$/.exec(instr);
  return m ? { ticker: m[1]!, suffix: m[2]! } : { ticker: instr, suffix: null };
}

/**
 * Refuses a file whose first lines (`lines`, without quotes) are the header of another export of the broker:
 * each entry is the columns that export's header has and the message naming the export to download instead.
 */
export function refuseOtherExport(lines: readonly string[], exports: readonly [readonly string[], string][]): void {
  for (const line of lines) {
    for (const [names, message] of exports) {
      if (names.every((n) => line.includes(n))) refuse('unknown_format', message);
    }
  }
}

/**
 * A row that names only a ticker (an Exante dividend line has ISIN «None»; its trade and holding lines carry the
 * ISIN) takes the ISIN the same report gives for that ticker, so that its issuer country is known. A ticker with
 * two ISINs in one report (a renamed or split security) is left alone; corporate actions keep their own.
 */
export function isinsFromTickers(events: ReportEvent[]): void {
  const byTicker = new Map<string, string | null>();
  for (const e of events) {
    if (e.type === 'cash' || e.type === 'corporate' || !e.ticker || !e.isin) continue;
    const known = byTicker.get(e.ticker);
    byTicker.set(e.ticker, known === undefined || known === e.isin ? e.isin : null);
  }
  for (const e of events) {
    if (e.type !== 'cash' && e.type !== 'corporate' && e.ticker && !e.isin) e.isin = byTicker.get(e.ticker) ?? null;
  }
}

/** The flag of a holding dated `date` when that is not 31 December (a statement ending earlier), else null. */
export const notYearEnd = (date: string) =>
  date.startsWith('31.12.') ? null : tx('comment.holdingNotYearEnd', { date });
