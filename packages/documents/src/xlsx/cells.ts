import type { ColumnDef } from '../columns.ts';
import { isBlank, parseDate, text, toDecimal } from '../format.ts';
import { documentTexts } from '../i18n.ts';

/** Text that a spreadsheet could take for a formula or a command (CSV/DDE injection). */
const DANGEROUS = /^(\s*[=+\-@]|[\t\r])/;

/** Text cell value: a leading = + - @ TAB or CR gets an apostrophe so nothing executes. */
export function safeText(v: unknown): string {
  if (isBlank(v)) return '';
  const s = String(v);
  return DANGEROUS.test(s) ? `'${s}` : s;
}

export type CellValue = string | number | Date | null;

/** How a yes/no field prints, in the document's language. */
export interface Flags {
  yes: string;
  no: string;
}
let ruFlags: Flags | undefined;
/** Russian yes/no from the catalogue (the default when a caller passes none). */
const russianFlags = (): Flags => {
  if (!ruFlags) {
    const x = documentTexts();
    ruFlags = { yes: x.t('flag.yes'), no: x.t('flag.no') };
  }
  return ruFlags;
};

/** Typed cell value: numbers as numbers, dates as real dates, text escaped. */
export function cellValue(col: ColumnDef, v: unknown, flags: Flags = russianFlags()): CellValue {
  switch (col.kind) {
    case 'money':
    case 'number': {
      const d = toDecimal(v);
      return d ? d.toNumber() : null;
    }
    case 'date':
      return parseDate(v) ?? (text(v) ? safeText(v) : null);
    case 'flag':
      return v === true ? flags.yes : v === false ? flags.no : null;
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

/** Longer words a cut name must not end on either: Kazakh and English conjunctions and prepositions. */
// i18n-ignore: words a cut sheet name must not end on, not a text
const DANGLING = new Set(['мен', 'бен', 'пен', 'және', 'немесе', 'and', 'or', 'of', 'the', 'for', 'from', 'with']);

/** At most `max` characters, cut at a word boundary (a word longer than `max` is cut as a last resort). */
export function wholeWords(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max + 1).lastIndexOf(' ');
  if (cut <= 0) return s.slice(0, max);
  // a cut name does not end on a preposition or conjunction ('за', 'в', 'и', 'по'; 'мен', 'and')
  const words = s.slice(0, cut).split(' ');
  const dangling = (w = '') => w.length <= 2 || DANGLING.has(w.toLowerCase());
  while (words.length > 1 && dangling(words.at(-1))) words.pop();
  return words.join(' ').replace(/[\s,.;:–—-]+$/u, '');
}

/**
 * Excel sheet name: none of : \ / ? * [ ], no edge apostrophes, ≤ 31 characters in whole words, unique.
 * `fallback` names a sheet whose wanted name has nothing left (the document's word for 'Лист').
 */
export function sheetName(wanted: string, taken: Set<string>, fallback = documentTexts().t('workbook.sheet')): string {
  const base =
    wholeWords(
      wanted
        .replace(/[:\\/?*[\]]/g, ' ')
        .replace(/^'+|'+$/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
      31,
    ) || fallback;
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${wholeWords(base, 31 - String(i).length - 1)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}
