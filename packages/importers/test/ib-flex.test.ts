import { describe, expect, it } from 'vitest';
import { parseSample } from './helpers.ts';

describe('Interactive Brokers Flex XML', async () => {
  const r = await parseSample('ib-flex.xml');

  it('reads broker, format and period', () => {
    expect(r.format).toBe('ib_flex_xml');
    expect(r.broker).toBe('Interactive Brokers');
    expect(r.period).toEqual({ from: '01.01.2024', to: '31.12.2024' });
    expect(r.errors).toEqual([]);
  });

  it('maps trades: purchases, a foreign sale with its cost basis, an ETF, a derivative flagged', () => {
    const trades = r.deals.filter((d) => d.kind === 'sale' || d.kind === 'purchase');
    expect(trades).toHaveLength(4);
    expect(trades[0]).toMatchObject({
      section: 'purchase_transaction_section',
      operation_type_id: 4,
      transaction_date: '10.01.2024',
      name_security: 'APPLE INC',
      isin_security: 'US0378331005',
      ticker: 'AAPL',
      quantity: '15',
      currency_code: 'USD',
      purchase_opening_cost: '2778',
      sale_closing_cost: null,
      commission: '1',
      country_code: 'USA',
      market: 'foreign',
      exchange: 'NASDAQ',
      type_of_security: 'share',
      status: null,
    });
    expect(trades[1]).toMatchObject({
      section: 'second_section',
      operation_type_id: 1,
      transaction_date: '15.03.2024',
      quantity: '10',
      sale_closing_cost: '1725',
      purchase_opening_cost: '1852',
      commission: '1.05',
    });
    expect(trades[2]).toMatchObject({
      name_security: 'ISHARES CORE S&P 500',
      currency_code: 'EUR',
      type_of_security: 'fund',
      country_code: 'IRL',
      purchase_opening_cost: '960.2',
      commission: '3',
    });
    expect(trades[3]).toMatchObject({ type_of_security: 'derivative', status: 1, section: 'first_section_c' });
    expect(trades[3]!.comment).toMatch(/производным инструментом/);
  });

  it('attaches withholding tax to its dividend and routes KZ issuers to 1B', () => {
    const divs = r.deals.filter((d) => d.kind === 'dividend');
    expect(divs).toEqual([
      expect.objectContaining({
        section: 'third_section',
        operation_type_id: 10,
        transaction_date: '16.05.2024',
        isin_security: 'US0378331005',
        sale_closing_cost: '2.4',
        foreign_tax_credit: '0.24',
        country_code: 'USA',
      }),
      expect.objectContaining({
        section: 'first_section_b',
        isin_security: 'KZ1C00000001',
        sale_closing_cost: '19.5',
        foreign_tax_credit: null,
        country_code: 'KAZ',
      }),
    ]);
  });

  it('maps coupons and broker interest to section 4', () => {
    expect(r.deals.find((d) => d.kind === 'coupon')).toMatchObject({
      section: 'fourth_section',
      operation_type_id: 11,
      sale_closing_cost: '35',
      currency_code: 'EUR',
      country_code: 'DEU',
      type_of_security: 'bond',
    });
    expect(r.deals.find((d) => d.kind === 'interest')).toMatchObject({
      section: 'fourth_section',
      operation_type_id: 9,
      sale_closing_cost: '4.12',
      transaction_date: '03.09.2024',
    });
  });

  it('outputs foreign positions and cash balances at year end, skipping KZ paper and BASE_SUMMARY', () => {
    expect(r.deals.filter((d) => d.section === 'sixth_section_first_part')).toEqual([
      expect.objectContaining({ isin_security: 'US0378331005', quantity: '5', transaction_date: '31.12.2024' }),
    ]);
    expect(r.deals.filter((d) => d.section === 'sixth_section_second_part')).toEqual([
      expect.objectContaining({
        amount_in_currency: '1570.33',
        currency_code: 'USD',
        bank_name: 'Interactive Brokers LLC',
        country_code: 'USA',
      }),
    ]);
  });

  it('skips deposits, fees and FX conversions with a reason', () => {
    expect(r.skipped.map((s) => s.reason).join('\n')).toMatch(
      /Deposits\/Withdrawals[\s\S]*Other Fees[\s\S]*Конвертация/,
    );
    expect(r.deals).toHaveLength(10);
  });

  it('gives every deal a distinct, repeatable source key', async () => {
    const keys = r.deals.map((d) => d.source_key);
    expect(new Set(keys).size).toBe(keys.length);
    const again = await parseSample('ib-flex.xml');
    expect(again.deals.map((d) => d.source_key)).toEqual(keys);
  });
});
