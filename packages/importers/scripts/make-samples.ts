/** Regenerates the binary samples (XLSX, Windows-1251 CSV): npx tsx packages/importers/scripts/make-samples.ts */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { buildTemplateCsv, buildTemplateXlsx } from '../src/template.ts';

const dir = join(import.meta.dirname, '..', 'samples');

const HALYK_HEADER = [
  'Номер сделки',
  'Дата операции',
  'Вид операции',
  'Наименование инструмента',
  'Тикер',
  'ISIN',
  'Вид инструмента',
  'Торговая площадка',
  'Количество',
  'Цена',
  'Сумма',
  'Валюта',
  'Комиссия',
  'Удержанный налог',
];

/** Synthetic Halyk Finance rows: KASE shares, AIX, a foreign market sale, a coupon, a dividend. */
export const HALYK_ROWS: (string | number | Date)[][] = [
  [
    'H-1',
    new Date(Date.UTC(2024, 0, 12)),
    'Покупка',
    'АО «Пример Телеком»',
    'PRTK',
    'KZ1C00000002',
    'Акция',
    'KASE',
    10,
    3000,
    30000,
    'KZT',
    30,
    '',
  ],
  [
    'H-2',
    new Date(Date.UTC(2024, 4, 20)),
    'Продажа',
    'АО «Пример Телеком»',
    'PRTK',
    'KZ1C00000002',
    'Акция',
    'KASE',
    10,
    3500,
    35000,
    'KZT',
    35,
    '',
  ],
  [
    'H-3',
    new Date(Date.UTC(2024, 5, 3)),
    'Продажа',
    'Example Corp',
    'EXMP',
    'US0000000001',
    'Акция',
    'Иностранный рынок',
    2,
    120.5,
    241,
    'USD',
    1,
    '',
  ],
  [
    'H-4',
    '15.07.2024',
    'Купонное вознаграждение',
    'Облигация Пример',
    'PRBd1',
    'KZ2C00000003',
    'Облигация',
    'KASE',
    '',
    '',
    '1250,50',
    'KZT',
    '',
    '',
  ],
  [
    'H-5',
    '01.08.2024',
    'Дивиденды',
    'Example Corp',
    'EXMP',
    'US0000000001',
    'Акция',
    'Иностранный рынок',
    2,
    '',
    '1,20',
    'USD',
    '',
    '0,18',
  ],
  [
    'H-6',
    '02.08.2024',
    'Перевод ценных бумаг',
    'Example Corp',
    'EXMP',
    'US0000000001',
    'Акция',
    'Иностранный рынок',
    2,
    '',
    0,
    'USD',
    '',
    '',
  ],
];

const JUSAN_HEADER = [
  'Дата сделки',
  'Операция',
  'Эмитент',
  'Код бумаги',
  'ISIN',
  'Тип бумаги',
  'Биржа',
  'Кол-во',
  'Цена за ед.',
  'Сумма сделки',
  'Валюта расчетов',
  'Комиссия брокера',
  'Удержанный налог',
  '№ поручения',
];

export const JUSAN_LINES = [
  '05.02.2024;Покупка;АО «Пример Банк»;PRBN;KZ1C00000004;Акция;KASE;5;1 200,00;6 000,00;KZT;6,00;;J-1',
  '11.04.2024;Продажа;АО «Пример Банк»;PRBN;KZ1C00000004;Акция;AIX;5;1 300,00;6 500,00;KZT;6,50;;J-2',
  '20.05.2024;Дивиденд;АО «Пример Банк»;PRBN;KZ1C00000004;Акция;KASE;5;;500,00;KZT;;25,00;J-3',
  '31/02/2024;Продажа;АО «Пример Банк»;PRBN;KZ1C00000004;Акция;KASE;1;1 300,00;1 300,00;KZT;1,30;;J-4',
];

async function main() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Операции');
  ws.addRow(['Отчет брокера Halyk Finance (пример, вымышленные данные)']);
  ws.addRow([]);
  ws.addRow(HALYK_HEADER);
  for (const r of HALYK_ROWS) ws.addRow(r);
  writeFileSync(join(dir, 'halyk.xlsx'), new Uint8Array(await wb.xlsx.writeBuffer()));

  const jusan = [JUSAN_HEADER.join(';'), ...JUSAN_LINES].join('\r\n') + '\r\n';
  writeFileSync(join(dir, 'jusan-cp1251.csv'), iconv.encode(jusan, 'win1251'));

  writeFileSync(join(dir, 'template.csv'), buildTemplateCsv());
  writeFileSync(join(dir, 'template.xlsx'), await buildTemplateXlsx());
}

await main();
