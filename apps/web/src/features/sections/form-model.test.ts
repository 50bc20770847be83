import { MSG } from '@deklarant/contracts';
import { describe, expect, it } from 'vitest';
import { amountsTyped, currencyChangedAfterAmounts, suggestionFor } from './advice.ts';
import type { FormValues } from './DealField.tsx';
import { SECTION_FIELDS } from './fields.ts';
import { dealResolver, initialValues, isShown, toPayload } from './form-model.ts';
import { formatAmount } from './format.ts';

const ctx = { form: 3, year: 2024 };
const fields2 = SECTION_FIELDS['2'];

describe('the deal form read from the section dictionary', () => {
  it('a new II deal starts with a foreign broker, I.A with a Kazakh one, I.B with the repayment', () => {
    expect(initialValues('2', fields2).foreign_broker).toBe(true);
    expect(initialValues('1A', SECTION_FIELDS['1A']).foreign_broker).toBe(false);
    expect(initialValues('1B', SECTION_FIELDS['1B']).operation_type_id).toBe('7');
  });

  it("a new deal starts from the form's broker: Interactive Brokers named, no BIN asked; Halyk keeps the BIN", () => {
    const ibkr = { name: 'Interactive Brokers', is_foreign: true };
    expect(initialValues('2', fields2, undefined, undefined, ibkr)).toMatchObject({
      foreign_broker: true,
      broker_name: 'Interactive Brokers',
    });
    const halyk = initialValues('2', fields2, undefined, undefined, { name: 'Halyk Finance', is_foreign: false });
    expect(halyk.foreign_broker).toBe(false);
    expect(halyk.broker_name).toBe('');
    // a stored deal keeps what it was saved with
    expect(initialValues('2', fields2, { foreign_broker: false }, undefined, ibkr).foreign_broker).toBe(false);
  });

  it('posts the broker choice; the foreign broker name and country only for a foreign broker', () => {
    const values = {
      ...initialValues('2', fields2),
      broker_name: 'Interactive Brokers',
      broker_country_id: '200',
    };
    expect(toPayload(fields2, values)).toMatchObject({
      foreign_broker: true,
      broker_name: 'Interactive Brokers',
      broker_country_id: 200,
    });
    const kazakh = toPayload(fields2, { ...values, foreign_broker: false });
    expect(kazakh.foreign_broker).toBe(false);
    expect(kazakh).not.toHaveProperty('broker_name');
    expect(fields2.filter((f) => isShown(f, { foreign_broker: false })).map((f) => f.name)).not.toContain(
      'broker_country_id',
    );
  });

  it('no BIN error for a foreign broker; the Russian required message for a Kazakh one', async () => {
    const typed = {
      ...initialValues('2', fields2),
      operation_type_id: '1',
      name_security: 'Apple Inc.',
      isin_security: 'US0378331005',
      country_code_registration_id: '200',
      transaction_date: '2024-06-14',
      currency_code: 'USD',
      sale_closing_cost: '1500',
      purchase_opening_cost: '1000',
      market_id: '5',
      type_of_bidding_method: '1',
    };
    const resolve = (v: FormValues) =>
      dealResolver('2', fields2, ctx, {})(v, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((await resolve(typed)).errors).toEqual({});
    const kazakh = await resolve({ ...typed, foreign_broker: false });
    expect(kazakh.errors.broker_bin?.message).toBe(MSG.required);
  });

  it('carries the typed values of a moved deal into the fields the target form has', () => {
    const carried = {
      name_security: 'Apple Inc.',
      isin_security: 'US0378331005',
      market_id: '5',
      foreign_broker: true,
    };
    const v = initialValues('2', fields2, undefined, carried);
    expect(v).toMatchObject(carried);
    expect(initialValues('3', SECTION_FIELDS['3'], undefined, carried)).not.toHaveProperty('market_id');
  });

  it('rounds a share to hundredths in the payload', () => {
    expect(toPayload(SECTION_FIELDS['250-7'], { shareholding_size: '12,345' }).shareholding_size).toBe('12.35');
  });
});

describe('advice on the deal form', () => {
  it('the currency advisory: only a change after amounts were typed', () => {
    expect(amountsTyped(fields2, { sale_closing_cost: '' })).toBe(false);
    expect(amountsTyped(fields2, { sale_closing_cost: '10' })).toBe(true);
    expect(currencyChangedAfterAmounts('USD', 'EUR', true)).toBe(true);
    expect(currencyChangedAfterAmounts('', 'USD', true)).toBe(false);
    expect(currencyChangedAfterAmounts('USD', 'EUR', false)).toBe(false);
  });

  it('suggests II for a US share in I.A unless the chosen market is Kazakh', () => {
    const sale = { isin_security: 'US0378331005', foreign_broker: false, market_id: 1 };
    expect(suggestionFor('1A', sale, [{ market_id: 1, is_foreign: false }])).toBeNull();
    expect(suggestionFor('1A', sale, [{ market_id: 1, is_foreign: true }])?.code).toBe('2');
    expect(suggestionFor('1A', { ...sale, foreign_broker: true }, undefined)?.code).toBe('2');
  });
});

describe('deal amounts on screen', () => {
  it('up to 4 decimals without trailing zeros; quantities keep 5', () => {
    expect(formatAmount('1500.5000')).toBe('1\u00a0500,5');
    expect(formatAmount('804570.1234')).toBe('804\u00a0570,1234');
    expect(formatAmount('10.00')).toBe('10');
    expect(formatAmount('0.12345', 5)).toBe('0,12345');
  });
});
