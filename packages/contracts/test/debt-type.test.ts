import { describe, expect, it } from 'vitest';
import { validateDeal } from '../src/deal-rules.ts';
import { MSG } from '../src/messages.ts';

// The debt tables of 270.00 (section VII) and 250.00 (section 9) print the kind as the form's letter:
// Д receivable, К payable. Any other value would reach the XML as it was typed.
describe('debt kind', () => {
  const row = { name_creditor: 'Банк', amount_owed: '10', currency_code_id: 1, country_id: 1 };

  it.each([
    ['250-9', 2],
    ['7', 1],
  ] as const)('%s takes only Д or К, and names the field otherwise', (code, form) => {
    const ctx = { form, year: 2024 };
    expect(validateDeal(code, { ...row, debt_type: 'Д' }, ctx).debt_type).toBeUndefined();
    expect(validateDeal(code, { ...row, debt_type: 'К' }, ctx).debt_type).toBeUndefined();
    expect(validateDeal(code, { ...row, debt_type: 'X' }, ctx).debt_type).toEqual([MSG.checkSelected]);
    // a Latin K looks the same on screen but is not the form's letter
    expect(validateDeal(code, { ...row, debt_type: 'K' }, ctx).debt_type).toEqual([MSG.checkSelected]);
    expect(validateDeal(code, row, ctx).debt_type).toEqual([MSG.selectValue]);
  });
});
