import { describe, expect, it } from 'vitest';
import { detectFormat } from '../src/detect.ts';
import { parseReport } from '../src/index.ts';
import type { ImportResult } from '../src/types.ts';
import { TX_HEADER, tsv, utf16 } from './exante-file.ts';
import { parseSample, sample } from './helpers.ts';

/**
 * Exante exports downloaded with the Polish interface (issue 16): the header names are Polish, the values stay in
 * English. The names are those a public Polish parser of the «Custom» report maps (formats/exante.md): the Trades
 * table «Godzina, Identyfikator konta, Strona, ID symbolu, ISIN, Rodzaj, Cena, Waluta, Ilość, Prowizje, Waluta dla
 * prowizji, Zysk/Strata, Wolumen obrotu, Identyfikator zlecenia, Stan zlecenia, Data wartości, Rodzaj handlu,
 * Identyfikator zlecenia wymiany» and the Transactions table «Identyfikator transakcji, Identyfikator konta, ID
 * symbolu, ISIN, Rodzaj operacji, Gdy, Suma, Aktywa, Ekwiwalent EUR, Komentarz, UUID, Rodzic UUID». Before, both
 * were refused as an unknown file. samples/exante-transactions-pl.csv and exante-trades-pl.csv are made up, UTF-16LE
 * with tabs as downloaded: 10 MSFT bought on 03.02.2025 at 410 USD, a dividend of 0.83 USD a share on 13.03.2025,
 * 4 MSFT sold on 20.11.2025 at 475 USD, 1.15 USD of interest on cash.
 */

const TX = 'exante-transactions-pl.csv';
const TRADES = 'exante-trades-pl.csv';
const byRow = (r: ImportResult, row: string | number) => r.deals.find((d) => String(d.row) === String(row));
const decode = (name: string) => new TextDecoder('utf-16le').decode(sample(name)).replace(/^\uFEFF/, '');

describe('the Transactions export with Polish headers', () => {
  it('is detected as Exante (it was refused as an unknown file)', () => {
    expect(detectFormat(sample(TX))).toEqual({ format: 'exante_transactions_csv', broker: 'Exante' });
  });

  it('is read through the same names as the English one: trades, dividend with its tax, interest', async () => {
    const r = await parseSample(TX);
    expect(r.errors).toEqual([]);
    // lines 3–5 (one «Gdy», legs joined by «Rodzic UUID»): +10 MSFT, −4 100 USD, −2 USD commission: a purchase of 10
    // at 410 USD each = 4 100, commission 2
    expect(byRow(r, '3, 4, 5')).toMatchObject({
      kind: 'purchase',
      transaction_date: '03.02.2025',
      isin_security: 'US5949181045',
      quantity: '10',
      purchase_opening_cost: '4100',
      commission: '2',
      currency_code: 'USD',
    });
    // lines 8–10: −4 MSFT, +1 900 USD, −2 USD: a sale of 4 at 475 = 1 900, section 2 (a foreign broker)
    expect(byRow(r, '8, 9, 10')).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      quantity: '4',
      sale_closing_cost: '1900',
      commission: '2',
    });
    // lines 6–7: 10 shares × 0.83 USD = 8.30 USD, 1.25 USD withheld (15 % of 8.30 = 1.245, as the broker rounded it);
    // the ISIN «None» of these lines is the one of the MSFT trades, so the issuer is American: section 3
    expect(byRow(r, '6, 7')).toMatchObject({
      kind: 'dividend',
      section: 'third_section',
      sale_closing_cost: '8.3',
      foreign_tax_credit: '1.25',
      isin_security: 'US5949181045',
      country_code: 'USA',
    });
    // line 11: interest credited on cash, 1.15 USD: section 4
    expect(byRow(r, 11)).toMatchObject({ kind: 'interest', section: 'fourth_section', sale_closing_cost: '1.15' });
    // line 2: a deposit of 5 000 USD, skipped with its reason
    expect(r.skipped).toEqual([{ row: 2, reason: expect.stringMatching(/«FUNDING\/WITHDRAWAL»/) }]);
    // income 8.30 + 1.15 = 9.45 USD; taxes 1.25; proceeds 1 900; costs 4 100 — file and deals agree
    expect(r.reconciliation.totals.USD).toEqual({
      proceeds: { file: '1900', deals: '1900' },
      costs: { file: '4100', deals: '4100' },
      income: { file: '9.45', deals: '9.45' },
      taxes: { file: '1.25', deals: '1.25' },
    });
  });

  it('gives the deals and source keys of the same export with English headers: a re-import adds nothing', async () => {
    const pl = await parseSample(TX);
    const lines = decode(TX).split('\r\n');
    const en = await parseReport(utf16([TX_HEADER, ...lines.slice(1)].join('\r\n')), { filename: 'en.csv' });
    expect(pl.deals).toEqual(en.deals);
    expect(pl.deals.map((d) => d.source_key)).toHaveLength(4);
  });
});

describe('the Trades export with Polish headers', () => {
  it('is read: a purchase and a sale, the currency conversion skipped', async () => {
    expect(detectFormat(sample(TRADES))).toEqual({ format: 'exante_trades_csv', broker: 'Exante' });
    const r = await parseSample(TRADES);
    expect(r.errors).toEqual([]);
    // line 2: buy 10 MSFT at 410, «Wolumen obrotu» 4 100 USD, «Prowizje» 2 USD
    expect(byRow(r, 2)).toMatchObject({
      kind: 'purchase',
      quantity: '10',
      purchase_opening_cost: '4100',
      commission: '2',
      isin_security: 'US5949181045',
    });
    // line 4: sell 4 at 475 = 1 900 USD, commission 2
    expect(byRow(r, 4)).toMatchObject({ kind: 'sale', quantity: '4', sale_closing_cost: '1900', commission: '2' });
    // line 3: EUR/USD bought, a currency conversion
    expect(r.skipped.map((s) => s.row)).toEqual([3]);
    expect(r.deals).toHaveLength(2);
  });

  it('its source keys come from «Identyfikator zlecenia» and «Stan zlecenia» (Order Id, Order pos)', async () => {
    const r = await parseSample(TRADES);
    const lines = decode(TRADES).split('\r\n');
    // another order id on line 2 changes its key, not line 4's
    const changed = await parseReport(
      utf16([lines[0], lines[1]!.replace('ord-0001', 'ord-0009'), ...lines.slice(2)].join('\r\n')),
    );
    expect(byRow(changed, 2)?.source_key).not.toBe(byRow(r, 2)?.source_key);
    expect(byRow(changed, 4)?.source_key).toBe(byRow(r, 4)?.source_key);
  });
});

describe('the «Custom» report with Polish tables', () => {
  // a title line, then the Trades table and the Transactions table, both with Polish headers
  const trades = decode(TRADES).split('\r\n').filter(Boolean);
  const ledger = decode(TX).split('\r\n').filter(Boolean);
  const custom = utf16(
    [
      '"Costs and Charges Report: 2025-01-01 - 2025-12-31"',
      tsv('Account', 'XEQ1234.001'),
      '""',
      ...trades,
      ...ledger,
    ].join('\r\n'),
  );

  it('is found by the header of its tables and read once: trades from the Trades table, income from the ledger', async () => {
    expect(detectFormat(custom)).toEqual({ format: 'exante_transactions_csv', broker: 'Exante' });
    const r = await parseReport(custom);
    expect(r.errors).toEqual([]);
    // lines 5 and 7 of the Trades table: the purchase of 10 and the sale of 4
    expect(
      r.deals.filter((d) => d.kind === 'purchase' || d.kind === 'sale').map((d) => [d.row, d.kind, d.quantity]),
    ).toEqual([
      [5, 'purchase', '10'],
      [7, 'sale', '4'],
    ]);
    // the ledger's TRADE and COMMISSION legs (lines 10–12 and 15–17) are the same trades: skipped naming the table
    expect(r.skipped.filter((s) => /таблицы Trades/.test(s.reason)).map((s) => s.row)).toEqual([
      10, 11, 12, 15, 16, 17,
    ]);
    // the dividend (8.30 with 1.25 withheld) and the interest (1.15) from the ledger
    expect(r.deals.find((d) => d.kind === 'dividend')).toMatchObject({
      sale_closing_cost: '8.3',
      foreign_tax_credit: '1.25',
    });
    expect(r.deals.find((d) => d.kind === 'interest')).toMatchObject({ sale_closing_cost: '1.15' });
  });
});
