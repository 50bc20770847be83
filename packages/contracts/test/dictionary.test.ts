import { describe, expect, it } from 'vitest';
import { validateDeal } from '../src/deal-rules.ts';
import { DEAL_DECIMAL_FIELDS, DEAL_FLAG_FIELDS, DEAL_ID_FIELDS, DEAL_TEXT_FIELDS, DealInput } from '../src/deals.ts';
import { MSG } from '../src/messages.ts';
import {
  carryValues,
  conversionsOf,
  FIELDS,
  formFieldsOf,
  importerFieldsOf,
  isDictionaryField,
  REGISTER_COLUMNS,
  registerColumnsOf,
  requiredOf,
  roundHalfUp,
  SECTION_DICTIONARY,
  SUGGEST_TEXT,
  sectionDealSchema,
  suggestSection,
  wordsOf,
} from '../src/sections/index.ts';
import { SECTIONS, type SectionCode } from '../src/sections.ts';

const ctx = { form: 3, year: 2024 };

/** A sale of Apple shares through Interactive Brokers, typed into section II. */
const IBKR_SALE = {
  operation_type_id: 1,
  name_security: 'Apple Inc.',
  isin_security: 'US0378331005',
  country_code_registration_id: 840,
  transaction_date: '14.06.2024',
  currency_code: 'USD',
  sale_closing_cost: '1500',
  purchase_opening_cost: '1000',
  market_id: 5,
  type_of_bidding_method: 1,
};

describe('the section dictionary', () => {
  it('has every section of the mapping, each form field a catalogue field', () => {
    expect(Object.keys(SECTION_DICTIONARY).sort()).toEqual(SECTIONS.map((s) => s.code).sort());
    for (const s of SECTIONS)
      for (const f of formFieldsOf(s.code)) expect(isDictionaryField(f.name), `${s.code} ${f.name}`).toBe(true);
  });

  it('declares each field once: the zod lists are the catalogue, split by stored type', () => {
    const stored = [...DEAL_TEXT_FIELDS, ...DEAL_DECIMAL_FIELDS, ...DEAL_ID_FIELDS, ...DEAL_FLAG_FIELDS];
    expect(new Set(stored).size).toBe(stored.length);
    const notPosted = Object.keys(FIELDS).filter((k) => !(stored as string[]).includes(k));
    // names the documents resolve from reference ids, never posted
    expect(notPosted.sort()).toEqual(['country_code', 'market_name', 'operation_name', 'security_type_name']);
    expect(DealInput.safeParse({ broker_name: 'Interactive Brokers LLC', broker_country_id: 840 }).success).toBe(true);
    expect(DealInput.safeParse({ brokerage: '1' }).success).toBe(false);
  });

  it('register columns and the section columns name dictionary fields, with Russian labels', () => {
    for (const col of REGISTER_COLUMNS) expect(col.label).toMatch(/[А-Яа-я]|ISIN|VIN/);
    for (const s of SECTIONS) for (const k of registerColumnsOf(s.code)) expect(isDictionaryField(k)).toBe(true);
  });

  it('foreign dividends print the amount in its currency, in tenge and the foreign tax in tenge, each in its column', () => {
    expect(registerColumnsOf('3')).toEqual(
      expect.arrayContaining([
        'sale_closing_cost',
        'amount_in_tenge_currency',
        'foreign_tax_credit',
        'foreign_tax_in_tenge',
      ]),
    );
    const label = (k: string) => REGISTER_COLUMNS.find((c) => c.key === k)?.label;
    expect(label('foreign_tax_credit')).toBe('Налог, уплаченный за рубежом, в валюте');
    expect(label('foreign_tax_in_tenge')).toBe('Налог, уплаченный за рубежом, тенге');
  });

  it('tenge conversions: which amount converts at which rate', () => {
    expect(conversionsOf('2')).toEqual([
      { from: 'sale_closing_cost', to: 'sales_cost_in_tenge_currency', rate: 'deal' },
      { from: 'purchase_opening_cost', to: 'cost_in_tenge_currency', rate: 'purchase' },
      { from: 'foreign_tax_credit', to: 'foreign_tax_in_tenge', rate: 'deal' },
    ]);
    expect(conversionsOf('purchase')).toEqual([
      { from: 'purchase_opening_cost', to: 'cost_in_tenge_currency', rate: 'deal' },
    ]);
    expect(conversionsOf('250-1')).toEqual([{ from: 'amount', to: 'amount_in_tenge_currency', rate: 'year_end' }]);
    expect(conversionsOf('250-7')).toEqual([]);
  });

  it('tells an importer what a section deal may carry, and refuses what it may not', () => {
    expect(importerFieldsOf('3')).toMatchObject({
      sale_closing_cost: 'decimal',
      foreign_tax_credit: 'decimal',
      foreign_tax_in_tenge: 'decimal',
      foreign_broker: 'flag',
      broker_country_id: 'id',
    });
    const schema = sectionDealSchema('3');
    expect(
      schema.safeParse({ name_security: 'Microsoft', sale_closing_cost: '12.5', foreign_broker: true }).success,
    ).toBe(true);
    expect(schema.safeParse({ name_security: 'Microsoft', market_id: 5 }).success).toBe(false);
  });

  it('dividends and coupons speak of income and a payment date, sales keep the generic words', () => {
    for (const code of ['1B', '3', '4'] as SectionCode[]) {
      expect(wordsOf(code).create).toBe('Добавление дохода');
      expect(formFieldsOf(code).find((f) => f.name === 'transaction_date')?.label).toBe('Дата выплаты');
      expect(wordsOf(code).mainKzt).toBe('Сумма дохода в тенге');
    }
    expect(wordsOf('2').create).toBeUndefined();
  });
});

describe('the broker BIN rule (issue 18)', () => {
  it('a Kazakh broker: the BIN is required, with the Russian message', () => {
    const errors = validateDeal('2', { ...IBKR_SALE, foreign_broker: false }, ctx);
    expect(errors).toEqual({ broker_bin: [MSG.required] });
    expect(validateDeal('1A', { ...IBKR_SALE, quantity: '1', type_of_security: 1 }, ctx)).toEqual({
      broker_bin: [MSG.required],
    });
  });

  it('a foreign broker: saved without a BIN, its name and country recorded instead', () => {
    const foreign = { ...IBKR_SALE, foreign_broker: true, broker_name: 'Interactive Brokers', broker_country_id: 840 };
    expect(validateDeal('2', foreign, ctx)).toEqual({});
    for (const code of ['1A', '1B', '1C', '2', '3', '4', 'purchase', 'history'] as SectionCode[])
      expect(requiredOf(code, { foreign_broker: true }, ctx), code).not.toContain('broker_bin');
    // a BIN typed for a foreign broker is still checked
    expect(validateDeal('2', { ...foreign, broker_bin: '123' }, ctx)).toEqual({ broker_bin: [MSG.len12] });
  });

  it('the foreign broker name and country are on the form only for a foreign broker', () => {
    const fields = formFieldsOf('2');
    const shown = (values: Record<string, unknown>) =>
      fields.filter((f) => !f.shownWhen || f.shownWhen(values)).map((f) => f.name);
    expect(shown({ foreign_broker: true })).toEqual(expect.arrayContaining(['broker_name', 'broker_country_id']));
    expect(shown({ foreign_broker: false })).not.toContain('broker_name');
  });
});

describe('values the form rounds or suggests', () => {
  it('rounds the 250-7 share to hundredths (half up) instead of refusing it', () => {
    // 12.345 -> 12.35 (third decimal 5 rounds up); 33.333 -> 33.33; 0.004 -> 0 (below 0.01: refused)
    expect(roundHalfUp('12.345', 2)).toBe('12.35');
    expect(roundHalfUp('33,333', 2)).toBe('33.33');
    expect(roundHalfUp('99.999', 2)).toBe('100');
    expect(roundHalfUp('5.1', 2)).toBe('5.1');
    const row = { company_name: 'Acme GmbH', country_id: 276 };
    expect(validateDeal('250-7', { ...row, shareholding_size: '12.345' }, { form: 2, year: 2024 })).toEqual({});
    expect(validateDeal('250-7', { ...row, shareholding_size: '0.004' }, { form: 2, year: 2024 })).toEqual({
      shareholding_size: [MSG.percent],
    });
    expect(validateDeal('250-7', { ...row, shareholding_size: '100.01' }, { form: 2, year: 2024 })).toEqual({
      shareholding_size: [MSG.percent],
    });
  });

  it('an Apple sale through IBKR typed into I.A is suggested for II; a Kazakh one is left alone', () => {
    expect(suggestSection('1A', { ...IBKR_SALE, foreign_broker: true })?.code).toBe('2');
    expect(suggestSection('1A', { ...IBKR_SALE, foreign_broker: false }, { foreignMarket: true })?.code).toBe('2');
    // a US share bought on KASE through a Kazakh broker stays in I.A
    expect(suggestSection('1A', { ...IBKR_SALE, foreign_broker: false }, { foreignMarket: false })).toBeNull();
    expect(suggestSection('1A', { isin_security: 'KZ1C00000876', foreign_broker: false })).toBeNull();
    expect(suggestSection('1A', { foreign_broker: false })).toBeNull();
    // a sale on NASDAQ, whatever the ISIN: II (the section of sales abroad)
    expect(suggestSection('1A', { foreign_broker: false }, { foreignMarket: true })?.reason).toBe(
      SUGGEST_TEXT.foreignMarketSale,
    );
  });

  it('dividends and coupons go to III, IV or I.B by broker and ISIN', () => {
    expect(suggestSection('1B', { isin_security: 'US5949181045', operation_type_id: 10 })?.code).toBe('3');
    expect(suggestSection('1B', { isin_security: 'US912828XX', operation_type_id: 7 })?.code).toBe('4');
    expect(suggestSection('3', { isin_security: 'KZ1C00000876', foreign_broker: false })?.code).toBe('1B');
    expect(suggestSection('3', { isin_security: 'US5949181045', foreign_broker: true })).toBeNull();
  });

  it('a move keeps only the values the target form has', () => {
    expect(carryValues({ name_security: 'Apple', market_id: '5' }, ['name_security'])).toEqual({
      name_security: 'Apple',
    });
  });
});
