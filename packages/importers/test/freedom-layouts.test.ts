import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';
import { tickerInComment } from '../src/parsers/freedom.ts';
import type { ImportResult } from '../src/types.ts';
import { parseSample, sample } from './helpers.ts';

/**
 * Freedom / Freedom24 / Tradernet reports in the shapes other tools and the API give (formats/freedom.md).
 * Every figure below is read off the sample by hand; the comment next to it says where it comes from.
 */

const encode = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));
const parseJson = (doc: unknown) => parseReport(encode(doc), { filename: 'report.json' });
const byRow = (r: ImportResult, label: string) => r.deals.find((d) => String(d.row).split(', ').includes(label));

describe('cash_in_outs dividends and taxes name their security in the comment (samples/freedom-cash-in-outs.json)', async () => {
  const r = await parseSample('freedom-cash-in-outs.json');

  it('reads the ticker of both phrasings', () => {
    expect(tickerInComment('Dividend for TEST.US')).toBe('TEST.US');
    expect(tickerInComment('Corporate action tax on security ( TEST.US ), record date 2025-10-10 . Tax rate 15')).toBe(
      'TEST.US',
    );
    expect(tickerInComment('Dividends on security (Nvidia Corporation (NVDA.US)), record date 2025-03-11.')).toBe(
      'NVDA.US',
    );
    expect(tickerInComment('Withholding tax')).toBeNull();
  });

  it('"Dividend for TEST.US": a foreign dividend (section 3, not 1B) with its tax attached', () => {
    // row №2: 12.00 USD; row №3: −1.80 USD withheld the same day for "( TEST.US )" → one deal, tax 1.8
    expect(byRow(r, 'cash_in_outs №2')).toMatchObject({
      section: 'third_section',
      kind: 'dividend',
      name_security: 'TEST',
      ticker: 'TEST.US',
      market: 'foreign',
      sale_closing_cost: '12',
      foreign_tax_credit: '1.8',
      row: 'cash_in_outs №2, cash_in_outs №3',
      // no ISIN, so the issuer country is still asked for (the section follows the .US market)
      status: 1,
    });
  });

  it('"Dividends on security (… (NVDA.US))": 0.20 with the 0.03 tax of "( NVDA.US )"', () => {
    expect(byRow(r, 'cash_in_outs №4')).toMatchObject({
      section: 'third_section',
      name_security: 'NVDA',
      sale_closing_cost: '0.2',
      foreign_tax_credit: '0.03',
      row: 'cash_in_outs №4, cash_in_outs №5',
    });
  });

  it('a tax row with only corporate_action_id takes the security of its dividend', () => {
    // row №6: KO.US, ISIN US1912161007, 4.60 USD, corporate_action_id 5501; row №7: −0.69, same action, comment
    // "Withholding tax" only → attached; the ISIN gives the USA, so nothing is asked
    expect(byRow(r, 'cash_in_outs №7')).toMatchObject({
      section: 'third_section',
      name_security: 'KO',
      isin_security: 'US1912161007',
      sale_closing_cost: '4.6',
      foreign_tax_credit: '0.69',
      row: 'cash_in_outs №6, cash_in_outs №7',
      status: null,
    });
  });

  it('no tax is left without its payment, and the totals agree', () => {
    // 3 dividends, 3 taxes, the deposit skipped: 7 rows; income 12 + 0.2 + 4.6 = 16.8, taxes 1.8 + 0.03 + 0.69 = 2.52
    expect(r.deals.map((d) => d.kind)).toEqual(['dividend', 'dividend', 'dividend']);
    expect(r.reconciliation.rows).toEqual({ dividend: 3, tax: 3, skipped: 1 });
    expect(r.reconciliation.totals.USD).toMatchObject({
      income: { file: '16.8', deals: '16.8' },
      taxes: { file: '2.52', deals: '2.52' },
    });
  });
});

describe('the Tradernet API answer {"report": {…}} (samples/freedom-api-report.json)', () => {
  const inner = JSON.parse(new TextDecoder().decode(sample('freedom-api-report.json'))).report;

  it('is read, not refused for missing sections', async () => {
    const wrapped = await parseSample('freedom-api-report.json');
    expect(wrapped.format).toBe('freedom_json');
    expect(wrapped.period).toEqual({ from: '01.01.2024', to: '31.12.2024' });
    // buy 10 AAPL for 1 500, sell 10 for 1 750, dividend 0.25 × 10 = 2.50 (gross: amount = per × q) with 0.38 tax
    expect(wrapped.deals).toEqual([
      expect.objectContaining({ kind: 'purchase', quantity: '10', purchase_opening_cost: '1500', commission: '2' }),
      expect.objectContaining({ kind: 'sale', section: 'second_section', sale_closing_cost: '1750' }),
      expect.objectContaining({ kind: 'dividend', sale_closing_cost: '2.5', foreign_tax_credit: '0.38' }),
    ]);
  });

  it('gives the same deals as the bare report and as {"result": {"report": …}}', async () => {
    const wrapped = await parseSample('freedom-api-report.json');
    expect((await parseJson(inner)).deals).toEqual(wrapped.deals);
    expect((await parseJson({ result: { report: inner } })).deals).toEqual(wrapped.deals);
  });

  it('the XML twin <response><report>…</report></response> is unwrapped too', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><response><report><date_start>2024-01-01</date_start>' +
      '<trades><detailed><node><trade_id>1</trade_id><date>2024-03-15 09:30:00</date><instr_nm>AAPL.US</instr_nm>' +
      '<operation>buy</operation><q>10</q><summ>1500</summ><curr_c>USD</curr_c></node></detailed></trades>' +
      '</report></response>';
    const r = await parseReport(encode(xml), { filename: 'report.xml' });
    expect(r.format).toBe('freedom_xml');
    expect(r.deals).toEqual([expect.objectContaining({ kind: 'purchase', purchase_opening_cost: '1500' })]);
  });
});

describe('KZ-broker trades without a market (samples/freedom-no-market.json)', async () => {
  const r = await parseSample('freedom-no-market.json');

  it('a sale with neither a ticker suffix nor mkt_name is not guessed as KASE/AIX (1A): section 2, asked', () => {
    // trades №2: KZAP (no ".KZ"), no mkt_name, 4 for 70 000 KZT
    expect(byRow(r, 'trades №2')).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      name_security: 'KZAP',
      sale_closing_cost: '70000',
      status: 1,
    });
    expect(byRow(r, 'trades №2')?.comment).toMatch(/не указана биржа.*KASE или AIX.*1А.*раздел 2/);
    // the purchase of the same paper goes to purchases whatever the market: nothing to ask
    expect(byRow(r, 'trades №1')).toMatchObject({ kind: 'purchase', status: null, purchase_opening_cost: '150000' });
  });

  it('mkt_name alone is enough: KASE → 1A, not asked', () => {
    // trades №5: KCEL without a suffix, mkt_name KASE, 5 for 10 000 KZT
    expect(byRow(r, 'trades №5')).toMatchObject({ section: 'first_section_a', market: 'KZ', status: null });
  });

  it('the name is the ticker, else the ISIN, when instr_nm is missing', () => {
    // trades №3: only ticker AAPL.US → name AAPL, market from ".US" → section 2
    expect(byRow(r, 'trades №3')).toMatchObject({
      name_security: 'AAPL',
      ticker: 'AAPL.US',
      section: 'second_section',
      market: 'foreign',
      status: null,
    });
    // trades №4: only the ISIN (and mkt_name NASDAQ)
    expect(byRow(r, 'trades №4')).toMatchObject({ name_security: 'US5949181045', section: 'second_section' });
  });

  it('a trade that names no security at all is a row error', async () => {
    expect(r.errors).toEqual([]);
    const res = await parseJson({
      trades: { detailed: [{ date: '2025-08-06', operation: 'sell', q: 1, summ: 100, curr_c: 'USD' }] },
    });
    expect(res.errors).toEqual([expect.objectContaining({ row: 'trades №1', field: 'instr_nm' })]);
    expect(res.deals).toEqual([]);
  });

  it('a foreign broker (Freedom24) does not ask: its sales are section 2 anyway', async () => {
    const res = await parseJson({
      companyDetails: { companyName: 'Freedom Finance Europe Ltd' },
      trades: {
        detailed: [{ date: '2025-06-10', instr_nm: 'KZAP', operation: 'sell', q: 4, summ: 70000, curr_c: 'KZT' }],
      },
    });
    expect(res.deals).toEqual([expect.objectContaining({ section: 'second_section', status: null })]);
  });
});

describe('broker residency without companyDetails, and conversions in the row counts', () => {
  it('Freedom24 rows (EUR commission on a USD trade) make the broker foreign (samples/freedom24-fragment.json)', async () => {
    const r = await parseSample('freedom24-fragment.json');
    expect(r.broker).toBe('Freedom24 (Freedom Finance Europe)');
    // trades №1: 5 AAPL for 1 102.50 USD, commission 5.52 EUR
    expect(r.deals).toEqual([
      expect.objectContaining({ foreign_broker: true, purchase_opening_cost: '1102.5', commission_currency: 'EUR' }),
    ]);
  });

  it('a currency conversion is counted as skipped, not as a purchase read', async () => {
    const r = await parseSample('freedom24-fragment.json');
    // trades №2 USD/EUR (instr_type 6) is a conversion: 1 trade read + 1 skipped = the 2 rows of the file
    expect(r.skipped).toEqual([{ row: 'trades №2', reason: expect.stringMatching(/Конвертация валюты/) }]);
    expect(r.reconciliation.rows).toEqual({ trade_buy: 1, skipped: 1 });
  });

  const trade = { date: '2026-02-03', instr_nm: 'AAPL.US', operation: 'buy', q: 5, summ: 1102.5, curr_c: 'USD' };

  it('the EUR service plan in a comment makes it foreign', async () => {
    const r = await parseJson({
      trades: {
        detailed: [
          {
            ...trade,
            comment: 'Currency exchange of trade (USD) to a currency exchange of the service plan (EUR) is 0.9200',
          },
        ],
      },
    });
    expect(r.deals[0]?.foreign_broker).toBe(true);
  });

  it('otherwise the Kazakhstan broker, as before; companyDetails, when present, decides', async () => {
    // a EUR trade with a EUR commission says nothing about the tariff
    const eur = await parseJson({ trades: { detailed: [{ ...trade, curr_c: 'EUR', commission_currency: 'EUR' }] } });
    expect(eur.deals[0]?.foreign_broker).toBe(false);
    expect((await parseJson({ trades: { detailed: [trade] } })).deals[0]?.foreign_broker).toBe(false);
    const kz = await parseJson({
      companyDetails: { name: 'АО «Фридом Финанс»', country: 'Kazakhstan' },
      trades: { detailed: [{ ...trade, commission: 1, commission_currency: 'EUR' }] },
    });
    expect(kz.broker).toMatch(/Казахстан/);
  });
});
