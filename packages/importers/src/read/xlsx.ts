import ExcelJS from 'exceljs';
import { refuse } from '../errors.ts';
import { tx } from '../texts.ts';

/** A cell as importers see it: text, number or a date (exceljs gives dates as UTC Date objects). */
export type Cell = string | number | Date;

export interface SheetRow {
  row: number;
  cells: Cell[];
}

export interface Sheet {
  name: string;
  rows: SheetRow[];
}

/** Reads all sheets (call assertSafeZip first). Formulas give their cached result, never the formula. */
export async function readXlsx(bytes: Uint8Array): Promise<Sheet[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) as unknown as ArrayBuffer);
  } catch {
    refuse('corrupt', tx('refuse.xlsxCorrupt'));
  }
  return wb.worksheets.map((ws) => {
    const rows: SheetRow[] = [];
    ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
      const cells: Cell[] = [];
      for (let c = 1; c <= r.cellCount; c++) cells.push(cellValue(r.getCell(c).value));
      if (cells.some((c) => c !== '')) rows.push({ row: rowNumber, cells });
    });
    return { name: ws.name, rows };
  });
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v;
  if ('richText' in v)
    return v.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as ExcelJS.CellFormulaValue).result;
    return result === undefined || result === null || typeof result === 'object' ? '' : cellValue(result);
  }
  if ('text' in v) return String(v.text).trim();
  if ('error' in v) return '';
  return '';
}
