import { translator } from '@deklarant/i18n/node';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';
import { parseSample, sample } from './helpers.ts';

/**
 * samples/ib-activity-positions.csv: an activity statement whose Dividends and Withholding Tax sections have a
 * Symbol column ("Cash Dividend USD 0.485 per Share" names no security), with Open Positions (Summary and Lot
 * rows) and a Cash Report in two currencies. Expected deals are counted from the file by hand.
 */
describe('IB activity CSV: Symbol column of dividends and taxes', async () => {
  const r = await parseSample('ib-activity-positions.csv');
  const dividends = r.deals.filter((d) => d.kind === 'dividend');

  it('gives every dividend its security through Financial Instrument Information, with its own tax', () => {
    expect(r.errors).toEqual([]);
    // the KO call written (Open Positions, Quantity −1) is an obligation, not a holding (ib-csv-section6.test.ts)
    expect(r.skipped).toEqual([
      { row: 43, reason: expect.stringMatching(/^Короткая позиция -1 «KO 17JAN25 62\.5 C» на 31\.12\.2024: /) },
    ]);
    // 5 Data rows of Dividends (the Total rows are not payments), 5 of Withholding Tax: each tax joins the
    // dividend of its symbol and date, so no tax is left alone and nothing is flagged
    expect(dividends.map((d) => [d.transaction_date, d.ticker, d.isin_security, d.currency_code])).toEqual([
      ['17.05.2024', 'SAP', 'DE0007164600', 'EUR'],
      ['01.04.2024', 'KO', 'US1912161007', 'USD'],
      ['25.06.2024', 'VT', 'US9220427424', 'USD'],
      ['01.07.2024', 'KO', 'US1912161007', 'USD'],
      ['01.07.2024', 'PEP', 'US7134481081', 'USD'],
    ]);
    expect(r.deals.filter((d) => d.kind === 'unknown')).toEqual([]);
    expect(r.deals.filter((d) => d.status === 1)).toEqual([]);
  });

  it('keeps the taxes of two securities paid on the same day apart', () => {
    // 01.07.2024: KO 40 × 0.485 = 19.40, US tax 15% = 2.91 (row 66); PEP 10 × 1.355 = 13.55, tax 2.0325 → 2.03
    // (row 67). Without the Symbol column both taxes were one "tax without payment" of 4.94.
    expect(dividends.filter((d) => d.transaction_date === '01.07.2024')).toEqual([
      expect.objectContaining({ ticker: 'KO', sale_closing_cost: '19.4', foreign_tax_credit: '2.91', row: '56, 66' }),
      expect.objectContaining({ ticker: 'PEP', sale_closing_cost: '13.55', foreign_tax_credit: '2.03', row: '57, 67' }),
    ]);
    // same description, date and amount for KO on 01.04 and 01.07 differ by date; KO and PEP on 01.07 by symbol
    const keys = r.deals.map((d) => d.source_key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('classifies by the issuer of the symbol: SAP (DE ISIN) and the ETF', () => {
    // SAP: 5 × EUR 2.20 = 11.00, German tax 26.375% = 2.90 (the "- DE Tax" description names a dividend)
    expect(dividends[0]).toMatchObject({
      section: 'third_section',
      operation_type_id: 10,
      sale_closing_cost: '11',
      foreign_tax_credit: '2.9',
      country_code: 'DEU',
      type_of_security: 'share',
      row: '51, 61',
    });
    // VT is Type ETF in Financial Instrument Information: a fund, as its purchase on 12.03
    expect(dividends[2]).toMatchObject({
      sale_closing_cost: '2.55',
      foreign_tax_credit: '0.38',
      type_of_security: 'fund',
    });
    expect(r.deals.find((d) => d.kind === 'purchase')).toMatchObject({ ticker: 'VT', type_of_security: 'fund' });
    // the file side of the reconciliation equals the deals: 19.40 + 2.55 + 19.40 + 13.55 = 54.90 USD
    expect(r.reconciliation.totals.USD).toMatchObject({
      income: { file: '54.9', deals: '54.9' },
      taxes: { file: '8.23', deals: '8.23' },
    });
  });
});

describe('IB activity CSV: holdings at the statement end (Open Positions, Cash Report)', async () => {
  const r = await parseSample('ib-activity-positions.csv');

  it('reads the Summary rows of Open Positions as Flex reads OpenPosition (Lot and Total rows not)', () => {
    // 6 Summary rows (SAP, KO, PEP, VT, the Treasury note, the KO call); the 7 Lot rows repeat them. The KO call
    // written (Quantity −1) is an obligation, not property abroad: skipped with the reason, as in Flex
    const positions = r.deals.filter((d) => d.section === 'sixth_section_first_part');
    expect(
      positions.map((d) => [d.row, d.name_security, d.isin_security, d.quantity, d.currency_code, d.type_of_security]),
    ).toEqual([
      [29, 'SAP SE', 'DE0007164600', '5', 'EUR', 'share'],
      [32, 'COCA-COLA CO/THE', 'US1912161007', '40', 'USD', 'share'],
      [35, 'PEPSICO INC', 'US7134481081', '10', 'USD', 'share'],
      [37, 'VANGUARD TOT WORLD STK ETF', 'US9220427424', '12', 'USD', 'fund'],
      // a bond's quantity is its face value, as Flex gives it
      [40, 'US TREASURY N/B 4.375 11/30/28', 'US91282CJN20', '2000', 'USD', 'bond'],
    ]);
    expect(positions[0]).toMatchObject({
      kind: 'position',
      operation_type_id: null,
      transaction_date: '31.12.2024',
      ticker: 'SAP',
      country_code: 'DEU',
      exchange: 'IBIS',
      market: 'foreign',
      foreign_broker: true,
      status: null,
    });
  });

  it('reads the Ending Cash of each currency, not the base currency total nor settled cash', () => {
    // EUR: 140.00 + 11.00 - 2.90 = 148.10; USD: 3000 - 1 + 54.90 - 8.23 - 1314 = 1731.67
    expect(r.deals.filter((d) => d.section === 'sixth_section_second_part')).toEqual([
      expect.objectContaining({
        kind: 'cash_balance',
        transaction_date: '31.12.2024',
        currency_code: 'EUR',
        amount_in_currency: '148.1',
        bank_name: 'Interactive Brokers LLC',
        country_code: 'USA',
        row: 19,
      }),
      expect.objectContaining({ currency_code: 'USD', amount_in_currency: '1731.67', row: 26 }),
    ]);
    expect(r.reconciliation.notes).toEqual([]);
  });

  it('says when the statement does not end on 31 December: holdings are those of its last day', async () => {
    const csv = new TextDecoder()
      .decode(sample('ib-activity-positions.csv'))
      .replace('December 31, 2024', 'September 30, 2024');
    const h = await parseReport(new TextEncoder().encode(csv), { filename: 'ib-q3.csv' });
    expect(h.period).toEqual({ from: '01.01.2024', to: '30.09.2024' });
    const held = h.deals.filter((d) => d.section.startsWith('sixth_section'));
    // 5 positions (the written KO call is skipped) and 2 currencies
    expect(held).toHaveLength(7);
    for (const d of held) expect(d.transaction_date).toBe('30.09.2024');
    expect(h.reconciliation.notes).toEqual([expect.stringMatching(/заканчивается 30\.09\.2024.*а не на конец года/)]);
    // the note is a catalogue text: the upload screen shows it in the reader's language
    expect(translator().localize('en', h.reconciliation.notes[0]!)).toMatch(
      /ends on 30\.09\.2024: .* as of 30\.09\.2024/,
    );
    // and each holding waits for the user to check it on 31 December
    for (const d of held) {
      expect(d.status).toBe(1);
      expect(d.comment).toMatch(/^Остаток на 30\.09\.2024, а не на 31 декабря/);
    }
  });

  it('a statement with only holdings is not "no sections"', async () => {
    const csv = new TextDecoder()
      .decode(sample('ib-activity-positions.csv'))
      .split('\n')
      .filter((l) => !/^(Trades|Dividends|Withholding Tax),/.test(l))
      .join('\n');
    const h = await parseReport(new TextEncoder().encode(csv), { filename: 'ib-holdings.csv' });
    expect(h.skipped).toEqual([
      { row: 43, reason: expect.stringMatching(/^Короткая позиция -1 «KO 17JAN25 62\.5 C» на 31\.12\.2024: /) },
    ]);
    expect(h.deals.map((d) => d.section)).toEqual([
      ...Array(5).fill('sixth_section_first_part'),
      ...Array(2).fill('sixth_section_second_part'),
    ]);
  });
});
