import { describe, expect, it } from 'vitest';
import { BENEFIT_RULES, type BenefitQuery, findBenefit, TAX_BENEFITS } from '../src/benefits.ts';
import { BIDDING, MARKET, OPERATION, SECURITY } from '../src/vocabulary.ts';

const q = (over: Partial<BenefitQuery>): BenefitQuery => ({ date: '15.06.2024', section: '1A', ...over });
const code = (over: Partial<BenefitQuery>) => findBenefit(q(over))?.code ?? null;

describe('benefits', () => {
  const kase = {
    operation_type: OPERATION.SALE,
    market: MARKET.KASE,
    bidding_method: BIDDING.OPEN,
    security_type: SECURITY.SHARE,
  };

  it('KASE/AIX official list sold by open trading', () => {
    expect(code(kase)).toBe('KZ_LISTED_OPEN_TRADING');
    expect(code({ ...kase, market: MARKET.AIX })).toBe('KZ_LISTED_OPEN_TRADING');
    expect(code({ ...kase, section: 'second-section' })).toBe('KZ_LISTED_OPEN_TRADING');
    expect(code({ ...kase, bidding_method: BIDDING.NEGOTIATED })).toBeNull();
    expect(code({ ...kase, market: MARKET.FOREIGN })).toBeNull();
    expect(code({ ...kase, market: MARKET.OTC })).toBeNull();
    expect(code({ ...kase, bidding_method: null })).toBeNull();
  });

  it('Kazakh government securities: gains and repayments, any market', () => {
    const gov = { security_type: SECURITY.GOVERNMENT, market: MARKET.OTC, country: 'KAZ' };
    expect(code({ ...gov, operation_type: OPERATION.SALE })).toBe('KZ_GOVERNMENT_SECURITIES_GAIN');
    expect(code({ ...gov, section: '1B', operation_type: OPERATION.REPAYMENT })).toBe('KZ_GOVERNMENT_SECURITIES_GAIN');
    // without a country the ISIN decides
    expect(code({ security_type: SECURITY.GOVERNMENT, operation_type: OPERATION.SALE, isin: 'KZKD00000001' })).toBe(
      'KZ_GOVERNMENT_SECURITIES_GAIN',
    );
    expect(code({ ...gov, country: 'USA', operation_type: OPERATION.SALE })).toBeNull();
  });

  it('remuneration on Kazakh government securities feeds 341 part 2', () => {
    const m = findBenefit(
      q({
        section: 'fourth_section',
        operation_type: OPERATION.REMUNERATION,
        security_type: SECURITY.GOVERNMENT,
        country: 'KAZ',
      }),
    );
    expect(m).toMatchObject({
      code: 'KZ_GOVERNMENT_SECURITIES_REWARD',
      adjustment: 'adjustment_of_income_341_part_2_value',
    });
  });

  it('dividends and coupons on the official list: art. 341 p.1 sp.7 (verified)', () => {
    const m = findBenefit(q({ section: '1B', operation_type: OPERATION.DIVIDEND, market: MARKET.KASE }));
    expect(m).toMatchObject({
      id: 5,
      article: 'НК-2018 ст. 341 п.1 пп.7',
      uncertain: false,
      adjustment: 'adjustment_of_income_point7_amount',
    });
    expect(code({ section: '1B', operation_type: OPERATION.REMUNERATION, market: MARKET.AIX })).toBe(
      'KZ_LISTED_DIVIDENDS_REWARDS',
    );
    expect(code({ section: '3', operation_type: OPERATION.DIVIDEND, market: MARKET.KASE })).toBeNull();
  });

  it('fund units', () => {
    expect(code({ operation_type: OPERATION.SALE, security_type: SECURITY.FUND_UNIT })).toBe('KZ_FUND_UNITS_GAIN');
    expect(code({ section: '2', operation_type: OPERATION.SALE, security_type: SECURITY.FUND_UNIT })).toBeNull();
  });

  it('2026 uses the new Code wording, marked uncertain; 2020 has no rules', () => {
    const m = findBenefit(q({ ...kase, date: '10.02.2026' }));
    expect(m?.article).toMatch(/^НК-2026/);
    expect(m?.uncertain).toBe(true);
    expect(findBenefit(q({ ...kase, date: '10.02.2020' }))).toBeNull();
  });

  it('a loss has nothing to exempt', () => {
    expect(code({ ...kase, amount: '-5' })).toBeNull();
    expect(code({ ...kase, amount: '0' })).toBeNull();
    expect(code({ ...kase, amount: '0.01' })).toBe('KZ_LISTED_OPEN_TRADING');
  });

  it('exports the list for seeding with unique ids and articles', () => {
    expect(new Set(TAX_BENEFITS.map((b) => b.id)).size).toBe(BENEFIT_RULES.length);
    for (const b of TAX_BENEFITS) expect(b.article).toMatch(/НК-2018/);
  });
});
