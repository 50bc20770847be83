import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';

// Third round of IB Flex XML layouts seen in other people's files (issue 16): a query set to "dd/MM/yyyy"
// dates, a debit cash balance and a written option at the year end, SUMMARY cash rows next to DETAIL ones,
// Order/SymbolSummary/AssetSummary rows in Trades, and a rights subscription paid on the line giving up the
// rights. Rows below keep the layout of those files (attribute names, the shape of the values); accounts,
// names and amounts are made up. Every figure is read off the rows by hand.

const flex = (statement: string, sections: string) =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<FlexQueryResponse queryName="tax" type="AF"><FlexStatements count="1">
<FlexStatement accountId="U7654321" ${statement}>
${sections}
</FlexStatement></FlexStatements></FlexQueryResponse>`);

const YEAR_2025 = 'fromDate="20250101" toDate="20251231" period="" whenGenerated="20260110;090000"';
const parse = (sections: string, statement = YEAR_2025) =>
  parseReport(flex(statement, sections), { filename: 'flex.xml' });

describe('IB Flex: a query whose dates are "dd/MM/yyyy"', () => {
  // The statement says fromDate="01/01/2025" toDate="31/12/2025": 31 cannot be a month, so every date of the
  // file is day first. Before, they were read month first: 03/02/2025 (3 February) became 2 March, 08/05/2025
  // (8 May) became 5 August, and 20/06/2025 or 31/12/2025 were row errors.
  const statement = 'fromDate="01/01/2025" toDate="31/12/2025" period="" whenGenerated="30/01/2026;04:35:15"';
  const sections = `<OpenPositions>
<OpenPosition accountId="U7654321" currency="USD" assetCategory="STK" subCategory="ETF" symbol="VHYL" description="VANGUARD FTSE AW HIGH DIV YIELD DIST" isin="IE00B8GKDB10" listingExchange="LSE" issuerCountryCode="IE" reportDate="31/12/2025" position="120" side="Long" levelOfDetail="SUMMARY"/>
</OpenPositions>
<Trades>
<Trade accountId="U7654321" currency="USD" assetCategory="STK" subCategory="ETF" symbol="VHYL" description="VANGUARD FTSE AW HIGH DIV YIELD DIST" isin="IE00B8GKDB10" listingExchange="LSE" issuerCountryCode="IE" tradeID="7001" reportDate="03/02/2025" dateTime="03/02/2025;10:00:00" tradeDate="03/02/2025" settleDateTarget="05/02/2025" transactionType="ExchTrade" quantity="120" tradePrice="61.40" proceeds="-7368" taxes="0" ibCommission="-3" ibCommissionCurrency="USD" buySell="BUY" transactionID="8001" levelOfDetail="EXECUTION"/>
</Trades>
<CashTransactions>
<CashTransaction accountId="U7654321" currency="USD" assetCategory="STK" symbol="VHYL" description="VHYL(IE00B8GKDB10) CASH DIVIDEND USD 0.80 PER SHARE" isin="IE00B8GKDB10" dateTime="20/06/2025" settleDate="20/06/2025" amount="96.00" type="Dividends" transactionID="8002" reportDate="20/06/2025" levelOfDetail="DETAIL"/>
<CashTransaction accountId="U7654321" currency="USD" assetCategory="STK" symbol="VHYL" description="VHYL(IE00B8GKDB10) WITHHOLDING @ 15%" isin="IE00B8GKDB10" dateTime="20/06/2025" settleDate="20/06/2025" amount="-14.40" type="Withholding Tax" transactionID="8003" reportDate="20/06/2025" levelOfDetail="DETAIL"/>
<CashTransaction accountId="U7654321" currency="USD" assetCategory="STK" symbol="AAPL" description="AAPL(US0378331005) CASH DIVIDEND USD 0.25 PER SHARE" isin="US0378331005" dateTime="08/05/2025" settleDate="08/05/2025" amount="10.00" type="Dividends" transactionID="8004" reportDate="08/05/2025" levelOfDetail="DETAIL"/>
</CashTransactions>
<CashReport><CashReportCurrency accountId="U7654321" currency="USD" levelOfDetail="Currency" fromDate="01/01/2025" toDate="31/12/2025" endingCash="500"/></CashReport>`;

  it('reads every date day first, the period included', async () => {
    const r = await parse(sections, statement);
    expect(r.errors).toEqual([]);
    expect(r.period).toEqual({ from: '01.01.2025', to: '31.12.2025' });
    // 120 VHYL bought on 3 February 2025 for 120 × 61.40 = 7 368 USD
    expect(r.deals.find((d) => d.kind === 'purchase')).toMatchObject({
      transaction_date: '03.02.2025',
      purchase_opening_cost: '7368',
    });
    // dividends: 96 USD on 20 June (14.40 = 15 % withheld), 10 USD on 8 May
    expect(r.deals.filter((d) => d.kind === 'dividend').map((d) => [d.transaction_date, d.sale_closing_cost])).toEqual([
      ['20.06.2025', '96'],
      ['08.05.2025', '10'],
    ]);
    // the holdings are those of 31 December, so they need no check
    expect(r.deals.filter((d) => d.section.startsWith('sixth')).map((d) => [d.transaction_date, d.status])).toEqual([
      ['31.12.2025', null],
      ['31.12.2025', null],
    ]);
  });

  it('no day above 12 in the header: the reading that keeps fromDate before toDate; a month-first one stays', async () => {
    const rows = (date: string) =>
      `<CashTransactions><CashTransaction accountId="U7654321" currency="USD" assetCategory="STK" symbol="AAPL" description="AAPL(US0378331005) CASH DIVIDEND USD 0.25 PER SHARE" isin="US0378331005" dateTime="${date}" amount="10.00" type="Dividends" transactionID="8005" levelOfDetail="DETAIL"/></CashTransactions>`;
    // 05/01/2025 – 04/12/2025: month first that is 1 May – 12 April (ends before it starts), so it is
    // 5 January – 4 December, and the dividend of 08/05/2025 is of 8 May (before: 5 August)
    const dayFirst = await parse(
      rows('08/05/2025'),
      'fromDate="05/01/2025" toDate="04/12/2025" whenGenerated="05/12/2025;09:00:00"',
    );
    expect(dayFirst.period).toEqual({ from: '05.01.2025', to: '04.12.2025' });
    expect(dayFirst.deals.map((d) => d.transaction_date)).toEqual(['08.05.2025']);
    // toDate 12/31/2025: 31 cannot be a month, so 06/20/2025 is 20 June (as before)
    const monthFirst = await parse(
      rows('06/20/2025'),
      'fromDate="01/01/2025" toDate="12/31/2025" whenGenerated="01/30/2026;04:35:15"',
    );
    expect(monthFirst.errors).toEqual([]);
    expect(monthFirst.period).toEqual({ from: '01.01.2025', to: '31.12.2025' });
    expect(monthFirst.deals.map((d) => d.transaction_date)).toEqual(['20.06.2025']);
  });
});

describe('IB Flex: what is owed at the year end is not property abroad', () => {
  // A debit USD balance of −0.47148 (an eTax export) and 12 written calls (side="Short", position −12). Before,
  // both became section 6 deals with negative figures and no check asked for.
  const sections = `<AccountInformation accountId="U7654321" currency="CHF" ibEntity="IB-UK"/>
<OpenPositions>
<OpenPosition accountId="U7654321" currency="USD" assetCategory="STK" subCategory="COMMON" symbol="XXXX" description="SAMPLE CORP" isin="US0000000001" listingExchange="NASDAQ" issuerCountryCode="US" reportDate="20251231" position="1200" side="Long" levelOfDetail="SUMMARY"/>
<OpenPosition accountId="U7654321" currency="USD" assetCategory="OPT" subCategory="C" symbol="XXXX  260220C00200000" description="XXXX 20FEB26 200 C" isin="" listingExchange="CBOE" underlyingSymbol="XXXX" multiplier="100" strike="200" expiry="20260220" putCall="C" reportDate="20251231" position="-12" markPrice="1.50" positionValue="-1800" side="Short" levelOfDetail="SUMMARY"/>
</OpenPositions>
<CashReport>
<CashReportCurrency accountId="U7654321" currency="BASE_SUMMARY" levelOfDetail="BaseCurrency" fromDate="20250101" toDate="20251231" endingCash="13537.96"/>
<CashReportCurrency accountId="U7654321" currency="CHF" levelOfDetail="Currency" fromDate="20250101" toDate="20251231" endingCash="13538.34"/>
<CashReportCurrency accountId="U7654321" currency="USD" levelOfDetail="Currency" fromDate="20250101" toDate="20251231" endingCash="-0.47148"/>
</CashReport>`;

  it('the written calls and the debit balance are listed as skipped with the reason; the rest is section 6', async () => {
    const r = await parse(sections);
    expect(r.deals.map((d) => [d.section, d.quantity ?? d.amount_in_currency, d.currency_code])).toEqual([
      ['sixth_section_first_part', '1200', 'USD'],
      ['sixth_section_second_part', '13538.34', 'CHF'],
    ]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      expect.stringMatching(/^Короткая позиция -12 «XXXX 20FEB26 200 C» на 31\.12\.2025: .*обязательство/),
      expect.stringMatching(/^Отрицательный остаток −0\.47148 USD на 31\.12\.2025: это долг брокеру/),
    ]);
  });
});

describe('IB Flex: rows that repeat others are listed, not dropped silently', () => {
  const div = (account: string, id: string, level: string, type: string, amount: string, date: string) =>
    `<CashTransaction accountId="${account}" currency="USD" assetCategory="STK" symbol="ZT0" description="ZT0(US9279591062) CASH DIVIDEND USD 0.53 PER SHARE${type === 'Dividends' ? ' (Ordinary Dividend)' : ' - US TAX'}" isin="US9279591062" dateTime="${date}" settleDate="20250821" amount="${amount}" type="${type}" transactionID="${id}" actionID="157311972" levelOfDetail="${level}"/>`;

  it('SUMMARY cash rows next to DETAIL ones: one dividend of 12.72 with 1.91 withheld, the summaries named', async () => {
    const r = await parse(`<CashTransactions>
${div('-', '', 'SUMMARY', 'Withholding Tax', '-1.91', '20250821')}
${div('U7654321', '901', 'DETAIL', 'Withholding Tax', '-1.91', '20250821;202000')}
${div('-', '', 'SUMMARY', 'Dividends', '12.72', '20250821')}
${div('U7654321', '902', 'DETAIL', 'Dividends', '12.72', '20250821;202000')}
</CashTransactions>`);
    // 24 shares × 0.53 = 12.72 USD, US tax 15 % = 1.91 (rounded by IB), counted once
    expect(r.deals.map((d) => [d.kind, d.sale_closing_cost, d.foreign_tax_credit])).toEqual([
      ['dividend', '12.72', '1.91'],
    ]);
    // before, the two SUMMARY rows were in neither the deals nor the skipped list
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([
      ['CashTransaction №1 (U7654321)', expect.stringContaining('Сводная строка движения денег «Withholding Tax»')],
      ['CashTransaction №3 (U7654321)', expect.stringContaining('Сводная строка движения денег «Dividends»')],
    ]);
    expect(r.reconciliation.skipped).toBe(2);
  });

  const trade = `<Trade accountId="U7654321" currency="EUR" assetCategory="STK" subCategory="COMMON" symbol="ZT0" description="VIPER ENERGY INC" isin="US9279591062" listingExchange="FWB2" issuerCountryCode="US" tradeID="8029134670" dateTime="20250807;104523" tradeDate="20250807" transactionType="ExchTrade" quantity="24" tradePrice="33.2" proceeds="-796.8" taxes="0" ibCommission="-3" ibCommissionCurrency="EUR" buySell="BUY" transactionID="34300637871" levelOfDetail="EXECUTION"/>`;
  const symbolSummary = `<SymbolSummary accountId="U7654321" currency="EUR" assetCategory="STK" symbol="ZT0" description="VIPER ENERGY INC" isin="US9279591062" tradeID="" reportDate="MULTI" tradeDate="MULTI" quantity="24" tradePrice="33.2" proceeds="-796.8" ibCommission="-3" buySell="BUY" transactionID="" levelOfDetail="SYMBOL_SUMMARY"/>`;
  const assetSummary = `<AssetSummary accountId="U7654321" symbol="" quantity="24" proceeds="-796.8" ibCommission="-3" assetCategory="STK" currency="" levelOfDetail="ASSET_SUMMARY"/>`;
  const order = `<Order accountId="U7654321" currency="EUR" assetCategory="STK" symbol="ZT0" description="VIPER ENERGY INC" isin="US9279591062" dateTime="20250807;104523" tradeDate="20250807" quantity="24" tradePrice="33.2" proceeds="-796.8" ibCommission="-3" buySell="BUY" levelOfDetail="ORDER"/>`;

  it('Order, SymbolSummary and AssetSummary rows in Trades: the purchase once, each total row named', async () => {
    const r = await parse(`<Trades>${assetSummary}${symbolSummary}${order}${trade}</Trades>`);
    // 24 ZT0 for 24 × 33.2 = 796.8 EUR, commission 3: one purchase, not four
    expect(r.deals.map((d) => [d.kind, d.quantity, d.purchase_opening_cost, d.commission])).toEqual([
      ['purchase', '24', '796.8', '3'],
    ]);
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([
      ['AssetSummary (U7654321)', expect.stringContaining('Сводная строка уровня ASSET_SUMMARY')],
      ['SymbolSummary ZT0 (U7654321)', expect.stringContaining('Сводная строка уровня SYMBOL_SUMMARY')],
      ['Order ZT0 (U7654321)', expect.stringContaining('Сводная строка уровня ORDER')],
    ]);
  });

  it('Trades with only per-symbol totals (no executions) is refused with what to export, not read as empty', async () => {
    await expect(parse(`<Trades>${assetSummary}${symbolSummary}</Trades>`)).rejects.toThrow(
      /на уровне заявок[\s\S]*Execution/,
    );
  });
});

describe('IB Flex: a rights subscription paid on the line that gives up the rights', () => {
  // Layout of a real rights issue (a Swiss property fund): 1 208 rights received (RI); 1 200 of them given up
  // for 120 subscription shares at CHF 14.90 each, paid on the rights' line (SR: quantity −1 200, proceeds
  // −1 788 = 1 200 × 1.49) while the line receiving the 120 new ones states no money; the subscription
  // shares then exchanged 1 for 1 into the fund (TC); the 8 rights left delisted (DW).
  const action = (
    symbol: string,
    isin: string,
    conid: string,
    description: string,
    date: string,
    qty: string,
    proceeds: string,
    type: string,
    id: string,
    actionId: string,
  ) =>
    `<CorporateAction accountId="U7654321" currency="CHF" assetCategory="STK" subCategory="RIGHT" symbol="${symbol}" description="${description}" conid="${conid}" securityID="${isin}" securityIDType="ISIN" isin="${isin}" issuerCountryCode="CH" reportDate="${date}" dateTime="${date};202500" actionDescription="${description}" amount="${proceeds.startsWith('-') ? proceeds.slice(1) : '0'}" proceeds="${proceeds}" value="0" quantity="${qty}" costBasis="" type="${type}" transactionID="${id}" actionID="${actionId}" levelOfDetail="DETAIL"/>`;
  const SUB = 'RTS1.OLD(CH0000000117) SUBSCRIBES TO (SU0000000014) 1 FOR 10 FOR CHF -1.49 PER SHARE';
  const MERGE = 'FUND.RTS2(SU0000000014) MERGED(Voluntary Offer Allocation) WITH CH0000000109 1 FOR 1';
  const rows = `<CorporateActions>
${action('RTS1', 'CH0000000117', '11', 'FUND(CH0000000109) SUBSCRIBABLE RIGHTS ISSUE 1 FOR 1 (RTS1, FUND-RTS, CH0000000117)', '20241023', '1208', '0', 'RI', '1', '101')}
${action('FUND.RTS2', 'SU0000000014', '12', `${SUB} (FUND.RTS2, FUND - RIGHTS SUBSCRIPTION, SU0000000014)`, '20241031', '120', '0', 'SR', '2', '102')}
${action('RTS1.OLD', 'CH0000000117', '11', `${SUB} (RTS1.OLD, FUND-RTS, CH0000000117)`, '20241031', '-1200', '-1788', 'SR', '3', '102')}
${action('FUND', 'CH0000000109', '13', `${MERGE} (FUND, PROPERTY FUND, CH0000000109)`, '20241107', '120', '0', 'TC', '4', '103')}
${action('FUND.RTS2', 'SU0000000014', '12', `${MERGE} (FUND.RTS2, FUND - RIGHTS SUBSCRIPTION, SU0000000014)`, '20241107', '-120', '0', 'TC', '5', '103')}
${action('RTS1.OLD', 'CH0000000117', '11', '(CH0000000117) DELISTED (RTS1.OLD, FUND-RTS, CH0000000117)', '20241119', '-8', '0', 'DW', '6', '104')}
</CorporateActions>`;

  it('the 120 subscription shares are a purchase at the 1 788 paid, which the fund units then carry', async () => {
    const r = await parse(rows, 'fromDate="20240101" toDate="20241231" period="" whenGenerated="20250115;100000"');
    const purchases = r.deals.filter((d) => d.kind === 'purchase');
    expect(purchases.map((d) => [d.isin_security, d.transaction_date, d.quantity, d.purchase_opening_cost])).toEqual([
      ['SU0000000014', '31.10.2024', '120', '1788'],
      // the fund units take over the subscription shares' cost (carried by the server from the lot above)
      ['CH0000000109', '07.11.2024', '120', '0'],
    ]);
    expect(purchases[1]!.carry_from).toMatchObject({ isin_security: 'SU0000000014', quantity: '120' });
    // before, the 1 788 paid was an unknown money row of −1 788 and no deal had it as a cost
    expect(r.deals.some((d) => d.kind === 'unknown')).toBe(false);
    expect(r.reconciliation.totals.CHF).toMatchObject({ costs: { file: '1788', deals: '1788' } });
    expect(r.skipped.find((s) => s.row === 'CorporateAction №3 (U7654321)')?.reason).toMatch(
      /^Оплата 1788 CHF по корпоративному действию .*стоимость покупки бумаг, полученных по этому действию \(CorporateAction №2 \(U7654321\)\)$/,
    );
  });
});
