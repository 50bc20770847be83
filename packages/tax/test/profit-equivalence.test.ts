import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionKzt, costKzt, saleKzt, type TaxDeal } from '../src/deal.ts';
import { dec } from '../src/money.ts';
import { calculateProfit, profitBreakdown } from '../src/profit.ts';
import { generateDeals } from '../src/testing/generate.ts';
import {
  calculateProfitDecimal,
  commissionKztDecimal,
  costKztDecimal,
  profitBreakdownDecimal,
  saleKztDecimal,
} from './reference/profit-decimal.ts';

// The exact profit rules must give what the decimal.js rules gave, digit for digit, errors included.

const num = fc
  .tuple(
    fc.boolean(),
    fc.integer({ min: 0, max: 999_999_999 }),
    fc.stringMatching(/^[0-9]{0,12}$/),
    fc.constantFrom('', ' ', ','),
  )
  .map(([neg, i, f, style]) => {
    const text = f ? `${i}.${f}` : String(i);
    // now and then the form's own spelling: a decimal comma or a space between thousands
    const shown =
      style === ',' ? text.replace('.', ',') : style === ' ' ? text.replace(/^(\d+)(\d{3})/, '$1 $2') : text;
    return neg && i % 7 === 0 ? `-${shown}` : shown;
  });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const deal: fc.Arbitrary<TaxDeal> = fc.record(
  {
    currency_code: fc.constantFrom('USD', 'kzt', 'EUR', ''),
    rate: maybe(fc.oneof(num, fc.constantFrom(470, 0.5))),
    purchase_rate: maybe(num),
    sale_closing_cost: maybe(num),
    rent_amount: maybe(num),
    sales_cost_in_tenge_currency: maybe(num),
    purchase_opening_cost: maybe(num),
    cost_in_tenge_currency: maybe(num),
    commission: maybe(num),
    is_offshore: maybe(fc.boolean()),
    operation_type_id: maybe(fc.integer({ min: 1, max: 12 })),
  },
  { requiredKeys: ['currency_code'] },
) as fc.Arbitrary<TaxDeal>;
const section = fc.constantFrom(
  'first-section-a',
  'first_section_b',
  '1C',
  'second-section',
  'third_section',
  'fourth_section',
  'income_from_rental',
  'purchase',
  '5-1',
);

const outcome = (f: () => unknown) => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error & { code?: string }).code ?? (e as Error).message };
  }
};
const text = (d: { toFixed(): string }) => d.toFixed();

describe('profit on exact values agrees with the decimal.js rules', () => {
  it('calculateProfit, profitBreakdown and the KZT amounts on random deals', () => {
    fc.assert(
      fc.property(section, deal, fc.constantFrom(2024, 2025), maybe(num), (slug, d, year, cost) => {
        const ctx = { year };
        expect(outcome(() => calculateProfit(slug, d, ctx))).toEqual(
          outcome(() => calculateProfitDecimal(slug, d, ctx)),
        );
        const fifoCost = cost === undefined ? undefined : dec(cost);
        const b = (f: typeof profitBreakdown) => () => {
          const r = f(slug, d, ctx, fifoCost);
          return { ...r, proceedsKzt: text(r.proceedsKzt), costKzt: text(r.costKzt), income: text(r.income) };
        };
        expect(outcome(b(profitBreakdown))).toEqual(outcome(b(profitBreakdownDecimal)));
        expect(outcome(() => text(saleKzt(d)))).toEqual(outcome(() => text(saleKztDecimal(d))));
        expect(outcome(() => text(costKzt(d)))).toEqual(outcome(() => text(costKztDecimal(d))));
        expect(outcome(() => text(commissionKzt(d)))).toEqual(outcome(() => text(commissionKztDecimal(d))));
      }),
      { numRuns: 3000 },
    );
  });

  it('on the generated declaration', () => {
    const input = generateDeals(5000);
    for (const [key, deals] of Object.entries(input.sections))
      for (const d of deals ?? [])
        for (const year of [2024, 2025])
          expect(outcome(() => calculateProfit(key, d, { year }))).toEqual(
            outcome(() => calculateProfitDecimal(key, d, { year })),
          );
  });
});
