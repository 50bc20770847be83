import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';

// Fifth round of IB Flex XML layouts seen in other people's files (issue 16): options written and closed
// (henk789/ib-flex activity_options.xml; a real 2012 export quoted in gabbersepp/ib-flex-reader: a closing sale's
// `cost` is negative too), positions transferred in and out (csingley/ibflex test_types.py `Transfer`: ACATS,
// INTERNAL), trades cancelled by IB (`TradeCancel` with origTradeID, `FracShareCancel`: real rows quoted in the
// capgains tests), and a dividend IB calls a return of capital. Rows keep the layout of those files (attribute
// names, the shape of the values); accounts, names and amounts are made up. Every figure is read off the rows by hand.

const flex = (sections: string) =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<FlexQueryResponse queryName="tax" type="AF"><FlexStatements count="1">
<FlexStatement accountId="U7000001" fromDate="20250101" toDate="20251231" period="LastYear" whenGenerated="20260105;101010">
${sections}
</FlexStatement></FlexStatements></FlexQueryResponse>`);
const parse = (sections: string) => parseReport(flex(sections), { filename: 'flex.xml' });

describe('IB Flex: a sale that opens a position states no cost', () => {
  const trades = `<Trades>
<Trade accountId="U7000001" currency="USD" assetCategory="OPT" symbol="TSLA  250221P00200000" description="TSLA 21FEB25 200 P" conid="87654321" underlyingSymbol="TSLA" multiplier="100" strike="200" expiry="2025-02-21" putCall="P" tradeID="9001" tradeDate="2025-01-15" transactionType="ExchTrade" exchange="CBOE" quantity="-2" tradePrice="3.25" tradeMoney="-650" proceeds="650.00" taxes="0" ibCommission="-1.30" ibCommissionCurrency="USD" netCash="648.70" openCloseIndicator="O" cost="-648.70" fifoPnlRealized="0" buySell="SELL" levelOfDetail="EXECUTION"/>
<Trade accountId="U7000001" currency="USD" assetCategory="STK" symbol="VGK" description="VANGUARD FTSE EUROPE ETF" conid="27684070" tradeID="9002" tradeDate="2025-12-31" transactionType="ExchTrade" exchange="ARCA" quantity="-60" tradePrice="48.84" tradeMoney="-2930.4" proceeds="2930.4" taxes="0" ibCommission="-1" ibCommissionCurrency="USD" netCash="2929.4" openCloseIndicator="C" notes="P;" cost="-2869.2" fifoPnlRealized="60.2" buySell="SELL" levelOfDetail="EXECUTION"/>
<Trade accountId="U7000001" currency="USD" assetCategory="STK" symbol="SSRAP" description="SATURNS SEARS ROEBUCK ACCEPTANCE CO" conid="18313671" tradeID="9003" tradeDate="2025-09-10" transactionType="ExchTrade" exchange="MM" quantity="-100" tradePrice="16.2" tradeMoney="-1620" proceeds="1620" taxes="0" ibCommission="-0.28696525" ibCommissionCurrency="USD" netCash="1619.71303475" openCloseIndicator="O" notes="P" cost="-1619.71303475" fifoPnlRealized="0" buySell="SELL" levelOfDetail="EXECUTION"/>
</Trades>`;

  it('a put written and a share sold short have no cost; a closing sale keeps its basis', async () => {
    const r = await parse(trades);
    expect(r.deals.map((d) => [d.name_security, d.sale_closing_cost, d.purchase_opening_cost])).toEqual([
      // 2 puts written for 2 × 3.25 × 100 = 650: IB's cost −648.70 is the credit (650 − 1.30 commission), not a
      // cost. Before, it was taken as the cost and the premium became a profit of 650 − 648.70 − 1.30 = 0.
      ['TSLA 21FEB25 200 P', '650', null],
      // 60 VGK sold for 60 × 48.84 = 2 930.40 closing a holding bought for 2 869.20: the basis stays
      // (2 930.40 − 1 − 2 869.20 = 60.20, IB's fifoPnlRealized)
      ['VANGUARD FTSE EUROPE ETF', '2930.4', '2869.2'],
      // 100 SSRAP sold short for 1 620: nothing was bought, the cost is the purchase that closes the short
      ['SATURNS SEARS ROEBUCK ACCEPTANCE CO', '1620', null],
    ]);
  });

  it('the share sold short waits for a person with what to give, the closing sale does not', async () => {
    const r = await parse(trades);
    const short = r.deals.find((d) => d.name_security === 'SATURNS SEARS ROEBUCK ACCEPTANCE CO')!;
    // before, it was a plain sale, and the server asked for a purchase history a short sale cannot have
    expect(short.status).toBe(1);
    expect(short.comment).toMatch(/^Продажа без покрытия \(открытие короткой позиции\)/);
    expect(r.deals.find((d) => d.name_security === 'VANGUARD FTSE EUROPE ETF')!.status).toBeNull();
    // the put written is a derivative: its own question, not the short sale's
    expect(r.deals.find((d) => d.name_security === 'TSLA 21FEB25 200 P')!.comment ?? '').not.toMatch(/без покрытия/);
  });
});

describe('IB Flex: positions transferred in and out (Transfers)', () => {
  // Before, the Transfers section was not read at all: 22 AEHR moved in and sold in June asked for nothing, and a
  // holding moved in from another broker vanished from the declaration without a word.
  const sections = `<Trades>
<Trade accountId="U7000001" currency="USD" assetCategory="STK" symbol="AEHR" description="AEHR TEST SYSTEMS" conid="1001" securityID="US00760J1088" securityIDType="ISIN" isin="US00760J1088" listingExchange="NASDAQ" tradeID="5001" tradeDate="20250610" dateTime="20250610;101500" transactionType="ExchTrade" quantity="-22" tradePrice="30" proceeds="660" ibCommission="-1" ibCommissionCurrency="USD" openCloseIndicator="C" cost="-527.16" buySell="SELL" transactionID="6001" levelOfDetail="EXECUTION"/>
</Trades>
<Transfers>
<Transfer accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="AEHR" description="AEHR TEST SYSTEMS" conid="1001" securityID="US00760J1088" securityIDType="ISIN" isin="US00760J1088" type="INTERNAL" direction="IN" quantity="22" transferPrice="0" dateTime="20250121;102932" settleDate="20250122" account="U7000002" positionAmount="527.164" positionAmountInBase="527.164" pnlAmount="0" cashTransfer="0" transactionID="7001" deliveryType=""/>
<Transfer accountId="U7000001" acctAlias="" model="" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="FMTIF" description="FMI HOLDINGS LTD" conid="86544467" securityID="" securityIDType="" cusip="" isin="" multiplier="1" date="2025-07-18" type="ACATS" direction="IN" company="--" account="12345678" accountName="" quantity="2,000" transferPrice="0" positionAmount="11.51" positionAmountInBase="11.51" pnlAmount="0" pnlAmountInBase="0" fxPnl="0" cashTransfer="0" code="" clientReference="" transactionID="7002"/>
<Transfer accountId="U7000001" currency="EUR" fxRateToBase="1.1" assetCategory="STK" symbol="SAP" description="SAP SE" conid="14204" isin="DE0007164600" date="20250801" type="FOP" direction="IN" quantity="10" transferPrice="150.5" positionAmount="2400" cashTransfer="0" transactionID="7003"/>
<Transfer accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="MDX" description="MDX EXAMPLE LTD" conid="1003" isin="US5550000001" date="20250520" type="ATON" direction="OUT" quantity="-250" transferPrice="0" positionAmount="-7412.5" cashTransfer="0" transactionID="7004"/>
<Transfer accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="CASH" symbol="--" description="TRANSFER OUT" date="20250901" type="INTERNAL" direction="OUT" cashTransfer="-100.00" transactionID="7005"/>
</Transfers>`;

  it('securities moved in are purchases that ask for their cost; moved out and cash moved are skipped', async () => {
    const r = await parse(sections);
    expect(r.errors).toEqual([]);
    const moved = r.deals.filter((d) => String(d.row).startsWith('Transfer'));
    expect(
      moved.map((d) => [d.transaction_date, d.name_security, d.quantity, d.purchase_opening_cost, d.status]),
    ).toEqual([
      // 22 AEHR from another IB account: positionAmount 527.164 is their value that day, not a cost: cost 0, asked
      ['21.01.2025', 'AEHR TEST SYSTEMS', '22', '0', 1],
      // "2,000" FMTIF by ACATS from another broker
      ['18.07.2025', 'FMI HOLDINGS LTD', '2000', '0', 1],
      // 10 SAP delivered free of payment at a stated transfer price of 150.50: 10 × 150.50 = 1 505 EUR, to confirm
      ['01.08.2025', 'SAP SE', '10', '1505', 1],
    ]);
    expect(moved.every((d) => d.kind === 'purchase' && d.section === 'purchase_transaction_section')).toBe(true);
    expect(moved[0]!.comment).toMatch(/переводом \(INTERNAL\).*без стоимости покупки.*укажите здесь дату и стоимость/);
    expect(moved[2]!.comment).toMatch(/по цене перевода 150\.5 EUR за штуку/);
    expect(moved[2]!.currency_code).toBe('EUR');
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([
      // 250 MDX moved out to another broker is not a sale
      [
        'Transfer №4 (U7000001)',
        expect.stringMatching(/^Перевод бумаг «MDX EXAMPLE LTD» \(250 шт\.\).*\(ATON\): не является продажей/),
      ],
      // 100 USD moved to another IB account is not income
      [
        'Transfer №5 (U7000001)',
        expect.stringMatching(/^Перевод денег -100\.00 USD \(INTERNAL\) между счетами: не является доходом/),
      ],
    ]);
    // the sale of the AEHR moved in keeps IB's cost: 660 − 1 − 527.16 = 131.84
    expect(r.deals.find((d) => d.kind === 'sale')).toMatchObject({
      sale_closing_cost: '660',
      purchase_opening_cost: '527.16',
    });
    // nothing is unread: the section used to be ignored
    expect(r.reconciliation.notes).toEqual([]);
    expect(r.reconciliation.rows).toMatchObject({ trade_buy: 3, trade_sell: 1, skipped: 2 });
    expect(r.reconciliation.totals.EUR?.costs).toEqual({ file: '1505', deals: '1505' });
  });
});

describe('IB Flex: a trade and its cancellation in the same statement', () => {
  const sections = `<Trades>
<Trade accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="SSRAP" description="SATURNS SEARS ROEBUCK ACCEPTANCE CO" conid="18313671" multiplier="1" tradeID="1389766089" reportDate="2025-09-10" tradeDate="2025-09-10" tradeTime="134859" transactionType="ExchTrade" exchange="MM" quantity="-100" tradePrice="16.2" tradeMoney="-1620" proceeds="1620" taxes="0" ibCommission="-0.28696525" ibCommissionCurrency="USD" netCash="1619.71303475" openCloseIndicator="C" notes="P" cost="-1500" fifoPnlRealized="119.71" transactionID="5690187435" buySell="SELL" levelOfDetail="EXECUTION"/>
<Trade accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="SSRAP" description="SATURNS SEARS ROEBUCK ACCEPTANCE CO" conid="18313671" multiplier="1" tradeID="1389985080" reportDate="2025-09-10" tradeDate="2025-09-10" tradeTime="155134" transactionType="ExchTrade" exchange="MM" quantity="-1000" tradePrice="16.2" tradeMoney="-16200" proceeds="16200" taxes="0" ibCommission="-4.1196525" ibCommissionCurrency="USD" netCash="16195.8803475" openCloseIndicator="C" notes="P" cost="-16003.66225" fifoPnlRealized="192.218097" transactionID="5690844790" buySell="SELL" levelOfDetail="EXECUTION"/>
<Trade accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="SSRAP" description="SATURNS SEARS ROEBUCK ACCEPTANCE CO" conid="18313671" multiplier="1" tradeID="" reportDate="2025-09-11" tradeDate="2025-09-10" tradeTime="134859" settleDateTarget="" transactionType="TradeCancel" exchange="--" quantity="100" tradePrice="16.2" tradeMoney="1620" proceeds="-1620" taxes="0" ibCommission="0.28696525" ibCommissionCurrency="USD" netCash="-1619.71303475" openCloseIndicator="" notes="Ca" cost="1500" fifoPnlRealized="0" origTradePrice="16.2" origTradeDate="2025-09-10" origTradeID="1389766089" transactionID="5694297405" buySell="SELL (Ca.)" levelOfDetail="EXECUTION"/>
<Trade accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="CNVR.SPO" description="CONVERA CORPORATION - SPINOFF" conid="132118505" multiplier="1" tradeID="" reportDate="2025-08-01" tradeDate="2025-05-09" tradeTime="000000" transactionType="FracShare" exchange="--" quantity="-0.276942" tradePrice="0.00001" tradeMoney="-0.000002769" proceeds="0.000002769" taxes="0" ibCommission="0" ibCommissionCurrency="USD" openCloseIndicator="C" notes="" cost="-449.712074" fifoPnlRealized="-449.712071" transactionID="3723709320" buySell="SELL" levelOfDetail="EXECUTION"/>
<Trade accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="CNVR.SPO" description="CONVERA CORPORATION - SPINOFF" conid="132118505" multiplier="1" tradeID="" reportDate="2025-09-20" tradeDate="2025-05-09" tradeTime="000000" transactionType="FracShareCancel" exchange="--" quantity="0.276942" tradePrice="0.00001" tradeMoney="0.000002769" proceeds="-0.000002769" taxes="0" ibCommission="0" ibCommissionCurrency="USD" openCloseIndicator="" notes="Ca" cost="0.000002769" fifoPnlRealized="0" origTradeID="" transactionID="3831648707" buySell="SELL (Ca.)" levelOfDetail="EXECUTION"/>
<Trade accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="CNVR.SPO" description="CONVERA CORPORATION - SPINOFF" conid="132118505" multiplier="1" tradeID="" reportDate="2025-11-18" tradeDate="2025-05-09" tradeTime="000000" transactionType="FracShare" exchange="--" quantity="-0.276942" tradePrice="5334.4" tradeMoney="-1477.3194048" proceeds="1477.3194048" taxes="0" ibCommission="0" ibCommissionCurrency="USD" openCloseIndicator="C" notes="" cost="-449.712074" fifoPnlRealized="1027.61" transactionID="3964508206" buySell="SELL" levelOfDetail="EXECUTION"/>
<Trade accountId="U7000001" currency="USD" assetCategory="STK" symbol="XYZ" description="XYZ CORP" conid="77" tradeID="" reportDate="2025-02-03" tradeDate="2025-01-30" transactionType="TradeCancel" quantity="-10" tradePrice="50" proceeds="500" ibCommission="1" ibCommissionCurrency="USD" openCloseIndicator="" notes="Ca" cost="-500" origTradeID="999" transactionID="4000" buySell="BUY (Ca.)" levelOfDetail="EXECUTION"/>
</Trades>`;

  it('both lines are skipped with the reason; a cancellation of a trade of another report still asks', async () => {
    const r = await parse(sections);
    // Before, the cancelled sale of 100 SSRAP for 1 620 and the fractional sale for 0.000002769 (a loss of
    // 449.71) stayed sales of the declaration; only their cancellations waited for a person.
    expect(r.deals.map((d) => [d.row, d.kind, d.sale_closing_cost ?? d.purchase_opening_cost, d.status])).toEqual([
      // 1 000 SSRAP sold for 1 000 × 16.20 = 16 200, not cancelled
      ['Trade №2 (U7000001)', 'sale', '16200', null],
      // the fractional share sold again for 0.276942 × 5 334.40 = 1 477.3194048
      ['Trade №6 (U7000001)', 'sale', '1477.3194048', null],
      // the cancellation of trade 999, which is not in this report: it waits for a person
      ['Trade №7 (U7000001)', 'purchase', '500', 1],
    ]);
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([
      // TradeCancel names its trade: origTradeID 1389766089
      [
        'Trade №1 (U7000001)',
        'Сделка отменена брокером (строка отмены Trade №3 (U7000001) этого же отчета): не учитывается',
      ],
      ['Trade №3 (U7000001)', 'Отмена сделки Trade №1 (U7000001) этого же отчета (код Ca): обе строки не учитываются'],
      // FracShareCancel names none: the same security and day, quantity and proceeds reversed
      ['Trade №4 (U7000001)', expect.stringContaining('строка отмены Trade №5 (U7000001)')],
      ['Trade №5 (U7000001)', expect.stringContaining('Отмена сделки Trade №4 (U7000001)')],
    ]);
    // proceeds in the file are those of the trades read: 16 200 + 1 477.3194048 = 17 677.3194048
    expect(r.reconciliation.totals.USD?.proceeds).toEqual({ file: '17677.3194048', deals: '17677.3194048' });
  });
});

describe('IB Flex: a dividend IB calls a return of capital', () => {
  it('waits for a person with the reason; an ordinary dividend does not', async () => {
    const r = await parse(`<CashTransactions>
<CashTransaction accountId="U7000001" currency="USD" assetCategory="STK" symbol="9618" description="9618(KYG8208B1014) Cash Dividend USD 0.50 per Share (Return of Capital)" isin="KYG8208B1014" dateTime="20250423" amount="4.50" type="Dividends" transactionID="8101" levelOfDetail="DETAIL"/>
<CashTransaction accountId="U7000001" currency="USD" assetCategory="STK" symbol="FLCH" description="FLCH(US35473P8196) Cash Dividend USD 0.192099 per Share (Ordinary Dividend)" isin="US35473P8196" dateTime="20250627" amount="422.62" type="Dividends" transactionID="8102" levelOfDetail="DETAIL"/>
</CashTransactions>`);
    expect(r.deals.map((d) => [d.isin_security, d.sale_closing_cost, d.status])).toEqual([
      // 9 shares × 0.50 = 4.50 repaid from capital: not plainly a dividend out of profit
      ['KYG8208B1014', '4.5', 1],
      ['US35473P8196', '422.62', null],
    ]);
    expect(r.deals[0]!.comment).toMatch(/возвратом капитала.*Return of Capital.*является ли выплата доходом/);
  });
});

describe('IB Flex: a dividend reversed and paid again, the first payment in an earlier report', () => {
  // portfolio-performance testIBFlexStatementFile30/31.xml: on 16 June IB reverses 0.70 paid in May (not in this
  // report) and pays 0.76 again, withholding 0.11 of it
  const row = (id: string, type: string, amount: string, description: string) =>
    `<CashTransaction accountId="U7000001" currency="USD" fxRateToBase="1" assetCategory="STK" symbol="TEST" description="TEST(US0000000001) ${description}" conid="1" securityID="US0000000001" securityIDType="ISIN" isin="US0000000001" listingExchange="NYSE" multiplier="1" dateTime="20250616;120000" settleDate="20250616" amount="${amount}" type="${type}" transactionID="${id}" reportDate="20250616" levelOfDetail="DETAIL"/>`;

  it('the net 0.06 waits for a person, saying the reversed 0.70 is not in this report', async () => {
    const r = await parse(`<CashTransactions>
${row('reversal', 'Dividends', '-0.70', 'CASH DIVIDEND USD 0.0875 PER SHARE (Reversal)')}
${row('replacement', 'Dividends', '0.76', 'CASH DIVIDEND USD 0.0844444444 PER SHARE (Ordinary Dividend)')}
${row('tax', 'Withholding Tax', '-0.11', 'CASH DIVIDEND USD 0.0844444444 PER SHARE - US TAX')}
</CashTransactions>`);
    // −0.70 + 0.76 = 0.06 of income with 0.11 withheld: before, a plain dividend whose tax exceeds it, and the 0.70
    // paid in May was lost unless that report was loaded too
    expect(r.deals.map((d) => [d.sale_closing_cost, d.foreign_tax_credit, d.status])).toEqual([['0.06', '0.11', 1]]);
    expect(r.deals[0]!.comment).toMatch(/^Брокер сторнировал выплату 0\.7 USD .*которой нет в этом отчете/);
  });

  it('a reversal of a payment of the same report is netted without a question', async () => {
    // SAP, IBActivityStatementWithReversedDividends.xml: 284.20 paid, reversed, 284.21 paid and reversed, 284.20 paid
    const r = await parse(`<CashTransactions>
${row('1', 'Dividends', '284.2', 'CASH DIVIDEND EUR 2.45 PER SHARE (Ordinary Dividend)')}
${row('2', 'Dividends', '-284.2', 'CASH DIVIDEND EUR 2.45 PER SHARE - REVERSAL (Ordinary Dividend)')}
${row('3', 'Dividends', '284.21', 'CASH DIVIDEND EUR 2.45 PER SHARE (Ordinary Dividend)')}
${row('4', 'Dividends', '-284.21', 'CASH DIVIDEND EUR 2.45 PER SHARE - REVERSAL (Ordinary Dividend)')}
${row('5', 'Dividends', '284.2', 'CASH DIVIDEND EUR 2.45 PER SHARE (Ordinary Dividend)')}
</CashTransactions>`);
    // 284.20 − 284.20 + 284.21 − 284.21 + 284.20 = 284.20
    expect(r.deals.map((d) => [d.sale_closing_cost, d.status])).toEqual([['284.2', null]]);
  });

  it('a return of capital paid the same day as an ordinary dividend keeps its question', async () => {
    const r = await parse(`<CashTransactions>
${row('1', 'Dividends', '10.00', 'CASH DIVIDEND USD 0.10 PER SHARE (Ordinary Dividend)')}
${row('2', 'Dividends', '5.00', 'CASH DIVIDEND USD 0.05 PER SHARE (Return of Capital)')}
</CashTransactions>`);
    // one payment of 10 + 5 = 15 on the same day; before, the question of the second row was lost behind the first
    expect(r.deals.map((d) => [d.sale_closing_cost, d.status])).toEqual([['15', 1]]);
    expect(r.deals[0]!.comment).toMatch(/возвратом капитала/);
  });
});

describe('IB Flex: a convertible bond converted into shares (CorporateAction type "BC" and "CI")', () => {
  // ibflex enums: BC "Bond Conversion" gives up the bonds, CI "Convertible Issue" receives the shares (rows as in
  // henk789/ib-flex activity_complex_corporate_actions.xml, with ISINs and an action id)
  it('the shares received take over the cost of the bonds given up, as in a stock merger', async () => {
    const r = await parse(`<CorporateActions>
<CorporateAction accountId="U7000001" conid="678901234" symbol="DEF 1 1/2 06/01/28" description="DEF CORP CONV BOND" isin="US2440001000" assetCategory="BOND" actionType="BC" actionDescription="Bond Conversion" type="BC" dateTime="2025-01-15" reportDate="2025-01-15" quantity="-10000" proceeds="0.00" value="10000.00" currency="USD" fxRateToBase="1.0" actionID="555" transactionID="91"/>
<CorporateAction accountId="U7000001" conid="678901235" symbol="DEF" description="DEF CORP" isin="US2440002000" assetCategory="STK" actionType="CI" actionDescription="Convertible Issue" type="CI" dateTime="2025-01-15" reportDate="2025-01-15" quantity="250" proceeds="0.00" value="10000.00" currency="USD" fxRateToBase="1.0" actionID="555" transactionID="92"/>
</CorporateActions>`);
    // Before, both rows were skipped as «без выплаты денег» and the 250 shares had no purchase at all.
    expect(
      r.deals.map((d) => [d.operation_type_id, d.isin_security, d.quantity, d.status, d.corporate_action]),
    ).toEqual([
      // 250 DEF received in exchange («Обмен зачисление», 5): the cost is carried from the bonds, asked to confirm
      [5, 'US2440002000', '250', 1, 'stock_merger'],
    ]);
    // the whole cost (share 1) of the 10 000 face value of bonds given up the same day
    expect(r.deals[0]!.carry_from).toEqual({
      isin_security: 'US2440001000',
      name_security: 'DEF 1 1/2 06/01/28',
      quantity: '10000',
      share: '1',
    });
    expect(r.skipped.map((s) => s.reason)).toEqual([expect.stringMatching(/Списание старых бумаг при обмене/)]);
  });
});

describe('IB Flex: a cash and stock merger (type "TC" paying money and shares)', () => {
  it('the row paid in cash waits for a person; a plain cash merger does not', async () => {
    const r = await parse(`<CorporateActions>
<CorporateAction accountId="U7000001" transactionID="CA1" symbol="LVGO" description="LVGO(US5391831030) CASH and STOCK MERGER (Acquisition) US87918A1051 592 FOR 1000 AND USD 4.24 (LVGO, LIVONGO HEALTH INC, US5391831030)" isin="US5391831030" currency="USD" assetCategory="STK" reportDate="20251030" dateTime="20251030;202500" quantity="-10" amount="-42.4" proceeds="42.4" type="TC" actionID="77"/>
<CorporateAction accountId="U7000001" transactionID="CA2" symbol="TDOC" description="LVGO(US5391831030) CASH and STOCK MERGER (Acquisition) US87918A1051 592 FOR 1000 AND USD 4.24 (TDOC, TELADOC HEALTH INC, US87918A1051)" isin="US87918A1051" currency="USD" assetCategory="STK" reportDate="20251030" dateTime="20251030;202500" quantity="5.92" amount="0" proceeds="0" type="TC" actionID="77"/>
<CorporateAction accountId="U7000001" transactionID="CA3" symbol="NILSY.TEN" description="NILSY.TEN(466992534) MERGED(Voluntary Offer Allocation)  FOR USD 30.60000000 PER SHARE (NILSY.TEN, MMC NORILSK NICKEL JSC-ADR - TENDER, 466992534)" currency="USD" assetCategory="STK" reportDate="2025-11-03" dateTime="2025-11-02;202500" amount="-30600" proceeds="30600" quantity="-1000" costBasis="-20285" type="TC"/>
</CorporateActions>`);
    expect(
      r.deals.map((d) => [d.kind, d.name_security, d.sale_closing_cost, d.purchase_opening_cost, d.status]),
    ).toEqual([
      // 10 LVGO × 4.24 = 42.40 in cash and 10 × 592/1 000 = 5.92 TDOC: one cost for both, asked
      ['sale', 'LVGO', '42.4', null, 1],
      ['purchase', 'TDOC', null, '0', 1],
      // 1 000 NILSY tendered for 1 000 × 30.60 = 30 600 in cash only, against IB's cost 20 285: as before
      ['sale', 'NILSY.TEN', '30600', '20285', null],
    ]);
  });
});

describe('IB Flex: a trade cancelled and booked again under the same trade id', () => {
  // trimmed from a real paper-account statement quoted in a public plan: 2 CZR calls bought, the fill cancelled
  // (origTradeID 1786699376) and booked again as 1 contract under the same trade id, plus 1 more
  const opt = (tradeID: string, type: string, quantity: string, commission: string, buySell: string, extra = '') =>
    `<Trade accountId="U7000001" currency="USD" assetCategory="OPT" symbol="CZR   260821C00030000" description="CZR 21AUG26 30 C" conid="893396239" underlyingSymbol="CZR" multiplier="100" strike="30" expiry="20260821" putCall="C" tradeID="${tradeID}" dateTime="20250717;120440" tradeDate="20250717" transactionType="${type}" quantity="${quantity}" tradePrice="0.73" ibCommission="${commission}" openCloseIndicator="O" buySell="${buySell}" levelOfDetail="EXECUTION" ${extra}/>`;

  it('the cancellation takes out the first booking, the correction stays', async () => {
    const r = await parse(`<Trades>
${opt('1786699376', 'ExchTrade', '2', '-1.3666', 'BUY', 'transactionID="10651107881"')}
${opt('', 'TradeCancel', '-2', '0', 'BUY (Ca.)', 'transactionID="10651118319" origTradeID="1786699376" notes="Ca"')}
${opt('1786699376', 'ExchTrade', '1', '-0.3333', 'BUY', 'transactionID="10651118321"')}
${opt('1786704333', 'ExchTrade', '1', '-0.3333', 'BUY', 'transactionID="10651118445"')}
</Trades>`);
    // the proceeds are not in this query: quantity × 0.73 × 100 = 73 per contract
    expect(r.deals.map((d) => [d.row, d.quantity, d.purchase_opening_cost])).toEqual([
      ['Trade №3 (U7000001)', '1', '73'],
      ['Trade №4 (U7000001)', '1', '73'],
    ]);
    expect(r.skipped.map((s) => s.row)).toEqual(['Trade №1 (U7000001)', 'Trade №2 (U7000001)']);
  });
});
