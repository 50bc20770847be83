import { operationIdsOf, sectionByKey } from '@deklarant/contracts';
import { describe, expect, it } from 'vitest';
import { classifyIncome, classifyTrade, countryFromIsin, marketOf, OP, securityKindOf } from '../src/index.ts';
import { readDate, readDecimal } from '../src/values.ts';

describe('classify', () => {
  it('operation ids follow the reference order', () => {
    expect(OP).toMatchObject({
      sale: 1,
      exchangeOut: 2,
      purchase: 4,
      exchangeIn: 5,
      repayment: 7,
      dividend: 10,
      reward: 11,
    });
  });

  it('sales: KZ broker on a KZ venue → 1A; foreign broker or foreign venue → 2; crypto → 2', () => {
    const sell = { side: 'sell' as const, security: 'share' as const };
    expect(classifyTrade({ ...sell, brokerIsKz: true, market: 'KZ' })?.section).toBe('first_section_a');
    expect(classifyTrade({ ...sell, brokerIsKz: true, market: 'foreign' })?.section).toBe('second_section');
    expect(classifyTrade({ ...sell, brokerIsKz: false, market: 'KZ' })?.section).toBe('second_section');
    expect(classifyTrade({ side: 'sell', security: 'digital_asset', brokerIsKz: true, market: 'KZ' })?.section).toBe(
      'second_section',
    );
    expect(classifyTrade({ side: 'buy', security: 'share', brokerIsKz: true, market: 'KZ' })).toMatchObject({
      section: 'purchase_transaction_section',
      operation_type_id: 4,
    });
    expect(classifyTrade({ side: 'buy', security: 'currency', brokerIsKz: false, market: null })).toBeNull();
  });

  it('income: dividends 1B/3, coupons and repayments 1B/4, interest 4; unknown country flagged', () => {
    const f = { brokerIsKz: false, market: null };
    expect(classifyIncome({ ...f, kind: 'dividend', country: 'USA' }).section).toBe('third_section');
    expect(classifyIncome({ ...f, kind: 'dividend', country: 'KAZ' }).section).toBe('first_section_b');
    expect(classifyIncome({ ...f, kind: 'coupon', country: 'DEU' })).toMatchObject({
      section: 'fourth_section',
      operation_type_id: 11,
    });
    expect(classifyIncome({ ...f, kind: 'repayment', country: 'KAZ' })).toMatchObject({
      section: 'first_section_b',
      operation_type_id: 7,
    });
    expect(classifyIncome({ ...f, kind: 'interest', country: null })).toMatchObject({
      section: 'fourth_section',
      operation_type_id: 9,
    });
    expect(classifyIncome({ ...f, kind: 'dividend', country: null })).toMatchObject({
      section: 'third_section',
      status: 1,
    });
  });

  it('markets, security types and ISIN countries', () => {
    expect(marketOf('KASE')).toBe('KZ');
    expect(marketOf('AIX')).toBe('KZ');
    expect(marketOf('NASDAQ')).toBe('foreign');
    expect(marketOf('')).toBeNull();
    expect(securityKindOf('STK')).toBe('share');
    expect(securityKindOf('Облигация')).toBe('bond');
    expect(securityKindOf('ETF')).toBe('fund');
    expect(countryFromIsin('US0378331005')).toBe('USA');
    expect(countryFromIsin('KZ1C00000001')).toBe('KAZ');
    expect(countryFromIsin('XS1234567890')).toBeNull();
  });

  it('values: decimals stay exact strings, dates are validated', () => {
    expect(readDecimal('1,234.56')).toBe('1234.56');
    expect(readDecimal('1 234,56', true)).toBe('1234.56');
    expect(readDecimal('0,24')).toBe('0.24');
    expect(readDecimal('(12.5)')).toBe('-12.5');
    expect(readDecimal('0.1')).toBe('0.1');
    expect(readDecimal('-')).toBeUndefined();
    expect(readDecimal('abc')).toBeNull();
    expect(readDate('20240315;153001')).toBe('15.03.2024');
    expect(readDate('2024-03-15, 15:30:01')).toBe('15.03.2024');
    expect(readDate('03/15/2024', 'mdy')).toBe('15.03.2024');
    expect(readDate('15/03/2024')).toBe('15.03.2024');
    expect(readDate('31/02/2024')).toBeNull();
    expect(readDate('29.02.2023')).toBeNull();
    expect(readDate('15-Mar-24')).toBe('15.03.2024');
  });
});

describe('every verdict is an operation its section allows (OPERATIONS_BY_SECTION, issue 19)', () => {
  const allowed = (section: string, op: number | null) => {
    const code = sectionByKey(section)?.code;
    return op === null || (code !== undefined && operationIdsOf(code).includes(op));
  };
  const markets = ['KZ', 'foreign', null] as const;
  it('trades: sales and swaps, purchases, derivatives, in every market', () => {
    const securities = ['share', 'bond', 'fund', 'depositary_receipt', 'derivative', 'digital_asset', 'other'] as const;
    for (const side of ['buy', 'sell'] as const)
      for (const security of securities)
        for (const market of markets)
          for (const brokerIsKz of [true, false])
            for (const cryptoSwap of [true, false]) {
              const v = classifyTrade({ side, security, market, brokerIsKz, cryptoSwap });
              if (v) expect(allowed(v.section, v.operation_type_id), `${side} ${security} → ${v.section}`).toBe(true);
            }
  });
  it('income: dividends, coupons, interest and repayments, known or unknown issuer', () => {
    for (const kind of ['dividend', 'coupon', 'interest', 'repayment'] as const)
      for (const country of ['KAZ', 'USA', null])
        for (const market of markets)
          for (const brokerIsKz of [true, false]) {
            const v = classifyIncome({ kind, country, market, brokerIsKz });
            expect(allowed(v.section, v.operation_type_id), `${kind} ${country} → ${v.section}`).toBe(true);
          }
  });
});
