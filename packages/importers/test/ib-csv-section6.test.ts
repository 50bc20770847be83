import { translator } from '@deklarant/i18n/node';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../src/index.ts';

// What is owed at the end of an IB Activity Statement CSV is not property abroad (section 6), as in Flex
// (ib-flex-third-round.test.ts): a negative "Ending Cash" of a currency in "Cash Report" is a debit balance (a
// margin loan), and a negative Quantity in "Open Positions" is a short position (shares sold short, an option
// written). Before, both became section 6 deals with negative figures. Rows keep the layout of real statements
// ("Cash Report,Data,Ending Cash,USD,-498.712,-498.712,0," of a margin account; "Open Positions,Data,Summary,…");
// accounts, names and figures are made up, and every expected figure is read off the rows by hand.

const csv = (lines: string[]) => new TextEncoder().encode(`${lines.join('\n')}\n`);
const parse = (lines: string[]) => parseReport(csv(lines), { filename: 'activity.csv' });
const held = (r: Awaited<ReturnType<typeof parse>>) =>
  r.deals
    .filter((d) => d.section.startsWith('sixth_section'))
    .map((d) => [d.row, d.section, d.quantity ?? d.amount_in_currency, d.currency_code]);

const YEAR_2025 = [
  'Statement,Header,Field Name,Field Value',
  'Statement,Data,Period,"January 1, 2025 - December 31, 2025"',
];

describe('IB activity CSV: a negative Ending Cash is a debt to the broker, not money abroad', () => {
  // A CHF-based margin account: 3 185.39 CHF deposited; in USD 1 000 at the start, 6 MSFT bought for
  // 6 × 250 = 1 500 and 1 of commission: 1 000 − 1 500 − 1 = −501 USD, a margin loan.
  const lines = [
    ...YEAR_2025,
    'Cash Report,Header,Currency Summary,Currency,Total,Securities,Futures,',
    'Cash Report,Data,Starting Cash,Base Currency Summary,900,900,0,', // 1 000 USD × 0.90
    // 3 185.39 − 501 × 0.80 (USD/CHF at the year end) = 3 185.39 − 400.80 = 2 784.59: the base total, not read
    'Cash Report,Data,Ending Cash,Base Currency Summary,2784.59,2784.59,0,',
    'Cash Report,Data,Starting Cash,CHF,0,0,0,',
    'Cash Report,Data,Deposits,CHF,3185.39,3185.39,0,',
    'Cash Report,Data,Ending Cash,CHF,3185.39,3185.39,0,', // row 8
    'Cash Report,Data,Starting Cash,USD,1000,1000,0,',
    'Cash Report,Data,Trades (Purchase),USD,-1500,-1500,0,',
    'Cash Report,Data,Commissions,USD,-1,-1,0,',
    'Cash Report,Data,Ending Cash,USD,-501,-501,0,', // row 12
    'Cash Report,Data,Ending Settled Cash,USD,-501,-501,0,',
    'Open Positions,Header,DataDiscriminator,Asset Category,Currency,Symbol,Open,Quantity,Mult,Cost Price,Cost Basis,Close Price,Value,Unrealized P/L,Code',
    'Open Positions,Data,Summary,Stocks,USD,MSFT,,6,1,250,1500,480,2880,1380,', // row 15
    'Open Positions,Data,Lot,Stocks,USD,MSFT,"2025-02-03, 10:15:00",6,1,250,1500,480,2880,1380,ST',
    'Open Positions,Total,,Stocks,USD,,,,,,1500,,2880,1380,',
    'Financial Instrument Information,Header,Asset Category,Symbol,Description,Conid,Security ID,Listing Exch,Multiplier,Type,Code',
    'Financial Instrument Information,Data,Stocks,MSFT,MICROSOFT CORP,272093,US5949181045,NASDAQ,1,COMMON,',
  ];

  it('keeps the 6 MSFT and the 3 185.39 CHF; the −501 USD is listed as skipped with the reason', async () => {
    const r = await parse(lines);
    expect(r.errors).toEqual([]);
    // before: a third holding [12, 'sixth_section_second_part', '-501', 'USD']
    expect(held(r)).toEqual([
      [15, 'sixth_section_first_part', '6', 'USD'],
      [8, 'sixth_section_second_part', '3185.39', 'CHF'],
    ]);
    expect(r.skipped).toEqual([
      {
        row: 12,
        reason: expect.stringMatching(
          /^Отрицательный остаток −501 USD на 31\.12\.2025: это долг брокеру \(маржинальный заем\), а не деньги на счете/,
        ),
      },
    ]);
    expect(r.reconciliation.skipped).toBe(1);
    // the reason is the catalogue text the Flex importer gives: the upload screen shows it in the reader's language
    const reason = r.skipped[0]!.reason;
    expect(translator().localize('en', reason)).toMatch(/^A negative balance −501 USD on 31\.12\.2025: money owed/);
    expect(translator().localize('kk', reason)).toMatch(/^31\.12\.2025 күнгі −501 USD теріс қалдық/);
  });

  it('a statement whose only holding is a debit balance: the row is skipped with the reason, not "no sections"', async () => {
    const r = await parse([
      ...YEAR_2025,
      'Cash Report,Header,Currency Summary,Currency,Total,Securities,Futures,',
      'Cash Report,Data,Ending Cash,Base Currency Summary,-77.35,-77.35,0,',
      'Cash Report,Data,Ending Cash,EUR,-77.35,-77.35,0,', // row 5
    ]);
    // before: one deal, a "cash balance" of −77.35 EUR
    expect(r.deals).toEqual([]);
    expect(r.skipped).toEqual([
      { row: 5, reason: expect.stringMatching(/^Отрицательный остаток −77\.35 EUR на 31\.12\.2025: это долг брокеру/) },
    ]);
  });
});

describe('IB activity CSV: a short position is an obligation, not property abroad', () => {
  // 40 KO bought (long); 20 TSLA sold short at 400 (Quantity −20, Cost Basis −8 000) and 2 MSFT calls written
  // at 1.50 × 100 (Quantity −2, Cost Basis −300). Cash: 2 400 deposited − 2 400 for KO + 8 000 + 300 received
  // = 8 300 USD.
  const lines = [
    ...YEAR_2025,
    'Open Positions,Header,DataDiscriminator,Asset Category,Currency,Symbol,Open,Quantity,Mult,Cost Price,Cost Basis,Close Price,Value,Unrealized P/L,Code',
    'Open Positions,Data,Summary,Stocks,USD,KO,,40,1,60,2400,70,2800,400,', // row 4
    'Open Positions,Data,Lot,Stocks,USD,KO,"2025-03-03, 10:00:00",40,1,60,2400,70,2800,400,ST',
    'Open Positions,Data,Summary,Stocks,USD,TSLA,,-20,1,400,-8000,450,-9000,-1000,', // row 6
    'Open Positions,Data,Lot,Stocks,USD,TSLA,"2025-06-10, 14:00:00",-20,1,400,-8000,450,-9000,-1000,ST',
    // 2 400 − 8 000 = −5 600; 2 800 − 9 000 = −6 200; 400 − 1 000 = −600
    'Open Positions,Total,,Stocks,USD,,,,,,-5600,,-6200,-600,',
    'Open Positions,Data,Summary,Equity and Index Options,USD,MSFT 16JAN26 500 C,,-2,100,1.5,-300,0.4,-80,220,', // row 9
    'Open Positions,Data,Lot,Equity and Index Options,USD,MSFT 16JAN26 500 C,"2025-11-20, 11:30:00",-2,100,1.5,-300,0.4,-80,220,ST',
    'Open Positions,Total,,Equity and Index Options,USD,,,,,,-300,,-80,220,',
    'Cash Report,Header,Currency Summary,Currency,Total,Securities,Futures,',
    'Cash Report,Data,Starting Cash,USD,0,0,0,',
    'Cash Report,Data,Deposits,USD,2400,2400,0,',
    'Cash Report,Data,Trades (Sales),USD,8300,8300,0,',
    'Cash Report,Data,Trades (Purchase),USD,-2400,-2400,0,',
    'Cash Report,Data,Ending Cash,USD,8300,8300,0,', // row 17
    'Financial Instrument Information,Header,Asset Category,Symbol,Description,Conid,Security ID,Listing Exch,Multiplier,Type,Code',
    'Financial Instrument Information,Data,Stocks,KO,COCA-COLA CO/THE,8894,US1912161007,NYSE,1,COMMON,',
    'Financial Instrument Information,Data,Stocks,TSLA,TESLA INC,76792991,US88160R1014,NASDAQ,1,COMMON,',
    'Financial Instrument Information,Header,Asset Category,Symbol,Description,Conid,Underlying,Listing Exch,Multiplier,Expiry,Delivery Month,Type,Strike,Code',
    'Financial Instrument Information,Data,Equity and Index Options,MSFT 16JAN26 500 C,MSFT 16JAN26 500 C,812345678,MSFT,CBOE,100,2026-01-16,2026-01,C,500,',
  ];

  it('keeps the 40 KO and the 8 300 USD; the short TSLA and the written calls are listed as skipped', async () => {
    const r = await parse(lines);
    expect(r.errors).toEqual([]);
    // before: also [6, …, '-20', 'USD'] and [9, …, '-2', 'USD'] in section 6.1
    expect(held(r)).toEqual([
      [4, 'sixth_section_first_part', '40', 'USD'],
      [17, 'sixth_section_second_part', '8300', 'USD'],
    ]);
    // one reason for each Summary row; their Lot rows repeat them and are not read, as for a long position
    expect(r.skipped).toEqual([
      {
        row: 6,
        reason: expect.stringMatching(/^Короткая позиция -20 «TESLA INC» на 31\.12\.2025: .*это обязательство/),
      },
      {
        row: 9,
        reason: expect.stringMatching(/^Короткая позиция -2 «MSFT 16JAN26 500 C» на 31\.12\.2025: .*обязательство/),
      },
    ]);
    expect(translator().localize('en', r.skipped[0]!.reason)).toMatch(
      /^A short position -20 "TESLA INC" on 31\.12\.2025/,
    );
  });

  it('a statement in Russian ending 30 September: the short is skipped with that date, the long one flagged', async () => {
    const r = await parse([
      'Statement,Header,Название поля,Значение поля',
      'Statement,Data,Period,"Январь 1, 2025 - Сентябрь 30, 2025"',
      'Открытые позиции,Header,DataDiscriminator,Класс актива,Валюта,Символ,Количество,Множитель,Цена закрытия,Стоимость,Код',
      'Открытые позиции,Data,Summary,Акции,USD,CMCSA,200,1,35,7000,', // row 4
      'Открытые позиции,Data,Summary,Акции,USD,INTC,-100,1,24,-2400,', // row 5
      'Открытые позиции,Total,,Акции,USD,,,,4600,', // 7 000 − 2 400
      'Информация о финансовом инструменте,Header,Класс актива,Символ,Описание,Conid,Идентификатор ценной бумаги,Листинг. биржа,Множитель,Тип,Код',
      'Информация о финансовом инструменте,Data,Акции,CMCSA,COMCAST CORP-CLASS A,1105,US20030N1019,NASDAQ,1,COMMON,',
      'Информация о финансовом инструменте,Data,Акции,INTC,INTEL CORP,270639,US4581401001,NASDAQ,1,COMMON,',
    ]);
    expect(r.period).toEqual({ from: '01.01.2025', to: '30.09.2025' });
    // before: also [5, …, '-100', 'USD'], flagged to be checked on 31 December like the long one
    expect(r.deals.filter((d) => d.section.startsWith('sixth')).map((d) => [d.row, d.quantity, d.status])).toEqual([
      [4, '200', 1],
    ]);
    expect(r.skipped).toEqual([
      { row: 5, reason: expect.stringMatching(/^Короткая позиция -100 «INTEL CORP» на 30\.09\.2025: /) },
    ]);
    expect(r.reconciliation.notes).toEqual([expect.stringMatching(/заканчивается 30\.09\.2025/)]);
  });
});
