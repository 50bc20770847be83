import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';
import type { ImportResult } from '../src/types.ts';
import { parseSample, sample } from './helpers.ts';

/**
 * Sixth round (issue 16, «nothing lost»): securities transferred in become purchases that ask for their cost, and a
 * foreign Freedom company's year-end holdings become section 6, as IB Flex does (formats/freedom.md).
 *
 * samples/freedom24-year-end.json: a made-up Freedom24 (Freedom Finance Europe Ltd, Cyprus) report for 2025 in the
 * layout of the real `getBrokerReport` answer (account_at_end.account.positions_from_ts.ps.pos / acc, and the same
 * holdings again in securities_flows_json / cash_flows_json). Its story: 40 MSFT transferred in from another broker
 * on 03.04.2025, 30 of them sold on 15.09.2025 for 15 000 USD, so 10 held on 31.12.2025; 5 AAPL bought on
 * 10.02.2025 for 1 150 USD and still held; 10 NVDA moved in from another Freedom company (intercompany) on
 * 20.05.2025; 5 KO transferred out on 02.06.2025; 3 shares of a Kazakhstan issuer (ISIN KZ…) held; 2 TSLA short;
 * 1 250.40 EUR on the account and a debit of 300 USD (a margin loan). Every figure below is worked out from those
 * lines by hand.
 */

const YEAR_END = 'freedom24-year-end.json';
const ARMENIA = 'freedom-fifth-round.json';
const encode = (s: string) => new TextEncoder().encode(s);
const parseJson = (doc: unknown) => parseReport(encode(JSON.stringify(doc)), { filename: 'report.json' });
const byRow = (r: ImportResult, label: string) => r.deals.find((d) => String(d.row).split(', ').includes(label));
const skipOf = (r: ImportResult, label: string) => r.skipped.find((s) => s.row === label)?.reason;
const section = (r: ImportResult, key: string) => r.deals.filter((d) => d.section === key);
const reportOf = (name: string) =>
  (JSON.parse(new TextDecoder().decode(sample(name))) as { report: Record<string, unknown> }).report;

/** The Tradernet XML export of a JSON report: the same tree, arrays as `<node>` children. */
function toXml(v: unknown, name: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (v === null || v === undefined) return `<${name}/>`;
  if (Array.isArray(v)) return `<${name}>${v.map((x) => toXml(x, 'node')).join('')}</${name}>`;
  if (typeof v === 'object')
    return `<${name}>${Object.entries(v)
      .map(([k, x]) => toXml(x, k))
      .join('')}</${name}>`;
  return `<${name}>${esc(String(v))}</${name}>`;
}

const TRANSFER_ASKS =
  /зачислены на счет Freedom переводом \(«in»\) от другого брокера или из другого депозитария, без стоимости покупки\. Если они куплены в отчетном году, укажите здесь дату и стоимость покупки\. Если раньше — удалите эту строку, а покупку укажите в истории покупок при продаже этих бумаг\./;

describe('securities transferred in are purchases that ask for their date and cost', () => {
  it('the 40 MSFT transferred in and partly sold: a purchase of 40 at cost 0 with status 1', async () => {
    const r = await parseSample(YEAR_END);
    // before: skipped («Перевод бумаг «in» MSFT (40 шт.)»), and the sale of 30 found no purchase at all
    expect(skipOf(r, 'securities_in_outs №1')).toBeUndefined();
    // securities_in_outs №1: +40 MSFT.US on 2025-04-03; the currency and ISIN are those of the MSFT trade (USD,
    // US5949181045); the report's market_value 15 600 is the value on the day, not a cost, so the cost is 0
    expect(byRow(r, 'securities_in_outs №1')).toMatchObject({
      section: 'purchase_transaction_section',
      kind: 'purchase',
      transaction_date: '03.04.2025',
      name_security: 'MSFT',
      isin_security: 'US5949181045',
      quantity: '40',
      purchase_opening_cost: '0',
      currency_code: 'USD',
      country_code: 'USA',
      foreign_broker: true,
      status: 1,
    });
    expect(byRow(r, 'securities_in_outs №1')?.comment).toMatch(/^Бумаги MSFT \(40 шт\.\)/);
    expect(byRow(r, 'securities_in_outs №1')?.comment).toMatch(TRANSFER_ASKS);
    // the sale draws on it: 30 of the 40 sold on 15.09.2025 for 30 × 500 = 15 000 USD (10 are left at year end)
    expect(byRow(r, 'trades №2')).toMatchObject({ kind: 'sale', quantity: '30', sale_closing_cost: '15000' });
    // purchases: 5 AAPL bought plus the two transfers in (40 MSFT, 10 NVDA); the transfers add 0 to the costs,
    // which stay the 1 150 USD of AAPL in the file and in the deals
    expect(section(r, 'purchase_transaction_section').map((d) => d.row)).toEqual([
      'trades №1',
      'securities_in_outs №1',
      'securities_in_outs №3',
    ]);
    expect(r.reconciliation.totals.USD?.costs).toEqual({ file: '1150', deals: '1150' });
  });

  it('a move from another Freedom company (intercompany, +10) is a transfer in; a transfer out stays skipped', async () => {
    const r = await parseSample(YEAR_END);
    // securities_in_outs №3: +10 NVDA.US, no trade of NVDA: the ISIN is the year-end holding's (US67066G1040)
    expect(byRow(r, 'securities_in_outs №3')).toMatchObject({
      kind: 'purchase',
      transaction_date: '20.05.2025',
      isin_security: 'US67066G1040',
      quantity: '10',
      purchase_opening_cost: '0',
      status: 1,
    });
    expect(byRow(r, 'securities_in_outs №3')?.comment).toMatch(/переводом \(«intercompany»\)/);
    // securities_in_outs №2: −5 KO.US out: neither a sale nor income
    expect(skipOf(r, 'securities_in_outs №2')).toBe(
      'Перевод бумаг «out» KO (-5 шт.): не является продажей или доходом',
    );
  });

  it('in the real Armenian layout: the 100 B.0.061225 transferred in and then sold', async () => {
    const r = await parseSample(ARMENIA);
    // securities_in_outs №1: +100 B.0.061225.BND on 2025-03-27, the ISIN of its sale (trades №1: 100 sold on
    // 13.05.2025 for 9 950 USD); before, only skipped
    expect(byRow(r, 'securities_in_outs №1')).toMatchObject({
      transaction_date: '27.03.2025',
      isin_security: 'US912797LN52',
      quantity: '100',
      purchase_opening_cost: '0',
      status: 1,
    });
    expect(byRow(r, 'trades №1')).toMatchObject({ kind: 'sale', quantity: '100', sale_closing_cost: '9950' });
    // securities_in_outs №2: +150 BIL.US on 2025-05-22
    expect(byRow(r, 'securities_in_outs №2')).toMatchObject({ transaction_date: '22.05.2025', quantity: '150' });
  });

  it('the older in_outs_securities with the type in words: «Перевод из другого депозитария» in, «… в …» out', async () => {
    const report = reportOf(ARMENIA);
    const older = (report.in_outs_securities as { detailed: Record<string, unknown>[] }).detailed;
    const r = await parseJson({
      ...report,
      securities_in_outs: [],
      in_outs_securities: {
        detailed: [
          ...older,
          { ...older[0], quantity: -5, ticker: 'EFA.US', isin: 'US4642874659', type: 'Перевод в другой депозитарий' },
        ],
      },
    });
    // before: «Движение бумаг Freedom «Перевод из другого депозитария» …: укажите, как его декларировать»
    expect(byRow(r, 'in_outs_securities №1')).toMatchObject({
      kind: 'purchase',
      isin_security: 'US912797LN52',
      quantity: '100',
      purchase_opening_cost: '0',
      status: 1,
    });
    expect(byRow(r, 'in_outs_securities №1')?.comment).toMatch(/переводом \(«Перевод из другого депозитария»\)/);
    expect(byRow(r, 'in_outs_securities №2')).toMatchObject({ isin_security: 'US78468R6633', quantity: '150' });
    expect(skipOf(r, 'in_outs_securities №3')).toMatch(/^Перевод бумаг «Перевод в другой депозитарий» EFA \(-5 шт\.\)/);
  });

  it('the source key is the row’s own transaction id: a re-import, another order or the XML adds nothing twice', async () => {
    const first = await parseSample(YEAR_END);
    const key = (r: ImportResult, label: string) => byRow(r, label)?.source_key;
    expect(key(first, 'securities_in_outs №1')).toMatch(/^[0-9a-f]{16}$/);
    const again = await parseSample(YEAR_END);
    expect(key(again, 'securities_in_outs №1')).toBe(key(first, 'securities_in_outs №1'));
    // the same rows in another order: the MSFT transfer is now row №3 and keeps its key
    const report = reportOf(YEAR_END);
    const moves = report.securities_in_outs as unknown[];
    const reordered = await parseJson({ report: { ...report, securities_in_outs: [...moves].reverse() } });
    expect(key(reordered, 'securities_in_outs №3')).toBe(key(first, 'securities_in_outs №1'));
    expect(key(reordered, 'securities_in_outs №1')).toBe(key(first, 'securities_in_outs №3'));
    // the XML export of the same report gives the same deals and keys
    const xml = await parseReport(encode(`<?xml version="1.0" encoding="UTF-8"?>${toXml(report, 'report')}`), {
      filename: 'report.xml',
    });
    expect(xml.format).toBe('freedom_xml');
    expect(xml.deals).toEqual(first.deals);
  });
});

describe('a foreign Freedom company’s year-end holdings are section 6', () => {
  it('Freedom24: the securities held on 31.12.2025, a Kazakhstan issuer and a short position skipped', async () => {
    const r = await parseSample(YEAR_END);
    // account_at_end.pos: AAPL 5 (bought 10.02), MSFT 10 (40 in − 30 sold), NVDA 10 (moved in): section 6 part 1
    expect(
      section(r, 'sixth_section_first_part').map((d) => [d.row, d.name_security, d.isin_security, d.quantity]),
    ).toEqual([
      ['account_at_end.pos №1', 'Apple Inc.', 'US0378331005', '5'],
      ['account_at_end.pos №2', 'Microsoft Corporation', 'US5949181045', '10'],
      ['account_at_end.pos №3', 'NVIDIA Corporation', 'US67066G1040', '10'],
    ]);
    expect(byRow(r, 'account_at_end.pos №1')).toMatchObject({
      kind: 'position',
      transaction_date: '31.12.2025',
      currency_code: 'USD',
      country_code: 'USA',
      foreign_broker: true,
      status: null,
    });
    // pos №4: 3 KZTK.KZ, ISIN KZ1C00000876: a Kazakhstan issuer's paper is not property abroad
    expect(skipOf(r, 'account_at_end.pos №4')).toBe('Ценная бумага эмитента РК не относится к имуществу за рубежом');
    // pos №5: −2 TSLA sold short: owed, not held (IB's reason)
    expect(skipOf(r, 'account_at_end.pos №5')).toMatch(/^Короткая позиция -2 «Tesla Inc» на 31\.12\.2025/);
    // securities_flows_json repeats the same five holdings: each points to the row that has it; the KO line holds 0
    expect(skipOf(r, 'securities_flows_json №2')).toBe(
      'Остаток на конец периода MSFT.US 10 повторяет строку account_at_end.pos №2: учтен по ней',
    );
    expect(skipOf(r, 'securities_flows_json №6')).toBeUndefined();
    expect(byRow(r, 'securities_flows_json №6')).toBeUndefined();
  });

  it('Freedom24: the money on the account at year end, a debit balance skipped', async () => {
    const r = await parseSample(YEAR_END);
    // account_at_end.acc №1: 1 250.40 EUR with Freedom Finance Europe Ltd, a Cyprus company
    expect(section(r, 'sixth_section_second_part')).toEqual([
      expect.objectContaining({
        row: 'account_at_end.acc №1',
        kind: 'cash_balance',
        transaction_date: '31.12.2025',
        amount_in_currency: '1250.4',
        currency_code: 'EUR',
        bank_name: 'Freedom Finance Europe Ltd',
        country_code: 'CYP',
        status: null,
      }),
    ]);
    // acc №2: −300 USD is a margin loan; acc №3: 0 KZT holds nothing and is not listed
    expect(skipOf(r, 'account_at_end.acc №2')).toMatch(/^Отрицательный остаток −300 USD на 31\.12\.2025/);
    expect(skipOf(r, 'account_at_end.acc №3')).toBeUndefined();
    expect(skipOf(r, 'cash_flows_json №1')).toMatch(/1250\.4 EUR повторяет строку account_at_end\.acc №1/);
    // rows read: 3 purchases (AAPL and two transfers in), 1 sale, 4 holdings (the KZ one is read, then left out of
    // section 6), 1 balance; the parser's own skipped rows: the transfer out, the short position, the debit and the
    // 5 + 2 repeats = 10
    expect(r.reconciliation.rows).toEqual({ trade_buy: 3, trade_sell: 1, position: 4, cash: 1, skipped: 10 });
  });

  it('Freedom Finance Armenia: 10 SPY and 8 000 USD at year end; the short TLT is skipped', async () => {
    const r = await parseSample(ARMENIA);
    // before: the Armenian report's holdings were not read at all
    expect(byRow(r, 'account_at_end.pos №1')).toMatchObject({
      section: 'sixth_section_first_part',
      name_security: 'SPDR S&P 500 Trust ETF',
      isin_security: 'US78462F1030',
      quantity: '10',
      type_of_security: 'fund',
      transaction_date: '31.12.2025',
    });
    expect(skipOf(r, 'account_at_end.pos №2')).toMatch(/^Короткая позиция -80 «iShares Barclays 20\+ Year/);
    expect(byRow(r, 'account_at_end.acc №1')).toMatchObject({
      section: 'sixth_section_second_part',
      amount_in_currency: '8000',
      currency_code: 'USD',
      bank_name: 'FREEDOM FINANCE ARMENIA LLC',
      country_code: 'ARM',
    });
    expect(skipOf(r, 'cash_flows_json №1')).toMatch(/8000 USD повторяет строку account_at_end\.acc №1/);
  });

  it('a report that ends before 31 December (the public fixture ends 10.07.2025) asks to check the holdings', async () => {
    const report = reportOf(YEAR_END);
    const end = report.account_at_end as Record<string, unknown>;
    const r = await parseJson({
      report: { ...report, date_end: '2025-07-10 23:59:59', account_at_end: { ...end, date: '2025-07-10 23:59:59' } },
    });
    expect(byRow(r, 'account_at_end.pos №1')).toMatchObject({ transaction_date: '10.07.2025', status: 1 });
    expect(byRow(r, 'account_at_end.pos №1')?.comment).toMatch(/^Остаток на 10\.07\.2025, а не на 31 декабря/);
    expect(byRow(r, 'account_at_end.acc №1')).toMatchObject({ transaction_date: '10.07.2025', status: 1 });
  });

  it('securities_flows_json and cash_flows_json alone are read as the holdings', async () => {
    const { account_at_end: _end, ...report } = reportOf(YEAR_END);
    const r = await parseJson({ report });
    // quantity_at_end of AAPL 5, MSFT 10, NVDA 10 (the KZ one and the short TSLA skipped, KO 0 not listed)
    expect(
      section(r, 'sixth_section_first_part').map((d) => [d.row, d.name_security, d.quantity, d.currency_code]),
    ).toEqual([
      ['securities_flows_json №1', 'AAPL', '5', 'USD'],
      ['securities_flows_json №2', 'MSFT', '10', 'USD'],
      ['securities_flows_json №3', 'NVDA', '10', 'USD'],
    ]);
    expect(skipOf(r, 'securities_flows_json №5')).toMatch(/^Короткая позиция -2 «TSLA»/);
    // curr_at_end: 1 250.40 EUR read, −300 USD skipped, 0 KZT not listed
    expect(section(r, 'sixth_section_second_part').map((d) => [d.row, d.amount_in_currency, d.currency_code])).toEqual([
      ['cash_flows_json №1', '1250.4', 'EUR'],
    ]);
    expect(skipOf(r, 'cash_flows_json №2')).toMatch(/^Отрицательный остаток −300 USD/);
  });

  it('account_at_end as a plain map of currencies ({"USD": 1000}) is the money at the end date', async () => {
    const r = await parseJson({
      date_start: '2025-01-01',
      date_end: '2025-12-31',
      companyDetails: { companyName: 'Freedom Finance Europe Ltd', address: 'Limassol, Cyprus' },
      trades: { detailed: [] },
      account_at_end: { USD: 1000, EUR: 0 },
    });
    expect(section(r, 'sixth_section_second_part')).toEqual([
      expect.objectContaining({ row: 'account_at_end.USD', amount_in_currency: '1000', currency_code: 'USD' }),
    ]);
    expect(section(r, 'sixth_section_second_part')[0]?.transaction_date).toBe('31.12.2025');
  });

  it('the Kazakhstan Freedom Finance: nothing goes to section 6, each holding is listed with the reason', async () => {
    const report = reportOf(YEAR_END);
    const r = await parseJson({
      report: { ...report, companyDetails: { companyName: 'АО «Фридом Финанс»', address: 'Алматы, Казахстан' } },
    });
    expect(r.broker).toBe('Freedom Finance (Фридом Финанс Казахстан)');
    expect(r.deals.filter((d) => d.section.startsWith('sixth'))).toEqual([]);
    expect(skipOf(r, 'account_at_end.pos №1')).toBe(
      'Остаток 5 «AAPL» на 31.12.2025 у казахстанского брокера Freedom Finance: бумаги на счете у брокера РК не относятся к имуществу за рубежом, в раздел 6 не включаются',
    );
    expect(skipOf(r, 'account_at_end.acc №1')).toBe(
      'Остаток 1250.4 EUR на 31.12.2025 у казахстанского брокера Freedom Finance: деньги на счете у брокера РК не являются деньгами за рубежом, в раздел 6 не включаются',
    );
    // the short TSLA and the debit of 300 USD are listed with the same reason: nothing of a KZ broker is section 6
    expect(skipOf(r, 'account_at_end.pos №5')).toMatch(/у казахстанского брокера/);
    expect(skipOf(r, 'account_at_end.acc №2')).toMatch(/^Остаток -300 USD/);
  });

  it('source keys: the same report again adds nothing; the next year’s report gives new holdings', async () => {
    const first = await parseSample(YEAR_END);
    const again = await parseSample(YEAR_END);
    const keys = (r: ImportResult) => section(r, 'sixth_section_first_part').map((d) => d.source_key);
    expect(keys(first)).toHaveLength(3);
    expect(keys(again)).toEqual(keys(first));
    const report = reportOf(YEAR_END);
    const end = report.account_at_end as Record<string, unknown>;
    const next = await parseJson({
      report: { ...report, date_end: '2026-12-31 23:59:59', account_at_end: { ...end, date: '2026-12-31 23:59:59' } },
    });
    expect(keys(next).filter((k) => keys(first).includes(k))).toEqual([]);
  });
});
