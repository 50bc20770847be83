import { MSG, requiredFields, type SectionCode, validateDeal } from '@deklarant/contracts';
import { describe, expect, it } from 'vitest';
import { cashLimitKzt } from '../src/year-rules.ts';

const ctx = { form: 3, year: 2024 };
const sorted = (code: SectionCode, input: Record<string, unknown> = {}, c = ctx) =>
  requiredFields(code, input, c).sort();

describe('required-field table (docs/sections.md)', () => {
  it.each<[SectionCode, string[]]>([
    [
      '1A',
      [
        'broker_bin',
        'currency_code',
        'isin_security',
        'market_id',
        'name_security',
        'operation_type_id',
        'purchase_opening_cost',
        'quantity',
        'sale_closing_cost',
        'transaction_date',
        'type_of_bidding_method',
        'type_of_security',
      ],
    ],
    [
      '1B',
      [
        'broker_bin',
        'country_code_registration_id',
        'currency_code',
        'name_security',
        'quantity',
        'sale_closing_cost',
        'transaction_date',
        'type_of_security',
      ],
    ],
    ['1C', ['broker_bin', 'currency_code', 'name_security', 'quantity', 'sale_closing_cost', 'transaction_date']],
    [
      '2',
      [
        'broker_bin',
        'country_code_registration_id',
        'currency_code',
        'isin_security',
        'market_id',
        'name_security',
        'operation_type_id',
        'purchase_opening_cost',
        'sale_closing_cost',
        'transaction_date',
        'type_of_bidding_method',
      ],
    ],
    [
      '3',
      [
        'broker_bin',
        'country_code_registration_id',
        'currency_code',
        'name_security',
        'quantity',
        'sale_closing_cost',
        'transaction_date',
        'type_of_security',
      ],
    ],
    [
      '4',
      [
        'broker_bin',
        'country_code_registration_id',
        'currency_code',
        'name_security',
        'sale_closing_cost',
        'transaction_date',
        'type_of_security',
      ],
    ],
    ['rental', ['broker_bin', 'name_security', 'sale_closing_cost']],
    [
      'purchase',
      [
        'broker_bin',
        'country_code_registration_id',
        'currency_code',
        'isin_security',
        'market_id',
        'name_security',
        'operation_type_id',
        'purchase_opening_cost',
        'transaction_date',
        'type_of_bidding_method',
      ],
    ],
    ['history', ['broker_bin', 'currency_code', 'name_security', 'transaction_date']],
  ])('%s', (code, fields) => {
    expect(sorted(code)).toEqual(fields);
  });

  it('5-1 never requires broker_bin; its security type only on form 270', () => {
    expect(sorted('5-1')).toEqual(['country_code_registration_id', 'name_security', 'type_of_security']);
    expect(sorted('5-1', {}, { form: 1, year: 2024 })).toEqual(['country_code_registration_id', 'name_security']);
  });

  it('1B needs the ISIN for security type 1 with a gain over 100 000 000', () => {
    const deal = (gain: string) => ({ type_of_security: 1, value_added_income: gain });
    expect(sorted('1B', deal('100000000'))).not.toContain('isin_security');
    expect(sorted('1B', deal('100000000.01'))).toContain('isin_security');
    expect(sorted('1B', { ...deal('200000000'), type_of_security: 2 })).not.toContain('isin_security');
    // gain from the amounts: 150 000 000 − 40 000 000
    expect(
      sorted('1B', { type_of_security: 1, sale_closing_cost: '150000000', purchase_opening_cost: '40000000' }),
    ).toContain('isin_security');
  });
});

describe('validateDeal messages', () => {
  const valid1A = {
    name_security: 'Kaspi.kz',
    transaction_date: '15.05.2024',
    currency_code: 'KZT',
    quantity: '10',
    type_of_security: 1,
    purchase_opening_cost: '1000,50',
    sale_closing_cost: '1200.5',
    market_id: 1,
    type_of_bidding_method: 1,
    operation_type_id: 1,
    isin_security: 'KZ1C00000876',
    broker_bin: '123456789012',
  };

  it('accepts a complete deal', () => {
    expect(validateDeal('1A', valid1A, ctx)).toEqual({});
  });

  it('says "Введите данные" for text and "Выберите значение" for selects', () => {
    const e = validateDeal('1A', { ...valid1A, name_security: '  ', market_id: null }, ctx);
    expect(e).toEqual({ name_security: [MSG.required], market_id: [MSG.selectValue] });
  });

  it.each([
    ['1000.123', MSG.amount2],
    ['-5', MSG.amount2],
    ['1e3', MSG.amount2],
    ['abc', MSG.amount2],
  ])('amount %s', (value, message) => {
    expect(validateDeal('1A', { ...valid1A, sale_closing_cost: value }, ctx)).toEqual({ sale_closing_cost: [message] });
  });

  it('quantity takes up to 5 decimals, with a comma or a dot', () => {
    expect(validateDeal('1A', { ...valid1A, quantity: '0,12345' }, ctx)).toEqual({});
    expect(validateDeal('1A', { ...valid1A, quantity: '0.123456' }, ctx)).toEqual({ quantity: [MSG.number5] });
  });

  it('dates are dd.mm.yyyy, real and within the report year', () => {
    const date = (d: string) => validateDeal('1A', { ...valid1A, transaction_date: d }, ctx).transaction_date;
    expect(date('01.01.2024')).toBeUndefined();
    expect(date('31.12.2024')).toBeUndefined();
    expect(date('31.12.2023')).toEqual(['Выберите дату с 01.01.2024 по 31.12.2024']);
    expect(date('01.01.2025')).toEqual(['Выберите дату с 01.01.2024 по 31.12.2024']);
    expect(date('30.02.2024')).toEqual(['Введите дату в формате дд.мм.гггг']);
    expect(date('2024-05-01')).toEqual(['Введите дату в формате дд.мм.гггг']);
    // purchase history may be older, never later
    expect(validateDeal('history', { ...valid1A, operation_type_id: 4, transaction_date: '10.10.2019' }, ctx)).toEqual(
      {},
    );
  });

  it('ISIN: 1 to 30 Latin letters or digits, Cyrillic refused', () => {
    const isin = (v: string) => validateDeal('1A', { ...valid1A, isin_security: v }, ctx).isin_security;
    expect(isin('A'.repeat(30))).toBeUndefined();
    expect(isin('A'.repeat(31))).toEqual([MSG.maxN(30)]);
    expect(isin('KZ1С00000876')).toEqual([MSG.checkInput]); // Cyrillic С
    expect(isin('US-037833')).toEqual([MSG.checkInput]);
  });

  it('broker_bin: ##-####### with a dash at position 3, else 12 digits', () => {
    const bin = (v: string) => validateDeal('1A', { ...valid1A, broker_bin: v }, ctx).broker_bin;
    expect(bin('12-3456789')).toBeUndefined();
    expect(bin('12-345678')).toEqual([MSG.checkInput]);
    expect(bin('12345678901')).toEqual([MSG.len12]);
    expect(bin('1234567890123')).toEqual([MSG.len12]);
  });

  it('form 250 maximum lengths', () => {
    const f250 = { form: 2, year: 2024 };
    expect(
      validateDeal('250-4', { name: 'x'.repeat(256), country_id: 1, id_number: '1', location: 'y' }, f250),
    ).toEqual({
      name: [MSG.maxN(255)],
    });
    expect(
      validateDeal(
        '250-5',
        {
          kind_of_transport: 'x'.repeat(129),
          brand_model: 'b',
          country_id: 1,
          id_number: '1',
          vin_number: 'v'.repeat(31),
        },
        f250,
      ),
    ).toEqual({ kind_of_transport: [MSG.maxN(128)], vin_number: [MSG.maxN(30)] });
    expect(
      validateDeal('250-4', { name: 'n', country_id: 1, id_number: '1', location: 'l'.repeat(513) }, f250),
    ).toEqual({
      location: [MSG.maxN(512)],
    });
  });

  it('debt: id_number digits only, notary IIN 12 digits', () => {
    const debt = { name_creditor: 'ТОО', debt_type: 'Д', amount_owed: '100', currency_code_id: 1, country_id: 89 };
    expect(validateDeal('250-9', { ...debt, id_number: '12a' }, { form: 2, year: 2024 })).toEqual({
      id_number: ['Введите номер (только числа)'],
    });
    expect(validateDeal('250-9', { ...debt, notary_iin: '12345' }, { form: 2, year: 2024 })).toEqual({
      notary_iin: [MSG.len12],
    });
  });

  it("250-1: an amount above the year's cash limit (10 000 МРП) in KZT equivalent blocks saving", () => {
    // 2023: 10 000 × 3 450 = 34 500 000
    const limit = cashLimitKzt(2023);
    expect(limit).toBe('34500000');
    const cash = (amount: string, rate?: string) =>
      validateDeal(
        '250-1',
        { amount, currency_code_id: 1 },
        { form: 2, year: 2023, cashLimitKzt: limit, ...(rate ? { rate } : {}) },
      );
    expect(cash('34500000')).toEqual({});
    expect(cash('34500000.01')).toEqual({
      amount: ['Сумма превышает 34 500 000 тенге в эквиваленте (10 000 МРП): такую запись сохранить нельзя'],
    });
    expect(cash('69000', '500')).toEqual({}); // = 34 500 000
    expect(Object.keys(cash('69000.01', '500'))).toEqual(['amount']);
    // 2024: 10 000 × 3 692 = 36 920 000
    expect(cashLimitKzt(2024)).toBe('36920000');
    const y2024 = { form: 2, year: 2024, cashLimitKzt: cashLimitKzt(2024) };
    expect(validateDeal('250-1', { amount: '36920000', currency_code_id: 1 }, y2024)).toEqual({});
    expect(Object.keys(validateDeal('250-1', { amount: '36920000.01', currency_code_id: 1 }, y2024))).toEqual([
      'amount',
    ]);
  });

  it('shareholding percent 0.01..100', () => {
    const share = (v: string) =>
      validateDeal('250-7', { company_name: 'A', shareholding_size: v, country_id: 1 }, { form: 2, year: 2024 })
        .shareholding_size;
    expect(share('0.01')).toBeUndefined();
    expect(share('100')).toBeUndefined();
    expect(share('0')).toEqual([MSG.percent]);
    expect(share('100.01')).toEqual([MSG.percent]);
  });
});
