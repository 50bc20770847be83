import { describe, expect, it } from 'vitest';
import { detectFormat, parseReport } from '../src/index.ts';
import { TX_HEADER, tsv, utf16 } from './exante-file.ts';

/**
 * Third round against what other people's real reports hold (formats/exante.md, tbank.md, bcs.md «Sources»).
 * Rows reproduce the layout of public parsers' fixtures with made-up values and names.
 */

const TRADES_HEADER = tsv(
  'Time',
  'Account ID',
  'Side',
  'Symbol ID',
  'ISIN',
  'Type',
  'Price',
  'Currency',
  'Quantity',
  'Commission',
  'Commission Currency',
  'P&L',
  'Traded Volume',
  'Order Id',
  'Order pos',
  'Value Date',
  'Unique Transaction Identifier (UTI)',
  'Trade type',
  'Exchange Order ID',
);
/** a Transactions line: id, symbol, ISIN, operation, when, sum, asset, comment */
const txLine = (
  id: string,
  symbol: string,
  isin: string,
  op: string,
  when: string,
  sum: string,
  asset: string,
  comment = 'None',
) => tsv(id, 'ZZZ0001.001', symbol, isin, op, when, sum, asset, '', comment, '', '');
/** a Trades line: time, side, symbol, ISIN, type, price, quantity, commission, volume, order id */
const tradeLine = (
  time: string,
  side: string,
  symbol: string,
  isin: string,
  type: string,
  price: string,
  quantity: string,
  commission: string,
  volume: string,
  order: string,
) =>
  tsv(
    time,
    'ZZZ0001.001',
    side,
    symbol,
    isin,
    type,
    price,
    'USD',
    quantity,
    commission,
    'USD',
    '0',
    volume,
    order,
    '1',
    '',
    '',
    'TRADE',
    '',
  );
const transactions = (...lines: string[]) => utf16([TX_HEADER, ...lines].join('\r\n'));

describe('Exante «Custom» report: a title, then the Trades and Transactions tables and balances', () => {
  // Layout of the Custom report as a public KZ tax tool's tests give it (kztax270 test_exante: «Costs and
  // Charges Report…», «Account», the Trades table, the Transactions table, «Cash Balance …»); values made up.
  const custom = [
    '"Costs and Charges Report: 2024-01-01 - 2024-12-31"',
    tsv('Account', 'ZZZ0001.001'),
    '""',
    TRADES_HEADER,
    tradeLine('2024-01-10 10:00:00', 'buy', 'DEF.NYSE', 'US0000000003', 'STOCK', '100', '10', '1', '1000', 'o1'),
    tradeLine('2024-02-10 10:00:00', 'sell', 'DEF.NYSE', 'US0000000003', 'STOCK', '110', '5', '1', '550', 'o2'),
    TX_HEADER,
    // the same purchase as ledger legs: read from the Trades table, these are skipped
    txLine('1', 'DEF.NYSE', 'US0000000003', 'TRADE', '2024-01-10 10:00:00', '10', 'DEF.NYSE'),
    txLine('2', 'DEF.NYSE', 'None', 'TRADE', '2024-01-10 10:00:00', '-1000', 'USD'),
    txLine('3', 'DEF.NYSE', 'None', 'COMMISSION', '2024-01-10 10:00:00', '-1', 'USD'),
    txLine('4', 'DEF.NYSE', 'US0000000003', 'DIVIDEND', '2024-03-01 06:00:00', '10', 'USD', '5 shares dividend'),
    txLine('5', 'DEF.NYSE', 'US0000000003', 'US TAX', '2024-03-01 06:00:01', '-1.5', 'USD', '5 shares tax'),
    '"Cash Balance ZZZ0001.001, 2024-12-31"',
    tsv('Instrument', 'ISO', 'Value', 'Locked value', 'Value in USD'),
    tsv('US Dollar', 'USD', '42.42', '0', '42.42'),
  ].join('\r\n');

  it('is detected (the old code looked at the first line only and refused the file)', () => {
    expect(detectFormat(utf16(custom))).toEqual({ format: 'exante_transactions_csv', broker: 'Exante' });
  });

  it('trades from the Trades table, income from the Transactions table, nothing twice', async () => {
    const r = await parseReport(utf16(custom));
    expect(r.errors).toEqual([]);
    // line 5: buy 10 DEF, traded volume 1 000 USD, commission 1; line 6: sell 5 for 550, commission 1
    expect(
      r.deals
        .filter((d) => d.kind === 'purchase' || d.kind === 'sale')
        .map((d) => [d.row, d.kind, d.quantity, d.purchase_opening_cost ?? d.sale_closing_cost, d.commission]),
    ).toEqual([
      [5, 'purchase', '10', '1000', '1'],
      [6, 'sale', '5', '550', '1'],
    ]);
    // lines 11–12: dividend 10 USD with 1.5 withheld (15 %)
    expect(r.deals.find((d) => d.kind === 'dividend')).toMatchObject({
      sale_closing_cost: '10',
      foreign_tax_credit: '1.5',
    });
    // line 15: the cash balance on 31.12.2024, 42.42 USD, is section 6 money (exante-balances.test.ts)
    expect(r.deals.find((d) => d.kind === 'cash_balance')).toMatchObject({ amount_in_currency: '42.42', row: 15 });
    expect(r.deals).toHaveLength(4);
    // lines 8–10: the purchase's ledger legs, skipped naming the Trades table
    expect(r.skipped.filter((s) => /таблицы Trades/.test(s.reason)).map((s) => s.row)).toEqual([8, 9, 10]);
  });

  it('a Custom report with its Transactions table first and trades after (dates re-saved month first)', async () => {
    // kztax270's second fixture: «Metrics per symbols», the Transactions table, then the Trades table, the
    // dates as Excel writes them «4/19/2023 11:08»
    const text = [
      '"Metrics per symbols"',
      tsv('Symbol', 'Turnover', 'Realised P&L', 'Unrealised P&L', 'P&L'),
      tsv('DEF.NYSE', '1', '0', '0', '0'),
      TX_HEADER,
      txLine('1', 'None', 'None', 'FUNDING/WITHDRAWAL', '4/19/2023 11:08', '1000', 'USD', 'Cash in'),
      TRADES_HEADER,
      tradeLine('4/20/2023 10:55', 'buy', 'DEF.NYSE', 'US0000000003', 'STOCK', '100', '1', '1', '100', 'o1'),
    ].join('\r\n');
    const r = await parseReport(utf16(text));
    expect(r.errors).toEqual([]);
    // 4/20/2023 is 20 April 2023
    expect(r.deals).toEqual([
      expect.objectContaining({ kind: 'purchase', transaction_date: '20.04.2023', purchase_opening_cost: '100' }),
    ]);
    expect(r.skipped.map((s) => s.row)).toEqual([5]);
  });
});

describe('Exante trades export with Russian headers (the Russian interface)', () => {
  // header of kztax270's RUSSIAN_HEADERS_EXANTE_CSV; the old code refused it as an unknown layout
  const header = tsv(
    'Время',
    'Счет',
    'Направление',
    'ID символа',
    'ISIN',
    'Тип',
    'Цена',
    'Валюта',
    'Количество',
    'Комиссия',
    'Валюта комиссии',
    'P&L',
    'Объем',
    'Номер заявки',
    'Позиция заявки',
    'Дата валютирования',
    'UTI',
    'Тип сделки',
    'ID конвертации',
  );
  const file = utf16(
    [
      header,
      tradeLine('2023-01-10 10:00:00', 'buy', 'DEF.NYSE', 'US0000000003', 'STOCK', '100', '10', '1', '1000', '1'),
    ].join('\r\n'),
  );

  it('is read like the English one', async () => {
    expect(detectFormat(file)).toEqual({ format: 'exante_trades_csv', broker: 'Exante' });
    const r = await parseReport(file);
    expect(r.errors).toEqual([]);
    // 10 DEF for the volume 1 000 USD («Объем»), commission 1 («Комиссия»)
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        quantity: '10',
        purchase_opening_cost: '1000',
        commission: '1',
        transaction_date: '10.01.2023',
      }),
    ]);
  });
});

describe('Exante dates saved again in Excel: month first', () => {
  it('«4/12/2023 11:08» is 12 April, not 4 December', async () => {
    const r = await parseReport(
      transactions(txLine('1', 'DEF.NYSE', 'US0000000003', 'DIVIDEND', '4/12/2023 11:08', '10', 'USD', 'dividend')),
    );
    // the old code read slashed dates day first: 04.12.2023, a dividend in the wrong month (and the wrong
    // year when it is «12/31/…» read as an error)
    expect(r.deals[0]).toMatchObject({ kind: 'dividend', transaction_date: '12.04.2023' });
    // a file with a first number above 12 is day first (saved in a day-first locale): 4/5 is 4 May there
    const dayFirst = await parseReport(
      transactions(
        txLine('1', 'DEF.NYSE', 'US0000000003', 'DIVIDEND', '19/04/2023 11:08', '10', 'USD', 'dividend'),
        txLine('2', 'DEF.NYSE', 'US0000000003', 'DIVIDEND', '4/5/2023 11:08', '20', 'USD', 'dividend'),
      ),
    );
    expect(dayFirst.deals.map((d) => d.transaction_date)).toEqual(['19.04.2023', '04.05.2023']);
  });
});

describe('Exante Transactions: operation types seen in public parsers', () => {
  it('COUPON PAYMENT is a coupon (section 4), not a row «нужна информация»', async () => {
    // the Polish-header parser's DIVIDEND_OPS = {DIVIDEND, COUPON PAYMENT}
    const r = await parseReport(
      transactions(
        txLine(
          '1',
          'US0000000004.FINRA',
          'US0000000004',
          'COUPON PAYMENT',
          '2024-06-15 09:00:00',
          '25.5',
          'EUR',
          'coupon',
        ),
      ),
    );
    expect(r.deals[0]).toMatchObject({
      kind: 'coupon',
      section: 'fourth_section',
      sale_closing_cost: '25.5',
      currency_code: 'EUR',
      status: null,
    });
  });

  it('STOCK SPLIT is a split with its ratio from «4-for-1»', async () => {
    // kztax270 SPLIT_EXANTE_CSV: «STOCK SPLIT», 6 shares received in the share's asset, «… Stock split 4-for-1»;
    // the old code made it a row «нужна информация» with an amount of 6 in the currency «DEF.NYSE»
    const r = await parseReport(
      transactions(
        txLine('1', 'DEF.NYSE', 'US0000000003', 'TRADE', '2024-01-10 10:00:00', '2', 'DEF.NYSE'),
        txLine('2', 'DEF.NYSE', 'None', 'TRADE', '2024-01-10 10:00:00', '-800', 'USD'),
        txLine(
          '3',
          'DEF.NYSE',
          'US0000000003',
          'STOCK SPLIT',
          '2024-07-19 20:25:00',
          '6',
          'DEF.NYSE',
          'DEF Stock split 4-for-1',
        ),
      ),
    );
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([expect.objectContaining({ kind: 'purchase', quantity: '2' })]);
    expect(r.splits).toEqual([expect.objectContaining({ ratio: '4' })]);
  });

  it('margin interest, rollover and bank charges are money paid: skipped with the reason, not income', async () => {
    // kztax270 fixtures: INTEREST −0.15 «margin interest», ROLLOVER −1 «short … from … till …», BANK CHARGE −15;
    // the old code made three rows «нужна информация», the interest one with the comment of a reversed payment
    const r = await parseReport(
      transactions(
        txLine('1', 'None', 'None', 'INTEREST', '2024-02-20 03:00:00', '-0.15', 'USD', 'margin interest'),
        txLine('2', 'DEF.NYSE', 'US0000000003', 'ROLLOVER', '2024-04-23 11:08:00', '-1', 'USD', 'short 1.00 DEF.NYSE'),
        txLine('3', 'None', 'None', 'BANK CHARGE', '2024-04-25 11:08:00', '-15', 'USD', 'Bank withdrawal fee'),
        txLine('4', 'None', 'None', 'INTEREST', '2024-03-01 00:00:00', '3.15', 'USD', 'Interest on free cash'),
      ),
    );
    // only the credited interest (line 5) is income
    expect(r.deals).toEqual([expect.objectContaining({ kind: 'interest', sale_closing_cost: '3.15', row: 5 })]);
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([
      [2, expect.stringMatching(/Проценты, списанные Exante \(0\.15 USD\)/)],
      [3, expect.stringMatching(/ROLLOVER/)],
      [4, expect.stringMatching(/BANK CHARGE/)],
    ]);
  });

  it('an option exercised: the shares bought are a purchase, the option line with no money is skipped', async () => {
    // kztax270 PHYSICAL_OPTION_SETTLEMENT: EXERCISE +1 option; EXERCISE +100 shares and −34 500 USD under the
    // share's symbol. The old code made three rows «нужна информация», two of them in the currency «MA…».
    const r = await parseReport(
      transactions(
        txLine(
          '1',
          'DEF.CBOE.19X2021.P345',
          'None',
          'EXERCISE',
          '2021-11-21 23:28:53',
          '1',
          'DEF.CBOE.19X2021.P345',
          'physical settlement',
        ),
        txLine(
          '2',
          'DEF.NYSE',
          'US0000000003',
          'EXERCISE',
          '2021-11-21 23:28:53',
          '100',
          'DEF.NYSE',
          'physical settlement',
        ),
        txLine('3', 'DEF.NYSE', 'None', 'EXERCISE', '2021-11-21 23:28:53', '-34500', 'USD', 'physical settlement'),
      ),
    );
    expect(r.errors).toEqual([]);
    // 100 shares for 34 500 USD (345 each)
    expect(r.deals).toEqual([
      expect.objectContaining({
        row: '3, 4',
        kind: 'purchase',
        name_security: 'DEF',
        quantity: '100',
        purchase_opening_cost: '34500',
      }),
    ]);
    expect(r.skipped).toEqual([{ row: 2, reason: expect.stringMatching(/опциона DEF\.CBOE\.19X2021\.P345/) }]);
  });

  it('an option expired: a sale of the option for 0 flagged as a derivative, not a sale of the share', async () => {
    // kztax270 HXR fixture: EXERCISE 0 USD and EXERCISE −2 of the option; the option's id is not the share SPY
    const r = await parseReport(
      transactions(
        txLine(
          '1',
          'DEF.CBOE.30M2023.P350',
          'None',
          'EXERCISE',
          '2023-07-02 21:02:08',
          '0',
          'USD',
          'Option expiration cash leg',
        ),
        txLine(
          '2',
          'DEF.CBOE.30M2023.P350',
          'None',
          'EXERCISE',
          '2023-07-02 21:02:08',
          '-2',
          'DEF.CBOE.30M2023.P350',
          'Option expiration',
        ),
      ),
    );
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'sale',
        name_security: 'DEF.CBOE.30M2023.P350',
        quantity: '2',
        sale_closing_cost: '0',
        status: 1,
      }),
    ]);
  });
});

describe('Exante trades export: options and empty lines', () => {
  const file = (...lines: string[]) => utf16([TRADES_HEADER, ...lines].join('\r\n'));
  it('an option typed STOCK is a derivative under its own id, not the share', async () => {
    // kztax270 HXR fixture: «SPY.CBOE.30M2023.P350» with Type «STOCK»; the old code booked a purchase of the
    // share «SPY» (name SPY), which FIFO would match with the share's sales
    const r = await parseReport(
      file(
        tradeLine(
          '2023-02-15 10:00:00',
          'buy',
          'DEF.CBOE.30M2023.P350',
          'None',
          'STOCK',
          '1.5',
          '2',
          '1',
          '300',
          'opt1',
        ),
      ),
    );
    expect(r.deals[0]).toMatchObject({
      kind: 'purchase',
      name_security: 'DEF.CBOE.30M2023.P350',
      type_of_security: 'derivative',
      purchase_opening_cost: '300',
    });
  });
  it('a line with no quantity and no volume is skipped with the reason, not a deal of 0 shares', async () => {
    // kztax270: «buy» and «exercise» lines with Quantity 0, Price 0, Traded Volume 0, Commission None;
    // the old code made a purchase of 0 shares for 0 and a row error for the side «exercise»
    const r = await parseReport(
      file(
        tradeLine('2023-04-20 10:56:00', 'buy', 'DEF.NYSE', 'US0000000003', 'STOCK', '0', '0', 'None', '0', 'x1'),
        tradeLine('2023-04-20 10:57:00', 'exercise', 'DEF.NYSE', 'US0000000003', 'STOCK', '0', '0', 'None', '0', 'x2'),
      ),
    );
    expect(r.deals).toEqual([]);
    expect(r.errors).toEqual([]);
    expect(r.skipped.map((s) => s.row)).toEqual([2, 3]);
  });
});
