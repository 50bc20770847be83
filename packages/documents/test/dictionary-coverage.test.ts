import { isDictionaryField, SECTION_DICTIONARY, SECTIONS } from '@deklarant/contracts';
import { describe, expect, it } from 'vitest';
import { allColumns, COLUMNS, SECTION_COLUMNS } from '../src/columns.ts';
import { renderPdf } from '../src/pdf/render.ts';
import type { DeclarationDocument, DocumentDeal } from '../src/types.ts';
import { renderXlsx } from '../src/xlsx/render.ts';
import { renderXml } from '../src/xml/render.ts';
import { sample240, sample250, sample270 } from './fixtures.ts';

/**
 * Every deal field the XML writer, the PDF and the Excel registers read must be a field of the section
 * dictionary (packages/contracts sections/): the writers are run on documents whose deals record each
 * property read, the way Direct File checks its PDF fact paths against its fact dictionary.
 */

/** Keys that are not deal fields: the row's identity and what JavaScript itself asks an object. */
const NOT_FIELDS = new Set(['id', 'status', 'then', 'toJSON', 'constructor', 'length']);

function recording(doc: DeclarationDocument, read: Set<string>): DeclarationDocument {
  const sections: Record<string, DocumentDeal[]> = {};
  for (const [key, deals] of Object.entries(doc.sections))
    sections[key] = deals.map(
      (d) =>
        new Proxy(d, {
          get(target, prop, receiver) {
            if (typeof prop === 'string' && !NOT_FIELDS.has(prop)) read.add(prop);
            return Reflect.get(target, prop, receiver);
          },
        }),
    );
  return { ...doc, sections };
}

/** One deal of every section, each field filled, so every writer's branch reads its fields. */
function everySection(form: 1 | 2 | 3, base: DeclarationDocument): DeclarationDocument {
  const sections: Record<string, DocumentDeal[]> = { ...base.sections };
  for (const s of SECTIONS.filter((x) => (x.forms as readonly number[]).includes(form))) {
    const deal: Record<string, unknown> = { id: 1 };
    for (const f of SECTION_DICTIONARY[s.code].fields) deal[f.name] = f.name.endsWith('_date') ? '01.02.2024' : '1';
    sections[s.key] = [...(sections[s.key] ?? []), deal as DocumentDeal];
  }
  return { ...base, sections };
}

const unknownOf = (read: Set<string>) => [...read].filter((k) => !isDictionaryField(k)).sort();

describe('section dictionary coverage of the documents', () => {
  it('the registers print only dictionary fields, under the dictionary labels', () => {
    expect(unknownOf(new Set(COLUMNS.map((c) => c.key)))).toEqual([]);
    for (const cols of Object.values(SECTION_COLUMNS)) expect(unknownOf(new Set(cols))).toEqual([]);
  });

  it('foreign dividends: the amount in its currency, in tenge and the foreign tax in tenge each in its own column', () => {
    const deal: DocumentDeal = {
      id: 1,
      transaction_date: '10.05.2024',
      name_security: 'Microsoft Corp.',
      currency_code: 'USD',
      sale_closing_cost: '12.5',
      amount_in_tenge_currency: '5562.5',
      foreign_tax_credit: '1.25',
      foreign_tax_in_tenge: '556.25',
    };
    const heads = Object.fromEntries(allColumns('3', [deal]).map((c) => [c.label, deal[c.key]]));
    expect(heads).toMatchObject({
      'Дата выплаты': '10.05.2024',
      'Сумма дохода в валюте': '12.5',
      'Сумма дохода, тенге': '5562.5',
      'Налог, уплаченный за рубежом, в валюте': '1.25',
      'Налог, уплаченный за рубежом, тенге': '556.25',
    });
  });

  it.each([
    ['270.00', () => everySection(3, sample270())],
    ['250.00', () => everySection(2, sample250())],
    ['240.00', () => everySection(1, sample240())],
  ])('the %s XML, PDF and Excel read no deal field the dictionary lacks', async (_form, make) => {
    const read = new Set<string>();
    const doc = recording(make(), read);
    renderXml(doc);
    await renderXlsx(doc);
    await renderPdf(doc);
    expect(read.size).toBeGreaterThan(5);
    expect(unknownOf(read)).toEqual([]);
  });

  it('catches a writer that reads a field the dictionary lacks', () => {
    const read = new Set<string>();
    const [deal] = recording(sample270(), read).sections.second_section ?? [];
    void (deal as Record<string, unknown>).brokerage_fee;
    expect(unknownOf(read)).toEqual(['brokerage_fee']);
  });
});
