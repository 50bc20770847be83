import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';

// Fifth round of IB Activity Statement CSV layouts seen in other people's files and tools (issue 16): the
// Transfers section ("Transfers,Header,Asset Category,Currency,Symbol,Date,Type,Direction,Xfer Company,Xfer
// Account,Qty,Xfer Price,Market Value,Realized P/L,Cash Amount,Code" with ACATS, ATON, Internal and
// Inter-Company rows, quoted "2,500" quantities and a Total row, as in the statements quoted by several public
// tax tools), a trade and its cancellation (Code "Ca"), and a dividend IB calls a return of capital
// ("9618(KYG8208B1014) Cash Dividend USD 0.50 per Share (Return of Capital)"). Accounts, names and figures are
// made up; every expected figure is read off the rows by hand.

const csv = (lines: string[]) => new TextEncoder().encode(`${lines.join('\n')}\n`);
const parse = (lines: string[]) => parseReport(csv(lines), { filename: 'activity.csv' });

const STATEMENT = [
  'Statement,Header,Field Name,Field Value',
  'Statement,Data,BrokerName,Interactive Brokers',
  'Statement,Data,Period,"January 1, 2025 - December 31, 2025"',
];
const TRADES =
  'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code';
const INSTRUMENTS = [
  'Financial Instrument Information,Header,Asset Category,Symbol,Description,Conid,Security ID,Listing Exch,Multiplier,Type,Code',
  'Financial Instrument Information,Data,Stocks,SQQQ,PROSHARES ULTRAPRO SHORT QQQ,1,US74347G4322,NASDAQ,1,ETF,',
  'Financial Instrument Information,Data,Stocks,AAPL,APPLE INC,2,US0378331005,NASDAQ,1,COMMON,',
];

describe('IB activity CSV: positions transferred in and out (Transfers)', () => {
  const lines = [
    ...STATEMENT,
    TRADES,
    'Trades,Data,Order,Stocks,USD,SQQQ,"2025-06-10, 10:00:00",-500,12,12,6000,-1,0,0,0,C',
    'Transfers,Header,Asset Category,Currency,Symbol,Date,Type,Direction,Xfer Company,Xfer Account,Qty,Xfer Price,Market Value,Realized P/L,Cash Amount,Code',
    'Transfers,Data,Stocks,USD,SQQQ,2025-01-05,ACATS,In,--,118056084,"2,500",--,"37,100.00",0.00,0.00,',
    'Transfers,Data,Stocks,USD,AAPL,2025-08-30,Inter-Company,In,--,U7000002,50,180.5,"11,489.50",0.00,0.00,',
    'Transfers,Data,Stocks,USD,MDX,2025-05-20,ATON,Out,--,5550001234,-250,--,"-7,412.50",0.00,0.00,',
    'Transfers,Data,Cash,USD,CASH.USD,2025-02-01,ACATS,In,--,--,,,,,500,',
    'Transfers,Data,Total,,,,,,,,,,"41,177.00",0,500,',
    ...INSTRUMENTS,
  ];

  it('securities moved in are purchases that ask for their cost; moved out and cash moved are skipped', async () => {
    const r = await parse(lines);
    expect(r.errors).toEqual([]);
    // Before, every Transfers row was skipped as «не является доходом или сделкой»: the 2 500 SQQQ moved in had no
    // purchase, and the sale of 500 of them in June found no cost without a word why.
    const moved = r.deals.filter((d) => d.kind === 'purchase');
    expect(
      moved.map((d) => [d.row, d.transaction_date, d.isin_security, d.quantity, d.purchase_opening_cost, d.status]),
    ).toEqual([
      // "2,500" SQQQ by ACATS, "--" transfer price: cost 0, asked (the market value 37 100 is not a cost)
      [7, '05.01.2025', 'US74347G4322', '2500', '0', 1],
      // 50 AAPL from another IB entity at a stated price of 180.50: 50 × 180.50 = 9 025, to confirm
      [8, '30.08.2025', 'US0378331005', '50', '9025', 1],
    ]);
    expect(moved[0]!.comment).toMatch(/переводом \(ACATS\).*без стоимости покупки/);
    expect(moved[1]!.comment).toMatch(/по цене перевода 180\.5 USD за штуку/);
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([
      // 250 MDX moved out by ATON is not a sale
      [9, expect.stringMatching(/^Перевод бумаг «MDX» \(250 шт\.\).*\(ATON\): не является продажей/)],
      // 500 USD of cash moved in is not income
      [10, expect.stringMatching(/^Перевод денег 500 USD \(ACATS\) между счетами: не является доходом/)],
    ]);
    expect(r.reconciliation.rows).toMatchObject({ trade_buy: 2, trade_sell: 1, skipped: 2 });
    expect(r.reconciliation.totals.USD?.costs).toEqual({ file: '9025', deals: '9025' });
  });

  it('a Transfers section whose columns are not the ones we know keeps the old reason', async () => {
    const r = await parse([
      ...STATEMENT,
      'Transfers,Header,Asset Category,Currency,Symbol,Date,Type,Direction,Amount',
      'Transfers,Data,Stocks,USD,SQQQ,2025-01-05,ACATS,In,100',
    ]);
    expect(r.deals).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      'Раздел «Transfers»: не является доходом или сделкой для декларации',
    ]);
  });
});

describe('IB activity CSV: a trade and its cancellation (Code "Ca")', () => {
  it('both lines are skipped with the reason; the other sale stays', async () => {
    const r = await parse([
      ...STATEMENT,
      TRADES,
      'Trades,Data,Order,Stocks,USD,SSRAP,"2025-09-10, 13:48:59",-100,16.2,16.1,1620,-0.28696525,-1500,119.71,10,C',
      'Trades,Data,Order,Stocks,USD,SSRAP,"2025-09-10, 15:51:34",-1000,16.2,16.1,16200,-4.1196525,-16003.66225,192.22,100,C',
      'Trades,Data,Order,Stocks,USD,SSRAP,"2025-09-10, 13:48:59",100,16.2,16.1,-1620,0.28696525,1500,0,-10,Ca',
      'Trades,SubTotal,,Stocks,USD,SSRAP,,-1000,,,16200,-4.12,-16003.66,192.22,100,',
    ]);
    // Before, the cancelled sale of 100 for 1 620 stayed a sale of the declaration and its cancellation became a
    // purchase of 100 for 1 620 waiting for a person.
    expect(r.deals.map((d) => [d.row, d.kind, d.quantity, d.sale_closing_cost, d.purchase_opening_cost])).toEqual([
      // 1 000 sold for 1 000 × 16.20 = 16 200 against the basis 16 003.66225
      [6, 'sale', '1000', '16200', '16003.66225'],
    ]);
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([
      [5, 'Сделка отменена брокером (строка отмены 7 этого же отчета): не учитывается'],
      [7, 'Отмена сделки 5 этого же отчета (код Ca): обе строки не учитываются'],
    ]);
  });
});

describe('IB activity CSV: a share sold short (Code "O")', () => {
  it('waits for a person with what to give; a sale closing a holding (Code "C") does not', async () => {
    const r = await parse([
      ...STATEMENT,
      ...INSTRUMENTS,
      TRADES,
      // 30 AAPL sold short at 210 = 6 300; 10 SQQQ sold at 9.50 = 95 closing a holding with basis 120
      'Trades,Data,Order,Stocks,USD,AAPL,"2025-03-03, 10:00:00",-30,210,211,6300,-1,-6299,0,-30,O',
      'Trades,Data,Order,Stocks,USD,SQQQ,"2025-03-04, 10:00:00",-10,9.5,9.4,95,-1,-120,-26,1,C',
    ]);
    const aapl = r.deals.find((d) => d.isin_security === 'US0378331005')!;
    expect([aapl.sale_closing_cost, aapl.purchase_opening_cost, aapl.status]).toEqual(['6300', null, 1]);
    expect(aapl.comment).toMatch(/^Продажа без покрытия \(открытие короткой позиции\)/);
    const sqqq = r.deals.find((d) => d.isin_security === 'US74347G4322')!;
    expect([sqqq.sale_closing_cost, sqqq.purchase_opening_cost, sqqq.status]).toEqual(['95', '120', null]);
  });
});

describe('IB activity CSV: a dividend IB calls a return of capital', () => {
  it('waits for a person with the reason; an ordinary dividend of the same section does not', async () => {
    const r = await parse([
      ...STATEMENT,
      'Dividends,Header,Currency,Date,Description,Amount',
      'Dividends,Data,USD,2025-04-23,9618(KYG8208B1014) Cash Dividend USD 0.50 per Share (Return of Capital),4.50',
      'Dividends,Data,USD,2025-06-27,FLCH(US35473P8196) Cash Dividend USD 0.192099 per Share (Ordinary Dividend),422.62',
      'Dividends,Data,Total,,,427.12',
    ]);
    expect(r.deals.map((d) => [d.isin_security, d.sale_closing_cost, d.status])).toEqual([
      // 9 shares × 0.50 = 4.50 repaid out of capital: whether it is income is for a person to check
      ['KYG8208B1014', '4.5', 1],
      ['US35473P8196', '422.62', null],
    ]);
    expect(r.deals[0]!.comment).toMatch(/возвратом капитала/);
  });
});

describe('IB activity CSV: a dividend reversed and paid again, the first payment in an earlier statement', () => {
  it('the net waits for a person; a reversal of a payment of the same statement is netted without a question', async () => {
    const r = await parse([
      ...STATEMENT,
      'Dividends,Header,Currency,Date,Description,Amount',
      'Dividends,Data,USD,2025-06-16,TEST(US0000000001) Cash Dividend USD 0.0875 per Share - Reversal,-0.70',
      'Dividends,Data,USD,2025-06-16,TEST(US0000000001) Cash Dividend USD 0.0844444444 per Share (Ordinary Dividend),0.76',
      'Dividends,Data,USD,2025-03-14,SAP(DE0007164600) Cash Dividend USD 2.45 per Share (Ordinary Dividend),284.2',
      'Dividends,Data,USD,2025-03-14,SAP(DE0007164600) Cash Dividend USD 2.45 per Share - Reversal,-284.2',
      'Dividends,Data,USD,2025-03-14,SAP(DE0007164600) Cash Dividend USD 2.45 per Share (Ordinary Dividend),284.21',
      'Dividends,Data,Total,,,284.97',
    ]);
    expect(r.deals.map((d) => [d.isin_security, d.sale_closing_cost, d.status])).toEqual([
      // −0.70 + 0.76 = 0.06: the 0.70 reversed was paid in an earlier statement, a person checks it is declared
      ['US0000000001', '0.06', 1],
      // 284.20 − 284.20 + 284.21 = 284.21: the reversed payment is in this statement
      ['DE0007164600', '284.21', null],
    ]);
    expect(r.deals[0]!.comment).toMatch(/^Брокер сторнировал выплату 0\.7 USD/);
  });
});

describe('IB activity CSV: US T-bills (Asset Category "Treasury Bills")', () => {
  it('are bonds, and the maturity row is named by the bill, not by its whole description', async () => {
    const r = await parse([
      ...STATEMENT,
      TRADES,
      'Trades,Data,Order,Treasury Bills,USD,B 07/10/25,"2025-01-14, 10:00:00","10,000",97.9,97.9,-9790,-5,9795,0,0,O',
      'Corporate Actions,Header,Asset Category,Currency,Report Date,Date/Time,Description,Quantity,Proceeds,Value,Realized P/L,Code',
      'Corporate Actions,Data,Treasury Bills,USD,2025-07-10,"2025-07-10, 20:25:00",B 07/10/25 (US912797PL81) Matured,"-10,000",10000,0,205,',
      'Financial Instrument Information,Header,Asset Category,Symbol,Description,Conid,Security ID,Listing Exch,Multiplier,Type,Code',
      'Financial Instrument Information,Data,Treasury Bills,B 07/10/25,B 07/10/25,123,US912797PL81,,1,,',
    ]);
    expect(r.deals.map((d) => [d.kind, d.name_security, d.ticker, d.isin_security, d.type_of_security])).toEqual([
      // 10 000 face value bought for 10 000 × 97.90 % = 9 790: a bond (before: «other», as the category was unknown)
      ['purchase', 'B 07/10/25', 'B 07/10/25', 'US912797PL81', 'bond'],
      // repaid 10 000 on 10 July (before, named «B 07/10/25 (US912797PL81) Matured» with no ticker)
      ['repayment', 'B 07/10/25', 'B 07/10/25', 'US912797PL81', 'bond'],
    ]);
  });
});

describe('IB activity CSV: a commission in "Comm in EUR"', () => {
  it('is in the column’s currency, not the trade’s', async () => {
    // the header IB writes over Forex rows; a row of another asset under it keeps its commission in EUR
    const r = await parse([
      ...STATEMENT,
      'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,,Proceeds,Comm in EUR,,,MTM in EUR,Code',
      'Trades,Data,Order,Stocks,USD,AAPL,"2025-05-02, 10:00:00",10,170,,-1700,-1.7,,,0,O',
    ]);
    // 1.70 EUR of commission on a purchase of 10 × 170 = 1 700 USD
    expect(r.deals.map((d) => [d.purchase_opening_cost, d.currency_code, d.commission, d.commission_currency])).toEqual(
      [['1700', 'USD', '1.7', 'EUR']],
    );
  });
});

describe('IB activity CSV: a cash and stock merger', () => {
  it('the disposal for cash waits for a person: the new shares of the same action carry the same cost', async () => {
    // rows as in a real statement quoted by a public tool: 55.6097 ERUS given up for USD 0.032727 each and as many
    // ERUS.ESC escrow shares
    const r = await parse([
      ...STATEMENT,
      'Corporate Actions,Header,Asset Category,Currency,Report Date,Date/Time,Description,Quantity,Proceeds,Value,Realized P/L,Code',
      'Corporate Actions,Data,Stocks,USD,2025-08-17,"2025-08-16, 20:25:00","ERUS(US46434G7988) Cash and Stock Merger (Acquisition) 464ESC011 1 for 1 and USD 0.032727 (ERUS, ISHARES MSCI RUSSIA ETF, US46434G7988)",-55.6097,1.82,-54,0,',
      'Corporate Actions,Data,Stocks,USD,2025-08-17,"2025-08-16, 20:25:00","ERUS(US46434G7988) Cash and Stock Merger (Acquisition) 464ESC011 1 for 1 and USD 0.032727 (ERUS.ESC, ESC ETF ISHARES MSCI RUSSIA BE<, US464ESC0112)",55.6097,0,2.07,0,',
    ]);
    // 55.6097 × 0.032727 = 1.82 in cash; before, a plain sale of all 55.6097 ERUS for 1.82 (their whole cost a
    // loss) while the escrow shares carried the same whole cost
    expect(r.deals.map((d) => [d.kind, d.isin_security, d.quantity, d.sale_closing_cost, d.status])).toEqual([
      ['sale', 'US46434G7988', '55.6097', '1.82', 1],
      ['purchase', 'US464ESC0112', '55.6097', null, 1],
    ]);
    expect(r.deals[0]!.comment).toMatch(/получены и деньги, и новые бумаги.*не учитывайте одну стоимость дважды/);
  });
});
