import type { ColumnDef } from '../columns.ts';
import { isBlank, parseDate, text, toDecimal } from '../format.ts';

/** Text that a spreadsheet could take for a formula or a command (CSV/DDE injection). */
const DANGEROUS = /^(\s*[=+\-@]|[\t\r])/;

/** Text cell value: a leading = + - @ TAB or CR gets an apostrophe so nothing executes. */
export function safeText(v: unknown): string {
  if (isBlank(v)) return '';
  const s = String(v);
  return DANGEROUS.test(s) ? `'${s}` : s;
}

export type CellValue = string | number | Date | null;

/** Typed cell value: numbers as numbers, dates as real dates, text escaped. */
export function cellValue(col: ColumnDef, v: unknown): CellValue {
  switch (col.kind) {
    case 'money':
    case 'number': {
      const d = toDecimal(v);
      return d ? d.toNumber() : null;
    }
    case 'date':
      return parseDate(v) ?? (text(v) ? safeText(v) : null);
    case 'flag':
      return v === true ? 'Да' : v === false ? 'Нет' : null;
    default:
      return safeText(v) || null;
  }
}

export const NUM_FMT: Record<ColumnDef['kind'], string | undefined> = {
  money: '#,##0.00',
  number: '#,##0.######',
  date: 'dd.mm.yyyy',
  flag: undefined,
  text: undefined,
};

/** At most `max` characters, cut at a word boundary (a word longer than `max` is cut as a last resort). */
export function wholeWords(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max + 1).lastIndexOf(' ');
  if (cut <= 0) return s.slice(0, max);
  // a cut name does not end on a preposition or conjunction ('за', 'в', 'и', 'по')
  const words = s.slice(0, cut).split(' ');
  while (words.length > 1 && (words.at(-1)?.length ?? 0) <= 2) words.pop();
  return words.join(' ').replace(/[\s,.;:–—-]+$/u, '');
}

/** Excel sheet name: none of : \ / ? * [ ], no edge apostrophes, ≤ 31 characters in whole words, unique. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base =
    wholeWords(
      wanted
        .replace(/[:\\/?*[\]]/g, ' ')
        .replace(/^'+|'+$/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
      31,
    ) || 'Лист';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${wholeWords(base, 31 - String(i).length - 1)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}
