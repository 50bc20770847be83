import type { DeclarationDocument, DocumentDeal } from '../src/types.ts';

/** Hand-made fixtures; IINs are synthetic (12 digits, not real people). */
export const GENERATED_AT = new Date('2025-03-01T10:00:00Z');

export function base(form: 1 | 2 | 3, sections: Record<string, DocumentDeal[]> = {}): DeclarationDocument {
  return {
    form,
    year: 2024,
    type: { id: 1, name: 'Очередная' },
    kgdCode: '6004',
    kgdName: 'УГД по Бостандыкскому району',
    personal: {
      iin: '900101300126',
      surname: 'Иванов',
      name: 'Иван',
      patronymic: 'Иванович',
      phone: '+7 (777) 123-45-67',
      email: 'ivan@example.kz',
    },
    sections,
    generatedAt: GENERATED_AT,
  };
}

export const FIFTH = {
  property_income: '110225.00',
  value_income_amount: '0',
  from_sale_property_outside_rk: '110225.00',
  other_income_amount: '5000.50',
  dividends: '5000.50',
  total_income_tax: '115225.50',
  taxable_amount_of_income: '115225.50',
  calculated_amount_of_income_tax: '11522.55',
  foreign_tax_credit: '750',
  amount_of_IPN_final: '10772.55',
};

export const sale = (i: number): DocumentDeal => ({
  id: i,
  transaction_date: `${String((i % 28) + 1).padStart(2, '0')}.03.2024`,
  name_security: `Security ${i}`,
  isin_security: `US${String(i).padStart(10, '0')}`,
  quantity: '10',
  currency_code: 'USD',
  operation_name: 'Продажа',
  country_code: 'USA',
  sale_closing_cost: '1800.50',
  sales_cost_in_tenge_currency: '810225.00',
  cost_in_tenge_currency: '700000.00',
  value_added_income: '110225.00',
});

export const purchase = (i: number): DocumentDeal => ({
  id: 10_000 + i,
  transaction_date: '01.02.2024',
  name_security: `Purchase ${i}`,
  isin_security: `KZ${String(i).padStart(10, '0')}`,
  quantity: '5.5',
  currency_code: 'USD',
  country_code: 'USA',
  purchase_opening_cost: '900.25',
  cost_in_tenge_currency: '405112.50',
});

export function sample270(): DeclarationDocument {
  return {
    ...base(3, {
      second_section: [sale(1)],
      purchase_transaction_section: [{ ...purchase(1), name_security: 'Apple <&> "Inc"' }],
      sixth_section_first_part: [{ id: 3, name_security: 'Apple', isin_security: 'US0378331005', country_code: 'USA' }],
      sixth_section_second_part: [
        { id: 4, bank_name: 'Chase', amount_in_currency: '1000', currency_code: 'USD', country_code: 'USA' },
      ],
    }),
    fifthSection: FIFTH,
    lines: [
      { field: 'dividends', amount: '5000.50', rule: 'Дивиденды иностранных эмитентов', article: 'ст. 319 НК РК' },
    ],
  };
}

export function sample250(): DeclarationDocument {
  return base(2, {
    form_250_second_section: [
      {
        id: 1,
        name: 'Apple',
        isin_security: 'US0378331005',
        country_code: 'USA',
        quantity: '3',
        currency_code: 'USD',
        purchase_price: '150.75',
      },
    ],
    form_250_sixth_section: [{ id: 2, bank_name: 'Chase', amount: '2500', currency_code: 'USD', country_code: 'USA' }],
  });
}

export function sample240(): DeclarationDocument {
  return {
    ...base(1, {
      first_section_b: [{ ...sale(2), operation_name: 'Выплата дивиденда', amount_in_tenge_currency: '5000.50' }],
    }),
    fifthSection: { ...FIFTH, total_income_to_declaration: '115225.50' },
  };
}

/** A large declaration: n deals spread over sales, purchases, dividends and foreign assets. */
export function large(n: number): DeclarationDocument {
  const doc = { ...base(3), fifthSection: FIFTH };
  const q = Math.floor(n / 4);
  doc.sections = {
    second_section: Array.from({ length: q }, (_, i) => sale(i)),
    purchase_transaction_section: Array.from({ length: q }, (_, i) => purchase(i)),
    third_section: Array.from({ length: q }, (_, i) => ({
      ...sale(i),
      operation_name: 'Выплата дивиденда',
      amount_in_foreign_currency: '12.5',
      amount_in_tenge_currency: '5625.00',
      foreign_tax_credit: '562.5',
    })),
    sixth_section_first_part: Array.from({ length: n - 3 * q }, (_, i) => ({
      id: i,
      name_security: `Asset ${i}`,
      isin_security: `US${String(i).padStart(10, '0')}`,
      country_code: 'USA',
      quantity: '1',
    })),
  };
  return doc;
}
