import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markSplit, splitLot, splitRatioOf, splitRenames } from '../src/corporate.ts';
import type { ImportedDeal } from '../src/types.ts';
import { expectRefused, parseSample } from './helpers.ts';

const flex = (body: string) =>
  new TextEncoder().encode(
    `<?xml version="1.0"?><FlexQueryResponse queryName="q" type="AF"><FlexStatements count="1"><FlexStatement accountId="U1" fromDate="20240101" toDate="20241231">${body}</FlexStatement></FlexStatements></FlexQueryResponse>`,
  );

describe('IB Flex corporate actions (samples/ib-flex-corporate.xml)', async () => {
  const r = await parseSample('ib-flex-corporate.xml');
  const byRow = (row: string) => r.deals.find((d) => String(d.row).startsWith(row));

  it('a 10-for-1 split is kept for FIFO; the deals keep the quantities the broker reported', () => {
    // bought 10 NVDA for 4 800 on 05.01, sold 50 on 01.07 after the split 10 for 1 of 10.06: the deals say what the
    // broker reported; FIFO (packages/tax restateForSplits) counts the purchase as 10 × 10 = 100 shares for 4 800
    expect(byRow('Trade №1')).toMatchObject({ quantity: '10', purchase_opening_cost: '4800', kind: 'purchase' });
    expect(byRow('Trade №1')!.comment).toMatch(
      /Сплит 10\.06\.2024 \(×10\): при расчете FIFO количество считается как 100/,
    );
    expect(byRow('Trade №2')).toMatchObject({ quantity: '50', sale_closing_cost: '6200', kind: 'sale' });
    expect(r.splits).toEqual([
      expect.objectContaining({ isin_security: 'US67066G1040', transaction_date: '10.06.2024', ratio: '10' }),
      // the reverse split 1 for 10 of REV gives it a new ISIN: kept under the old one, the new one named
      expect.objectContaining({
        isin_security: 'US0000000035',
        transaction_date: '10.10.2024',
        ratio: '0.1',
        renamed_to: 'US0000000043',
      }),
    ]);
    expect(r.skipped.find((s) => s.row === 'CorporateAction №1 (U0000002)')?.reason).toMatch(
      /сплит.*до 10\.06\.2024.*× 10, стоимость не меняется\. Сделок этого отчета до сплита: 1/s,
    );
  });

  it('a reverse split that gives a new ISIN: kept for FIFO of the new ISIN, no deal', () => {
    // REV(US…35) 1 for 10 → REV(US…43): row 6 gives up 200 old shares, row 7 receives 20 new ones. The split is
    // kept under the old ISIN with the new one named: FIFO of US…43 takes US…35's lots before it, × 0.1
    expect(r.skipped.find((s) => s.row === 'CorporateAction №6 (U0000002)')?.reason).toMatch(
      /новый ISIN US0000000043: покупки и продажи старых бумаг до 10\.10\.2024.*× 0\.1/s,
    );
    expect(r.skipped.find((s) => s.row === 'CorporateAction №7 (U0000002)')?.reason).toMatch(
      /их лоты — покупки старых бумаг US0000000035/,
    );
    expect(r.deals.some((d) => d.isin_security === 'US0000000043' || d.isin_security === 'US0000000035')).toBe(false);
  });

  it('a cash merger and a tender offer are disposals: proceeds against cost', () => {
    // 100 ACQ at 50.00 = 5 000, the broker's cost basis 4 200 → gain 800
    expect(byRow('CorporateAction №2')).toMatchObject({
      section: 'second_section',
      kind: 'sale',
      operation_type_id: 1,
      quantity: '100',
      sale_closing_cost: '5000',
      purchase_opening_cost: '4200',
      corporate_action: 'cash_merger',
    });
    expect(byRow('CorporateAction №4')).toMatchObject({
      kind: 'sale',
      sale_closing_cost: '3500',
      corporate_action: 'tender',
    });
    expect(byRow('CorporateAction №2')!.comment).toMatch(/слияние с выплатой денег/);
  });

  it('bond and T-bill maturities are «Погашение облигации» with the repayment and, when given, the cost', () => {
    // 5 000 repaid, cost 4 950 → remuneration 50 (computed by the engine's repayment rule)
    expect(byRow('CorporateAction №3')).toMatchObject({
      section: 'fourth_section',
      kind: 'repayment',
      operation_type_id: 7,
      sale_closing_cost: '5000',
      purchase_opening_cost: '4950',
      status: null,
    });
    // the T-bill's cost is not in the file: the deal waits for it
    expect(byRow('CorporateAction №5')).toMatchObject({ kind: 'repayment', sale_closing_cost: '10000', status: 1 });
  });

  it('a spin-off is an acquisition whose cost the person confirms; «Bond Interest» is a coupon', () => {
    expect(byRow('CorporateAction №8')).toMatchObject({
      section: 'purchase_transaction_section',
      operation_type_id: 5,
      quantity: '20',
      status: 1,
      corporate_action: 'spinoff',
    });
    expect(byRow('CashTransaction №4')).toMatchObject({
      kind: 'coupon',
      section: 'fourth_section',
      sale_closing_cost: '112.5',
    });
  });

  it('money fields: ISIN from the description, GST into the commission, a later tax correction attached', () => {
    // MSFT has no isin attribute: "MSFT(US5949181045) MICROSOFT CORP"
    expect(byRow('Trade №4')!.isin_security).toBe('US5949181045');
    // and its name is the company's, without the code the ISIN came with
    expect(byRow('Trade №4')!.name_security).toBe('MICROSOFT CORP');
    // DBS: commission 3.25 + GST 0.29 = 3.54
    expect(byRow('Trade №3')!.commission).toBe('3.54');
    // MSFT dividend 2.25: tax 0.34 withheld, 0.01 refunded a week later, 0.05 refunded in November → 0.28
    expect(byRow('CashTransaction №1')).toMatchObject({ sale_closing_cost: '2.25', foreign_tax_credit: '0.28' });
    expect(byRow('CashTransaction №1')!.comment).toMatch(/исправлен позднее \(05\.11\.2024\)/);
    // an unknown cash type is money: flagged, not dropped
    expect(byRow('CashTransaction №7')).toMatchObject({ status: 1, sale_closing_cost: '7.5' });
  });

  it('reconciliation: rows per kind, totals per currency equal in file and deals, the sales tax row explained', () => {
    const rec = r.reconciliation;
    expect(rec.rows).toMatchObject({
      trade_buy: 3,
      trade_sell: 1,
      // every row of the section is read; the old line of REV's reverse split is skipped with its reason
      corporate_action: 8,
      dividend: 1,
      tax: 3,
      coupon: 1,
    });
    // USD proceeds: sale 6 200 + merger 5 000 + tender 3 500 = 14 700
    expect(rec.totals.USD!.proceeds).toEqual({ file: '14700', deals: '14700' });
    // USD income: dividend 2.25 + coupon 112.5 + maturities 5 000 + 10 000 + unknown 7.5 = 15 122.25
    expect(rec.totals.USD!.income).toEqual({ file: '15122.25', deals: '15122.25' });
    // the 0.90 USD VAT on the monthly fee is a tax on a broker service: skipped with that reason, no section left unread
    expect(r.skipped.find((x) => x.row === 'SalesTax 31.01.2024')?.reason).toMatch(/^Налог с продаж 0\.9 USD/);
    expect(rec.notes).toEqual([]);
  });
});

describe('IB activity CSV corporate actions (samples/ib-activity-corporate.csv)', async () => {
  const r = await parseSample('ib-activity-corporate.csv');
  it('a 4-for-1 split is kept for FIFO (buy and sell before it keep their units); a cash merger and a maturity are read', () => {
    // bought 15, sold 10 before the split: the deals keep 15 and 10 (FIFO counts them as 60 and 40), costs 2 778, 1 852
    expect(r.deals.find((d) => d.kind === 'purchase')).toMatchObject({ quantity: '15', purchase_opening_cost: '2778' });
    expect(r.deals.find((d) => d.kind === 'sale' && d.ticker === 'AAPL')).toMatchObject({ quantity: '10' });
    expect(r.splits).toEqual([
      expect.objectContaining({ isin_security: 'US0378331005', ratio: '4' }),
      // SPCE's reverse split into a new ISIN (below)
      expect.objectContaining({ isin_security: 'US92766K1060', renamed_to: 'US92766K4031' }),
    ]);
    expect(r.deals.find((d) => d.corporate_action === 'cash_merger')).toMatchObject({ sale_closing_cost: '5000' });
    expect(r.deals.find((d) => d.corporate_action === 'maturity')).toMatchObject({
      isin_security: 'US91282CFG10',
      sale_closing_cost: '5000',
      operation_type_id: 7,
    });
  });
  it('a reverse split 1 for 20 with a new ISIN (rows "SPCE" and "SPCE.OLD"): kept for FIFO of the new ISIN', () => {
    // "SPCE(US92766K1060) Split 1 for 20 (SPCE, …, US92766K4031)" +5 and "(SPCE.OLD, …, US92766K1060)" −100
    expect(r.splits).toContainEqual(
      expect.objectContaining({
        isin_security: 'US92766K1060',
        transaction_date: '14.06.2024',
        ratio: '0.05',
        renamed_to: 'US92766K4031',
      }),
    );
    expect(r.deals.some((d) => d.isin_security?.startsWith('US92766K'))).toBe(false);
    expect(r.skipped.some((s) => /новый ISIN US92766K4031/.test(s.reason))).toBe(true);
  });
});

describe('Freedom corporate actions and money fields (samples/freedom-corporate.json)', async () => {
  const r = await parseSample('freedom-corporate.json');
  const row = (label: string) => r.deals.find((d) => String(d.row).split(', ').includes(label));
  it('a 4:1 split is kept for FIFO; ISIN from issue_nb; the EUR commission keeps its currency', () => {
    // 10 NVDA for 1 200 on 03.02.2025, split 4:1 on 10.06: the deal keeps 10 (FIFO counts 40), still 1 200
    expect(row('trades №1')).toMatchObject({
      quantity: '10',
      purchase_opening_cost: '1200',
      isin_security: 'US67066G1040',
      commission: '1.5',
      commission_currency: 'EUR',
    });
    expect(r.splits).toEqual([expect.objectContaining({ transaction_date: '10.06.2025', ratio: '4' })]);
    expect(row('trades №2')).toMatchObject({ quantity: '20', isin_security: 'US67066G1040' });
    expect(row('trades №2')!.commission_currency).toBeUndefined();
  });
  it('maturity, coupon, an unknown action with money flagged, the Grouped row skipped with a reason', () => {
    expect(row('corporate_actions №2')).toMatchObject({
      kind: 'repayment',
      section: 'first_section_b',
      operation_type_id: 7,
    });
    expect(row('corporate_actions №3')).toMatchObject({ kind: 'coupon', sale_closing_cost: '22.5' });
    expect(row('corporate_actions №4')).toMatchObject({ status: 1, sale_closing_cost: '3.1' });
    expect(r.skipped.find((s) => s.row === 'trades №3')?.reason).toMatch(/Grouped/);
  });
});

describe('Flex layouts we do not read are refused with what to export', () => {
  it('order level only', async () => {
    await expectRefused(
      flex('<Trades><Order symbol="AAPL" quantity="1" proceeds="-100" currency="USD" tradeDate="20240105"/></Trades>'),
      /уровне заявок.*Execution/s,
    );
  });
  it('Trade Confirmation', async () => {
    await expectRefused(
      flex('<TradeConfirms><TradeConfirm symbol="AAPL" quantity="1" proceeds="-100" currency="USD"/></TradeConfirms>'),
      /Trade Confirmation.*Trades.*Execution.*Corporate Actions/s,
    );
  });
  it('statement of funds only', async () => {
    await expectRefused(
      flex('<StmtFunds><StatementOfFundsLine currency="USD" amount="100" activityDescription="Dividend"/></StmtFunds>'),
      /Statement of Funds.*Cash Transactions/s,
    );
  });
});

describe('splits never change the total cost', () => {
  it('4 for 1 and 1 for 10 from the description', () => {
    expect(splitRatioOf('AAPL(US0378331005) SPLIT 4 FOR 1 (AAPL)')).toBe('4');
    expect(splitRatioOf('REV SPLIT 1 FOR 10')).toBe('0.1');
  });
  it('property: quantity × ratio, total cost the same, unit cost ÷ ratio', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        (qty, costCents, newShares, oldShares) => {
          const ratio = new Decimal(newShares).dividedBy(oldShares).toFixed();
          const cost = new Decimal(costCents).dividedBy(100).toFixed();
          const after = splitLot(String(qty), cost, ratio);
          expect(after.cost).toBe(cost);
          expect(new Decimal(after.quantity).equals(new Decimal(qty).times(ratio))).toBe(true);
          // the lot's worth in old units is unchanged: unit cost after × quantity after = cost
          const unitAfter = new Decimal(cost).dividedBy(after.quantity);
          expect(unitAfter.times(after.quantity).toDecimalPlaces(10).equals(new Decimal(cost))).toBe(true);
        },
      ),
    );
  });
  it("property: a split marked on a report's lots leaves their quantities and costs as the broker reported", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 100_000 }),
            fc.integer({ min: 1, max: 10_000_000 }),
            fc.integer({ min: 1, max: 28 }),
          ),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        fc.constantFrom('4', '10', '0.1', '1.5', '0.05'),
        (lots, ratio) => {
          const deals = lots.map(
            ([q, c, day]) =>
              ({
                kind: 'purchase',
                isin_security: 'US0000000001',
                ticker: null,
                name_security: 'X',
                quantity: String(q),
                purchase_opening_cost: new Decimal(c).dividedBy(100).toFixed(),
                transaction_date: `${String(day).padStart(2, '0')}.01.2024`,
                comment: null,
              }) as unknown as ImportedDeal,
          );
          const sum = (f: (d: ImportedDeal) => string | null) =>
            deals.reduce((a, d) => a.plus(f(d) ?? '0'), new Decimal(0));
          const cost = sum((d) => d.purchase_opening_cost);
          const qty = sum((d) => d.quantity);
          // every lot is before the split: each is marked (FIFO restates it), none is changed here
          expect(markSplit(deals, 'US0000000001', '01.06.2024', ratio)).toBe(deals.length);
          expect(sum((d) => d.purchase_opening_cost).equals(cost)).toBe(true);
          expect(sum((d) => d.quantity).equals(qty)).toBe(true);
        },
      ),
    );
  });
});

describe('splitRenames: which split rows move the lots to a new ISIN', () => {
  const row = (description: string, quantity: string, own: string | null = null, group = 'g') => ({
    group,
    own,
    description,
    quantity,
  });
  it('IB CSV: the new row names the new ISIN last, the ".OLD" row its own', () => {
    expect(
      splitRenames([
        row('SPCE(US92766K1060) Split 1 for 20 (SPCE, VIRGIN GALACTIC HOLDINGS INC, US92766K4031)', '5'),
        row('SPCE(US92766K1060) Split 1 for 20 (SPCE.OLD, VIRGIN GALACTIC HOLDINGS INC, US92766K1060)', '-100'),
      ]),
    ).toEqual([
      { side: 'new', old: 'US92766K1060', new: 'US92766K4031', ratio: '0.05' },
      { side: 'old', old: 'US92766K1060', new: 'US92766K4031', ratio: '0.05' },
    ]);
  });
  it('Flex: the own isin attribute decides even when both descriptions are the same', () => {
    const d = 'SOLT(US92864M8304) SPLIT 1 FOR 20 (SOLT, 2X SOLANA ETF, US92865J7375)';
    expect(splitRenames([row(d, '-200', 'US92864M8304'), row(d, '10', 'US92865J7375')]).map((r) => r?.side)).toEqual([
      'old',
      'new',
    ]);
  });
  it('an ordinary split (the same ISIN on both rows, or one row) moves nothing', () => {
    const d = 'VISL(US92836Y2019) Split 1 for 6 (VISL, VISLINK TECHNOLOGIES INC, US92836Y2019)';
    expect(splitRenames([row(d, '-80'), row(d, '13.3333')])).toEqual([null, null]);
    expect(splitRenames([row('NVDA(US67066G1040) SPLIT 10 FOR 1 (NVDA, NVIDIA CORP, US67066G1040)', '90')])).toEqual([
      null,
    ]);
  });
  it('an ISIN change of another action in the same report does not touch this one (groups)', () => {
    const r = splitRenames([
      row(
        'PEIX(US69423U3059) CUSIP/ISIN CHANGE TO (US0215131063) (PEIX, ALTO INGREDIENTS INC, US0215131063)',
        '140',
        null,
        'a',
      ),
      row('AAPL(US0378331005) Split 4 for 1 (AAPL, APPLE INC, US0378331005)', '45', null, 'b'),
    ]);
    // no ratio in the text and no line giving up the old shares in this report: the ratio is unknown
    expect(r).toEqual([{ side: 'new', old: 'US69423U3059', new: 'US0215131063', ratio: null }, null]);
  });
});
