import { describe, expect, it } from 'vitest';
import { calculateProfit } from '../src/profit.ts';
import { repaymentRemuneration, weightedAverage } from '../src/weighted-average.ts';

describe('weightedAverage', () => {
  it('divides the total KZT cost by the total quantity, each purchase at its own rate', () => {
    // 10 for 1000 USD @450 = 450 000; 5 for 600 EUR @490 = 294 000; 744 000 / 15 = 49 600
    const r = weightedAverage(
      [
        { quantity: '10', cost: '1000', currency: 'USD', rate: '450' },
        { quantity: '5', cost: '600', currency: 'EUR', rate: '490' },
      ],
      { year: 2024 },
    );
    expect(r).toEqual({ quantity: '15', totalCostKzt: '744000', averageCostKzt: '49600' });
  });

  it('adds commissions in 2025 and rounds the average to 4 decimals', () => {
    // (100 + 2) × 1 + 200 = 302 KZT for 3 units = 100.6666… -> 100.6667
    const r = weightedAverage(
      [
        { quantity: '1', cost: '100', commission: '2' },
        { quantity: '2', cost: '200' },
      ],
      { year: 2025 },
    );
    expect(r.totalCostKzt).toBe('302');
    expect(r.averageCostKzt).toBe('100.6667');
  });

  it('is zero for no purchases', () => {
    expect(weightedAverage([], { year: 2024 }).averageCostKzt).toBe('0');
  });
});

describe('repayment', () => {
  it('remuneration = repayment − purchase cost', () => {
    expect(repaymentRemuneration('1050000', '1000000').toFixed()).toBe('50000');
  });

  it('calculate-profit on a repayment in section IV converts both sides', () => {
    // repayment 1000 USD @500 = 500 000; cost 950 USD @450 = 427 500; remuneration 72 500
    const deal = {
      operation_type_id: 7,
      sale_closing_cost: '1000',
      purchase_opening_cost: '950',
      currency_code: 'USD',
      rate: '500',
      purchase_rate: '450',
    };
    expect(calculateProfit('fourth-section', deal, { year: 2024 })).toBe('72500');
  });
});
