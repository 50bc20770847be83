import { PassThrough, type Writable } from 'node:stream';
import { DEAL_NEEDS_INFO_LABEL, DEAL_STATUS_NEEDS_INFO, FORM, FORM_CODES, SECTIONS } from '@deklarant/contracts';
import ExcelJS from 'exceljs';
import { allColumns } from '../columns.ts';
import { fullName, toDecimal } from '../format.ts';
import { indicatorLabel } from '../indicators.ts';
import { lines240, lines270 } from '../lines.ts';
import type { DeclarationDocument } from '../types.ts';
import { assertRenderable } from '../validate-input.ts';
import { cellValue, NUM_FMT, safeText, sheetName } from './cells.ts';

type Sheet = ExcelJS.Worksheet;
const bold = { bold: true } as const;
const money = (v: unknown) => toDecimal(v)?.toNumber() ?? null;

function summarySheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, doc: DeclarationDocument, taken: Set<string>): Sheet {
  const ws = wb.addWorksheet(sheetName('Расчет', taken));
  ws.columns = [
    { width: 18 },
    { width: 60 },
    { width: 18, style: { numFmt: '#,##0.00' } },
    { width: 24 },
    { width: 24 },
  ];
  const p = doc.personal;
  const head: [string, string | number][] = [
    ['Форма', FORM_CODES[doc.form]],
    ['Налоговый период', doc.year],
    ['Вид декларации', safeText(doc.type?.name)],
    ['ИИН', p.iin.trim()],
    ['Ф.И.О.', safeText(fullName(p))],
    ['Код органа госдоходов', `${doc.kgdCode.trim()} ${safeText(doc.kgdName)}`.trim()],
  ];
  for (const [k, v] of head) {
    const r = ws.addRow([k, v]);
    r.getCell(1).font = bold;
    r.commit();
  }
  const g = ws.addRow(['Сформировано', doc.generatedAt]);
  g.getCell(2).numFmt = 'dd.mm.yyyy hh:mm';
  g.getCell(1).font = bold;
  g.commit();
  ws.addRow([]).commit();

  const lines = doc.form === FORM.F270 ? lines270(doc) : doc.form === FORM.F240 ? lines240(doc) : [];
  if (lines.length) {
    // printed names only: no XML field or internal source names (issue 17)
    const h = ws.addRow(['Код строки', 'Показатель', 'Сумма, тенге']);
    h.font = bold;
    h.commit();
    for (const l of lines) ws.addRow([l.code, l.label, money(l.amount)]).commit();
    ws.addRow([]).commit();
  }
  if (doc.lines?.length) {
    const h = ws.addRow(['Показатель', 'Правило', 'Сумма, тенге', 'Основание']);
    h.font = bold;
    h.commit();
    for (const l of doc.lines) {
      ws.addRow([safeText(indicatorLabel(l.field)), safeText(l.rule), money(l.amount), safeText(l.article)]).commit();
    }
  }
  return ws;
}

function sectionSheets(wb: ExcelJS.stream.xlsx.WorkbookWriter, doc: DeclarationDocument, taken: Set<string>) {
  for (const s of SECTIONS) {
    const deals = doc.sections[s.key];
    if (!deals?.length) continue;
    const cols = allColumns(s.code, deals);
    const ws = wb.addWorksheet(sheetName(/^[IVX.ABC0-9-]+$/.test(s.tile) ? `${s.tile} ${s.title}` : s.title, taken), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    ws.columns = [
      { header: '№', width: 6 },
      ...cols.map((c) => ({
        header: c.label,
        width: Math.min(40, Math.max(12, c.label.length + 2)),
        ...(NUM_FMT[c.kind] ? { style: { numFmt: NUM_FMT[c.kind] } } : {}),
      })),
      { header: 'Статус', width: 26 },
    ];
    ws.getRow(1).font = bold;
    deals.forEach((d, i) => {
      const status = d.status === DEAL_STATUS_NEEDS_INFO ? DEAL_NEEDS_INFO_LABEL : null;
      ws.addRow([i + 1, ...cols.map((c) => cellValue(c, d[c.key])), status]).commit();
    });
    ws.commit();
  }
}

/**
 * Streams the workbook to `out`: 'Расчет' (header and calculation lines) plus one sheet per
 * non-empty section. Rows are committed one by one, so memory stays flat for large declarations.
 */
export async function writeXlsxStream(doc: DeclarationDocument, out: Writable): Promise<void> {
  assertRenderable(doc);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Декларант';
  wb.created = doc.generatedAt;
  wb.modified = doc.generatedAt;
  const taken = new Set<string>();
  summarySheet(wb, doc, taken).commit();
  sectionSheets(wb, doc, taken);
  await wb.commit();
}

/** The whole workbook as a Buffer. */
export async function renderXlsx(doc: DeclarationDocument): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  await writeXlsxStream(doc, sink);
  await ended;
  return Buffer.concat(chunks);
}
