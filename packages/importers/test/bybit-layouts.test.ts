import { describe, expect, it } from 'vitest';
import { detectFormat, parseReport } from '../src/index.ts';
import { parseSample, sample } from './helpers.ts';

const csv = (text: string) => new TextEncoder().encode(text);

describe('Bybit pre-unified spot export (samples/bybit-spot-pre-unified.csv)', async () => {
  const r = await parseSample('bybit-spot-pre-unified.csv');

  it('is detected by its header (Filled Time (Local Time) first)', () => {
    expect(detectFormat(sample('bybit-spot-pre-unified.csv'))).toEqual({ format: 'bybit_spot_csv', broker: 'Bybit' });
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([]);
    expect(r.deals).toHaveLength(4);
  });

  it('amounts lose their coin suffix, the pair is split at "/", the date is the UTC one', () => {
    // line 2: Buy SOL/USDT, 10 SOL for 1 300.50 USDT (= 10 × 130.05) → a purchase of 10 SOL for 1 300.5 USD;
    // the fee «0.01 SOL» names its coin: the coin bought, so it is a note, not a USD commission
    expect(r.deals[0]).toMatchObject({
      row: 2,
      kind: 'purchase',
      operation_type_id: 4,
      transaction_date: '05.03.2024',
      name_security: 'SOL',
      quantity: '10',
      purchase_opening_cost: '1300.5',
      currency_code: 'USD',
      commission: null,
      comment: 'Сумма в USDT учтена как USD. Комиссия 0.01 SOL.',
    });
    // line 3: Sell 4 SOL for 596 USDT (= 4 × 149), fee «0.596 USDT» (the quote coin) → commission 0.596 USD.
    // Local time 2024-08-20 04:30 (UTC+5), UTC 2024-08-19 23:30: the deal is dated by the UTC column, 19.08.2024
    expect(r.deals[1]).toMatchObject({
      row: 3,
      kind: 'sale',
      section: 'second_section',
      operation_type_id: 1,
      transaction_date: '19.08.2024',
      quantity: '4',
      sale_closing_cost: '596',
      commission: '0.596',
      currency_code: 'USD',
    });
    // line 4: Buy 1 ETH for 0.042 BTC: crypto paid in crypto → exchange (operation 5), flagged; fee 0.001 ETH noted
    expect(r.deals[2]).toMatchObject({
      row: 4,
      operation_type_id: 5,
      status: 1,
      name_security: 'ETH',
      quantity: '1',
      purchase_opening_cost: '0.042',
      currency_code: 'BTC',
      comment: expect.stringMatching(/Комиссия 0\.001 ETH\.$/),
    });
    // line 5: Sell 0.02 BTC for 1 720 EUR (= 0.02 × 86 000), fee 1.72 EUR → a EUR sale with commission 1.72
    expect(r.deals[3]).toMatchObject({
      row: 5,
      kind: 'sale',
      transaction_date: '12.11.2024',
      name_security: 'BTC',
      quantity: '0.02',
      sale_closing_cost: '1720',
      commission: '1.72',
      currency_code: 'EUR',
      comment: null,
    });
  });

  it('the fee is in the coin the file names, not the one assumed by side', async () => {
    // a sale whose fee is written in the coin sold (0.004 SOL): a note, not a USD commission
    const r2 = await parseReport(
      csv(
        'Filled Time (Local Time),Spot Pairs,Order Type,Direction,Filled Value,Filled Price,Filled Quantity,Fees,Transaction ID,Order No.,Timestamp (UTC)\n' +
          '2024-08-20 04:30:05,SOL/USDT,Limit,Sell,596.00 USDT,149.00 USDT,4.00 SOL,0.004 SOL,1,1,2024-08-19 23:30:05\n',
      ),
    );
    expect(r2.errors).toEqual([]);
    expect(r2.deals[0]).toMatchObject({ kind: 'sale', sale_closing_cost: '596', commission: null });
    expect(r2.deals[0]!.comment).toMatch(/Комиссия 0\.004 SOL\./);
  });

  it('coins that do not match the pair are a row error, not a deal', async () => {
    const r2 = await parseReport(
      csv(
        'Filled Time (Local Time),Spot Pairs,Order Type,Direction,Filled Value,Filled Price,Filled Quantity,Fees,Transaction ID,Order No.,Timestamp (UTC)\n' +
          '2024-08-20 04:30:05,SOL/USDT,Limit,Buy,596.00 USDT,149.00 USDT,4.00 ETH,0.004 ETH,1,1,2024-08-19 23:30:05\n',
      ),
    );
    expect(r2.deals).toEqual([]);
    expect(r2.errors).toEqual([expect.objectContaining({ row: 2, field: 'Spot Pairs' })]);
    expect(r2.errors[0]!.message).toMatch(/не совпадают с парой «SOL\/USDT»/);
  });
});

describe('Bybit export with the account line above the header (samples/bybit-spot-uid.csv)', async () => {
  const r = await parseSample('bybit-spot-uid.csv');

  it('is detected past the «UID: …» line; the data rows keep their line numbers', () => {
    expect(detectFormat(sample('bybit-spot-uid.csv'))).toEqual({ format: 'bybit_spot_csv', broker: 'Bybit' });
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([]);
    expect(r.deals.map((d) => d.row)).toEqual([3, 4, 5]);
  });

  it('reads Timestamp (UTC+0) "YYYY-MM-DD HH:MM:SS" as the UTC date; fees by side', () => {
    // line 3: BUY 0.5 ETH for 1 825 USDT (= 0.5 × 3 650) on 2024-12-03; fee 0.0005 ETH (0.1 % of the coin bought)
    expect(r.deals[0]).toMatchObject({
      kind: 'purchase',
      transaction_date: '03.12.2024',
      name_security: 'ETH',
      quantity: '0.5',
      purchase_opening_cost: '1825',
      currency_code: 'USD',
      commission: null,
      comment: 'Сумма в USDT учтена как USD. Комиссия 0.0005 ETH.',
    });
    // line 4: SELL 0.2 ETH for 801.60 USDT (= 0.2 × 4 008), fee 0.8016 USDT (0.1 %) → commission 0.8016 USD
    expect(r.deals[1]).toMatchObject({
      kind: 'sale',
      section: 'second_section',
      transaction_date: '16.12.2024',
      quantity: '0.2',
      sale_closing_cost: '801.6',
      commission: '0.8016',
      currency_code: 'USD',
    });
    // line 5: BUY 100 DOGE for 40 USDT at 2024-12-31 23:59:59 UTC: dated 31.12.2024 as written (in Almaty it is
    // already 1 January); fee 0.1 DOGE noted
    expect(r.deals[2]).toMatchObject({
      kind: 'purchase',
      transaction_date: '31.12.2024',
      name_security: 'DOGE',
      quantity: '100',
      purchase_opening_cost: '40',
      comment: expect.stringMatching(/Комиссия 0\.1 DOGE\./),
    });
  });

  it('an unrelated file starting with «UID:» is not taken for Bybit', () => {
    expect(detectFormat(csv('UID: 1,Company Name: ,Country:\nDate,Amount\n2024-01-01,5\n'))).toBeNull();
  });
});
