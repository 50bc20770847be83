import { describe, expect, it } from 'vitest';
import { detectFormat } from '../src/index.ts';
import { parseSample, sample } from './helpers.ts';

describe('Exante Transactions CSV (samples/exante-transactions.csv)', async () => {
  const r = await parseSample('exante-transactions.csv');
  const byRow = (row: string) => r.deals.find((d) => String(d.row) === row);
  it('is detected by its header', () => {
    expect(detectFormat(sample('exante-transactions.csv'))).toEqual({
      format: 'exante_transactions_csv',
      broker: 'Exante',
    });
  });
  it('joins the asset, cash and commission legs of a trade', () => {
    // lines 3–5: +20 AAPL, −3 700.40 USD, −2.00 USD commission → a purchase of 20 for 3 700.40, commission 2
    expect(byRow('3, 4, 5')).toMatchObject({
      kind: 'purchase',
      quantity: '20',
      purchase_opening_cost: '3700.4',
      commission: '2',
      currency_code: 'USD',
      isin_security: 'US0378331005',
      foreign_broker: true,
    });
    // lines 8–10: −10 AAPL, +2 205.50 USD → a sale in section 2
    expect(byRow('8, 9, 10')).toMatchObject({ kind: 'sale', section: 'second_section', sale_closing_cost: '2205.5' });
  });
  it('dividend with its US tax, interest; funding, conversion and fees skipped with reasons; a split noted', () => {
    // 4.80 USD dividend, 0.72 USD withheld (15 %)
    expect(byRow('6, 7')).toMatchObject({ kind: 'dividend', sale_closing_cost: '4.8', foreign_tax_credit: '0.72' });
    expect(byRow('11')).toMatchObject({ kind: 'interest', section: 'fourth_section', sale_closing_cost: '3.15' });
    expect(r.skipped.map((s) => s.row).sort()).toEqual([12, 13, 14, 2].sort());
    // the split is kept for FIFO (applied to this and earlier imports' lots), not a deal
    expect(r.splits).toEqual([expect.objectContaining({ ratio: '10' })]);
    expect(r.skipped.map((s) => s.reason).join(' ')).toMatch(/сплит.*в количестве × 10, стоимость не меняется/s);
  });
});

describe('Exante Trades CSV (samples/exante-trades.csv)', async () => {
  const r = await parseSample('exante-trades.csv');
  it('one row per trade; the commission keeps its own currency; FX skipped', () => {
    expect(r.format).toBe('exante_trades_csv');
    expect(r.deals).toHaveLength(3);
    expect(r.deals[0]).toMatchObject({
      kind: 'purchase',
      quantity: '20',
      purchase_opening_cost: '3700.4',
      commission: '2',
    });
    // the sale's commission is 1.85 EUR on a USD trade: the server converts it through both rates
    expect(r.deals[1]).toMatchObject({
      kind: 'sale',
      sale_closing_cost: '2205.5',
      commission: '1.85',
      commission_currency: 'EUR',
    });
    expect(r.deals[2]).toMatchObject({ currency_code: 'EUR', isin_security: 'DE0007164600', country_code: 'DEU' });
    expect(r.skipped).toEqual([{ row: 5, reason: expect.stringMatching(/Конвертация валюты/) }]);
  });
});

describe('Bybit spot order history (samples/bybit-spot.csv)', async () => {
  const r = await parseSample('bybit-spot.csv');
  it('USDT pairs priced as USD; a crypto-for-crypto purchase flagged; fees by side', () => {
    expect(r.format).toBe('bybit_spot_csv');
    // buy 0.1 BTC for 4 200 USDT = 4 200 USD; the fee 0.0001 BTC is in the coin bought (a note, not a USD commission)
    expect(r.deals[0]).toMatchObject({
      kind: 'purchase',
      quantity: '0.1',
      purchase_opening_cost: '4200',
      currency_code: 'USD',
      commission: null,
    });
    // sell 0.05 BTC for 3 400 USDT, fee 3.4 USDT → commission 3.4 USD
    expect(r.deals[1]).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      sale_closing_cost: '3400',
      commission: '3.4',
    });
    expect(r.deals[2]).toMatchObject({ operation_type_id: 5, status: 1 });
  });
});

describe('OKX trade history (samples/okx-trades.csv)', async () => {
  const r = await parseSample('okx-trades.csv');
  it('a Buy and a Sell row of one id make one trade; USDT priced as USD; transfers skipped', () => {
    expect(detectFormat(sample('okx-trades.csv'))).toEqual({ format: 'okx_trades_csv', broker: 'OKX' });
    expect(r.errors).toEqual([]);
    // lines 2-3: received 0.02 BTC, gave 840 USDT → purchase of 0.02 BTC for 840 USD; the fee 0.00002 BTC is in
    // the coin bought, so it is a note, not a USD commission
    expect(r.deals[0]).toMatchObject({
      kind: 'purchase',
      row: '2, 3',
      transaction_date: '04.03.2024',
      name_security: 'BTC',
      quantity: '0.02',
      purchase_opening_cost: '840',
      currency_code: 'USD',
      commission: null,
    });
    // lines 4-5: 0.2 ETH for 0.01 BTC: crypto paid in crypto → exchange (operation 5), needs a KZT value
    expect(r.deals[1]).toMatchObject({ row: '4, 5', operation_type_id: 5, status: 1, quantity: '0.2' });
    // lines 6-7: gave 0.005 BTC, received 325 USDT, fee 0.325 USDT → sale 325 USD, commission 0.325 USD
    expect(r.deals[2]).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      row: '6, 7',
      quantity: '0.005',
      sale_closing_cost: '325',
      commission: '0.325',
      currency_code: 'USD',
    });
    expect(r.deals).toHaveLength(3);
    expect(r.skipped).toEqual([{ row: 8, reason: expect.stringMatching(/Перевод/) }]);
  });
});

describe('T-Bank (Tinkoff) broker report XLSX (samples/tbank.xlsx)', async () => {
  const r = await parseSample('tbank.xlsx');
  it('trades of section 1.1 with ISINs from section 4.1; a Russian broker, so sales go to section 2', () => {
    expect(detectFormat(sample('tbank.xlsx'))).toEqual({ format: 'tbank_xlsx', broker: 'Т-Банк (Тинькофф)' });
    expect(r.errors).toEqual([]);
    // row 6: 100 SBER × 280.50 = 28 050 RUB, broker fee 14.03 RUB
    expect(r.deals[0]).toMatchObject({
      kind: 'purchase',
      transaction_date: '15.02.2024',
      isin_security: 'RU0009029540',
      quantity: '100',
      purchase_opening_cost: '28050',
      commission: '14.03',
      currency_code: 'RUB',
      foreign_broker: true,
    });
    // row 7: 10 AAPL × 180.25 = 1 802.50 USD, fee 0.90 USD
    expect(r.deals[1]).toMatchObject({ purchase_opening_cost: '1802.5', commission: '0.9', currency_code: 'USD' });
    // row 8: 10 bonds at 60.5 % of 1 000 = 6 050 RUB without accrued interest (123.40 in the note);
    // fees 3.03 broker + 0.61 exchange = 3.64 RUB
    expect(r.deals[2]).toMatchObject({
      type_of_security: 'bond',
      isin_security: 'RU000A1038V6',
      purchase_opening_cost: '6050',
      commission: '3.64',
      comment: expect.stringMatching(/НКД 123\.4/),
    });
    // row 9: sale 100 SBER × 310.20 = 31 020 RUB through a foreign (Russian) broker → section 2, fee 15.51
    expect(r.deals[3]).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      operation_type_id: 1,
      sale_closing_cost: '31020',
      commission: '15.51',
    });
    expect(r.period).toEqual({ from: '01.01.2024', to: '31.12.2024' });
  });

  it('section 2: dividends and coupons with the tax withheld, per currency; deposits and fees skipped', () => {
    const income = r.deals.filter((d) => d.kind === 'dividend' || d.kind === 'coupon');
    // rows 19–20: 100 SBER × 33.30 = 3 330 RUB, 15 % withheld from a non-resident = 499.50
    expect(income.find((d) => d.row === '19, 20')).toMatchObject({
      kind: 'dividend',
      // foreign-source income (a Russian broker and issuer): dividends section 3, coupons section 4
      section: 'third_section',
      isin_security: 'RU0009029540',
      name_security: 'Сбербанк',
      quantity: '100',
      currency_code: 'RUB',
      sale_closing_cost: '3330',
      foreign_tax_credit: '499.5',
      status: null,
    });
    // rows 21–22: 10 ОФЗ 26238 × 35.40 = 354 RUB coupon, 13 % withheld = 46.02; ISIN by the short name in 4.1
    expect(income.find((d) => d.row === '21, 22')).toMatchObject({
      kind: 'coupon',
      section: 'fourth_section',
      isin_security: 'RU000A1038V6',
      type_of_security: 'bond',
      sale_closing_cost: '354',
      foreign_tax_credit: '46.02',
    });
    // rows 25–26 (the USD block): 10 AAPL × 0.25 = 2.50 USD, 10 % US tax = 0.25
    expect(income.find((d) => d.row === '25, 26')).toMatchObject({
      kind: 'dividend',
      isin_security: 'US0378331005',
      currency_code: 'USD',
      sale_closing_cost: '2.5',
      foreign_tax_credit: '0.25',
    });
    expect(income).toHaveLength(3);
    expect(r.deals).toHaveLength(7);
    // the deposit (row 18) and the tariff fee (row 23) are not income
    expect(r.skipped.map((s) => s.row)).toEqual([18, 23]);
    // reconciliation: RUB income 3 330 + 354 = 3 684, taxes 499.50 + 46.02 = 545.52; USD 2.50 and 0.25
    expect(r.reconciliation.totals.RUB!.income).toEqual({ file: '3684', deals: '3684' });
    expect(r.reconciliation.totals.RUB!.taxes).toEqual({ file: '545.52', deals: '545.52' });
    expect(r.reconciliation.totals.USD!.income).toEqual({ file: '2.5', deals: '2.5' });
    expect(r.reconciliation.totals.USD!.taxes).toEqual({ file: '0.25', deals: '0.25' });
    expect(r.reconciliation.rows).toMatchObject({ dividend: 2, coupon: 1, tax: 3 });
  });
});
