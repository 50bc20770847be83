/**
 * Excel 97–2003 workbooks (.xls, BIFF8 in an OLE2 compound file), as BCS sends its broker reports. Read with
 * SheetJS (the @e965/xlsx build of 0.20.3, which has the fixes for the crafted-file CVEs of the older npm
 * release); exceljs keeps reading .xlsx. Gives the same rows as readXlsx, so every table parser reads both.
 */
import * as XLSX from '@e965/xlsx';
import { refuse } from '../errors.ts';
import { tx } from '../texts.ts';
import type { Cell, Sheet, SheetRow } from './xlsx.ts';

/** The signature of an OLE2 compound file */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export const isOle2 = (bytes: Uint8Array): boolean => OLE2.every((b, i) => bytes[i] === b);

export function readXls(bytes: Uint8Array): Sheet[] {
  let wb: XLSX.WorkBook | undefined;
  try {
    // values only: no formulas, HTML or styles; dates as Date objects in UTC like exceljs gives them
    wb = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      UTC: true,
    });
  } catch {
    wb = undefined;
  }
  if (!wb) return refuse('corrupt', tx('refuse.oldExcel'));
  return wb.SheetNames.map((name) => ({ name, rows: sheetRows(wb.Sheets[name]) }));
}

function sheetRows(ws: XLSX.WorkSheet | undefined): SheetRow[] {
  if (!ws?.['!ref']) return [];
  // from A1, so that cell i of a row is column i as in readXlsx
  const range = XLSX.utils.decode_range(ws['!ref']);
  range.s = { r: 0, c: 0 };
  const raw = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: '', blankrows: true, range });
  const rows: SheetRow[] = [];
  raw.forEach((values, i) => {
    const cells = values.map(cellValue);
    if (cells.some((c) => c !== '')) rows.push({ row: i + 1, cells });
  });
  return rows;
}

function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? v : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v;
  return '';
}
