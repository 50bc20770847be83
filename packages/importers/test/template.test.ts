import { describe, expect, it } from 'vitest';
import { buildTemplateCsv, buildTemplateXlsx, detectFormat, parseReport, TEMPLATE_COLUMNS } from '../src/index.ts';

const expected = [
  expect.objectContaining({
    section: 'purchase_transaction_section',
    transaction_date: '01.02.2024',
    name_security: 'Example Corp',
    isin_security: 'US0000000001',
    quantity: '10',
    purchase_opening_cost: '1000',
    commission: '1',
    country_code: 'USA',
    exchange: 'NASDAQ',
    type_of_security: 'share',
  }),
  expect.objectContaining({ section: 'second_section', quantity: '4', sale_closing_cost: '480', commission: '1' }),
  expect.objectContaining({
    section: 'third_section',
    kind: 'dividend',
    sale_closing_cost: '5',
    foreign_tax_credit: '0.75',
  }),
  expect.objectContaining({
    section: 'sixth_section_second_part',
    bank_name: 'Example Broker Ltd',
    amount_in_currency: '250.5',
    country_code: 'CYP',
    transaction_date: '31.12.2024',
  }),
];

describe('Декларант template', () => {
  it('CSV round trip: generated file is detected and parsed back to the example deals', async () => {
    const bytes = buildTemplateCsv();
    expect(detectFormat(bytes, 'anything.bin')).toEqual({ format: 'template_csv', broker: 'Шаблон Декларант' });
    const r = await parseReport(bytes);
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual(expected);
  });

  it('XLSX round trip: the instruction sheet is never imported', async () => {
    const bytes = await buildTemplateXlsx();
    expect(detectFormat(bytes)?.format).toBe('template_xlsx');
    const r = await parseReport(bytes);
    expect(r.format).toBe('template_xlsx');
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual(expected);
    expect(r.deals.map((d) => d.source_key)).toEqual(
      (await parseReport(buildTemplateCsv())).deals.map((d) => d.source_key),
    );
  });

  it('an empty template (header only) parses to no deals and no errors', async () => {
    const r = await parseReport(buildTemplateCsv({ examples: false }));
    expect(r.deals).toEqual([]);
    expect(r.errors).toEqual([]);
    const x = await parseReport(await buildTemplateXlsx({ examples: false }));
    expect(x.deals).toEqual([]);
  });

  it('header lists every documented column', () => {
    const header = new TextDecoder()
      .decode(buildTemplateCsv({ examples: false }))
      .replace('\uFEFF', '')
      .trim();
    expect(header).toBe(TEMPLATE_COLUMNS.map(([c]) => c).join(','));
  });

  it('KZ broker rows (broker_country KAZ) on KASE go to 1A; formula-like text is marked, not changed', async () => {
    const csv = [
      'date,type,name,isin,quantity,amount,currency,market,broker_country',
      '03.06.2024,SELL,=HYPERLINK("http://x"),KZ1C00000002,1,100,KZT,KASE,KAZ',
      '04.06.2024,SELL,+Plus,KZ1C00000002,1,100,KZT,KASE,USA',
    ].join('\n');
    const r = await parseReport(new TextEncoder().encode(csv));
    expect(r.deals[0]).toMatchObject({
      section: 'first_section_a',
      name_security: '=HYPERLINK("http://x")',
      formula_fields: ['name_security'],
    });
    expect(r.deals[1]).toMatchObject({ section: 'second_section', formula_fields: ['name_security'] });
  });

  it('row errors name the row and the field; good rows still import', async () => {
    const csv = [
      'date,type,name,quantity,amount,currency',
      '2024-01-05,BUY,A,1,abc,USD',
      '2024-01-06,BUY,B,1,10,USD',
    ].join('\n');
    const r = await parseReport(new TextEncoder().encode(csv));
    expect(r.errors).toEqual([
      { row: 2, field: 'amount', message: 'Строка 2: не удалось прочитать число «abc» в поле «amount»' },
    ]);
    expect(r.deals).toHaveLength(1);
  });
});
