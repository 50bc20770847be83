import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';
import type { ImportResult } from '../src/types.ts';
import { parseSample } from './helpers.ts';

/**
 * Freedom / Tradernet rows that are not ordinary trades or payments (formats/freedom.md, «fourth round»): repo
 * legs, an equity swap, shares delivered under an option, the `commissions` and `cash_flows` sections, and a
 * dividend reversal whose payment is in an earlier year's report. The sample samples/freedom-fourth-round.json
 * follows the layouts seen in public parsers and the Tradernet API documentation (freedom.md names them); the
 * account, ids and figures are made up, and every expected figure is worked out by hand next to it.
 */

const encode = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const parseJson = (doc: unknown) => parseReport(encode(doc), { filename: 'report.json' });
const byRow = (r: ImportResult, label: string) => r.deals.find((d) => String(d.row).split(', ').includes(label));
const skipOf = (r: ImportResult, label: string) => r.skipped.find((s) => s.row === label)?.reason;
const SAMPLE = 'freedom-fourth-round.json';

describe('repo legs and equity swaps are not ordinary sales and purchases', () => {
  it('the two legs of a repo on KZTK are kept but wait for the user, with the cash of both legs', async () => {
    const r = await parseSample(SAMPLE);
    // first leg: 100 KZTK «sold» for 3 500 000 KZT (StartCash), second leg: bought back for 3 507 000 (EndCash);
    // 3 507 000 − 3 500 000 = 7 000 KZT is interest, not a loss on a sale: the comment names both sums
    expect(byRow(r, 'trades №1')).toMatchObject({ kind: 'sale', sale_closing_cost: '3500000', status: 1 });
    expect(byRow(r, 'trades №1')?.comment).toMatch(
      /РЕПО \(repo_operation «open».*StartCash 3500000, EndCash 3507000\)/,
    );
    expect(byRow(r, 'trades №2')).toMatchObject({ kind: 'purchase', purchase_opening_cost: '3507000', status: 1 });
    expect(byRow(r, 'trades №2')?.comment).toMatch(/РЕПО \(repo_operation «close», repo_close «1»/);
  });

  it('a trade of instr_type 9 (direct REPO) with no repo_operation is flagged as well', async () => {
    const r = await parseJson({
      companyDetails: { name: 'АО «Фридом Финанс»' },
      trades: {
        detailed: [
          {
            trade_id: 1,
            short_date: '2025-02-03',
            instr_nm: 'KZTK.KZ',
            instr_type: 9,
            operation: 'sell',
            q: '10',
            summ: '350000',
            curr_c: 'KZT',
            mkt_name: 'KASE',
          },
        ],
      },
    });
    expect(byRow(r, 'trades №1')).toMatchObject({ status: 1, sale_closing_cost: '350000' });
    expect(byRow(r, 'trades №1')?.comment).toMatch(/^Сделка РЕПО \(instr_type 9\)/);
  });

  it('an equity swap (instr_type 18) is not taken for a sale of MSFT', async () => {
    const r = await parseSample(SAMPLE);
    // 2 × 450 = 900 USD, kept as the report gives it, status 1
    expect(byRow(r, 'trades №5')).toMatchObject({ kind: 'sale', sale_closing_cost: '900', status: 1 });
    expect(byRow(r, 'trades №5')?.comment).toMatch(/своп на акции/);
  });
});

describe('shares delivered under an option', () => {
  it('the purchase of 100 AAPL at the strike 170 asks for the option premium', async () => {
    const r = await parseSample(SAMPLE);
    // trade_nb «option_delivery»: 100 × 170 = 17 000 USD is the strike only; the call premium is elsewhere
    expect(byRow(r, 'trades №4')).toMatchObject({ kind: 'purchase', purchase_opening_cost: '17000', status: 1 });
    expect(byRow(r, 'trades №4')?.comment).toMatch(/премию опциона/);
  });
});

describe('commissions and cash_flows', () => {
  it("a trade's fee from `commissions` goes into that trade's cost, other rows are skipped with reasons", async () => {
    const r = await parseSample(SAMPLE);
    // the row of trade 900000003 says commission 0; commissions №1 «For trade: 900000003» charges 1.50 USD
    expect(byRow(r, 'trades №3')).toMatchObject({ sale_closing_cost: '2005', commission: '1.5', status: null });
    expect(skipOf(r, 'commissions №1')).toMatch(/Комиссия за сделку 900000003 \(1.5 USD\): учтена .*trades №3/);
    expect(skipOf(r, 'commissions №2')).toMatch(/«Interest for the use of funds USD» \(0.42 USD\): расход/);
    expect(skipOf(r, 'commissions №3')).toMatch(/сделку 800000001 \(2 USD\): этой сделки нет в отчете/);
  });

  it('cash_flows rows are own money, repeats of payments read elsewhere, or charges', async () => {
    const r = await parseSample(SAMPLE);
    expect(skipOf(r, 'cash_flows №1')).toMatch(/собственных денег «bank» \(10000 USD\)/);
    // the reversal of −12 USD is the same money as corporate_actions №1
    expect(skipOf(r, 'cash_flows №2')).toMatch(/«dividend_reverted» \(-12 USD\): та же операция/);
    expect(skipOf(r, 'cash_flows №3')).toMatch(/«interest» \(-0.42 USD\): расход/);
    expect(JSON.stringify(r.reconciliation)).not.toMatch(/не прочитаны/);
  });

  it('a report whose payments are only in cash_flows reads them as the cash ledger', async () => {
    const r = await parseJson({
      trades: { detailed: [] },
      cash_flows: {
        detailed: [
          {
            type_id: 'dividend',
            date: '2025-06-15',
            amount: '100.00',
            currency: 'USD',
            comment: 'Dividends on security (Apple Inc (AAPL.US)), accrual date 2025-06-15',
          },
          { type_id: 'bank', date: '2025-01-10', amount: '5000', currency: 'USD', comment: 'Top up' },
        ],
      },
    });
    // 100 USD dividend of AAPL (the ticker from the comment, .US → section 3)
    expect(byRow(r, 'cash_flows №1')).toMatchObject({
      kind: 'dividend',
      section: 'third_section',
      sale_closing_cost: '100',
      ticker: 'AAPL.US',
    });
    expect(skipOf(r, 'cash_flows №2')).toMatch(/собственных денег «bank» \(5000 USD\)/);
  });
});

describe('a dividend reversal whose payment is in an earlier year', () => {
  it('is a status-1 row saying so, never a negative dividend of this year', async () => {
    const r = await parseSample(SAMPLE);
    // corporate_actions №1: −12.00 USD of action 2024-T-DIV-Q4 (ex_date 2024-12-31), no payment of it in 2025
    expect(byRow(r, 'corporate_actions №1')).toMatchObject({ kind: 'unknown', status: 1 });
    expect(byRow(r, 'corporate_actions №1')?.comment).toMatch(/Отмена выплаты T \(-12 USD\).*за прошлый год/);
    expect(r.deals.filter((d) => d.kind === 'dividend')).toEqual([]);
  });

  it('the same in the cash ledger (cash_in_outs)', async () => {
    const r = await parseJson({
      companyDetails: { name: 'Freedom Finance Europe Ltd' },
      cash_in_outs: [
        {
          id: 7001,
          type: 'dividend_reverted',
          datetime: '2025-01-15 10:00:00',
          amount: '-3.40',
          currency: 'USD',
          corporate_action_id: '2024-X',
          comment: 'Dividend for TEST.US',
        },
      ],
    });
    expect(byRow(r, 'cash_in_outs №1')).toMatchObject({ kind: 'unknown', status: 1 });
    expect(byRow(r, 'cash_in_outs №1')?.comment).toMatch(/Отмена выплаты TEST \(-3.4 USD\)/);
  });
});

describe('the sample as a whole', () => {
  it('every money row is accounted for, and a re-import gives the same rows once', async () => {
    const first = await parseSample(SAMPLE);
    const second = await parseSample(SAMPLE);
    const rows = new Set([
      ...first.deals.flatMap((d) => String(d.row).split(', ')),
      ...first.skipped.map((s) => String(s.row)),
    ]);
    // 5 trades, 3 commissions, 3 cash flows, 1 corporate action
    const expected = [
      ...[1, 2, 3, 4, 5].map((i) => `trades №${i}`),
      ...[1, 2, 3].map((i) => `commissions №${i}`),
      ...[1, 2, 3].map((i) => `cash_flows №${i}`),
      'corporate_actions №1',
    ];
    expect([...rows].sort()).toEqual(expected.sort());
    expect(first.errors).toEqual([]);
    // identity: trade_id and the corporate action id; the fee joined once, not added on each read
    const keys = first.deals.map((d) => d.source_key);
    expect(new Set(keys).size).toBe(first.deals.length);
    expect(second.deals.map((d) => d.source_key)).toEqual(keys);
    expect(byRow(second, 'trades №3')?.commission).toBe('1.5');
  });
});
