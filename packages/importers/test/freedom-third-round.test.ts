import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';
import { tickerInComment } from '../src/parsers/freedom.ts';
import type { ImportResult } from '../src/types.ts';

/**
 * Freedom / Freedom24 / Tradernet layouts seen in other people's parsers and fixtures (formats/freedom.md): merged
 * «Grouped» trades, the two rows of a redemption, `securities_in_outs`, `details` of the cash ledger, coupons in the
 * cash ledger, money rows of `corporate_actions` and conversions whose `amount` is a quantity. Account numbers,
 * names and figures are made up; every expected figure is computed by hand in the comment next to it.
 */

const encode = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const parseJson = (doc: unknown) => parseReport(encode(doc), { filename: 'report.json' });
const byRow = (r: ImportResult, label: string) => r.deals.find((d) => String(d.row).split(', ').includes(label));
const skipOf = (r: ImportResult, label: string) => r.skipped.find((s) => s.row === label)?.reason;

const EU = {
  date_start: '2025-01-01 00:00:00',
  date_end: '2025-12-31 23:59:59',
  companyDetails: { name: 'Freedom Finance Europe Ltd' },
  plainAccountInfoData: { client_code: '000111', base_currency: 'EUR' },
};
const KZ = { ...EU, companyDetails: { name: 'АО «Фридом Финанс»', country: 'Kazakhstan' } };

describe('«Grouped» trades: several executions of a day merged into one row are a trade, not a summary', () => {
  // the broker report writes the word in date, id and pay_d, keeps the day in short_date and the sums real
  // (in a Polish report the word is «Zgrupowano»); the report has no other line for these executions
  const doc = {
    ...EU,
    trades: {
      detailed: [
        {
          id: 'Grouped',
          date: 'Grouped',
          pay_d: 'Grouped',
          short_date: '2025-01-27',
          instr_nm: 'NBIS.US',
          isin: 'NL0009805522',
          instr_type: 1,
          operation: 'sell',
          q: '611',
          p: '34.98',
          summ: '21372.78',
          curr_c: 'USD',
          commission: '10.69',
          commission_currency: 'USD',
          mkt_name: 'NYSE/NASDAQ',
        },
        {
          id: 'Zgrupowano',
          date: 'Zgrupowano',
          pay_d: 'Zgrupowano',
          short_date: '2025-01-21',
          instr_nm: 'FRHC.US',
          isin: 'US3563901046',
          operation: 'buy',
          q: 67,
          p: '134.32835821',
          summ: 9000,
          curr_c: 'USD',
          commission: 0,
        },
        // a true summary row: its amounts themselves say «Grouped»
        {
          trade_id: 'Grouped',
          date: 'Grouped',
          instr_nm: 'Grouped',
          operation: 'Grouped',
          q: 'Grouped',
          summ: 'Grouped',
        },
      ],
    },
  };

  it('the merged sale of 611 NBIS for 21 372.78 USD is a sale (it was skipped as a summary before)', async () => {
    const r = await parseJson(doc);
    // 611 × 34.98 = 21 372.78; the day is short_date 27.01.2025
    expect(byRow(r, 'trades №1')).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      quantity: '611',
      sale_closing_cost: '21372.78',
      commission: '10.69',
      transaction_date: '27.01.2025',
      isin_security: 'NL0009805522',
    });
    expect(byRow(r, 'trades №2')).toMatchObject({ kind: 'purchase', quantity: '67', purchase_opening_cost: '9000' });
    expect(skipOf(r, 'trades №3')).toMatch(/Grouped/);
    expect(r.errors).toEqual([]);
    // proceeds 21 372.78 and costs 9 000 on both sides: nothing of the file is lost
    expect(r.reconciliation.totals.USD).toMatchObject({
      proceeds: { file: '21372.78', deals: '21372.78' },
      costs: { file: '9000', deals: '9000' },
    });
    expect(r.reconciliation.rows).toEqual({ trade_sell: 1, trade_buy: 1, skipped: 1 });
  });

  it('two merged rows of the same day and sums both stay (no source-key collision)', async () => {
    const row = doc.trades.detailed[0]!;
    const r = await parseJson({ ...EU, trades: { detailed: [row, row] } });
    expect(r.deals).toHaveLength(2);
    expect(new Set(r.deals.map((d) => d.source_key)).size).toBe(2);
  });
});

describe('a redemption in two rows: the securities (q_on_ex_date, no amount) and the money', () => {
  // a structured note DGT4016.JUN26: 3 notes redeemed at 320.45 → 3 × 320.45 = 961.35 USD
  const securities = {
    date: '2025-06-11',
    ex_date: '2025-06-10',
    type: 'Maturity',
    type_id: 'maturity',
    corporate_action_id: 'mat-77',
    ticker: 'DGT4016.JUN26',
    currency: 'USD',
    q_on_ex_date: '3.00000000',
    amount_per_one: 320.45,
    amount: '-',
    comment: 'Redemption of securities DGT4016.JUN26 (). Record date 2025-06-10.',
  };
  const money = {
    ...securities,
    q_on_ex_date: null,
    amount: 961.35,
    comment: 'Redemption of securities (DGT4016.JUN26), record date 2025-06-10.',
  };

  it('one repayment of 961.35 for the 3 notes; the securities row is skipped with its reason, not a row error', async () => {
    const r = await parseJson({ ...EU, corporate_actions: { detailed: [securities, money] } });
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'repayment',
        section: 'fourth_section',
        quantity: '3',
        sale_closing_cost: '961.35',
        row: 'corporate_actions №2',
      }),
    ]);
    expect(skipOf(r, 'corporate_actions №1')).toMatch(
      /Строка бумаг погашения DGT4016.JUN26 \(3 шт\.\).*corporate_actions №2/,
    );
    expect(r.reconciliation.totals.USD?.income).toEqual({ file: '961.35', deals: '961.35' });
  });

  it('the securities row alone: 3 × 320.45 = 961.35, asked to check', async () => {
    const r = await parseJson({ ...EU, corporate_actions: { detailed: [securities] } });
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({ kind: 'repayment', quantity: '3', sale_closing_cost: '961.35', status: 1 }),
    ]);
    expect(r.deals[0]?.comment).toMatch(/3 × 320.45/);
  });
});

describe('securities_in_outs: movements of securities are read row by row (only a note before)', () => {
  const doc = {
    ...EU,
    trades: { detailed: [] },
    securities_in_outs: [
      {
        ticker: 'SCHD.US',
        type: 'split',
        datetime: '2025-10-11 15:00:00',
        quantity: '-68',
        balance_currency: 'USD',
        market_value: '-962.20',
        comment: 'Stock split SCHD.US factor 1/3',
      },
      {
        type: 'stock_award',
        ticker: 'AAPL.US',
        quantity: '1.00000000',
        datetime: '2025-06-09 10:00:00',
        transaction_id: 10,
        cost: '0.00000000',
        comment: 'Promo stock',
      },
      {
        type: 'out',
        ticker: 'KO.US',
        quantity: '-5',
        datetime: '2025-08-01 12:00:00',
        comment: 'Transfer to another broker',
      },
      { type: 'split', ticker: 'NVDA.US', quantity: '90', datetime: '2025-06-10 12:00:00', comment: 'Split 10 for 1' },
    ],
  };

  it('free shares wait for a person; a transfer out is skipped with its reason; the rows are counted', async () => {
    const r = await parseJson(doc);
    expect(byRow(r, 'securities_in_outs №2')).toMatchObject({ kind: 'unknown', quantity: '1', status: 1 });
    expect(byRow(r, 'securities_in_outs №2')?.comment).toMatch(/Подарочные акции брокера AAPL \(1 шт\.\)/);
    expect(skipOf(r, 'securities_in_outs №3')).toMatch(/Перевод бумаг «out» KO \(-5 шт\.\)/);
    // 2 splits + 1 unknown read, 1 transfer skipped = the 4 rows; the section is no longer «not read»
    expect(r.reconciliation.rows).toEqual({ corporate_action: 2, unknown: 1, skipped: 1 });
    expect(r.reconciliation.notes.join(' ')).not.toMatch(/не прочитаны: securities_in_outs/);
  });

  it('"factor 1/3" does not say which way: no ratio, the split asks; "10 for 1" is kept for FIFO', async () => {
    const r = await parseJson(doc);
    expect(r.reconciliation.notes).toContainEqual(expect.stringMatching(/SCHD: Брокер не указал коэффициент сплита/));
    expect(r.splits).toEqual([
      expect.objectContaining({ name_security: 'NVDA', ratio: '10', transaction_date: '10.06.2025' }),
    ]);
  });

  it('the older in_outs_securities.detailed is read the same way', async () => {
    const r = await parseJson({
      ...EU,
      trades: { detailed: [] },
      in_outs_securities: { detailed: [doc.securities_in_outs[1]] },
    });
    expect(byRow(r, 'in_outs_securities №1')).toMatchObject({ kind: 'unknown', quantity: '1', status: 1 });
  });
});

describe('the cash ledger: `details`, coupons and AIX tickers', () => {
  it('a tax row whose corporate action is only in `details` joins its dividend (it was an orphan tax)', async () => {
    const r = await parseJson({
      ...KZ,
      cash_in_outs: [
        {
          id: 1,
          type: 'dividend',
          datetime: '2025-03-20 10:00:00',
          amount: 8.5,
          currency: 'USD',
          ticker: 'TSQ.US',
          comment: 'Дивиденды по бумаге (Townsquare Media Inc (A) (TSQ.US)), начисление',
          details: '{"corporate_action_id":"2025-03-01_35_TSQ.US_0.2"}',
        },
        {
          id: 2,
          type: 'tax',
          datetime: '2025-03-22 10:00:00',
          amount: -1.28,
          currency: 'USD',
          comment: 'Налог за корпоративное действие',
          details: '{"corporate_action_id":"2025-03-01_35_TSQ.US_0.2"}',
        },
      ],
    });
    // 8.50 USD with 1.28 withheld two days later: one dividend deal, no tax left alone
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'dividend',
        section: 'third_section',
        sale_closing_cost: '8.5',
        foreign_tax_credit: '1.28',
        row: 'cash_in_outs №1, cash_in_outs №2',
      }),
    ]);
  });

  it('a coupon of an AIX bond is income in 1B (it was skipped as «not income»)', async () => {
    expect(tickerInComment('Купон по бумаге (Freedom Finance SPC Ltd (FFSPC1.1228.AIX.KZ)), выплата')).toBe(
      'FFSPC1.1228.AIX.KZ',
    );
    expect(tickerInComment('Redemption of securities (DGT4016.JUN26), record date 2026-06-10.')).toBe('DGT4016.JUN26');
    const r = await parseJson({
      ...KZ,
      cash_in_outs: [
        {
          id: 3,
          type: 'coupon',
          datetime: '2025-09-18 10:00:00',
          amount: 10,
          currency: 'USD',
          comment: 'Купон по бумаге (Freedom Finance SPC Ltd (FFSPC1.1228.AIX.KZ)), выплата',
        },
      ],
    });
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'coupon',
        section: 'first_section_b',
        ticker: 'FFSPC1.1228.AIX.KZ',
        sale_closing_cost: '10',
        type_of_security: 'bond',
      }),
    ]);
    expect(r.reconciliation.totals.USD?.income).toEqual({ file: '10', deals: '10' });
  });

  it('a cash-ledger payment of an action already in corporate_actions is the same money: counted once', async () => {
    const action = '2025-05-10_35_AAPL.US_0.24';
    const r = await parseJson({
      ...KZ,
      corporate_actions: {
        detailed: [
          {
            date: '2025-05-16',
            ex_date: '2025-05-10',
            type_id: 'dividend',
            corporate_action_id: action,
            ticker: 'AAPL.US',
            isin: 'US0378331005',
            currency: 'USD',
            amount: 2.04,
            amount_per_one: 0.24,
            q_on_ex_date: '10',
            tax_amount: -0.36,
            tax_currency: 'USD',
          },
        ],
      },
      cash_in_outs: [
        {
          id: 11,
          type: 'dividend',
          datetime: '2025-05-16 10:00:00',
          amount: 2.04,
          currency: 'USD',
          ticker: 'AAPL.US',
          corporate_action_id: action,
        },
        {
          id: 12,
          type: 'tax',
          datetime: '2025-05-16 10:00:00',
          amount: -0.36,
          currency: 'USD',
          details: { corporate_action_id: action },
        },
      ],
    });
    // 0.24 × 10 = 2.40 gross, 2.04 paid + 0.36 withheld; not 4.80 / 0.72
    expect(r.deals).toEqual([
      expect.objectContaining({ kind: 'dividend', sale_closing_cost: '2.4', foreign_tax_credit: '0.36' }),
    ]);
    expect(skipOf(r, 'cash_in_outs №1')).toMatch(/Та же выплата.*corporate_actions №1/);
    expect(skipOf(r, 'cash_in_outs №2')).toMatch(/Та же выплата.*corporate_actions №1/);
    expect(r.reconciliation.totals.USD).toMatchObject({ income: { file: '2.4' }, taxes: { file: '0.36' } });
  });
});

describe('money rows of corporate_actions (asset_type «Деньги») and conversions of «Бумаги»', () => {
  const dividend = {
    date: '2025-05-16',
    type: 'Дивиденды',
    type_id: 'dividend',
    corporate_action_id: 'd1',
    asset_type: 'Деньги',
    ticker: 'AAPL.US',
    isin: 'US0378331005',
    currency: 'USD',
    amount: 2.04,
    amount_per_one: 0.24,
    q_on_ex_date: '10',
    tax_amount: -0.36,
    tax_currency: 'USD',
  };
  const taxRow = {
    date: '2025-05-16',
    type: 'Налог',
    type_id: 'tax',
    corporate_action_id: 'd1',
    asset_type: 'Деньги',
    ticker: 'AAPL.US',
    isin: 'US0378331005',
    currency: 'USD',
    amount: -0.36,
    comment: 'Налог за корпоративное действие',
  };
  const agentFee = {
    date: '2025-05-16',
    type: 'Агентское вознаграждение',
    type_id: 'agent_fee',
    corporate_action_id: 'd1',
    asset_type: 'Деньги',
    ticker: 'AAPL.US',
    currency: 'USD',
    amount: -0.05,
    comment: 'Агентское вознаграждение за выплату дивидендов',
  };

  it('a tax row the payment already has in tax_amount is skipped; an agent fee is not income', async () => {
    const r = await parseJson({ ...KZ, corporate_actions: { detailed: [dividend, taxRow, agentFee] } });
    // one dividend 2.40 with 0.36 withheld; no «income» of −0.36 or −0.05 waiting for a person
    expect(r.deals).toEqual([
      expect.objectContaining({ kind: 'dividend', sale_closing_cost: '2.4', foreign_tax_credit: '0.36', status: null }),
    ]);
    expect(skipOf(r, 'corporate_actions №2')).toMatch(/уже учтен в строке выплаты corporate_actions №1/);
    expect(skipOf(r, 'corporate_actions №3')).toMatch(/«Агентское вознаграждение» \(-0.05 USD\).*не является доходом/);
    expect(r.reconciliation.totals.USD).toMatchObject({
      income: { file: '2.4', deals: '2.4' },
      taxes: { file: '0.36', deals: '0.36' },
    });
  });

  it('a tax row of a payment without tax_amount is withheld from it', async () => {
    // 2.40 paid gross (0.24 × 10), the tax only in its own row: 0.36 joins the dividend
    const gross = { ...dividend, amount: 2.4, tax_amount: '-' };
    const r = await parseJson({ ...KZ, corporate_actions: { detailed: [taxRow, gross] } });
    expect(r.deals).toEqual([
      expect.objectContaining({ kind: 'dividend', sale_closing_cost: '2.4', foreign_tax_credit: '0.36' }),
    ]);
  });

  it('a conversion of «Бумаги»: amount is the quantity; the 50 new shares are received, the 100 old given up', async () => {
    const conversion = {
      date: '2025-07-01',
      type: 'Конвертация',
      type_id: 'conversion',
      corporate_action_id: 'c1',
      asset_type: 'Бумаги',
      currency: 'USD',
      comment: 'Conversion of securities OLD.US (US0000000001) -> NEW.US (US0000000002)',
    };
    const r = await parseJson({
      ...KZ,
      corporate_actions: {
        detailed: [
          { ...conversion, ticker: 'NEW.US', isin: 'US0000000002', amount: 50 },
          { ...conversion, ticker: 'OLD.US', isin: 'US0000000001', amount: -100 },
        ],
      },
    });
    expect(byRow(r, 'corporate_actions №1')).toMatchObject({
      kind: 'purchase',
      quantity: '50',
      isin_security: 'US0000000002',
      status: 1,
      carry_from: expect.objectContaining({ isin_security: 'US0000000001', quantity: '100' }),
    });
    expect(skipOf(r, 'corporate_actions №2')).toMatch(/Списание старых бумаг/);
    // no money: 50 is shares, not 50 USD
    expect(r.reconciliation.totals.USD?.income ?? { file: '0' }).toMatchObject({ file: '0' });
  });

  it('the money row of an exchange (cash paid in a conversion) waits for a person, it is not dropped', async () => {
    const r = await parseJson({
      ...KZ,
      corporate_actions: {
        detailed: [
          {
            date: '2025-07-01',
            type: 'Конвертация',
            type_id: 'conversion',
            corporate_action_id: 'c2',
            asset_type: 'Деньги',
            ticker: 'OLD.US',
            currency: 'USD',
            amount: 12.5,
            comment: 'Компенсация за дробные бумаги',
          },
        ],
      },
    });
    expect(r.deals).toEqual([expect.objectContaining({ kind: 'unknown', sale_closing_cost: '12.5', status: 1 })]);
    expect(r.reconciliation.totals.USD?.income).toEqual({ file: '12.5', deals: '12.5' });
  });
});
