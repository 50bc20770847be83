import { describe, expect, it } from 'vitest';
import {
  dealInTenge,
  FX_RULE_SCOPE,
  ratePlan,
  ratesNeeded,
  type TaxDeal,
  TaxEngineError,
  yearRules,
} from '../src/index.ts';

// A USD security bought on 15.03.2024 and sold on 10.06.2025.
const crossYear: TaxDeal = {
  currency_code: 'USD',
  transaction_date: '10.06.2025',
  purchase_transaction_date: '15.03.2024',
  purchase_opening_cost: '1000',
  sale_closing_cost: '1500',
  commission: '2',
};

describe('ratesNeeded: the report year rule for every amount (docs/tax-years.md, Rates)', () => {
  it('a 2024 purchase declared with a 2025 sale: both lookups under the 2025 rule, each on its own date', () => {
    expect(FX_RULE_SCOPE.value).toBe('report_year');
    expect(FX_RULE_SCOPE.uncertain).toBe(true);
    expect(yearRules(2025).fxRule.value).toBe('annual_average');
    expect(ratesNeeded(crossYear, 2025)).toEqual([
      { role: 'sale', currency: 'USD', date: '10.06.2025', rule: 'annual_average' },
      { role: 'purchase', currency: 'USD', date: '15.03.2024', rule: 'annual_average' },
    ]);
  });

  it('a 2024 declaration: the last working day before each date', () => {
    const deal = { ...crossYear, transaction_date: '10.06.2024', purchase_transaction_date: '15.03.2023' };
    expect(ratesNeeded(deal, 2024)).toEqual([
      { role: 'sale', currency: 'USD', date: '10.06.2024', rule: 'previous_working_day' },
      { role: 'purchase', currency: 'USD', date: '15.03.2023', rule: 'previous_working_day' },
    ]);
  });

  it('a purchase on the sale date, or without a date, takes the sale rate: one lookup', () => {
    const same = { ...crossYear, purchase_transaction_date: '10.06.2025' };
    const none = { ...crossYear, purchase_transaction_date: null };
    for (const deal of [same, none])
      expect(ratesNeeded(deal, 2025)).toEqual([
        { role: 'sale', currency: 'USD', date: '10.06.2025', rule: 'annual_average' },
      ]);
  });

  it('tenge deals, stored tenge figures and rates already given need no lookup', () => {
    expect(ratesNeeded({ ...crossYear, currency_code: 'KZT' }, 2025)).toEqual([]);
    const stored = { ...crossYear, sales_cost_in_tenge_currency: '1', cost_in_tenge_currency: '1' };
    expect(ratesNeeded(stored, 2025)).toEqual([]);
    expect(ratesNeeded({ ...crossYear, rate: '500' }, 2025)).toEqual([]);
    // foreign tax is converted at the sale rate even when the sale has its tenge figure
    expect(ratesNeeded({ ...stored, foreign_tax_credit: '10' }, 2025)).toEqual([
      { role: 'sale', currency: 'USD', date: '10.06.2025', rule: 'annual_average' },
    ]);
  });

  it('an unsupported year throws TaxEngineError "year", no fallback rule', () => {
    for (const f of [() => ratesNeeded(crossYear, 2020), () => dealInTenge(crossYear, { sale: '1' }, 2030)]) {
      expect(f).toThrow(TaxEngineError);
      try {
        f();
      } catch (e) {
        expect((e as TaxEngineError).code).toBe('year');
      }
    }
  });
});

describe('dealInTenge', () => {
  it('sale and foreign tax at the sale rate, cost and commission at the purchase rate', () => {
    // sale 1 500 USD × 470.50 = 705 750; cost 1 000 USD × 446.25 = 446 250;
    // commission 2 USD × 446.25 = 892.50; foreign tax 15 USD × 470.50 = 7 057.50
    expect(
      dealInTenge({ ...crossYear, foreign_tax_credit: '15' }, { sale: '470.50', purchase: '446.25' }, 2025),
    ).toEqual({ sale: '705750', cost: '446250', commission: '892.5', foreignTax: '7057.5' });
  });

  it('without a purchase rate the cost takes the sale rate; tenge deals take 1', () => {
    // 1 000 × 470.50 = 470 500
    expect(dealInTenge(crossYear, { sale: '470.50' }, 2025).cost).toBe('470500');
    expect(dealInTenge({ ...crossYear, currency_code: 'KZT' }, {}, 2025).sale).toBe('1500');
  });

  it('a foreign amount without its rate throws rate_missing', () => {
    expect(() => dealInTenge(crossYear, {}, 2025)).toThrow(/No exchange rate/);
  });
});

describe('ratePlan: the rates a deal form fetches, decided here and not by the server', () => {
  it('a 2024 purchase sold in 2025: the 2025 rule on the sale date and on the purchase date', () => {
    expect(ratePlan(['deal', 'purchase'], crossYear, 2025)).toEqual({
      deal: { date: '10.06.2025', rule: 'annual_average' },
      purchase: { date: '15.03.2024', rule: 'annual_average' },
    });
  });
  it('a purchase on the sale day takes the deal rate (no second lookup); 2023 uses the previous working day', () => {
    const sameDay = { transaction_date: '05.05.2023', purchase_transaction_date: '05.05.2023' };
    expect(ratePlan(['deal', 'purchase'], sameDay, 2023)).toEqual({
      deal: { date: '05.05.2023', rule: 'previous_working_day' },
      purchase: null,
    });
  });
  it('form 250.00 assets take the rate of 31.12 of the year, whatever the deal date', () => {
    expect(ratePlan(['year_end'], { transaction_date: '01.02.2024' }, 2024)).toEqual({
      deal: { date: '31.12.2024', rule: 'year_end' },
      purchase: null,
    });
  });
  it('no date, no rate; no conversion, no rate; an unsupported year is refused, never defaulted', () => {
    expect(ratePlan(['deal'], { transaction_date: '2025-06-10' }, 2025)).toEqual({ deal: null, purchase: null });
    expect(ratePlan([], crossYear, 2025)).toEqual({ deal: null, purchase: null });
    expect(() => ratePlan(['deal'], crossYear, 1999)).toThrow(TaxEngineError);
  });
});
