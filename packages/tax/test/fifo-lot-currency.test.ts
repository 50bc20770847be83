import { describe, expect, it } from 'vitest';
import { calculateDeclaration } from '../src/calculate.ts';
import { amountOf } from '../src/exact.ts';
import { type Lot, matchFifo, saleCostInLotCurrency } from '../src/fifo.ts';

// What the purchase lots a sale consumed cost in their own currency, next to the KZT cost: the register
// prints it under «Стоимость приобретения в валюте» when the lots share the sale's currency.

const inCurrency = (m: Parameters<typeof saleCostInLotCurrency>[0]) => {
  const c = saleCostInLotCurrency(m);
  return c && { currency: c.currency, amount: amountOf(c.cost) };
};

// The reported case: 20 KSPI bought for 1 600 USD on 15.03.2023 (at 455.30 KZT per USD in these tests,
// so 1 600 × 455.30 = 728 480 KZT), 5 of them sold on 10.06.2025 for 5 × 98.40 = 492 USD (at 511.60,
// 492 × 511.60 = 251 707.20 KZT), commission 1.50 USD.
const KSPI = 'US48581R2058';
const kspiSale = {
  id: 1,
  name_security: 'Kaspi.kz',
  isin_security: KSPI,
  transaction_date: '10.06.2025',
  quantity: '5',
  currency_code: 'USD',
  rate: '511.6',
  sale_closing_cost: '492',
  commission: '1.5',
  operation_type_id: 1,
  market_id: 3,
  type_of_bidding_method: 1,
};
const kspiHistory = {
  id: 2,
  first_a_and_second_section_deal_id: 1,
  name_security: 'Kaspi.kz',
  isin_security: KSPI,
  transaction_date: '15.03.2023',
  quantity: '20',
  currency_code: 'USD',
  rate: '455.3',
  purchase_opening_cost: '1600',
};

describe('the cost of the consumed lots in their currency (matchFifo)', () => {
  it('5 of a 20-share lot of 1 600 USD cost 5/20 × 1 600 = 400 USD and 5/20 × 728 480 = 182 120 KZT', () => {
    const lot: Lot = {
      id: 'L',
      key: KSPI,
      date: '15.03.2023',
      quantity: '20',
      cost: '1600',
      currency: 'USD',
      rate: '455.3',
    };
    const [m] = matchFifo([{ id: 'S', key: KSPI, date: '10.06.2025', quantity: '5' }], [lot], { year: 2025 }).matches;
    expect(inCurrency(m!)).toEqual({ currency: 'USD', amount: '400' });
    expect(m!.costKzt).toBe('182120');
  });

  it('two USD lots partly consumed: 6 of lot A (600 USD) and 2 of lot B (300 USD) make 900 USD', () => {
    // A: 10 for 1 000 USD at 450 (100 USD, 45 000 KZT a share); B: 10 for 1 500 USD at 470 (150 USD,
    // 70 500 KZT a share). S1 takes 4 of A: 400 USD, 180 000 KZT. S2 takes the other 6 of A (600 USD,
    // 270 000 KZT) and 2 of B (300 USD, 141 000 KZT): 900 USD, 411 000 KZT; 8 of B are left.
    const lots: Lot[] = [
      { id: 'A', key: 'AAPL', date: '10.01.2024', quantity: '10', cost: '1000', currency: 'USD', rate: '450' },
      { id: 'B', key: 'AAPL', date: '10.02.2024', quantity: '10', cost: '1500', currency: 'USD', rate: '470' },
    ];
    const { matches, remaining } = matchFifo(
      [
        { id: 'S1', key: 'AAPL', date: '01.03.2024', quantity: '4' },
        { id: 'S2', key: 'AAPL', date: '01.04.2024', quantity: '8' },
      ],
      lots,
      { year: 2024 },
    );
    expect(inCurrency(matches[0]!)).toEqual({ currency: 'USD', amount: '400' });
    expect(matches[0]!.costKzt).toBe('180000');
    expect(inCurrency(matches[1]!)).toEqual({ currency: 'USD', amount: '900' });
    expect(matches[1]!.costKzt).toBe('411000');
    expect(remaining).toMatchObject([{ id: 'B', quantity: '8', cost: '1200' }]);
  });

  it('sums the parts exactly: two thirds of a dollar twice are 1.3333 USD, not 0.6667 + 0.6667', () => {
    // two lots of 3 shares for 1 USD each, at 450 (150 KZT a share); S1 takes 1 share of the first (1/3 USD),
    // X the 2 left of it and 2 of the second: 2/3 + 2/3 = 4/3 USD = 1.3333 (KZT: 4 × 150 = 600)
    const lots: Lot[] = ['01', '02'].map((day) => ({
      id: day,
      key: 'AAPL',
      date: `${day}.01.2024`,
      quantity: '3',
      cost: '1',
      currency: 'USD',
      rate: '450',
    }));
    const { matches } = matchFifo(
      [
        { id: 'S1', key: 'AAPL', date: '01.01.2024', quantity: '1' },
        { id: 'X', key: 'AAPL', date: '04.01.2024', quantity: '4' },
      ],
      lots,
      { year: 2024 },
    );
    const x = matches[1]!;
    // each part prints as 0.6667; the printed parts would add up to 1.3334
    expect(x.consumed.map((c) => [c.lotId, c.quantity, c.cost])).toEqual([
      ['01', '2', '0.6667'],
      ['02', '2', '0.6667'],
    ]);
    expect(inCurrency(x)).toEqual({ currency: 'USD', amount: '1.3333' });
    expect(x.costKzt).toBe('600');
    expect(inCurrency(matches[0]!)).toEqual({ currency: 'USD', amount: '0.3333' });
  });

  it('lots in two currencies give no cost in a currency; the KZT cost stays', () => {
    // 10 for 1 000 USD at 450 (450 000 KZT) and 5 for 600 EUR at 490 (294 000 KZT): all of both, 744 000 KZT
    const lots: Lot[] = [
      { id: 'U', key: 'AAPL', date: '10.01.2024', quantity: '10', cost: '1000', currency: 'USD', rate: '450' },
      { id: 'E', key: 'AAPL', date: '10.02.2024', quantity: '5', cost: '600', currency: 'EUR', rate: '490' },
    ];
    const [m] = matchFifo([{ id: 'S', key: 'AAPL', date: '01.03.2024', quantity: '15' }], lots, { year: 2024 }).matches;
    expect(inCurrency(m!)).toBeNull();
    expect(m!.costKzt).toBe('744000');
    // nothing consumed: nothing to tell
    const [none] = matchFifo([{ id: 'S', key: 'MSFT', date: '01.03.2024', quantity: '1' }], lots, {
      year: 2024,
    }).matches;
    expect(inCurrency(none!)).toBeNull();
  });

  it('a lot with its KZT cost given keeps its currency: 5 of 20 are 400 USD and 5/20 of the given 728 480 KZT', () => {
    const lot: Lot = {
      id: 'L',
      key: KSPI,
      date: '15.03.2023',
      quantity: '20',
      cost: '1600',
      currency: 'USD',
      costKzt: '728480',
    };
    const { matches, remaining } = matchFifo([{ id: 'S', key: KSPI, date: '10.06.2025', quantity: '5' }], [lot], {
      year: 2025,
    });
    expect(inCurrency(matches[0]!)).toEqual({ currency: 'USD', amount: '400' });
    expect(matches[0]!.costKzt).toBe('182120');
    // no rate was given: the one the KZT cost implies, 728 480 / 1 600 = 455.3
    expect(matches[0]!.consumed[0]).toMatchObject({ currency: 'USD', cost: '400', costKzt: '182120', rate: '455.3' });
    // 15 left: 1 200 USD and 546 360 KZT, the KZT cost carried as given
    expect(remaining).toMatchObject([{ id: 'L', quantity: '15', cost: '1200', costKzt: '546360' }]);
  });

  it('a JSON copy of a match sums its consumed parts', () => {
    const lots: Lot[] = [
      { id: 'A', key: 'AAPL', date: '10.01.2024', quantity: '10', cost: '1000', currency: 'USD', rate: '450' },
      { id: 'B', key: 'AAPL', date: '10.02.2024', quantity: '10', cost: '1500', currency: 'USD', rate: '470' },
    ];
    const [m] = matchFifo([{ id: 'S', key: 'AAPL', date: '01.03.2024', quantity: '12' }], lots, { year: 2024 }).matches;
    // all of A (1 000 USD) and 2 of B (300 USD)
    expect(inCurrency(JSON.parse(JSON.stringify(m)))).toEqual({ currency: 'USD', amount: '1300' });
  });
});

describe('calculateDeclaration: costInLotCurrency of a sale whose cost is FIFO’s', () => {
  const run = (history: Record<string, unknown>[], sales: Record<string, unknown>[] = [kspiSale]) =>
    calculateDeclaration({
      form: 3,
      year: 2025,
      sections: { second_section: sales, purchase_transaction_currency_section: history },
    }).deals;
  const deal = (deals: ReturnType<typeof run>, id: number) => deals.find((d) => d.id === id)!;

  it('the KSPI sale: 400 USD, income 251 707.20 − 182 120 = 69 587.20 KZT, whether the lot’s tenge is stored or not', () => {
    // as the deal form and the imports store a history row: its tenge figure computed, 1 600 × 455.30
    const stored = deal(run([{ ...kspiHistory, cost_in_tenge_currency: '728480' }]), 1);
    expect(stored.costInLotCurrency).toEqual({ currency: 'USD', amount: '400' });
    expect(stored.income).toBe('69587.2');
    const converted = deal(run([kspiHistory]), 1);
    expect(converted.costInLotCurrency).toEqual({ currency: 'USD', amount: '400' });
    expect(converted.income).toBe('69587.2');
  });

  it('per sale: lots in USD and EUR, or a sale keeping its own cost, give none; lots in USD give 400 USD', () => {
    // Apple (id 3), 5 sold for 500 USD at 511.60 = 255 800 KZT: 3 shares bought for 240 USD at 455.30
    // (109 272 KZT) and 2 of 10 bought for 900 EUR at 500 (180 EUR, 90 000 KZT): 199 272 KZT, income 56 528;
    // two currencies, so no cost in one.
    // Microsoft (id 6), 5 sold for 500 USD, own cost 400 USD: its history covers 3 shares only, so its own
    // cost counts, 400 USD plus its 1.50 USD commission (in the cost from 2025) at 511.60 = 205 407.40 KZT,
    // income 255 800 − 205 407.40 = 50 392.60; not FIFO's cost, so none in a currency.
    // KSPI (id 1) as above: 400 USD.
    const apple = {
      ...kspiSale,
      id: 3,
      name_security: 'Apple',
      isin_security: 'US0378331005',
      sale_closing_cost: '500',
    };
    const msft = { ...apple, id: 6, name_security: 'Microsoft', isin_security: 'US5949181045' };
    const lot = (id: number, sale: number, extra: Record<string, unknown>) => ({
      ...kspiHistory,
      id,
      first_a_and_second_section_deal_id: sale,
      ...extra,
    });
    const deals = run(
      [
        { ...kspiHistory, cost_in_tenge_currency: '728480' },
        lot(4, 3, { quantity: '3', purchase_opening_cost: '240' }),
        lot(5, 3, {
          transaction_date: '16.03.2023',
          currency_code: 'EUR',
          rate: '500',
          quantity: '10',
          purchase_opening_cost: '900',
        }),
        lot(7, 6, { quantity: '3', purchase_opening_cost: '240' }),
      ],
      [kspiSale, apple, { ...msft, purchase_opening_cost: '400' }],
    );
    expect(deal(deals, 1).costInLotCurrency).toEqual({ currency: 'USD', amount: '400' });
    expect(deal(deals, 3).costInLotCurrency).toBeUndefined();
    expect(deal(deals, 3).income).toBe('56528');
    expect(deal(deals, 6).costInLotCurrency).toBeUndefined();
    expect(deal(deals, 6).income).toBe('50392.6');
  });

  it('a lot stored in KZT for a USD sale: its cost is in KZT, which the register does not print as dollars', () => {
    const kzt = { ...kspiHistory, currency_code: 'KZT', rate: undefined, purchase_opening_cost: '728480' };
    const r = deal(run([kzt]), 1);
    expect(r.costInLotCurrency).toEqual({ currency: 'KZT', amount: '182120' });
    expect(r.income).toBe('69587.2');
  });
});
