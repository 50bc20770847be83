import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../src/errors.ts';
import { safeText, sheetName } from '../src/xlsx/cells.ts';
import { renderXlsx, writeXlsxStream } from '../src/xlsx/render.ts';
import { purchase, sample270 } from './fixtures.ts';

async function open(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
  return wb;
}

/** Row of a sheet as {header: value}. */
function record(ws: ExcelJS.Worksheet, row: number): Record<string, unknown> {
  const head = ws.getRow(1).values as unknown[];
  const vals = ws.getRow(row).values as unknown[];
  return Object.fromEntries(head.map((h, i) => [String(h), vals[i]]).filter(([h]) => h !== 'undefined'));
}

describe('XLSX', () => {
  it('has a Расчет sheet and one sheet per non-empty section', async () => {
    const wb = await open(await renderXlsx(sample270()));
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Расчет',
      // issue 17: whole words within Excel's 31 characters (were cut mid-word: 'за р', 'приобр', 'иностранн')
      'II Реализация ценных бумаг',
      'Сделки по приобретению',
      'V Имущество за рубежом',
      'VI Деньги на счетах',
    ]);
  });

  it('keeps calculation lines as numbers', async () => {
    const ws = (await open(await renderXlsx(sample270()))).getWorksheet('Расчет');
    const rows: unknown[][] = [];
    ws?.eachRow((r) => {
      rows.push((r.values as unknown[]).slice(1));
    });
    // issue 17: printed names only — no XML field or fifth_section names (were 'field_270_01_B_1_4', 'dividends')
    // the form's lines as printed, in whole tenge: dividends 5 000.50 -> 5 001 (half up); K = H - I =
    // 11 523 (11 522.55 rounded) - 750 = 10 773; the exact figures are in the explanation rows below
    expect(rows).toContainEqual(['270.01.B.1.4', 'дивиденды', 5001]);
    expect(rows).toContainEqual(['270.01.K', 'Сумма ИПН, подлежащая уплате', 10773]);
    expect(rows).toContainEqual(['ИИН', '900101300126']);
    expect(rows).toContainEqual([
      'дивиденды (стр. 270.01.B.1.4)',
      'Дивиденды иностранных эмитентов',
      5000.5,
      'ст. 319 НК РК',
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/field_|dividends|amount_of_IPN|value_income|_outside_rk/);
  });

  it('types deal cells: numbers as numbers, dates as dates', async () => {
    const ws = (await open(await renderXlsx(sample270()))).worksheets[1];
    if (!ws) throw new Error('no sheet');
    const r = record(ws, 2);
    expect(r['Дата сделки']).toEqual(new Date(Date.UTC(2024, 2, 2)));
    expect(r.Количество).toBe(10);
    expect(r['Стоимость реализации, тенге']).toBe(810225);
    expect(r['Стоимость реализации в валюте']).toBe(1800.5);
    expect(r.ISIN).toBe('US0000000001');
    expect(ws.getRow(2).getCell(2).numFmt).toBe('dd.mm.yyyy');
  });

  it('escapes text that would start a formula', async () => {
    const doc = sample270();
    const evil = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    doc.sections.purchase_transaction_section = evil.map((e, i) => ({ ...purchase(i), name_security: e }));
    const ws = (await open(await renderXlsx(doc))).getWorksheet('Сделки по приобретению');
    if (!ws) throw new Error('no sheet');
    const names = evil.map((_, i) => record(ws, i + 2).Наименование);
    // XML parsers normalise CR to LF on reading; the apostrophe is what matters
    expect(names).toEqual(evil.map((e) => `'${e}`.replace('\r', '\n')));
    ws.eachRow((row) => {
      row.eachCell((c) => {
        expect(c.type).not.toBe(ExcelJS.ValueType.Formula);
      });
    });
    expect(safeText('Apple')).toBe('Apple');
    expect(safeText('=1')).toBe("'=1");
  });

  it('marks deals that need more information', async () => {
    const doc = sample270();
    doc.sections.purchase_transaction_section = [{ ...purchase(1), status: 1 }];
    const ws = (await open(await renderXlsx(doc))).getWorksheet('Сделки по приобретению');
    expect(ws && record(ws, 2).Статус).toBe('Требуется доп. информация');
  });

  it('streams the same workbook to a Writable', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'deklarant-xlsx-')), 'd.xlsx');
    const out = createWriteStream(file);
    const closed = new Promise<void>((resolve) => out.on('close', () => resolve()));
    await writeXlsxStream(sample270(), out);
    await closed;
    const wb = await open(readFileSync(file));
    expect(wb.worksheets).toHaveLength(5);
  });

  it('makes sheet names Excel-safe and unique', () => {
    const taken = new Set<string>();
    expect(sheetName('a/b:c*d?[e]', taken)).toBe('a b c d e');
    expect(sheetName('x'.repeat(40), taken)).toHaveLength(31);
    expect(sheetName('x'.repeat(40), taken)).toMatch(/ 2$/);
    expect(sheetName('Реализация ценных бумаг за рубежом через брокера', taken)).toBe('Реализация ценных бумаг');
  });

  it('refuses a document with a bad IIN', async () => {
    const doc = sample270();
    doc.personal.iin = '1234567890';
    await expect(renderXlsx(doc)).rejects.toBeInstanceOf(DocumentError);
  });
});
