/** Our CSV/XLSX template for brokers we do not parse natively (formats/template.md). */
import ExcelJS from 'exceljs';
import { FIELDS } from './parsers/tabular.ts';
import { type TextKey, tx } from './texts.ts';

// the template's columns are the fields the tabular reader reads, in the same order
const COLUMNS = FIELDS;
export type TemplateColumn = (typeof COLUMNS)[number];

/** Each column and what to enter in it (the Russian text of the catalogue). */
export const TEMPLATE_COLUMNS: readonly (readonly [TemplateColumn, string])[] = COLUMNS.map(
  (c) => [c, tx(`template.columns.${c}`)] as const,
);

/** Synthetic example rows (no real person's data). */
export const TEMPLATE_EXAMPLES: readonly (readonly string[])[] = [
  [
    '2024-02-01',
    'BUY',
    'Example Corp',
    'EXMP',
    'US0000000001',
    '10',
    '100',
    '1000',
    'USD',
    '1',
    '',
    '',
    'US',
    'NASDAQ',
    'SHARE',
    'Example Broker Ltd',
    'CYP',
    'T-1',
    '',
  ],
  [
    '2024-06-03',
    'SELL',
    'Example Corp',
    'EXMP',
    'US0000000001',
    '4',
    '120',
    '480',
    'USD',
    '1',
    '',
    '',
    'US',
    'NASDAQ',
    'SHARE',
    'Example Broker Ltd',
    'CYP',
    'T-2',
    '',
  ],
  [
    '2024-05-15',
    'DIVIDEND',
    'Example Corp',
    'EXMP',
    'US0000000001',
    '10',
    '',
    '5',
    'USD',
    '',
    '',
    '0.75',
    'US',
    'NASDAQ',
    'SHARE',
    'Example Broker Ltd',
    'CYP',
    'D-1',
    '',
  ],
  [
    '2024-12-31',
    'CASH',
    'Example Broker Ltd',
    '',
    '',
    '',
    '',
    '250.5',
    'USD',
    '',
    '',
    '',
    'CYP',
    '',
    '',
    'Example Broker Ltd',
    'CYP',
    '',
    '',
  ],
];

const csvCell = (s: string) => (/[",\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** UTF-8 with BOM so Excel shows Cyrillic correctly; comma-separated. */
export function buildTemplateCsv(opts: { examples?: boolean } = {}): Uint8Array {
  const lines = [TEMPLATE_COLUMNS.map(([c]) => c), ...(opts.examples === false ? [] : TEMPLATE_EXAMPLES)];
  const body = lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
  return new TextEncoder().encode(`\uFEFF${body}`);
}

/**
 * Sheet 1 «Операции» (what is imported), sheet 2 «Инструкция» (column meanings, never imported). `text` gives
 * the sheet names and instructions in the reader's language (a catalogue text by its importers key); Russian
 * by default. Only the column names are read back, and they are the same in every language.
 */
export async function buildTemplateXlsx(
  opts: { examples?: boolean; text?: (key: TextKey) => string } = {},
): Promise<Uint8Array> {
  const text = opts.text ?? ((key: TextKey) => tx(key));
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Декларант';
  const ops = wb.addWorksheet(text('template.sheetOperations'));
  ops.addRow(TEMPLATE_COLUMNS.map(([c]) => c)).font = { bold: true };
  if (opts.examples !== false) for (const ex of TEMPLATE_EXAMPLES) ops.addRow([...ex]);
  ops.columns.forEach((c) => {
    c.width = 16;
    c.numFmt = '@';
  });
  const help = wb.addWorksheet(text('template.sheetHelp'));
  help.addRow([text('template.column'), text('template.whatToEnter')]).font = { bold: true };
  for (const c of COLUMNS) help.addRow([c, text(`template.columns.${c}`)]);
  help.getColumn(1).width = 18;
  help.getColumn(2).width = 100;
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
