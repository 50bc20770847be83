import { describe, expect, it } from 'vitest';
import { parseSample } from './helpers.ts';

describe('Freedom Finance (Tradernet) report', async () => {
  const json = await parseSample('freedom.json');
  const xml = await parseSample('freedom.xml');

  it('detects JSON and XML forms of the same report', () => {
    expect(json.format).toBe('freedom_json');
    expect(xml.format).toBe('freedom_xml');
    expect(json.broker).toMatch(/Freedom Finance/);
    expect(json.period).toEqual({ from: '01.01.2024', to: '31.12.2024' });
    expect(json.errors).toEqual([]);
  });

  it('KZ broker: a KASE sale goes to 1A, a US-market sale to section 2', () => {
    const sales = json.deals.filter((d) => d.kind === 'sale');
    expect(sales).toEqual([
      expect.objectContaining({
        section: 'second_section',
        ticker: 'AAPL.US',
        name_security: 'AAPL',
        quantity: '5',
        sale_closing_cost: '862.5',
        commission: '1.2',
        market: 'foreign',
      }),
      expect.objectContaining({
        section: 'first_section_a',
        ticker: 'KZTK.KZ',
        quantity: '2',
        sale_closing_cost: '66000',
        currency_code: 'KZT',
        market: 'KZ',
        exchange: 'KASE',
      }),
    ]);
    // signed summ on an old-style buy becomes a positive cost
    expect(json.deals.find((d) => d.ticker === 'KZTK.KZ' && d.kind === 'purchase')?.purchase_opening_cost).toBe(
      '60000',
    );
  });

  it('grosses up net dividends, nets reversals by corporate action, keeps the re-issued payment', () => {
    const divs = json.deals.filter((d) => d.kind === 'dividend');
    expect(divs).toEqual([
      expect.objectContaining({
        ticker: 'AAPL.US',
        sale_closing_cost: '2.4',
        foreign_tax_credit: '0.36',
        quantity: '10',
      }),
      expect.objectContaining({
        ticker: 'TLT.US',
        sale_closing_cost: '12',
        foreign_tax_credit: null,
        transaction_date: '21.07.2024',
      }),
    ]);
    expect(json.skipped.some((s) => /сторнирована/.test(s.reason))).toBe(true);
  });

  it('maps a KZ coupon to 1B and a US bond maturity to section 4', () => {
    expect(json.deals.find((d) => d.kind === 'coupon')).toMatchObject({
      section: 'first_section_b',
      operation_type_id: 11,
      sale_closing_cost: '4500',
      currency_code: 'KZT',
    });
    expect(json.deals.find((d) => d.kind === 'repayment')).toMatchObject({
      section: 'fourth_section',
      operation_type_id: 7,
      sale_closing_cost: '1000',
      type_of_security: 'bond',
    });
  });

  it('JSON and XML give identical deals and source keys (re-upload in another format is a duplicate)', () => {
    expect(xml.deals).toEqual(json.deals);
  });
});
