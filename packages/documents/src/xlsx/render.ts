import { PassThrough, type Writable } from 'node:stream';
import { DEAL_STATUS_NEEDS_INFO, FORM, FORM_CODES, isNumberedTile, SECTIONS } from '@deklarant/contracts';
import ExcelJS from 'exceljs';
import { allColumns } from '../columns.ts';
import { fullName, toDecimal } from '../format.ts';
import { type DocumentLanguage, documentTexts, type Texts } from '../i18n.ts';
import { indicatorLabel, lineLabel } from '../indicators.ts';
import { lines240, lines270 } from '../lines.ts';
import type { DeclarationDocument } from '../types.ts';
import { assertRenderable } from '../validate-input.ts';
import { type CellValue, cellValue, type Flags, NUM_FMT, safeText, sheetName } from './cells.ts';

type Sheet = ExcelJS.Worksheet;
const bold = { bold: true } as const;
const money = (v: unknown) => toDecimal(v)?.toNumber() ?? null;

function summarySheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  doc: DeclarationDocument,
  taken: Set<string>,
  x: Texts,
): Sheet {
  const w = (key: string) => x.t(`workbook.${key}`);
  const ws = wb.addWorksheet(sheetName(w('summarySheet'), taken, w('sheet')));
  ws.columns = [
    { width: 18 },
    { width: 60 },
    { width: 18, style: { numFmt: '#,##0.00' } },
    { width: 24 },
    { width: 24 },
  ];
  const p = doc.personal;
  const head: [string, string | number][] = [
    [w('form'), FORM_CODES[doc.form]],
    [w('period'), doc.year],
    [w('kind'), safeText(doc.type?.name && x.value(doc.type.name))],
    [w('iin'), p.iin.trim()],
    [w('fullName'), safeText(fullName(p))],
    [w('office'), `${doc.kgdCode.trim()} ${safeText(doc.kgdName && x.value(doc.kgdName))}`.trim()],
  ];
  for (const [k, v] of head) {
    const r = ws.addRow([k, v]);
    r.getCell(1).font = bold;
    r.commit();
  }
  const g = ws.addRow([w('generated'), doc.generatedAt]);
  g.getCell(2).numFmt = 'dd.mm.yyyy hh:mm';
  g.getCell(1).font = bold;
  g.commit();
  ws.addRow([]).commit();

  const appendix = doc.form === FORM.F270 ? '270_01' : doc.form === FORM.F240 ? '240_00' : undefined;
  const lines = appendix === '270_01' ? lines270(doc) : appendix === '240_00' ? lines240(doc) : [];
  const e = (key: string) => x.t(`explanations.${key}`);
  if (appendix && lines.length) {
    // printed names only: no XML field or internal source names (issue 17)
    const h = ws.addRow([w('lineCode'), e('indicator'), e('amount')]);
    h.font = bold;
    h.commit();
    // the form's figures as printed (whole tenge, totals from whole lines); the exact ones follow below
    for (const l of lines) ws.addRow([l.code, lineLabel(x, appendix, l), money(l.whole)]).commit();
    ws.addRow([]).commit();
  }
  if (doc.lines?.length) {
    const h = ws.addRow([e('indicator'), e('rule'), e('amount'), e('basis')]);
    h.font = bold;
    h.commit();
    for (const l of doc.lines) {
      ws.addRow([
        safeText(indicatorLabel(l.field, x, doc.form)),
        safeText(x.value(l.rule)),
        money(l.amount),
        safeText(x.value(l.article)),
      ]).commit();
    }
  }
  return ws;
}

/** Columns whose values are the server's Russian reference names (operation, security type, market). */
const REFERENCE_NAMES = new Set(['operation_name', 'security_type_name', 'market_name']);

function sectionSheets(wb: ExcelJS.stream.xlsx.WorkbookWriter, doc: DeclarationDocument, taken: Set<string>, x: Texts) {
  const flags: Flags = { yes: x.t('flag.yes'), no: x.t('flag.no') };
  const needsInfo = x.t('register.needsInfo');
  for (const s of SECTIONS) {
    const deals = doc.sections[s.key];
    if (!deals?.length) continue;
    const cols = allColumns(s.code, deals);
    const title = x.sectionTitle(s);
    const ws = wb.addWorksheet(
      sheetName(isNumberedTile(s.tile) ? `${s.tile} ${title}` : title, taken, x.t('workbook.sheet')),
      {
        views: [{ state: 'frozen', ySplit: 1 }],
      },
    );
    const heads = cols.map((c) => x.column(c, s.key));
    ws.columns = [
      { header: x.t('register.number'), width: 6 },
      ...cols.map((c, i) => ({
        header: heads[i],
        width: Math.min(40, Math.max(12, (heads[i] ?? '').length + 2)),
        ...(NUM_FMT[c.kind] ? { style: { numFmt: NUM_FMT[c.kind] } } : {}),
      })),
      { header: x.t('register.status'), width: 26 },
    ];
    ws.getRow(1).font = bold;
    const value = cols.map((c): ((v: unknown) => CellValue) =>
      x.lang !== 'ru' && REFERENCE_NAMES.has(c.key)
        ? (v) => {
            const out = cellValue(c, v, flags);
            return typeof out === 'string' ? x.value(out) : out;
          }
        : (v) => cellValue(c, v, flags),
    );
    deals.forEach((d, i) => {
      const status = d.status === DEAL_STATUS_NEEDS_INFO ? needsInfo : null;
      ws.addRow([i + 1, ...cols.map((c, j) => (value[j] as (v: unknown) => CellValue)(d[c.key])), status]).commit();
    });
    ws.commit();
  }
}

/**
 * Streams the workbook to `out`: 'Расчет' (header and calculation lines) plus one sheet per
 * non-empty section. Rows are committed one by one, so memory stays flat for large declarations.
 */
export async function writeXlsxStream(
  doc: DeclarationDocument,
  out: Writable,
  language: DocumentLanguage = {},
): Promise<void> {
  assertRenderable(doc);
  const x = documentTexts(language);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // i18n-ignore: the product's name in the workbook's metadata
  wb.creator = 'Декларант';
  wb.created = doc.generatedAt;
  wb.modified = doc.generatedAt;
  const taken = new Set<string>();
  summarySheet(wb, doc, taken, x).commit();
  sectionSheets(wb, doc, taken, x);
  await wb.commit();
}

/** The whole workbook as a Buffer. */
export async function renderXlsx(doc: DeclarationDocument, language: DocumentLanguage = {}): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  await writeXlsxStream(doc, sink, language);
  await ended;
  return Buffer.concat(chunks);
}
