import { describe, expect, it } from 'vitest';
import type { ReportEvent } from '../src/events.ts';
import { detectFormat, parseReport } from '../src/index.ts';
import { parseExante } from '../src/parsers/exante.ts';
import type { ImportResult } from '../src/types.ts';
import { TX_HEADER, tsv, utf16 } from './exante-file.ts';
import { parseSample, sample } from './helpers.ts';

/**
 * The cash and holdings tables of the Exante «Custom» report (formats/exante.md): `Cash Balance <account>, <date>`
 * and `Stocks & ETFs (<account>, <date>)`, in the layout of a public KZ tax tool's fixture (kztax270
 * test_exante SNAPSHOT_REVERT_FX_EXANTE_CSV); values made up. The figures below are written by hand.
 */

const CASH_HEADER = tsv('Instrument', 'ISO', 'Value', 'Locked value', 'Value in USD');
const STOCKS_HEADER = tsv(
  'Instrument',
  'Financial Instrument Global Identifier (FIGI)',
  'Description',
  'Name',
  'QTY',
  'Locked quantity',
  'Avg Price',
  'Price',
  'Currency',
  'P&L',
  'P&L in USD',
  'P&L, %',
  'Value',
  'Value in USD',
  'Daily P&L',
  'Daily P&L in USD',
  'Daily P&L, %',
  'ISIN',
);
/** a holdings line: instrument, description, quantity, currency, ISIN */
const holding = (instrument: string, description: string, qty: string, currency: string, isin: string) =>
  tsv(
    instrument,
    '',
    description,
    instrument.split('.')[0]!,
    qty,
    '0',
    '1',
    '1',
    currency,
    '0',
    '0',
    '0',
    qty,
    qty,
    '0',
    '0',
    '0',
    isin,
  );

const deals = (r: ImportResult, kind: string) => r.deals.filter((d) => d.kind === kind);

describe('Exante «Custom» report: cash and holdings at the year end (samples/exante-custom-balances.csv)', async () => {
  const r = await parseSample('exante-custom-balances.csv');

  it('is read as an Exante report without row errors: 8 deals, 4 of them section 6', () => {
    expect(detectFormat(sample('exante-custom-balances.csv'))).toEqual({
      format: 'exante_transactions_csv',
      broker: 'Exante',
    });
    expect(r.errors).toEqual([]);
    // a purchase and a sale (Trades table), the 20 KSPI moved in, a dividend; 1 cash balance and 3 holdings
    expect(r.deals.map((d) => d.kind).sort()).toEqual([
      'cash_balance',
      'dividend',
      'position',
      'position',
      'position',
      'purchase',
      'purchase',
      'sale',
    ]);
  });

  it('1 200.50 USD on 31.12.2025 at EXANTE is one cash balance of section 6; −35.20 EUR and 0 KZT are not', () => {
    // line 18: «US Dollar USD 1200.50»: money held abroad at the year end, the bank is the Exante company
    expect(deals(r, 'cash_balance')).toEqual([
      expect.objectContaining({
        section: 'sixth_section_second_part',
        transaction_date: '31.12.2025',
        currency_code: 'USD',
        amount_in_currency: '1200.5',
        bank_name: 'EXANTE Limited',
        country_code: 'CYP',
        foreign_broker: true,
        status: null,
        row: 18,
      }),
    ]);
    // line 19: −35.20 EUR is a margin loan (as IB's negative ending cash); line 20: nothing in tenge
    expect(r.skipped.filter((s) => s.row === 19 || s.row === 20)).toEqual([
      { row: 19, reason: expect.stringMatching(/^Отрицательный остаток −35\.2 EUR на 31\.12\.2025: это долг брокеру/) },
      { row: 20, reason: expect.stringMatching(/^Нулевой остаток «KZT» на 31\.12\.2025/) },
    ]);
  });

  it('8 AAPL, 15 KSPI and 1.5 VOO on 31.12.2025 are holdings of section 6; the short −3 TSLA is not', () => {
    expect(
      deals(r, 'position').map((d) => [
        d.row,
        d.section,
        d.transaction_date,
        d.name_security,
        d.ticker,
        d.isin_security,
        d.quantity,
        d.currency_code,
        d.exchange,
        d.country_code,
        d.type_of_security,
        d.status,
      ]),
    ).toEqual([
      [
        24,
        'sixth_section_first_part',
        '31.12.2025',
        'Apple Inc.',
        'AAPL',
        'US0378331005',
        '8',
        'USD',
        'NASDAQ',
        'USA',
        'share',
        null,
      ],
      [
        25,
        'sixth_section_first_part',
        '31.12.2025',
        'Kaspi.kz JSC ADS',
        'KSPI',
        'US48581R2058',
        '15',
        'USD',
        'NASDAQ',
        'USA',
        'share',
        null,
      ],
      // «Vanguard S&P 500 ETF»: a fund, not a share
      [
        26,
        'sixth_section_first_part',
        '31.12.2025',
        'Vanguard S&P 500 ETF',
        'VOO',
        'US9229083632',
        '1.5',
        'USD',
        'ARCA',
        'USA',
        'fund',
        null,
      ],
    ]);
    // line 27: −3 TSLA sold short is an obligation (as IB's short OpenPosition)
    expect(r.skipped.find((s) => s.row === 27)?.reason).toMatch(/^Короткая позиция -3 «Tesla Inc\.» на 31\.12\.2025/);
  });

  it('20 KSPI moved in ask for their cost; 2 AAPL moved out are skipped as not a sale', () => {
    // line 12: FUNDING/WITHDRAWAL of 20 in the security KSPI.NASDAQ («Securities transfer»): without a cost the sale
    // of 5 KSPI on 10.06 (line 6) would find no purchase; the transfer is a purchase of 20 waiting for its cost
    expect(r.deals.filter((d) => d.row === 12)).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        section: 'purchase_transaction_section',
        transaction_date: '14.02.2025',
        ticker: 'KSPI',
        isin_security: 'US48581R2058',
        quantity: '20',
        currency_code: 'USD',
        status: 1,
        comment: expect.stringMatching(
          /^Бумаги KSPI \(20 шт\.\) зачислены на счет Exante переводом от другого брокера, без стоимости\. Если они куплены в отчетном году/,
        ),
      }),
    ]);
    expect(deals(r, 'sale')).toEqual([expect.objectContaining({ row: 6, quantity: '5', sale_closing_cost: '492' })]);
    // line 13: SECURITY TRANSFER −2 AAPL.NASDAQ
    expect(r.skipped.find((s) => s.row === 13)?.reason).toBe(
      'Перевод бумаг AAPL (2 шт.) со счета Exante: не является продажей или доходом',
    );
  });

  it('the KSPI dividend line (ISIN «None») takes the ISIN the trade line gives for KSPI, so its country is known', () => {
    // line 14: DIVIDEND 40 USD on KSPI.NASDAQ with ISIN «None»; line 6 (Trades) sells KSPI with US48581R2058
    expect(deals(r, 'dividend')).toEqual([
      expect.objectContaining({
        row: 14,
        ticker: 'KSPI',
        isin_security: 'US48581R2058',
        sale_closing_cost: '40',
        currency_code: 'USD',
        country_code: 'USA',
      }),
    ]);
    expect(deals(r, 'dividend')[0]?.status).not.toBe(1);
  });

  it('every line of the cash and holdings tables is a deal or skipped with a reason, and is counted', () => {
    // the lines under «Cash Balance …» and «Stocks & ETFs (…)» and their headers, found in the raw text
    const lines = new TextDecoder('utf-16le').decode(sample('exante-custom-balances.csv')).split(/\r?\n/);
    const expected: number[] = [];
    let inTable = false;
    lines.forEach((line, i) => {
      if (/^\uFEFF?"(Cash Balance .*|Stocks & ETFs \(.*\))"$/.test(line)) inTable = true;
      else if (line === '""' || line === '') inTable = false;
      else if (inTable && !line.startsWith('"Instrument"')) expected.push(i + 1);
    });
    expect(expected).toEqual([18, 19, 20, 24, 25, 26, 27]);
    const refs = new Set([...r.deals.map((d) => String(d.row)), ...r.skipped.map((s) => String(s.row))]);
    expect(expected.filter((n) => !refs.has(String(n)))).toEqual([]);
    // 1 cash balance and 3 holdings read; the other 3 lines are among the skipped rows
    expect(r.reconciliation.rows).toMatchObject({ cash: 1, position: 3 });
    expect(r.reconciliation.deals).toMatchObject({ sixth_section_second_part: 1, sixth_section_first_part: 3 });
    for (const t of Object.values(r.reconciliation.totals))
      for (const side of Object.values(t)) expect(side.deals).toBe(side.file);
  });

  it('names only the tables it does not read (metrics, the account summary) in a note', () => {
    expect(r.reconciliation.notes).toEqual([
      'Таблицы отчета Exante не прочитаны: Metrics per symbols; General QWE1234.001, 2025-12-31 (показатели по бумагам, ' +
        'сводка по счету): в них нет сделок, доходов и остатков для декларации.',
    ]);
  });

  it('importing the report again adds nothing twice: each deal keeps its source key, none is repeated', async () => {
    const keys = r.deals.map((d) => d.source_key);
    expect(new Set(keys).size).toBe(keys.length);
    const again = await parseSample('exante-custom-balances.csv');
    expect(again.deals.map((d) => d.source_key)).toEqual(keys);
    // the cash and holdings are among them (the old code had none)
    expect(again.deals.filter((d) => d.section.startsWith('sixth_section'))).toHaveLength(4);
  });
});

describe('Exante cash and holdings tables: events as IB Flex gives them', () => {
  const report = (date: string, ...extra: string[]) =>
    [
      '"Costs and Charges Report: 2025-01-01 - 2025-12-31"',
      tsv('Account', 'ZZZ0001.001'),
      TX_HEADER,
      tsv(
        '1',
        'ZZZ0001.001',
        'None',
        'None',
        'FUNDING/WITHDRAWAL',
        '2025-01-10 10:00:00',
        '1000',
        'USD',
        '',
        'in',
        '',
        '',
      ),
      `"Cash Balance ZZZ0001.001, ${date}"`,
      CASH_HEADER,
      tsv('US Dollar', 'USD', '1200.50', '0', '1200.50'),
      `"Stocks & ETFs (ZZZ0001.001, ${date})"`,
      STOCKS_HEADER,
      holding('DEF.NYSE', 'Def Corp', '10', 'USD', 'US0000000003'),
      ...extra,
    ].join('\r\n');

  it('1 200.50 USD on 31.12.2025 is one cash event of 1200.50, 10 DEF one position event', () => {
    const events = [...parseExante(report('2025-12-31')).events] as ReportEvent[];
    expect(events.filter((e) => e.type === 'cash' || e.type === 'position')).toEqual([
      {
        type: 'cash',
        row: 7,
        identity: ['ZZZ0001.001', 'USD', '31.12.2025'],
        date: '31.12.2025',
        currency: 'USD',
        amount: '1200.5',
        bank: 'EXANTE Limited',
        bankCountry: 'CYP',
        flag: null,
      },
      {
        type: 'position',
        row: 10,
        identity: ['ZZZ0001.001', 'DEF.NYSE', '31.12.2025'],
        date: '31.12.2025',
        name: 'Def Corp',
        isin: 'US0000000003',
        ticker: 'DEF',
        currency: 'USD',
        quantity: '10',
        exchange: 'NYSE',
        market: 'foreign',
        security: 'share',
        flag: null,
      },
    ]);
  });

  it('tables dated 30.07.2025 give holdings with status 1: the year end must be checked', async () => {
    const r = await parseReport(utf16(report('2025-07-30')));
    expect(r.errors).toEqual([]);
    const holdings = r.deals.filter((d) => d.section.startsWith('sixth_section'));
    expect(holdings.map((d) => [d.kind, d.transaction_date, d.status])).toEqual([
      ['cash_balance', '30.07.2025', 1],
      ['position', '30.07.2025', 1],
    ]);
    for (const d of holdings) expect(d.comment).toMatch(/^Остаток на 30\.07\.2025, а не на 31 декабря/);
  });

  it('a total line is not a holding: it is skipped with the reason', async () => {
    // not seen in a real file (formats/exante.md): a line with no instrument or «Total» summing the lines above
    const r = await parseReport(utf16(report('2025-12-31', tsv('Total', '', '', '', '10', '0', '', '', 'USD', '0'))));
    expect(r.deals.filter((d) => d.kind === 'position').map((d) => d.row)).toEqual([10]);
    expect(r.skipped.find((s) => s.row === 11)?.reason).toBe(
      'Итоговая строка таблицы «Stocks & ETFs (ZZZ0001.001, 2025-12-31)» отчета Exante: сумма строк выше, а не отдельный остаток',
    );
  });

  it('another holdings table under a title of the same pattern is read: bonds, an option', async () => {
    // assumed, not seen: the bonds and options tables under titles like «Stocks & ETFs (<account>, <date>)», the
    // same columns; the bond's id «UST34.BOND» is made up
    const r = await parseReport(
      utf16(
        report(
          '2025-12-31',
          '""',
          '"Bonds (ZZZ0001.001, 2025-12-31)"',
          STOCKS_HEADER,
          holding('UST34.BOND', 'US Treasury 4.5% 2034', '3', 'USD', 'US91282CJZ59'),
          '"Options (ZZZ0001.001, 2025-12-31)"',
          STOCKS_HEADER,
          holding('SPY.CBOE.19D2025.C600', 'SPY Call 600 Dec 2025', '2', 'USD', 'None'),
          holding('QQQ.CBOE.19D2025.P400', 'QQQ Put 400 Dec 2025', '-1', 'USD', 'None'),
        ),
      ),
    );
    expect(r.errors).toEqual([]);
    expect(deals(r, 'position').map((d) => [d.row, d.ticker, d.quantity, d.type_of_security])).toEqual([
      [10, 'DEF', '10', 'share'],
      [14, 'UST34', '3', 'bond'],
      // an option's whole id is its ticker (exante.ts symbolOf), a derivative as IB's OPT positions
      [17, 'SPY.CBOE.19D2025.C600', '2', 'derivative'],
    ]);
    // line 18: an option written (−1) is an obligation
    expect(r.skipped.find((s) => s.row === 18)?.reason).toMatch(/^Короткая позиция -1 «QQQ Put 400 Dec 2025»/);
  });

  it('a report holding only the cash and holdings tables is detected and read', async () => {
    const text = [
      '"Cash Balance ZZZ0001.001, 2025-12-31"',
      CASH_HEADER,
      tsv('Euro', 'EUR', '250.75', '0', '294.1'),
      '"Stocks & ETFs (ZZZ0001.001, 2025-12-31)"',
      STOCKS_HEADER,
      holding('SAP.ETR', 'SAP SE', '4', 'EUR', 'DE0007164600'),
    ].join('\r\n');
    expect(detectFormat(utf16(text))).toEqual({ format: 'exante_transactions_csv', broker: 'Exante' });
    const r = await parseReport(utf16(text));
    expect(r.errors).toEqual([]);
    expect(r.deals.map((d) => [d.kind, d.row, d.currency_code, d.amount_in_currency ?? d.quantity])).toEqual([
      ['cash_balance', 3, 'EUR', '250.75'],
      ['position', 6, 'EUR', '4'],
    ]);
  });

  it('the same holdings in the next year’s report are new deals; in the same report again, the same', async () => {
    const key = async (date: string) =>
      (await parseReport(utf16(report(date)))).deals
        .filter((d) => d.section.startsWith('sixth_section'))
        .map((d) => d.source_key);
    const y2025 = await key('2025-12-31');
    expect(y2025).toHaveLength(2);
    expect(await key('2025-12-31')).toEqual(y2025);
    const y2024 = await key('2024-12-31');
    expect(y2024.filter((k) => y2025.includes(k))).toEqual([]);
  });
});
