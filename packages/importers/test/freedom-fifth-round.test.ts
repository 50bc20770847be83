import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';
import type { ImportResult } from '../src/types.ts';
import { parseSample } from './helpers.ts';

/**
 * Fifth round against a real Tradernet `getBrokerReport` answer: the anonymised report of a Freedom Finance Armenia
 * client kept as a test fixture by a public PHP SDK of the Freedom24 API (MasyaSmv/freedom-broker-api,
 * tests/fixtures/report_fixture.json). samples/freedom-fifth-round.json keeps its layout (every field of every
 * section, the short positions over a record date, the «Компенсация дивидендов» rows, securities transferred in,
 * the daily fees for negative cash and borrowed shares) with made-up names, ids and figures. Every expected figure
 * is worked out by hand in the comment next to it (formats/freedom.md).
 */

const SAMPLE = 'freedom-fifth-round.json';
const encode = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const parseJson = (doc: unknown) => parseReport(encode(doc), { filename: 'report.json' });
const byRow = (r: ImportResult, label: string) => r.deals.find((d) => String(d.row).split(', ').includes(label));
const skipOf = (r: ImportResult, label: string) => r.skipped.find((s) => s.row === label)?.reason;

const COMPENSATION_PAID =
  'Compensation for corporate action on security (TLT.US) completed repo trade, record date 2025-06-02. Per security 0.256 USD. Balance on the record date is -80 ';
const COMPENSATION_RECEIVED =
  'Compensation for corporate action on security (KO.US) completed repo trade, record date 2025-06-13. Per security 0.51 USD. Balance on the record date is 40 ';

describe('dividend compensation of a repo over the record date', () => {
  it('a compensation paid on a short position is an expense, not a dividend of the payer', async () => {
    const r = await parseSample(SAMPLE);
    // corporate_actions №2: −20.48 USD = 80 TLT borrowed × 0.256 USD paid to the lender; it was a TLT «dividend»
    // of +20.48 before (the type_id begins with «dividend» and the amount was taken as an absolute value)
    expect(r.deals.filter((d) => d.ticker === 'TLT.US' && d.kind === 'dividend')).toEqual([]);
    expect(skipOf(r, 'corporate_actions №2')).toMatch(/^Компенсация дивиденда TLT \(-20\.48 USD\).*расход, а не доход/);
    // the same money in the cash ledger and in cash_flows is that row again
    expect(skipOf(r, 'cash_in_outs №3')).toMatch(/corporate_actions №2/);
    expect(skipOf(r, 'cash_flows №3')).toMatch(/«dividend_compensation» \(-20\.48 USD\): та же операция/);
    // income: BIL 150 × 0.316408 = 47.46 gross (33.22 paid + 14.24 withheld) and EFA 20 × 1.519422 = 30.39 gross
    // (21.27 + 9.12): 47.46 + 30.39 = 77.85 USD, not 98.33 with the compensation's 20.48
    expect(r.reconciliation.totals.USD?.income).toEqual({ file: '77.85', deals: '77.85' });
    // taxes withheld: 14.24 + 9.12 = 23.36 USD, each joined to its dividend
    expect(r.reconciliation.totals.USD?.taxes).toEqual({ file: '23.36', deals: '23.36' });
    expect(byRow(r, 'corporate_actions №1')).toMatchObject({ sale_closing_cost: '47.46', foreign_tax_credit: '14.24' });
    expect(byRow(r, 'corporate_actions №3')).toMatchObject({ sale_closing_cost: '30.39', foreign_tax_credit: '9.12' });
  });

  it('with only the cash ledger: the paid one is skipped, a received one is income that waits for a person', async () => {
    const row = (id: number, amount: string, ticker: string, comment: string) => ({
      id,
      type: 'dividend_compensation',
      datetime: '2025-06-20 16:46:57',
      pay_d: '2025-06-20 16:46:57',
      currency: 'USD',
      amount,
      ticker,
      comment,
      details: JSON.stringify({ corporate_action_id: `2025-06-13_68_${ticker}` }),
    });
    const r = await parseJson({
      companyDetails: { companyName: 'FREEDOM FINANCE ARMENIA LLC', website: 'https://tradernet.am' },
      trades: { detailed: [] },
      cash_in_outs: [
        row(1, '-20.48000000', 'TLT.US', COMPENSATION_PAID),
        // 40 KO lent under a repo over the record date × 0.51 USD = 20.40 USD paid by the borrower
        row(2, '20.40000000', 'KO.US', COMPENSATION_RECEIVED),
      ],
    });
    expect(skipOf(r, 'cash_in_outs №1')).toMatch(/^Компенсация дивиденда TLT \(-20\.48 USD\)/);
    // before: «Движение денег «dividend_compensation» не является доходом» — the 20.40 USD received was lost
    expect(byRow(r, 'cash_in_outs №2')).toMatchObject({
      section: 'third_section',
      kind: 'dividend',
      sale_closing_cost: '20.4',
      currency_code: 'USD',
      status: 1,
    });
    expect(byRow(r, 'cash_in_outs №2')?.comment).toMatch(/Компенсация дивиденда KO по бумагам, переданным в долг/);
    expect(r.reconciliation.totals.USD?.income).toEqual({ file: '20.4', deals: '20.4' });
  });

  it('a compensation received in corporate_actions is the dividend row of the lender, flagged', async () => {
    const r = await parseJson({
      companyDetails: { companyName: 'FREEDOM FINANCE ARMENIA LLC' },
      corporate_actions: {
        detailed: [
          {
            date: '2025-06-20',
            type: 'Компенсация дивидендов',
            type_id: 'dividend_compensation',
            corporate_action_id: '2025-06-13_68_KO.US_0.51',
            amount: 20.4,
            amount_per_one: 0.51,
            asset_type: ' Деньги ',
            ticker: 'KO.US',
            isin: 'US1912161007',
            currency: 'USD',
            tax_amount: '-',
            tax_currency: '',
            comment: COMPENSATION_RECEIVED,
            q_on_ex_date: '40.00000000',
          },
        ],
      },
    });
    // 40 × 0.51 = 20.40 USD, no tax withheld: a dividend of the Coca-Cola ISIN (USA), status 1 with the reason
    expect(byRow(r, 'corporate_actions №1')).toMatchObject({
      kind: 'dividend',
      sale_closing_cost: '20.4',
      foreign_tax_credit: null,
      country_code: 'USA',
      status: 1,
    });
  });
});

describe('Freedom Finance Armenia is a foreign broker', () => {
  it('companyDetails of the Armenian company make every deal a foreign broker’s', async () => {
    const r = await parseSample(SAMPLE);
    // «FREEDOM FINANCE ARMENIA LLC», «Licensed by The CB of the Republic of Armenia», Yerevan: before, anything
    // but Europe / Cyprus / Freedom24 was taken for the Kazakhstan broker (foreign_broker false on all 9 deals);
    // 9 deals of trades and payments, the 2 securities transferred in, and section 6: 10 SPY held and 8 000 USD
    // at the broker on 31.12.2025 (freedom-sixth-round.test.ts) = 13
    expect(r.deals).toHaveLength(13);
    expect(r.deals.every((d) => d.foreign_broker)).toBe(true);
    expect(r.broker).toBe('FREEDOM FINANCE ARMENIA LLC');
  });

  it('the Kazakhstan company stays the Kazakhstan broker, whatever else its details say', async () => {
    const r = await parseJson({
      companyDetails: {
        address: 'Республика Казахстан, г. Алматы',
        companyName: 'АО «Фридом Финанс»',
        website: 'https://ffin.kz',
        image: 'data:image/svg+xml;base64,QXJtZW5pYQ==',
      },
      trades: {
        detailed: [
          {
            trade_id: 1,
            short_date: '2025-02-03',
            instr_nm: 'KCEL.KZ',
            instr_type: 1,
            operation: 'sell',
            q: 5,
            summ: 10000,
            curr_c: 'KZT',
            mkt_name: 'KASE',
          },
        ],
      },
    });
    // a KASE sale through the Kazakhstan broker: section 1A
    expect(byRow(r, 'trades №1')).toMatchObject({ section: 'first_section_a', foreign_broker: false });
  });
});

describe('trades of the sample', () => {
  it('every trade with its own commission; the fee rows are those commissions or expenses', async () => {
    const r = await parseSample(SAMPLE);
    // the Treasury bill sold over the counter: 100 × 99.50 = 9 950 USD, fee 90 = 50 minimum + 30 clearing + 10 order
    expect(byRow(r, 'trades №1')).toMatchObject({
      section: 'second_section',
      sale_closing_cost: '9950',
      commission: '90',
      isin_security: 'US912797LN52',
      type_of_security: 'bond',
    });
    // SPY 10 × 580 = 5 800 USD, fee 29.50 (0.5 % of the amount + 0.50)
    expect(byRow(r, 'trades №2')).toMatchObject({ purchase_opening_cost: '5800', commission: '29.5' });
    expect(skipOf(r, 'commissions №1')).toMatch(/сделку 7001 \(90 USD\): учтена в стоимости сделки trades №1/);
    // the daily interest for negative cash and the fee for borrowed TLT are expenses, not a trade's fee
    expect(skipOf(r, 'commissions №8')).toMatch(/Проценты за использование денежных средств USD.*0\.71 USD/);
    expect(skipOf(r, 'commissions №9')).toMatch(/Проценты за займ ценных бумаг TLT\.US.*2\.83 USD/);
    // sales: 9 950 + 4 700 (IEF 50 × 94) + 6 880 (TLT 80 × 86) + 9 160 (BIL 100 × 91.60) = 30 690 USD;
    // purchases: 5 800 + 4 750 (IEF 50 × 95) + 1 750 (EFA 20 × 87.50) = 12 300 USD
    expect(r.reconciliation.totals.USD?.proceeds).toEqual({ file: '30690', deals: '30690' });
    expect(r.reconciliation.totals.USD?.costs).toEqual({ file: '12300', deals: '12300' });
  });

  it('an ETF is a fund: instr_type 1 is every share-like instrument, instr_kind says «фонд/ETF»', async () => {
    const r = await parseSample(SAMPLE);
    // SPY, IEF, TLT, BIL, EFA are ETFs (instr_kind «фонд/ETF»); they were shares before
    for (const label of ['trades №2', 'trades №3', 'trades №4', 'trades №5', 'trades №6', 'trades №7'])
      expect(byRow(r, label)?.type_of_security, label).toBe('fund');
    const kinds = await parseJson({
      trades: {
        detailed: ['ordinary stock', 'depositary receipt', 'fund/ ETF'].map((kind, i) => ({
          trade_id: i + 1,
          short_date: '2025-03-03',
          instr_nm: `T${i}.US`,
          instr_type: 1,
          instr_kind: kind,
          operation: 'buy',
          q: 1,
          summ: 100,
          curr_c: 'USD',
          mkt_name: 'NYSE/NASDAQ',
        })),
      },
    });
    expect(kinds.deals.map((d) => d.type_of_security)).toEqual(['share', 'depositary_receipt', 'fund']);
  });

  it('securities transferred in are purchases asking for their date and cost (freedom-sixth-round.test.ts)', async () => {
    const r = await parseSample(SAMPLE);
    // before: both rows were only skipped («Перевод бумаг «in» …»), and the sale of the 100 B.0.061225 asked for
    // a cost with no hint of where they came from
    expect(skipOf(r, 'securities_in_outs №1')).toBeUndefined();
    expect(byRow(r, 'securities_in_outs №1')).toMatchObject({ kind: 'purchase', quantity: '100', status: 1 });
    expect(byRow(r, 'securities_in_outs №2')).toMatchObject({ kind: 'purchase', quantity: '150', status: 1 });
  });
});

describe('a reorganisation «Reorg New Symbol: 1 OLD (id) -> N NEW (id)» in securities_in_outs', () => {
  // the comment Tradernet writes on `split` rows (read so by a public parser of Freedom Finance Europe reports,
  // neshcheretal/ffparser trading/splits.go, whose tests hold a rename 1 → 1 and a split 1 → 2)
  const move = (id: number, quantity: string, ticker: string, comment: string) => ({
    id,
    quantity,
    ticker,
    type: 'split',
    datetime: '2025-09-05 15:00:01',
    transaction_id: id + 1000,
    comment,
    balance_currency: 'USD',
  });
  const trade = (id: number, day: string, instr: string, isin: string, operation: string, q: number, summ: number) => ({
    trade_id: id,
    short_date: day,
    instr_nm: instr,
    instr_type: 1,
    isin,
    operation,
    q,
    summ,
    curr_c: 'USD',
    mkt_name: 'NYSE/NASDAQ',
  });

  it('two ISINs: the split is kept under the old one with its ratio, the new ISIN takes its lots', async () => {
    const reorg = 'Reorg New Symbol: 1 TESTA (US0000000AA1) -> 2 TESTB (US0000000BB2) SD 05.09.2025';
    const r = await parseJson({
      trades: {
        detailed: [
          trade(1, '2025-02-03', 'TESTA.US', 'US0000000AA1', 'buy', 10, 1000),
          trade(2, '2025-10-06', 'TESTB.US', 'US0000000BB2', 'sell', 20, 1200),
        ],
      },
      securities_in_outs: [move(1, '-10', 'TESTA.US', reorg), move(2, '20', 'TESTB.US', reorg)],
    });
    // 2 new shares for 1 old: the 10 TESTA bought for 1 000 USD are 20 TESTB for FIFO, the sale of 20 takes them
    // all; before, both rows said «the broker did not give the ratio» and the sale had no lots
    expect(r.splits).toEqual([
      expect.objectContaining({ isin_security: 'US0000000AA1', ratio: '2', renamed_to: 'US0000000BB2' }),
    ]);
    expect(skipOf(r, 'securities_in_outs №2')).toMatch(/Новые бумаги того же сплита/);
    expect(r.reconciliation.notes.join(' ')).not.toMatch(/не указал коэффициент/);
  });

  it('one ISIN in two rows: one split of 2 for 1, the row receiving the shares is its second row', async () => {
    const reorg = 'Reorg New Symbol: 1 TEST (US0000000AA1) -> 2 TEST (US0000000AA1) SD 05.09.2025';
    const r = await parseJson({
      trades: { detailed: [trade(1, '2025-02-03', 'TEST.US', 'US0000000AA1', 'buy', 10, 1000)] },
      securities_in_outs: [move(1, '20', 'TEST.US', reorg), move(2, '-10', 'TEST.US', reorg)],
    });
    // one split (not two: the ratio applied twice would make the 10 shares 40)
    expect(r.splits).toEqual([
      expect.objectContaining({ name_security: 'TEST', ratio: '2', transaction_date: '05.09.2025' }),
    ]);
    expect(skipOf(r, 'securities_in_outs №1')).toMatch(/^Вторая строка того же сплита/);
  });
});
