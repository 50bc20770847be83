import { SECTIONS } from '@deklarant/contracts';
import { calculateProfit, type TaxDeal } from '@deklarant/tax';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../src/deps.ts';
import { fillRates } from '../src/modules/calculation/assemble.ts';
import { computeDeal, taxDealOf } from '../src/modules/deals/compute.ts';
import type { ReferenceSets } from '../src/modules/deals/references.ts';
import type { RatesProvider } from '../src/providers/index.ts';
import type { RateQuery } from '../src/providers/rates/index.ts';

/**
 * Issue 19, item 2: the FX rule of an amount is the rule of the declaration's year (docs/tax-years.md,
 * «Rates»), on the deal form (deals/compute.ts) and in the calculation (calculation/assemble.ts) alike.
 *
 * Rates written here (test figures, not National Bank ones):
 *   USD annual average of 2024: 469.44; of 2025: 512.20;
 *   USD on the last working day before 15.03.2024 (14.03.2024): 449.87 (the 2024 rule; must not be used).
 */
const asked: RateQuery[] = [];
const yearOf = (date: string) => (date.includes('-') ? date.slice(0, 4) : date.slice(6));
const fakeRates: RatesProvider = {
  async getRate(q) {
    asked.push(q);
    const year = yearOf(q.date);
    const rate =
      q.rule === 'annual_average' ? ({ '2024': '469.44', '2025': '512.20' } as Record<string, string>)[year] : '449.87';
    if (!rate) throw new Error(`no test rate for ${q.currency} ${q.date} ${q.rule}`);
    return {
      rate,
      currency_code: q.currency,
      date: q.date,
      rate_date: q.date,
      rule: q.rule,
      source: 'nbk',
      demo: false,
    };
  },
};
const refs: ReferenceSets = {
  ids: {},
  currencyById: new Map(),
  currencyCodes: new Set(['USD']),
  countryAlpha3: new Map([[840, 'USA']]),
  kzCountryId: 398,
  hiddenHistoryBrokers: new Set(),
};
const section = SECTIONS.find((s) => s.code === '2')!;

// 10 Apple shares bought on 15.03.2024 for 1 000 USD, sold through a foreign broker on 10.06.2025 for 1 500 USD.
const deal = {
  name_security: 'Apple Inc.',
  isin_security: 'US0378331005',
  currency_code: 'USD',
  quantity: '10',
  type_of_security: 1,
  market_id: 5,
  type_of_bidding_method: 1,
  operation_type_id: 1,
  broker_bin: '123456789012',
  country_code_registration_id: 840,
  transaction_date: '10.06.2025',
  purchase_transaction_date: '15.03.2024',
  purchase_opening_cost: '1000',
  sale_closing_cost: '1500',
};

// The 2025 rule (annual average) for both amounts, each on its own date:
//   sale  1 500 USD × 512.20 (average of 2025) = 768 300 ₸
//   cost  1 000 USD × 469.44 (average of 2024) = 469 440 ₸
//   income 768 300 − 469 440 = 298 860 ₸
// Under the purchase year's rule (the old save path) the cost was 1 000 × 449.87 = 449 870 ₸ and the income
// 318 430 ₸, while the calculation took 298 860 ₸.
const SALE_KZT = '768300';
const COST_KZT = '469440';
const INCOME = '298860';

describe('a 2024 purchase sold in 2025 gets the same rates on save and in the calculation', () => {
  it('the deal form (computeDeal) converts both amounts under the 2025 rule', async () => {
    asked.length = 0;
    const saved = await computeDeal(section, deal, { year: 2025, rates: fakeRates, refs });
    expect(asked.map((q) => q.rule)).toEqual(['annual_average', 'annual_average']);
    expect(saved.fields.sales_cost_in_tenge_currency).toBe(SALE_KZT);
    expect(saved.fields.cost_in_tenge_currency).toBe(COST_KZT);
    expect(saved.fields.exchange_rate).toBe('512.20');
    expect(saved.fields.purchase_exchange_rate).toBe('469.44');
    expect(saved.fields.value_added_income).toBe(INCOME);
    // the saved deal read back by the engine gives the same income
    expect(calculateProfit('second-section', taxDealOf(saved.fields, refs), { year: 2025, kzCountryId: 398 })).toBe(
      INCOME,
    );
  });

  it('the calculation (fillRates) fetches the same rates for the deal without tenge figures', async () => {
    asked.length = 0;
    const taxDeal: TaxDeal = { ...(deal as TaxDeal), country_code: 'USA' };
    const deps = { providers: { rates: fakeRates } } as unknown as Deps;
    await fillRates(deps, [taxDeal], 2025);
    expect(asked.map((q) => q.rule)).toEqual(['annual_average', 'annual_average']);
    expect(taxDeal.rate).toBe('512.20');
    expect(taxDeal.purchase_rate).toBe('469.44');
    expect(calculateProfit('second-section', taxDeal, { year: 2025, kzCountryId: 398 })).toBe(INCOME);
  });
});
