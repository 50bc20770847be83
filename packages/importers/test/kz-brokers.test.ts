import { describe, expect, it } from 'vitest';
import { parseSample } from './helpers.ts';

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
