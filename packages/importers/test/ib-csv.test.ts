import { describe, expect, it } from 'vitest';
import { parseSample } from './helpers.ts';

describe('Interactive Brokers Activity Statement CSV', async () => {
  const r = await parseSample('ib-activity.csv');

  it('reads the statement period and order rows only', () => {
    expect(r.format).toBe('ib_activity_csv');
    expect(r.period).toEqual({ from: '01.01.2024', to: '31.12.2024' });
    expect(r.errors).toEqual([]);
  });

  it('maps trades with ISIN from Financial Instrument Information', () => {
    expect(r.deals.filter((d) => d.kind === 'purchase' || d.kind === 'sale')).toEqual([
      expect.objectContaining({
        section: 'purchase_transaction_section',
        transaction_date: '10.01.2024',
        name_security: 'APPLE INC',
        isin_security: 'US0378331005',
        quantity: '15',
        purchase_opening_cost: '2778',
        commission: '1',
        row: 5,
      }),
      expect.objectContaining({
        section: 'second_section',
        operation_type_id: 1,
        transaction_date: '15.03.2024',
        quantity: '10',
        sale_closing_cost: '1725',
        purchase_opening_cost: '1852',
        commission: '1.05',
        row: 6,
      }),
    ]);
    expect(r.skipped).toEqual([expect.objectContaining({ row: 10, reason: expect.stringMatching(/Конвертация/) })]);
  });

  it('joins the dividend and its US tax, skips Total rows, reads interest', () => {
    expect(r.deals.find((d) => d.kind === 'dividend')).toMatchObject({
      section: 'third_section',
      ticker: 'AAPL',
      isin_security: 'US0378331005',
      sale_closing_cost: '2.4',
      foreign_tax_credit: '0.24',
      transaction_date: '16.05.2024',
    });
    expect(r.deals.find((d) => d.kind === 'interest')).toMatchObject({
      section: 'fourth_section',
      sale_closing_cost: '4.12',
      name_security: 'USD Credit Interest for Aug-2024',
    });
    expect(r.deals).toHaveLength(4);
  });
});
