import { describe, expect, it } from 'vitest';
import type { TaxDeal } from '../src/deal.ts';
import { TEXT } from '../src/texts.ts';
import { amountLevel, dealWarnings, foreignBalancesWarnings, type WarningContext } from '../src/warnings.ts';

const ctx270: WarningContext = { form: 3, year: 2024 };
const codes = (section: string, deal: TaxDeal, ctx: WarningContext = ctx270) =>
  dealWarnings(section, { broker_bin: '123456789012', ...deal }, ctx).map((w) => `${w.level}:${w.code}`);
const sale = (cost: string): TaxDeal => ({ sale_closing_cost: '1000', purchase_opening_cost: cost });

describe('acquisition cost against sale (docs/sections.md: 50 % / 80 %)', () => {
  it.each([
    ['199.99', ['error:acquisition_below_80']],
    ['200', ['warning:acquisition_below_50']], // exactly 80 % below is not "more than"
    ['499.99', ['warning:acquisition_below_50']],
    ['500', []],
    ['1000', []],
    ['1000.01', ['warning:acquisition_above_sale', 'warning:loss_not_counted']],
  ])('cost %s for a sale of 1000', (cost, expected) => {
    expect(codes('1A', sale(cost))).toEqual(expected);
  });

  it('uses the exact quoted texts and title', () => {
    const [w80] = dealWarnings('1A', { ...sale('100'), broker_bin: '123456789012' }, ctx270);
    expect(w80).toMatchObject({
      field: 'purchase_opening_cost',
      title: 'Проверьте стоимость приобретения',
      text: 'Стоимость приобретения по данной сделке более чем на 80% ниже стоимости реализации. Возможно, вы переводили актив от другого брокера или покупали его в валюте отличной от валюты продажи.',
    });
    expect(TEXT.acquisitionBelow(50)).toContain('более чем на 50% ниже');
  });

  it('compares KZT equivalents when the two sides have different rates', () => {
    // sale 1000 USD @500 = 500 000; cost 900 USD @100 = 90 000 < 20 % of 500 000
    const deal: TaxDeal = { ...sale('900'), currency_code: 'USD', rate: '500', purchase_rate: '100' };
    expect(codes('2', deal)).toContain('error:acquisition_below_80');
  });
});

describe('section card level (docs/tax-years.md)', () => {
  it.each([
    ['99.99', '100', 'error'],
    ['100', '100', 'default'],
    ['100', '501', 'error'],
    ['100', '500', 'warning'],
    ['150', '300', 'default'],
    ['149.99', '300', 'warning'],
    ['5', null, 'default'],
  ])('value %s against %s is %s', (value, other, level) => {
    expect(amountLevel(value, other)).toBe(level);
  });
});

describe('losses', () => {
  it('are not counted before 2025 and are netted for section II from 2025', () => {
    expect(codes('2', sale('1200'))).toContain('warning:loss_not_counted');
    expect(codes('2', sale('1200'), { form: 3, year: 2025 })).toContain('warning:loss_netted');
    expect(codes('1A', sale('1200'), { form: 3, year: 2025 })).toContain('warning:loss_not_counted');
  });
});

describe('foreign tax credit', () => {
  const dividend = (credit: string): TaxDeal => ({ sale_closing_cost: '1000', foreign_tax_credit: credit });
  it('is an error state with the documents note when above 0', () => {
    expect(codes('3', dividend('0'))).toEqual([]);
    const [w] = dealWarnings('3', { ...dividend('0.01'), broker_bin: '123456789012' }, ctx270);
    expect(w).toMatchObject({ level: 'error', code: 'foreign_tax_credit' });
    expect(w!.text).toContain('ст. 359');
  });
  it('warns above 10 % of the income', () => {
    expect(codes('3', dividend('100'))).toEqual(['error:foreign_tax_credit']);
    expect(codes('3', dividend('100.01'))).toEqual(['error:foreign_tax_credit', 'warning:foreign_tax_credit_cap']);
  });
});

describe('operation types and flags', () => {
  // The rule's "type 3 (gift receipt)" and "6 (I.A) or 9 (II)" are ids of the former per-section list; the
  // operation types they name are 6 Безвозмездное получение and 3 Безвозмездная передача.
  it('a gift receipt (6) asks to check the type; a gift transfer (3) in I.A or II is gratuitous', () => {
    expect(codes('purchase', { operation_type_id: 6 })).toEqual(['warning:operation_check']);
    expect(codes('history', { operation_type_id: 6 })).toEqual(['warning:operation_check']);
    expect(codes('1A', { operation_type_id: 3 })).toEqual(['warning:gratuitous']);
    expect(codes('2', { operation_type_id: 3 })).toEqual(['warning:gratuitous']);
    // Продажа, and the operations that are not gifts (9 is a remuneration, 4 a purchase), are not flagged.
    expect(codes('1A', { operation_type_id: 1 })).toEqual([]);
    expect(codes('1C', { operation_type_id: 9 })).toEqual([]);
    expect(codes('purchase', { operation_type_id: 4 })).toEqual([]);
  });
  it('a stored operation the section does not allow (a sale as «Покупка») is an error on the deal', () => {
    const [w] = dealWarnings('1A', { broker_bin: '123456789012', operation_type_id: 4 }, ctx270);
    expect(w).toMatchObject({ field: 'operation_type_id', level: 'error', code: 'operation_not_in_section' });
    expect(w!.text).toMatch(/^Операция «Покупка» не относится к продажам/);
    expect(codes('rental', { operation_type_id: 4 })).toEqual([]);
  });
  it('offshore, repayment and a reward from a foreign issuer', () => {
    expect(codes('2', { is_offshore: true })).toEqual(['warning:offshore']);
    expect(codes('4', { operation_type_id: 7 })).toEqual(['warning:repayment']);
    expect(codes('1B', { operation_type_id: 11, country_code: 'USA' })).toEqual(['warning:reward_foreign_country']);
    expect(codes('1B', { operation_type_id: 11, country_code: 'KAZ' })).toEqual([]);
    expect(
      codes('1B', { operation_type_id: 11, country_code_registration_id: 5 }, { ...ctx270, kzCountryId: 89 }),
    ).toEqual(['warning:reward_foreign_country']);
  });
  it('flags a 270 deal without broker_bin, not a 240 one', () => {
    expect(dealWarnings('3', {}, ctx270).map((w) => w.code)).toEqual(['no_broker_bin']);
    expect(dealWarnings('3', {}, { form: 1, year: 2024 })).toEqual([]);
  });
});

describe('assets', () => {
  it('notes a KZ ISIN in foreign property, case-insensitively', () => {
    expect(codes('5-1', { isin_security: 'kz1C00000001' })).toEqual(['warning:kz_isin']);
    expect(codes('5-1', { isin_security: 'US0378331005' })).toEqual([]);
  });
  it('flags foreign money below 400 000 KZT', () => {
    expect(codes('5-2', { amount_in_currency: '399999.99' })).toEqual(['warning:foreign_money_below']);
    expect(codes('5-2', { amount_in_currency: '400000' })).toEqual([]);
    // 800 USD @500 = 400 000
    expect(codes('5-2', { amount_in_currency: '800', rate: '500' })).toEqual([]);
    expect(codes('5-2', { amount_in_currency: '799.99', rate: '500' })).toEqual(['warning:foreign_money_below']);
  });
  it('blocks 250-1 cash above 10 000 МРП of the declaration year', () => {
    // 2023: 10 000 × 3 450 = 34 500 000 (the figure the spec quotes)
    const f2023: WarningContext = { form: 2, year: 2023 };
    expect(codes('250-1', { amount: '34500000' }, f2023)).toEqual([]);
    expect(codes('250-1', { amount: '34500000.01' }, f2023)).toEqual(['error:cash_above_limit']);
    // 69 001 USD @500 = 34 500 500 > 34 500 000
    expect(codes('250-1', { amount: '69001' }, { ...f2023, rate: '500' })).toEqual(['error:cash_above_limit']);
    // 2024: 10 000 × 3 692 = 36 920 000, so 34 500 000.01 is allowed there
    const f2024: WarningContext = { form: 2, year: 2024 };
    expect(codes('250-1', { amount: '34500000.01' }, f2024)).toEqual([]);
    expect(codes('250-1', { amount: '36920000' }, f2024)).toEqual([]);
    expect(codes('250-1', { amount: '36920000.01' }, f2024)).toEqual(['error:cash_above_limit']);
    // 2025: 10 000 × 3 932 = 39 320 000; 2021: 10 000 × 2 917 = 29 170 000
    expect(codes('250-1', { amount: '39320000.01' }, { form: 2, year: 2025 })).toEqual(['error:cash_above_limit']);
    expect(codes('250-1', { amount: '39320000' }, { form: 2, year: 2025 })).toEqual([]);
    expect(codes('250-1', { amount: '29170000.01' }, { form: 2, year: 2021 })).toEqual(['error:cash_above_limit']);
    const [w] = dealWarnings('250-1', { amount: '36920000.01' }, f2024);
    expect(w?.text).toContain('36920000');
  });
  it('notes 250-8 other property at or under 1 000 МРП of the year (optional to declare)', () => {
    // 2024: 1 000 × 3 692 = 3 692 000
    const f2024: WarningContext = { form: 2, year: 2024 };
    expect(codes('250-8', { property_value: '3692000' }, f2024)).toEqual(['warning:other_property_below']);
    expect(codes('250-8', { property_value: '3692000.01' }, f2024)).toEqual([]);
    // 7 384 USD @500 = 3 692 000 (not above); 7 385 USD @500 = 3 692 500 (above)
    expect(codes('250-8', { property_value: '7384' }, { ...f2024, rate: '500' })).toEqual([
      'warning:other_property_below',
    ]);
    expect(codes('250-8', { property_value: '7385' }, { ...f2024, rate: '500' })).toEqual([]);
    // 2022: 1 000 × 3 063 = 3 063 000
    const f2022: WarningContext = { form: 2, year: 2022 };
    expect(codes('250-8', { property_value: '3063000' }, f2022)).toEqual(['warning:other_property_below']);
    expect(codes('250-8', { property_value: '3063001' }, f2022)).toEqual([]);
    expect(codes('250-8', {}, f2022)).toEqual([]);
  });
  it('warns when the debt return date is before the declaration year', () => {
    const [w] = dealWarnings('7', { return_period: '31.12.2023' }, ctx270);
    expect(w).toMatchObject({
      code: 'debt_return_date',
      text: 'Проверьте дату, срок возврата на отчетную дату уже наступил',
    });
    expect(dealWarnings('7', { return_period: '01.01.2024' }, ctx270)).toEqual([]);
    expect(dealWarnings('250-9', { return_period: '2022' }, { form: 2, year: 2024 })).toHaveLength(1);
  });
  it('requires foreign balances to exceed 1000 МРП in total', () => {
    // 2024: 1000 × 3 692 = 3 692 000
    const at = foreignBalancesWarnings([{ amount_in_currency: '3000000' }, { amount_in_currency: '692000' }], ctx270);
    expect(at.map((w) => w.code)).toEqual(['foreign_balances_total']);
    expect(at[0]!.text).toContain('3692000');
    expect(foreignBalancesWarnings([{ amount_in_currency: '3692000.01' }], ctx270)).toEqual([]);
    // 2025: 1000 × 3 932 = 3 932 000; 7 400 USD @500 = 3 700 000 is not enough
    expect(
      foreignBalancesWarnings([{ amount_in_currency: '7400', rate: '500' }], { form: 3, year: 2025 }),
    ).toHaveLength(1);
  });
});
