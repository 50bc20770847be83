/** Our CSV/XLSX template for brokers we do not parse natively (formats/template.md). */
import ExcelJS from 'exceljs';

export const TEMPLATE_COLUMNS = [
  ['date', 'Дата операции: дд.мм.гггг или гггг-мм-дд'],
  [
    'type',
    'BUY, SELL, DIVIDEND, WHT, COUPON, INTEREST, REPAYMENT, FEE, SPLIT, POSITION (остаток бумаг на конец года), CASH (остаток денег на конец года)',
  ],
  ['name', 'Наименование ценной бумаги (для CASH: банк или брокер)'],
  ['ticker', 'Тикер'],
  ['isin', 'ISIN (12 символов)'],
  ['quantity', 'Количество'],
  ['price', 'Цена за единицу (если нет суммы)'],
  ['amount', 'Сумма сделки или дохода до удержания налога'],
  ['currency', 'Валюта: USD, EUR, KZT…'],
  ['fee', 'Комиссия брокера'],
  ['fee_currency', 'Валюта комиссии, если отличается'],
  ['withholding_tax', 'Налог, удержанный у источника (для DIVIDEND и COUPON)'],
  ['country', 'Страна эмитента (для CASH: страна банка), ISO: US или USA'],
  ['market', 'Площадка: KASE, AIX или название иностранной биржи'],
  ['security_type', 'SHARE, BOND, ETF, ADR, CRYPTO'],
  ['broker', 'Название брокера'],
  ['broker_country', 'Страна брокера: KAZ для казахстанского брокера'],
  ['id', 'Номер сделки у брокера (защищает от повторной загрузки)'],
  ['note', 'Примечание'],
] as const;

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

/** Sheet 1 «Операции» (what is imported), sheet 2 «Инструкция» (column meanings, never imported). */
export async function buildTemplateXlsx(opts: { examples?: boolean } = {}): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Декларант';
  const ops = wb.addWorksheet('Операции');
  ops.addRow(TEMPLATE_COLUMNS.map(([c]) => c)).font = { bold: true };
  if (opts.examples !== false) for (const ex of TEMPLATE_EXAMPLES) ops.addRow([...ex]);
  ops.columns.forEach((c) => {
    c.width = 16;
    c.numFmt = '@';
  });
  const help = wb.addWorksheet('Инструкция');
  help.addRow(['Столбец', 'Что указать']).font = { bold: true };
  for (const [c, d] of TEMPLATE_COLUMNS) help.addRow([c, d]);
  help.getColumn(1).width = 18;
  help.getColumn(2).width = 100;
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
