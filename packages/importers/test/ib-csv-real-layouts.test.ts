import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';

// Layouts of the IB Activity Statement CSV seen in other people's files and tools (a statement in Russian,
// separate interest sections, Payment In Lieu Of Dividends, Transaction Fees, corporate actions receiving another
// security, "Closed Lot:" rows of a bond call, written options). Samples are our own, with made-up figures; the
// expected figures are computed by hand in the comments.

const csv = (lines: string[], bom = false) => new TextEncoder().encode(`${bom ? '\uFEFF' : ''}${lines.join('\n')}\n`);
const parse = (lines: string[], bom = false) => parseReport(csv(lines, bom), { filename: 'activity.csv' });

const STATEMENT = [
  'Statement,Header,Field Name,Field Value',
  'Statement,Data,Period,"January 1, 2024 - December 31, 2024"',
];

describe('IB activity CSV in Russian (statement language «Русский»)', () => {
  const RU = [
    'Statement,Header,Название поля,Значение поля',
    'Statement,Data,BrokerName,Interactive Brokers LLC',
    'Statement,Data,Period,"Январь 1, 2024 - Декабрь 31, 2024"',
    'Информация о счете,Header,Название поля,Значение поля',
    'Информация о счете,Data,Счет,U0000000',
    'Сделки,Header,DataDiscriminator,Класс актива,Валюта,Символ,Дата/Время,Количество,Цена транзакции,Цена закрытия,Выручка,Комиссия/плата,Базис,Реализованная П/У,Рыноч. переоценка П/У,Код',
    'Сделки,Data,Order,Акции,USD,CMCSA,"2024-02-20, 09:30:00",200,41.15,41.66,-8230,-1,8231,0,102,O',
    'Сделки,Data,Order,Акции,USD,CMCSA,"2024-10-28, 11:51:28",-150,41.88,41.84,6282,-2.23,-6173.25,106.52,6,C;P',
    'Сделки,SubTotal,,Акции,USD,CMCSA,,50,,,-1948,-3.23,2057.75,106.52,108,',
    'Сделки,Total,,Акции,USD,,,,,,-1948,-3.23,2057.75,106.52,108,',
    'Дивиденды,Header,Валюта,Дата,Описание,Сумма',
    'Дивиденды,Data,USD,2024-04-24,CMCSA(US20030N1019) Наличный дивиденд USD 0.31 на акцию (Обыкновенный дивиденд),62',
    'Дивиденды,Data,Всего,,,62',
    'Удерживаемый налог,Header,Валюта,Дата,Описание,Сумма,Код',
    'Удерживаемый налог,Data,USD,2024-04-24,CMCSA(US20030N1019) Наличный дивиденд USD 0.31 на акцию - US Налог,-6.2,',
    'Удерживаемый налог,Data,Всего,,,-6.2,',
    'Процент,Header,Валюта,Дата,Описание,Сумма',
    'Процент,Data,USD,2024-09-04,USD Credit Interest for Aug-2024,4.12',
    'Процент,Data,USD,2024-10-03,USD Дебетовый процент за Sep-2024,-0.73',
    'Процент,Data,Всего,,,3.39',
    'Корпоративные действия,Header,Класс актива,Валюта,Дата отчета,Дата/Время,Описание,Количество,Выручка,Стоимость,Реализованная П/У,Код',
    'Корпоративные действия,Data,Акции,USD,2024-04-01,"2024-04-01, 20:25:00","MMM(US88579Y1010) Спин-офф 1 за 4 (SOLV, SOLVENTUM CORP, US83444M1018)",2,0,130,0,',
    'Информация о финансовом инструменте,Header,Класс актива,Символ,Описание,Conid,Идентификатор ценной бумаги,Листинг. биржа,Множитель,Тип,Код',
    'Информация о финансовом инструменте,Data,Акции,CMCSA,COMCAST CORP-CLASS A,1105,US20030N1019,NASDAQ,1,COMMON,',
  ];

  it('reads trades, dividends with their tax, interest, the period and the corporate action (nothing was read before)', async () => {
    const r = await parse(RU, true);
    expect(r.format).toBe('ib_activity_csv');
    expect(r.period).toEqual({ from: '01.01.2024', to: '31.12.2024' });
    expect(r.errors).toEqual([]);
    // 200 × 41.15 = 8 230 bought; 150 × 41.88 = 6 282 sold, its Basis 6 173.25 = 8 231 × 150/200
    expect(r.deals.filter((d) => d.kind === 'purchase' && d.corporate_action == null)).toEqual([
      expect.objectContaining({
        transaction_date: '20.02.2024',
        isin_security: 'US20030N1019',
        name_security: 'COMCAST CORP-CLASS A',
        quantity: '200',
        purchase_opening_cost: '8230',
        commission: '1',
        type_of_security: 'share',
      }),
    ]);
    expect(r.deals.filter((d) => d.kind === 'sale')).toEqual([
      expect.objectContaining({
        transaction_date: '28.10.2024',
        quantity: '150',
        sale_closing_cost: '6282',
        purchase_opening_cost: '6173.25',
        commission: '2.23',
      }),
    ]);
    // 200 shares × 0.31 = 62, 10 % US tax = 6.20; the «Всего» rows are totals, not payments
    const dividends = r.deals.filter((d) => d.kind === 'dividend');
    expect(dividends).toEqual([
      expect.objectContaining({ sale_closing_cost: '62', foreign_tax_credit: '6.2', isin_security: 'US20030N1019' }),
    ]);
    // credit interest 4.12 is income; the debit interest 0.73 is interest paid, listed as skipped
    expect(r.deals.filter((d) => d.kind === 'interest').map((d) => d.sale_closing_cost)).toEqual(['4.12']);
    expect(r.skipped.map((s) => s.reason)).toContainEqual(expect.stringContaining('Дебетовый процент'));
    // «Спин-офф 1 за 4»: 2 SOLV received, the cost asked for
    expect(r.deals.find((d) => d.corporate_action === 'spinoff')).toMatchObject({
      kind: 'purchase',
      ticker: 'SOLV',
      isin_security: 'US83444M1018',
      quantity: '2',
      status: 1,
    });
    expect(r.reconciliation.notes).toEqual([]);
    expect(r.reconciliation.totals.USD).toMatchObject({
      proceeds: { file: '6282', deals: '6282' },
      income: { file: '66.12', deals: '66.12' },
      taxes: { file: '6.2', deals: '6.2' },
    });
  });
});

describe('IB activity CSV: Payment In Lieu Of Dividends in a section of its own', () => {
  it('is a dividend and joins the dividend of the same security and day', async () => {
    const r = await parse([
      ...STATEMENT,
      'Dividends,Header,Currency,Date,Description,Amount',
      'Dividends,Data,USD,2024-09-30,AAA(US0000000019) Cash Dividend USD 0.65 per Share (Ordinary Dividend),6.50',
      'Dividends,Data,Total,,,6.50',
      'Payment In Lieu Of Dividends,Header,Currency,Date,Description,Amount',
      'Payment In Lieu Of Dividends,Data,USD,2024-09-30,AAA(US0000000019) Payment in Lieu of Dividend (Ordinary Dividend),1.30',
      'Payment In Lieu Of Dividends,Data,Total,,,1.30',
      'Withholding Tax,Header,Currency,Date,Description,Amount,Code',
      'Withholding Tax,Data,USD,2024-09-30,AAA(US0000000019) Cash Dividend USD 0.65 per Share - US Tax,-1.17,',
    ]);
    // 10 shares held × 0.65 = 6.50 paid as a dividend, 2 lent out × 0.65 = 1.30 paid in lieu: 7.80 gross;
    // 15 % US tax on 7.80 = 1.17
    expect(r.deals.filter((d) => d.kind === 'dividend')).toEqual([
      expect.objectContaining({ sale_closing_cost: '7.8', foreign_tax_credit: '1.17', status: null }),
    ]);
    expect(r.reconciliation.notes).toEqual([]);
  });
});

describe('IB activity CSV: interest in Broker/Bond Interest Received/Paid sections', () => {
  it('reads interest and coupons received, and lists interest paid as skipped', async () => {
    const r = await parse([
      ...STATEMENT,
      'Broker Interest Paid,Header,Currency,Date,Description,Amount,Code,,,,',
      'Broker Interest Paid,Data,EUR,2024-01-05,EUR Debit Interest for Dec-2023,-34.76,,,,,',
      'Broker Interest Paid,Data,Total,,,-34.76,,,,,',
      'Broker Interest Received,Header,Currency,Date,Description,Amount,Code',
      'Broker Interest Received,Data,USD,2024-12-04,USD Credit Interest for Nov-2024,12.40,',
      'Broker Interest Received,Data,Total,,,12.40,',
      'Bond Interest Received,Header,Currency,Date,Description,Amount,Code',
      'Bond Interest Received,Data,USD,2024-11-30,T 4 3/8 11/30/28 (US91282CJN20) Coupon Payment,43.75,',
      'Bond Interest Received,Data,Total,,,43.75,',
      'Bond Interest Paid,Header,Currency,Date,Description,Amount,Code',
      'Bond Interest Paid,Data,USD,2024-06-04,Purchase Accrued Interest T 4 3/8 11/30/28,-1.20,',
      'Bond Interest Paid,Data,Total,,,-1.20,',
      'Interest,Header,Currency,Date,Description,Amount',
      'Interest,Data,USD,2024-08-05,USD Borrow Fees for Jul-2024,-10.75',
      'Interest,Data,USD,2024-08-05,USD IBKR Managed Securities (SYEP) Interest for Jul-2024,0.85',
      'Financial Instrument Information,Header,Asset Category,Symbol,Description,Conid,Security ID,Listing Exch,Multiplier,Maturity,Type,Code',
      'Financial Instrument Information,Data,Bonds,T 4 3/8 11/30/28,US TREASURY N/B 4.375 11/30/28,671322004,US91282CJN20,,0.01,2028-11-30,,',
    ]);
    // interest received: 12.40 + 0.85 (securities lending) = 13.25; the borrow fee 10.75 and the debit interest
    // 34.76 are paid by the account, not income
    expect(r.deals.filter((d) => d.kind === 'interest').map((d) => [d.transaction_date, d.sale_closing_cost])).toEqual([
      ['05.08.2024', '0.85'],
      ['04.12.2024', '12.4'],
    ]);
    // 2 000 of the 4 3/8 % bond: half a year's coupon 2 000 × 4.375 % / 2 = 43.75; the accrued interest paid with
    // the purchase (1.20) is the bond's too, as in Flex ("Bond Interest Paid")
    const coupons = r.deals.filter((d) => d.kind === 'coupon');
    expect(coupons.map((d) => [d.transaction_date, d.isin_security, d.sale_closing_cost])).toEqual([
      ['30.11.2024', 'US91282CJN20', '43.75'],
      ['04.06.2024', 'US91282CJN20', '-1.2'],
    ]);
    const paid = r.skipped.filter((s) => s.reason.includes('уплаченные брокеру'));
    expect(paid.map((s) => s.row)).toEqual([4, 16]);
    expect(r.deals.some((d) => d.kind === 'interest' && d.sale_closing_cost?.startsWith('-'))).toBe(false);
    expect(r.reconciliation.notes).toEqual([]);
  });
});

describe('IB activity CSV: Transaction Fees', () => {
  it('lists the fees as skipped: they are already part of the trade’s Comm/Fee', async () => {
    const r = await parse([
      ...STATEMENT,
      'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code',
      'Trades,Data,Order,Stocks,GBP,AWE,"2024-03-28, 09:06:18","10,000",0.988,0.99,-9880,-54.34,9934.34,0,20,O',
      'Transaction Fees,Header,Asset Category,Currency,Date/Time,Symbol,Description,Quantity,Trade Price,Amount,Code',
      'Transaction Fees,Data,Stocks,GBP,"2024-03-28, 09:06:18",AWE,UK Stamp Tax,"10,000",0.988,-49.40,',
      'Transaction Fees,Data,Total,,,,,,,-49.40,',
    ]);
    // 10 000 × 0.988 = 9 880; the commission 54.34 already holds the 0.5 % stamp tax 49.40 (9 880 × 0.005):
    // Basis 9 934.34 = 9 880 + 54.34, so the fee is not added again
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        purchase_opening_cost: '9880',
        commission: '54.34',
        quantity: '10000',
      }),
    ]);
    expect(r.skipped).toEqual([
      { row: 6, reason: expect.stringMatching(/^Сбор по сделке \(«AWE UK Stamp Tax»\): уже входит в комиссию/) },
    ]);
    expect(r.reconciliation.notes).toEqual([]);
  });
});

describe('IB activity CSV: corporate actions that receive another security', () => {
  const ACTIONS =
    'Corporate Actions,Header,Asset Category,Currency,Report Date,Date/Time,Description,Quantity,Proceeds,Value,Realized P/L,Code';

  it('a merger or spin-off books the shares received under their own ISIN, named last in the description', async () => {
    const r = await parse([
      ...STATEMENT,
      ACTIONS,
      'Corporate Actions,Data,Stocks,USD,2024-08-24,"2024-08-23, 20:25:00","JNJ(US4781601046) Merged(Voluntary Offer Allocation) WITH US49177J1025 20081 for 2500 (JNJ, JOHNSON & JOHNSON, US4781601046)",-1,0,-160,0,',
      'Corporate Actions,Data,Stocks,USD,2024-08-24,"2024-08-23, 20:25:00","JNJ(US4781601046) Merged(Voluntary Offer Allocation) WITH US49177J1025 20081 for 2500 (KVUE, KENVUE INC, US49177J1025)",8.0324,0,190.05,0,',
      'Corporate Actions,Data,Stocks,USD,2024-04-01,"2024-04-01, 20:25:00","MMM(US88579Y1010) Spinoff  1 for 4 (SOLV, SOLVENTUM CORP-W/I, US83444M1018)",2,0,130,0,',
      'Corporate Actions,Data,Total,,,,,,,0,0,',
    ]);
    // 1 JNJ given up for 20 081/2 500 = 8.0324 KVUE: the KVUE shares are received, JNJ's cost carried to them
    const kvue = r.deals.find((d) => d.corporate_action === 'stock_merger');
    expect(kvue).toMatchObject({
      kind: 'purchase',
      ticker: 'KVUE',
      isin_security: 'US49177J1025',
      name_security: 'KENVUE INC',
      quantity: '8.0324',
      carry_from: { isin_security: 'US4781601046', quantity: '1', share: '1' },
    });
    // 8 MMM × 1/4 = 2 SOLV received; MMM is kept
    expect(r.deals.find((d) => d.corporate_action === 'spinoff')).toMatchObject({
      ticker: 'SOLV',
      isin_security: 'US83444M1018',
      quantity: '2',
    });
    expect(r.deals.some((d) => d.isin_security === 'US88579Y1010' || d.isin_security === 'US4781601046')).toBe(false);
    // a statement with corporate actions only is not one «without sections»
    expect(r.skipped.map((s) => s.reason)).not.toContainEqual(expect.stringContaining('нет разделов'));
  });

  it('a bond call takes the cost of its "Closed Lot:" rows when they cover the whole quantity', async () => {
    const r = await parse([
      ...STATEMENT,
      ACTIONS,
      'Corporate Actions,Data,Bonds,USD,2024-01-02,"2024-01-01, 20:25:00","(US81180WAL54) Full Call / Early Redemption for USD 1.00 per Bond (STX 4 3/4 01/01/25 WAL5, STX 4 3/4 01/01/25, US81180WAL54)",-2000,2000,0,-5.75,',
      'Corporate Actions,Data,Bonds,USD,Closed Lot:,2022-03-14,Basis: 1010.50,1000,,,-10.50,LT',
      'Corporate Actions,Data,Bonds,USD,Closed Lot:,2022-09-01,Basis: 995.25,1000,,,4.75,LT',
      'Corporate Actions,Data,Total,,,,,,2000,0,-5.75,',
    ]);
    // 2 000 face value called at 100 %: repayment 2 000; cost 1 010.50 + 995.25 = 2 005.75 (the Realized P/L
    // −5.75 = 2 000 − 2 005.75)
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'repayment',
        isin_security: 'US81180WAL54',
        quantity: '2000',
        sale_closing_cost: '2000',
        purchase_opening_cost: '2005.75',
      }),
    ]);
    expect(r.skipped.map((s) => [s.row, s.reason.slice(0, 70)])).toEqual([
      [5, 'Лот корпоративного действия строкой выше (покупка 14.03.2022, стоимост'],
      [6, 'Лот корпоративного действия строкой выше (покупка 01.09.2022, стоимост'],
    ]);
    expect(r.skipped[0]!.reason).toContain('стоимость учтена в сделке этого действия');
  });

  it('lots that cover only part of the quantity give no cost: the deal asks for it', async () => {
    const r = await parse([
      ...STATEMENT,
      ACTIONS,
      'Corporate Actions,Data,Bonds,USD,2024-01-02,"2024-01-01, 20:25:00","(US81180WAL54) Full Call / Early Redemption for USD 1.00 per Bond (STX 4 3/4 01/01/25 WAL5, STX 4 3/4 01/01/25, US81180WAL54)",-12000,12000,0,-46.66,',
      'Corporate Actions,Data,Bonds,USD,Closed Lot:,2022-03-14,Basis: 2044.56,2000,,,-44.56,LT',
    ]);
    // the lot gives up 2 000 of the 12 000 called: its 2 044.56 is not the cost of the whole repayment
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'repayment',
        sale_closing_cost: '12000',
        purchase_opening_cost: null,
        status: 1,
      }),
    ]);
    expect(r.skipped).toEqual([{ row: 5, reason: expect.stringContaining('лоты покрывают не все бумаги действия') }]);
  });
});

describe('IB activity CSV: options written (a sale that opens a position)', () => {
  it('takes no cost from the Basis of an opening sale', async () => {
    const r = await parse([
      ...STATEMENT,
      'Trades,Header,DataDiscriminator,Asset Category,Currency,Account,Symbol,Date/Time,Exchange,Quantity,T. Price,Proceeds,Comm/Fee,Basis,Realized P/L,Code',
      'Trades,Data,Order,Equity and Index Options,USD,U12345,CLOV 16JUL21 20.0 C,"2024-06-21, 10:38:40",-,-2,0.41,82,-1.42,-80.58,0,O;P',
      'Trades,Data,Order,Stocks,USD,U12345,UNIT,"2024-01-15, 16:20:00",-,-200,12.5,2500,-0.08,-2966.22,-466.3,A;C',
    ]);
    // 2 calls written at 0.41 × 100 = 82 received; Basis −80.58 = −(82 − 1.42) is the short position, not a
    // purchase cost. The closing sale of 200 UNIT keeps its Basis 2 966.22 as cost.
    const sales = r.deals.filter((d) => d.kind === 'sale');
    expect(sales.map((d) => [d.ticker, d.sale_closing_cost, d.purchase_opening_cost])).toEqual([
      ['CLOV 16JUL21 20.0 C', '82', null],
      ['UNIT', '2500', '2966.22'],
    ]);
  });
});
