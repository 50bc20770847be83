import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { expectRefused, parseSample } from './helpers.ts';

describe('Halyk Finance XLSX (our documented layout)', async () => {
  const r = await parseSample('halyk.xlsx');

  it('finds the header below a title and maps every row', () => {
    expect(r.format).toBe('halyk_xlsx');
    expect(r.broker).toBe('Halyk Finance');
    expect(r.errors).toEqual([]);
    expect(r.deals.map((d) => [d.row, d.section, d.kind])).toEqual([
      [4, 'purchase_transaction_section', 'purchase'],
      [5, 'first_section_a', 'sale'],
      [6, 'second_section', 'sale'],
      [7, 'first_section_b', 'coupon'],
      [8, 'third_section', 'dividend'],
      [9, 'second_section', 'unknown'],
    ]);
  });

  it('reads Excel dates, numbers and decimal-comma text', () => {
    expect(r.deals[1]).toMatchObject({
      transaction_date: '20.05.2024',
      name_security: 'АО «Пример Телеком»',
      isin_security: 'KZ1C00000002',
      quantity: '10',
      sale_closing_cost: '35000',
      commission: '35',
      currency_code: 'KZT',
      market: 'KZ',
      type_of_security: 'share',
      country_code: 'KAZ',
    });
    expect(r.deals[3]).toMatchObject({
      sale_closing_cost: '1250.5',
      transaction_date: '15.07.2024',
      type_of_security: 'bond',
    });
    expect(r.deals[4]).toMatchObject({ sale_closing_cost: '1.2', foreign_tax_credit: '0.18', country_code: 'USA' });
  });

  it('keeps an unknown operation as status 1 with a Russian comment', () => {
    expect(r.deals[5]).toMatchObject({ status: 1, operation_type_id: null });
    expect(r.deals[5]!.comment).toBe('Не удалось определить вид операции «Перевод ценных бумаг»: укажите его вручную.');
  });
});

describe('Jusan Invest CSV in Windows-1251 (our documented layout)', async () => {
  const r = await parseSample('jusan-cp1251.csv');

  it('decodes cp1251, reads ; and decimal commas with spaces', () => {
    expect(r.format).toBe('jusan_csv');
    expect(r.deals).toEqual([
      expect.objectContaining({
        section: 'purchase_transaction_section',
        transaction_date: '05.02.2024',
        name_security: 'АО «Пример Банк»',
        quantity: '5',
        purchase_opening_cost: '6000',
        commission: '6',
      }),
      expect.objectContaining({
        section: 'first_section_a',
        exchange: 'AIX',
        sale_closing_cost: '6500',
        commission: '6.5',
      }),
      expect.objectContaining({
        section: 'first_section_b',
        kind: 'dividend',
        sale_closing_cost: '500',
        foreign_tax_credit: '25',
      }),
    ]);
  });

  it('reports an impossible date by row, in Russian, and drops only that row', () => {
    expect(r.errors).toEqual([
      { row: 5, field: 'Дата сделки', message: 'Строка 5: не удалось прочитать дату «31/02/2024»' },
    ]);
  });
});

describe('BCC Invest and Tabys: no published format, our template instead', () => {
  // a statement of their own (made up: the real layout is published nowhere), with a date, an amount, a quantity
  async function ownReport(): Promise<Uint8Array> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Отчет');
    ws.addRow(['Брокерский отчет за 2024 год']);
    ws.addRow(['Дата', 'Инструмент', 'Операция', 'Количество', 'Сумма']);
    ws.addRow(['01.02.2024', 'KZTK', 'Покупка', 10, 1000]);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  }

  it('their own report is refused with the way round (template or manual entry), not a template error', async () => {
    const bytes = await ownReport();
    for (const broker of ['BCC Invest', 'Tabys']) {
      await expectRefused(bytes, new RegExp(`^Отчеты ${broker} пока не читаются автоматически: .*шаблон Декларанта`), {
        brokerHint: broker,
      });
    }
    // another CSV of theirs, too
    const csv = new TextEncoder().encode('Дата;Инструмент;Количество;Сумма\n01.02.2024;KZTK;10;1000\n');
    await expectRefused(csv, /^Отчеты Tabys пока не читаются автоматически/, { brokerHint: 'Tabys' });
  });

  it('our template filled in and uploaded with BCC Invest chosen is read as the template', async () => {
    for (const name of ['template.xlsx', 'template.csv']) {
      const plain = await parseSample(name);
      const bcc = await parseSample(name, { brokerHint: 'BCC Invest' });
      expect(bcc.format).toBe(plain.format);
      expect(bcc.deals.length).toBeGreaterThan(0);
      expect(bcc.deals.map((d) => d.source_key)).toEqual(plain.deals.map((d) => d.source_key));
    }
  });
});
