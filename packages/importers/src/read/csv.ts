import Papa from 'papaparse';
import { refuse } from '../errors.ts';
import { tx } from '../texts.ts';

export interface CsvRow {
  /** 1-based line number in the file */
  row: number;
  cells: string[];
}

/** Picks the delimiter from the first line: ; (RU/KZ Excel), tab or comma. */
export function sniffDelimiter(firstLine: string): string {
  const counts = [';', '\t', ','].map((d) => [d, countOutsideQuotes(firstLine, d)] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

function countOutsideQuotes(line: string, ch: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ch && !quoted) n++;
  }
  return n;
}

/**
 * Splits CSV text into rows keeping line numbers. Blank lines are dropped. A file that ends inside a
 * quoted cell is refused as truncated.
 */
export function readCsv(text: string, delimiter?: string): CsvRow[] {
  const nl = text.indexOf('\n');
  const firstLine = nl < 0 ? text : text.slice(0, nl);
  const parsed = Papa.parse<string[]>(text, {
    delimiter: delimiter ?? sniffDelimiter(firstLine),
    skipEmptyLines: false,
  });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    refuse('truncated', tx('refuse.csvQuotes', { row: (quoteError.row ?? 0) + 1 }));
  }
  const rows: CsvRow[] = [];
  let line = 1;
  for (const cells of parsed.data) {
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: line, cells: cells.map((c) => c.trim()) });
    line += 1 + cells.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
  }
  return rows;
}
