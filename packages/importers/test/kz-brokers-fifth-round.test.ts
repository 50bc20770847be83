/**
 * Halyk Finance's own statement of account movements, whose columns two public readers of Kazakhstan account
 * statements know: `Клиент | Счет расхода | Контрагент | Сумма/Количество ЦБ | Код валюты | Валюта/Инструмент |
 * Комментарий | Дата | Режим сделки | Сорт д-та | Тикер | Cчет прихода | № л/с | Цена` (formats/halyk-finance.md).
 * It is not our Halyk layout: the person gets the way round, not «check that the Halyk Finance report is unchanged».
 * Names and figures are made up.
 */
import ExcelJS from 'exceljs';
import { describe, it } from 'vitest';
import { expectRefused } from './helpers.ts';

const LEDGER = [
  'Клиент',
  'Счет расхода',
  'Контрагент',
  'Сумма/Количество ЦБ',
  'Код валюты',
  'Валюта/Инструмент',
  'Комментарий',
  'Дата',
  'Режим сделки',
  'Сорт д-та',
  'Тикер',
  // written with a Latin «C» in the readers' description
  'Cчет прихода',
  '№ л/с',
  'Цена',
];

async function ledger(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Лист1');
  ws.addRow(LEDGER);
  ws.addRow(['Тестов Т.', 'KZ000001', 'Входящие остатки', 100000, 'KZT', 'Тенге', '', '01.01.2025']);
  ws.addRow([
    'Тестов Т.',
    'KZ000001',
    'АО «Halyk Finance»',
    10,
    '',
    'Kaspi.kz АО',
    '',
    '05.02.2025',
    'T+2',
    'Сделка',
    'KSPI',
    'KZ000002',
    '1',
    45000,
  ]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('Halyk Finance statement of account movements', () => {
  it('with Halyk Finance chosen: refused with the way round, not our layout’s missing columns', async () => {
    // before: «Не найдены обязательные столбцы: «Дата операции», «Вид операции»… Проверьте, что загружен отчет
    // «Halyk Finance» без изменений» — the person had uploaded Halyk Finance's file unchanged
    const error = await expectRefused(await ledger(), /выписка движений по счетам Halyk Finance/, {
      filename: 'vypiska.xlsx',
      brokerHint: 'Halyk Finance',
    });
    if (/без изменений/.test(error.message)) throw new Error(error.message);
  });

  it('with no broker chosen: the same (it was our template’s missing-columns message)', async () => {
    await expectRefused(await ledger(), /шаблон Декларанта/, { filename: 'vypiska.xlsx' });
  });
});
