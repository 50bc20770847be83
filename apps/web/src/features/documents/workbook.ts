import { strFromU8, unzipSync } from 'fflate';
import { currentLocale, i18next } from '../../shared/i18n/i18n.ts';
import { formatDecimal } from '../../shared/i18n/numbers.ts';

/** One sheet of the workbook as text cells, for the step 8 preview (full_access). */
export interface SheetPreview {
  name: string;
  rows: string[][];
  /** rows left out beyond the preview's limit */
  more: number;
}

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const parse = (xml: string | undefined) => (xml ? new DOMParser().parseFromString(xml, 'application/xml') : null);
const all = (doc: Document | Element | null, tag: string) =>
  doc ? Array.from(doc.getElementsByTagNameNS(NS_MAIN, tag)) : [];
/** Concatenated <t> text of a shared or inline string (rich text runs included). */
const textOf = (el: Element) =>
  all(el, 't')
    .map((t) => t.textContent ?? '')
    .join('');

/** 'AB12' -> 27 (zero-based column). */
export function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '')) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * ru: '1234567.5' -> '1 234 567,50' for '#,##0.00', '1 234 567,5' for '#,##0', '1234567,5' for General (a year
 * stays 2025); separators of the active language (en '1,234,567.50'). Strings only: no float arithmetic on amounts.
 */
export function formatNumber(raw: string, fmt: 'money' | 'grouped' | 'number', locale?: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(raw)) return raw;
  return formatDecimal(raw, { locale, grouping: fmt !== 'number', minFraction: fmt === 'money' ? 2 : undefined });
}

/** An Excel date serial as the language writes a date [and time] (ru dd.mm.yyyy hh:mm; days since 30.12.1899, UTC). */
export function formatDate(raw: string, withTime: boolean, locale = currentLocale()): string {
  const serial = Number(raw);
  if (!Number.isFinite(serial)) return raw;
  const d = new Date(Math.round((serial - 25569) * 86400) * 1000);
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  } as const)
    .format(d)
    .replace(',', '');
}

type CellFormat = 'date' | 'datetime' | 'money' | 'grouped' | 'number';

/** Per style index (the cell's s attribute): how its number is shown. */
function cellFormats(styles: Document | null): CellFormat[] {
  const custom = new Map<string, string>();
  for (const f of all(styles, 'numFmt'))
    custom.set(f.getAttribute('numFmtId') ?? '', f.getAttribute('formatCode') ?? '');
  const xfs = all(styles, 'cellXfs')[0];
  return all(xfs ?? null, 'xf').map((xf) => {
    const id = xf.getAttribute('numFmtId') ?? '0';
    const code = (custom.get(id) ?? '').toLowerCase();
    const builtinDate = ['14', '15', '16', '17', '22'].includes(id);
    if (builtinDate || /d+[./-]m+|y{2,}/.test(code)) return /h/.test(code) || id === '22' ? 'datetime' : 'date';
    if (id === '4' || /0\.00/.test(code)) return 'money';
    if (id === '3' || code.includes('#,##0')) return 'grouped';
    return 'number';
  });
}

/** Reads an .xlsx (bytes) into text rows per sheet, in the workbook's order; at most `maxRows` rows each. */
export function readWorkbook(bytes: Uint8Array, maxRows = 300): SheetPreview[] {
  const files = unzipSync(bytes, { filter: (f) => f.name.startsWith('xl/') });
  const read = (name: string) => (files[name] ? strFromU8(files[name]) : undefined);
  const workbook = parse(read('xl/workbook.xml'));
  const rels = parse(read('xl/_rels/workbook.xml.rels'));
  const shared = all(parse(read('xl/sharedStrings.xml')), 'si').map(textOf);
  const formats = cellFormats(parse(read('xl/styles.xml')));
  const targets = new Map<string, string>();
  for (const r of rels ? Array.from(rels.getElementsByTagName('Relationship')) : []) {
    const target = r.getAttribute('Target') ?? '';
    targets.set(r.getAttribute('Id') ?? '', target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }

  return all(workbook, 'sheet').map((sheet) => {
    const name = sheet.getAttribute('name') ?? '';
    const doc = parse(read(targets.get(sheet.getAttributeNS(NS_REL, 'id') ?? '') ?? ''));
    const rowEls = all(doc, 'row');
    const rows: string[][] = [];
    for (const row of rowEls.slice(0, maxRows)) {
      const cells: string[] = [];
      for (const c of all(row, 'c')) {
        const col = columnOf(c.getAttribute('r') ?? 'A');
        const type = c.getAttribute('t');
        const v = all(c, 'v')[0]?.textContent ?? '';
        let value: string;
        if (type === 's') value = shared[Number(v)] ?? '';
        else if (type === 'inlineStr') value = textOf(c);
        else if (type === 'str' || type === 'e') value = v;
        else if (type === 'b') value = v === '1' ? i18next.t('documents:cell.yes') : i18next.t('documents:cell.no');
        else {
          const fmt = formats[Number(c.getAttribute('s') ?? 0)] ?? 'number';
          value =
            v === ''
              ? ''
              : fmt === 'date' || fmt === 'datetime'
                ? formatDate(v, fmt === 'datetime')
                : formatNumber(v, fmt);
        }
        while (cells.length < col) cells.push('');
        cells[col] = value;
      }
      rows.push(cells);
    }
    return { name, rows, more: Math.max(0, rowEls.length - maxRows) };
  });
}
