import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';

// Layouts of IB Flex XML seen in other people's files (issue 16: run on files made by others): rows
// repeated as totals over the query's accounts, option exercises, corporate actions that buy shares or
// repeat a payment, interest "paid" that comes in. Figures below are read off the rows by hand.

const flex = (sections: string) =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<FlexQueryResponse queryName="tax" type="AF"><FlexStatements count="1">
<FlexStatement accountId="U12345678" fromDate="20250101" toDate="20251231" period="" whenGenerated="20260110;090000">
${sections}
</FlexStatement></FlexStatements></FlexQueryResponse>`);

const parse = (sections: string) => parseReport(flex(sections), { filename: 'flex.xml' });

const cash = (account: string, id: string, type: string, amount: string, description: string, date: string) =>
  `<CashTransaction transactionID="${id}" accountId="${account}" symbol="UNH" description="${description}" isin="US91324P1021" currency="USD" dateTime="${date}" settleDate="20250624" amount="${amount}" type="${type}"/>`;

describe('IB Flex: totals over all accounts (accountId "-") next to the account rows', () => {
  it('counts each dividend and its tax once, and lists the total rows as skipped with the reason', async () => {
    const DIV = 'UNH(US91324P1021) CASH DIVIDEND USD 2.21 PER SHARE (Ordinary Dividend)';
    const TAX = 'UNH(US91324P1021) CASH DIVIDEND USD 2.21 PER SHARE - US TAX';
    const r = await parse(
      `<CashTransactions>
${cash('-', '', 'Withholding Tax', '-4.97', TAX, '20250624')}
${cash('U12345678', '101', 'Withholding Tax', '-4.97', TAX, '20250624;202000')}
${cash('-', '', 'Dividends', '33.15', DIV, '20250624')}
${cash('U12345678', '102', 'Dividends', '33.15', DIV, '20250624;202000')}
</CashTransactions>`,
    );
    // one dividend of 33.15 USD (15 shares × 2.21), its 4.97 of US tax attached; not 66.30 and 9.94
    const dividends = r.deals.filter((d) => d.kind === 'dividend');
    expect(dividends).toHaveLength(1);
    expect(dividends[0]).toMatchObject({ sale_closing_cost: '33.15', foreign_tax_credit: '4.97', status: null });
    const totals = r.skipped.filter((s) => s.reason.includes('Итоговая строка по всем счетам'));
    expect(totals).toHaveLength(2);
    // and the reconciliation agrees with the file once the repeats are left out
    expect(r.reconciliation.totals.USD).toMatchObject({
      income: { file: '33.15', deals: '33.15' },
      taxes: { file: '4.97', deals: '4.97' },
    });
  });

  it('a file of total rows only is still read (they are then the only copy)', async () => {
    const r = await parse(
      `<CashTransactions>${cash('-', '', 'Dividends', '33.15', 'UNH(US91324P1021) CASH DIVIDEND USD 2.21 PER SHARE', '20250624')}</CashTransactions>`,
    );
    expect(r.deals.filter((d) => d.kind === 'dividend').map((d) => d.sale_closing_cost)).toEqual(['33.15']);
  });
});

describe('IB Flex: option exercises (OptionEAE)', () => {
  const eae = (
    id: string,
    type: string,
    category: string,
    symbol: string,
    qty: string,
    price: string,
    proceeds: string,
  ) =>
    `<OptionEAE accountId="U12345678" currency="USD" assetCategory="${category}" symbol="${symbol}" description="${symbol}" isin="${category === 'STK' ? 'US44812J1043' : ''}" issuerCountryCode="US" date="20250117" transactionType="${type}" quantity="${qty}" tradePrice="${price}" proceeds="${proceeds}" tradeID="${id}"/>`;
  const stockTrade = `<Trade accountId="U12345678" currency="USD" assetCategory="STK" symbol="HUT" description="HUT 8 CORP" isin="US44812J1043" issuerCountryCode="US" tradeID="T2" tradeDate="20250117" quantity="600" tradePrice="20" proceeds="-12000" ibCommission="0" buySell="BUY" levelOfDetail="EXECUTION"/>`;
  const rows = `<OptionEAE>
${eae('T1', 'Exercise', 'OPT', 'HUT 250117C00020000', '-6', '0', '0')}
${eae('T2', 'Buy', 'STK', 'HUT', '600', '20', '-12000')}
${eae('T3', 'Expiration', 'OPT', 'MU 250725C00120000', '-1', '0', '0')}
</OptionEAE>`;

  it('with the shares bought in Trades: one purchase, the exercise rows listed as skipped', async () => {
    const r = await parse(`<Trades>${stockTrade}</Trades>${rows}`);
    // 6 calls × 100 shares at the 20 strike: 600 HUT for 12 000 USD, once
    const purchases = r.deals.filter((d) => d.kind === 'purchase');
    expect(purchases.map((d) => [d.quantity, d.purchase_opening_cost, d.status])).toEqual([['600', '12000', null]]);
    expect(r.skipped.filter((s) => String(s.row).startsWith('OptionEAE'))).toHaveLength(3);
    expect(r.skipped.find((s) => String(s.row).startsWith('OptionEAE №2'))?.reason).toContain(
      'учтены по разделу Trades',
    );
  });

  it('without them in Trades: the purchase is made from the exercise row and waits to be checked', async () => {
    const r = await parse(rows);
    const purchases = r.deals.filter((d) => d.kind === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ quantity: '600', purchase_opening_cost: '12000', status: 1 });
    expect(purchases[0]!.comment).toContain('OptionEAE');
    // the option's own rows moved no money
    expect(r.skipped.filter((s) => s.reason.includes('без движения денег'))).toHaveLength(2);
  });
});

describe('IB Flex: corporate actions that buy shares or repeat a payment', () => {
  const action = (type: string, description: string, qty: string, proceeds: string, date: string) =>
    `<CorporateAction accountId="U12345678" currency="USD" assetCategory="STK" symbol="ABC" conid="7" description="${description}" isin="US0000000233" issuerCountryCode="US" type="${type}" dateTime="${date}" quantity="${qty}" proceeds="${proceeds}"/>`;

  it('a tender paid on a second row without quantity is one disposal of 3 500, not two', async () => {
    const r = await parse(
      `<CorporateActions>${action('TO', 'ABC(US0000000233) TENDER', '-50', '3500', '20250115')}${action('TO', 'ABC(US0000000233) TENDER (ISSUE)', '0', '3500', '20250120')}</CorporateActions>`,
    );
    const sales = r.deals.filter((d) => d.section === 'second_section');
    expect(sales.map((d) => [d.quantity, d.sale_closing_cost])).toEqual([['50', '3500']]);
    expect(r.skipped.map((s) => s.reason).join(' ')).toContain('Строка выплаты того же корпоративного действия');
  });

  it('shares subscribed for money (rights, "SR") are a purchase at the amount paid', async () => {
    const r = await parse(
      `<CorporateActions>${action('SR', 'ABC(US0000000233) SUBSCRIBE RIGHTS', '10', '-250', '20250120')}</CorporateActions>`,
    );
    // 10 shares for 250 USD: a purchase lot, not income of −250
    expect(r.deals).toHaveLength(1);
    expect(r.deals[0]).toMatchObject({
      section: 'purchase_transaction_section',
      quantity: '10',
      purchase_opening_cost: '250',
    });
    expect(r.reconciliation.totals.USD).toMatchObject({ costs: { file: '250', deals: '250' } });
    expect(Number(r.reconciliation.totals.USD?.income.file ?? 0)).toBe(0);
  });
});

describe('IB Flex: "Broker Interest Paid" that comes in', () => {
  it('a positive amount is asked about (money received), a negative one is skipped as interest paid', async () => {
    const row = (id: string, amount: string, description: string) =>
      `<CashTransaction transactionID="${id}" accountId="U12345678" description="${description}" currency="USD" dateTime="20250115" amount="${amount}" type="Broker Interest Paid"/>`;
    const r = await parse(
      `<CashTransactions>${row('1', '12.50', 'USD Credit Interest')}${row('2', '-5.25', 'USD Debit Interest')}</CashTransactions>`,
    );
    expect(r.deals).toHaveLength(1);
    expect(r.deals[0]).toMatchObject({ status: 1, sale_closing_cost: '12.5' });
    expect(r.skipped.map((s) => s.reason)).toEqual([
      'Операция «Broker Interest Paid» не является доходом для декларации',
    ]);
  });
});

describe('IB Flex: holdings of a statement that does not end on 31 December', () => {
  it('are flagged for the user to check on 31 December; those of 31 December are not', async () => {
    const position = (date: string) =>
      `<OpenPosition accountId="U12345678" currency="USD" assetCategory="STK" symbol="AAPL" description="APPLE INC" isin="US0378331005" issuerCountryCode="US" reportDate="${date}" position="10" levelOfDetail="SUMMARY"/>`;
    const cashRow = (date: string) =>
      `<CashReportCurrency accountId="U12345678" currency="USD" endingCash="680.12" toDate="${date}"/>`;
    const read = async (date: string) =>
      (await parse(`<OpenPositions>${position(date)}</OpenPositions><CashReport>${cashRow(date)}</CashReport>`)).deals;
    const september = await read('20250911');
    expect(september.map((d) => [d.section, d.status])).toEqual([
      ['sixth_section_first_part', 1],
      ['sixth_section_second_part', 1],
    ]);
    expect(september[0]!.comment).toMatch(/^Остаток на 11\.09\.2025, а не на 31 декабря/);
    expect((await read('20251231')).map((d) => d.status)).toEqual([null, null]);
  });
});

describe('IB Flex: the IB company that holds the account is the bank of section 6.2', () => {
  it('AccountInformation ibEntity "IB-UK" gives Interactive Brokers (U.K.) Limited in Great Britain; none gives IB LLC, USA', async () => {
    const cashRow =
      '<CashReport><CashReportCurrency accountId="U12345678" currency="EUR" endingCash="250" toDate="20251231"/></CashReport>';
    const [uk] = (await parse(`<AccountInformation accountId="U12345678" currency="EUR" ibEntity="IB-UK"/>${cashRow}`))
      .deals;
    expect(uk).toMatchObject({
      bank_name: 'Interactive Brokers (U.K.) Limited',
      country_code: 'GBR',
      amount_in_currency: '250',
    });
    const [ce] = (await parse(`<AccountInformation accountId="U12345678" ibEntity="IBCE"/>${cashRow}`)).deals;
    expect(ce).toMatchObject({ bank_name: 'Interactive Brokers Central Europe Zrt.', country_code: 'HUN' });
    const [us] = (await parse(cashRow)).deals;
    expect(us).toMatchObject({ bank_name: 'Interactive Brokers LLC', country_code: 'USA' });
  });
});

describe('IB Flex: taxes in sections of their own (SalesTaxes, TransactionTaxes)', () => {
  it('the stamp duty is counted once, on its trade; a VAT on a fee is listed as skipped, not a deal', async () => {
    const r = await parse(`<Trades>
<Trade accountId="U12345678" currency="GBP" assetCategory="STK" symbol="VOD" description="VODAFONE GROUP" isin="GB00BH4HKS39" listingExchange="LSE" tradeID="9" tradeDate="20250310" dateTime="20250310;100000" quantity="1000" tradePrice="0.7" proceeds="-700" ibCommission="-3" ibCommissionCurrency="GBP" taxes="-3.5" buySell="BUY"/>
</Trades>
<SalesTaxes><SalesTax accountId="U12345678" currency="USD" date="20250131" salesTax="-0.9" taxableDescription="MONTHLY MINIMUM FEE"/></SalesTaxes>
<TransactionTaxes><TransactionTax accountId="U12345678" currency="GBP" symbol="VOD" date="20250310" taxDescription="UK STAMP DUTY" taxAmount="-3.5" tradeID="9"/></TransactionTaxes>`);
    // one purchase of 700 GBP, commission 3 + the stamp duty 3.5 = 6.5 (not 10: the duty is not read twice)
    expect(r.deals).toHaveLength(1);
    expect(r.deals[0]).toMatchObject({ kind: 'purchase', purchase_opening_cost: '700', commission: '6.5' });
    expect(r.skipped.map((s) => s.row)).toEqual(['SalesTax 31.01.2025', 'TransactionTax 10.03.2025']);
    expect(r.skipped[0]!.reason).toContain('0.9 USD на «MONTHLY MINIMUM FEE»');
    expect(r.skipped[1]!.reason).toContain('уже учтен в сделке');
    // neither section is reported as unread
    expect(r.reconciliation.notes).toEqual([]);
  });

  it('a section we do not know, next to the trades, is named in the reconciliation with its row count', async () => {
    const r = await parse(`<Trades>
<Trade accountId="U12345678" currency="USD" assetCategory="STK" symbol="AAPL" isin="US0378331005" tradeID="1" tradeDate="20250310" quantity="1" tradePrice="200" proceeds="-200" ibCommission="-1" buySell="BUY"/>
</Trades>
<IncentiveCouponAccrualDetails><IncentiveCouponAccrualDetail accountId="U12345678" currency="USD"/><IncentiveCouponAccrualDetail accountId="U12345678" currency="USD"/></IncentiveCouponAccrualDetails>`);
    expect(r.deals).toHaveLength(1);
    expect(r.reconciliation.notes.join(' ')).toContain('IncentiveCouponAccrualDetails — 2');
  });
});
