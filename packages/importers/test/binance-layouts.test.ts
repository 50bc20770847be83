/**
 * Binance layouts seen in real exports (formats/binance.md): the 2024+ Transaction History (`Time`, two-digit
 * years), translated headers, the older Trade History, Convert history, legs written a second apart, and the
 * reports we refuse with the export to download instead. Every figure here is our own.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, parseReport } from '../src/index.ts';
import { expectRefused } from './helpers.ts';

const csv = (...lines: string[]) => new TextEncoder().encode(lines.join('\n'));

describe('Binance Transaction History, 2024+ spelling: `User_ID,Time,…`, years in two digits', () => {
  const file = csv(
    'User_ID,Time,Account,Operation,Coin,Change,Remark',
    // lines 2-7: one sale filled in two parts: 1.5 + 0.5 = 2 SOL for 300 + 100 = 400 USDT, fees 0.3 + 0.1 = 0.4 USDT
    '7,24-11-05 09:15:20,Spot,Transaction Sold,SOL,-1.5,',
    '7,24-11-05 09:15:20,Spot,Transaction Sold,SOL,-0.5,',
    '7,24-11-05 09:15:20,Spot,Transaction Revenue,USDT,300,',
    '7,24-11-05 09:15:20,Spot,Transaction Revenue,USDT,100,',
    '7,24-11-05 09:15:20,Spot,Transaction Fee,USDT,-0.3,',
    '7,24-11-05 09:15:20,Spot,Transaction Fee,USDT,-0.1,',
    '7,24-11-06 10:00:00,Spot,Deposit,USDT,50,',
  );

  it('is detected and read; the date is the day as written (2024), with a note on the time zone', async () => {
    expect(detectFormat(file)).toEqual({ format: 'binance_ledger_csv', broker: 'Binance' });
    const r = await parseReport(file);
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'sale',
        transaction_date: '05.11.2024',
        name_security: 'SOL',
        quantity: '2',
        sale_closing_cost: '400',
        commission: '0.4',
        currency_code: 'USD',
        row: 'Строки 2, 3, 4, 5, 6, 7',
      }),
    ]);
    expect(r.skipped).toEqual([{ row: 8, reason: 'Операция «Deposit» не является сделкой' }]);
    expect(r.reconciliation.notes.join(' ')).toMatch(/часовом поясе, выбранном при выгрузке/);
  });
});

describe('Binance headers in other languages are mapped to the English names', () => {
  it('Spanish Trade History (`Tiempo,Par,Lado,…`): read like the English one', async () => {
    const r = await parseReport(
      csv(
        'Tiempo,Par,Lado,Precio,Ejecutado,Cantidad,Tarifa',
        // BUY 0.02 BTC for 1 200 USDT (= 0.02 × 60 000), fee 0.00002 BTC
        '25-02-03 08:00:00,BTCUSDT,BUY,60000,0.02BTC,1200USDT,0.00002BTC',
        // SELL 0.01 BTC for 650 USDT (= 0.01 × 65 000), fee 0.65 USDT (the quote coin: a commission)
        '25-03-04 09:00:00,BTCUSDT,SELL,65000,0.01BTC,650USDT,0.65USDT',
      ),
    );
    expect(r.format).toBe('binance_trades_csv');
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({ kind: 'purchase', transaction_date: '03.02.2025', quantity: '0.02' }),
      expect.objectContaining({ kind: 'sale', transaction_date: '04.03.2025', sale_closing_cost: '650' }),
    ]);
    expect(r.deals[0]).toMatchObject({ purchase_opening_cost: '1200', comment: expect.stringMatching(/0\.00002 BTC/) });
    expect(r.deals[1]).toMatchObject({ commission: '0.65', currency_code: 'USD' });
  });

  it('French Transaction History (`Identifiant utilisateur,Durée,Compte,Opération,Jeton,…`)', async () => {
    const r = await parseReport(
      csv(
        '\uFEFFIdentifiant utilisateur,Durée,Compte,Opération,Jeton,Change,Remarque',
        // bought 0.5 ETH for 1 000 USDC, fee 0.0005 ETH (in the coin bought: a note)
        '3,2025-05-06 12:00:00,Spot,Transaction Spend,USDC,-1000,',
        '3,2025-05-06 12:00:00,Spot,Transaction Buy,ETH,0.5,',
        '3,2025-05-06 12:00:00,Spot,Transaction Fee,ETH,-0.0005,',
      ),
    );
    expect(r.format).toBe('binance_ledger_csv');
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        name_security: 'ETH',
        quantity: '0.5',
        purchase_opening_cost: '1000',
        comment: 'Сумма в USDC учтена как USD. Комиссия 0.0005 ETH.',
      }),
    ]);
  });

  it('a header in a language we do not read (Russian) is refused with the language and the report to choose', async () => {
    // the rows are Binance's: English operation names, amounts with their coin
    await expectRefused(
      csv(
        'Время,Пара,Сторона,Цена,Исполнено,Сумма,Комиссия',
        '2025-01-02 03:04:05,ETHUSDT,BUY,3000,1ETH,3000USDT,0.001ETH',
      ),
      /английский \(English\).*«Историю сделок»/,
    );
    await expectRefused(
      csv(
        'ID пользователя,Время,Счет,Операция,Монета,Изменение,Примечание',
        '1,25-01-02 03:04:05,Spot,Transaction Buy,ETH,1,',
        '1,25-01-02 03:04:05,Spot,Transaction Spend,USDT,-3000,',
      ),
      /на языке, который мы не читаем/,
    );
  });
});

describe('Binance Trade History, older layout `Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin`', () => {
  it('`Amount` is the base quantity and `Total` the quote amount (plain numbers)', async () => {
    const r = await parseReport(
      csv(
        'Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin',
        // SELL 3 LTC at 90 USDT: 270 USDT, fee 0.27 USDT → commission 0.27
        '2019-07-08 10:11:12,LTCUSDT,SELL,90,3,270,0.27,USDT',
        // BUY 40 XRP at 0.3 EUR: 12 EUR, fee 0.04 XRP (noted)
        '2019-07-09 10:11:12,XRPEUR,BUY,0.3,40,12,0.04,XRP',
      ),
    );
    expect(r.format).toBe('binance_trades_csv');
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'sale',
        name_security: 'LTC',
        quantity: '3',
        sale_closing_cost: '270',
        commission: '0.27',
        currency_code: 'USD',
      }),
      expect.objectContaining({
        kind: 'purchase',
        name_security: 'XRP',
        quantity: '40',
        purchase_opening_cost: '12',
        currency_code: 'EUR',
        comment: 'Комиссия 0.04 XRP.',
      }),
    ]);
  });
});

describe('Binance Convert history', () => {
  const file = csv(
    'Date,Wallet,Pair,Type,Sell,Buy,Price,Inverse Price,Date Updated,Status',
    // 150 USDT converted into 0.05 ETH: a purchase of 0.05 ETH for 150 USD
    '24-08-09 10:00:00,Spot,ETHUSDT,Market,150 USDT,0.05 ETH,1 USDT = 0.00033333 ETH,1 ETH = 3000 USDT,24-08-09 10:00:01,Successful',
    // 2 SOL converted into 290USDC (no space): a sale of 2 SOL for 290 USD
    '24-08-10 10:00:00,Spot,SOLUSDC,Limit,2SOL,290USDC,,,24-08-10 10:00:00,Success',
    // an expired limit conversion: nothing was exchanged
    '24-08-11 10:00:00,Spot,SOLUSDC,Limit,2 SOL,300 USDC,,,24-08-12 10:00:00,Expired',
  );

  it('each done conversion is a deal; the others are skipped with their status', async () => {
    expect(detectFormat(file)).toEqual({ format: 'binance_convert_csv', broker: 'Binance' });
    const r = await parseReport(file);
    expect(r.errors).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        transaction_date: '09.08.2024',
        name_security: 'ETH',
        quantity: '0.05',
        purchase_opening_cost: '150',
        currency_code: 'USD',
      }),
      expect.objectContaining({ kind: 'sale', name_security: 'SOL', quantity: '2', sale_closing_cost: '290' }),
    ]);
    expect(r.skipped).toEqual([
      { row: 4, reason: 'Конвертация со статусом «Expired» не выполнена: не является сделкой' },
    ]);
  });
});

describe('Binance Transaction History: operations and legs of real exports', () => {
  it('a Convert or a card purchase whose two legs are a second apart is one deal', async () => {
    const r = await parseReport(
      csv(
        'User_ID,UTC_Time,Account,Operation,Coin,Change,Remark',
        // Binance Convert: +0.02 BNB at :58, −10 EUR at :59 → a purchase of 0.02 BNB for 10 EUR
        '5,2025-04-16 14:21:58,Spot,Binance Convert,BNB,0.02,',
        '5,2025-04-16 14:21:59,Spot,Binance Convert,EUR,-10,',
        // a card purchase: +0.001 BTC at :41, −95 EUR at :42 → a purchase of 0.001 BTC for 95 EUR
        '5,2025-04-12 08:25:41,Spot,Buy Crypto With Fiat,BTC,0.001,Via CashBalance',
        '5,2025-04-12 08:25:42,Spot,Buy Crypto With Fiat,EUR,-95,Via CashBalance',
        // a spot fee written a second after its trade: 1 ADA for 0.5 USDT at 09:00:00, fee 0.0001 BNB at 09:00:01
        '5,2025-04-13 09:00:00,Spot,Buy,ADA,1,',
        '5,2025-04-13 09:00:00,Spot,Buy,USDT,-0.5,',
        '5,2025-04-13 09:00:01,Spot,Fee,BNB,-0.0001,',
      ),
    );
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([]);
    expect(r.deals).toEqual([
      expect.objectContaining({
        row: 'Строки 2, 3',
        name_security: 'BNB',
        quantity: '0.02',
        purchase_opening_cost: '10',
      }),
      expect.objectContaining({
        row: 'Строки 4, 5',
        name_security: 'BTC',
        quantity: '0.001',
        purchase_opening_cost: '95',
      }),
      expect.objectContaining({
        row: 'Строки 6, 7, 8',
        name_security: 'ADA',
        purchase_opening_cost: '0.5',
        comment: 'Сумма в USDT учтена как USD. Комиссия 0.0001 BNB.',
      }),
    ]);
  });

  it('small balances converted at one time are told apart by the remark, or paired in file order', async () => {
    const r = await parseReport(
      csv(
        'User_ID,UTC_Time,Account,Operation,Coin,Change,Remark',
        // 2025: two coins into USDC in one second, each named in the remark
        '5,2025-06-20 20:27:44,Spot,Small Assets Exchange BNB,USDC,0.12,ACE to USDC',
        '5,2025-06-20 20:27:44,Spot,Small Assets Exchange BNB,ACE,-1.5,ACE to USDC',
        '5,2025-06-20 20:27:44,Spot,Small Assets Exchange BNB,HUMA,-30,HUMA to USDC',
        '5,2025-06-20 20:27:44,Spot,Small Assets Exchange BNB,USDC,0.7,HUMA to USDC',
        // 2021: no remark; each coin given is written next to the BNB it gave
        '5,2021-04-01 00:00:00,Spot,Small assets exchange BNB,ADA,-2,',
        '5,2021-04-01 00:00:00,Spot,Small assets exchange BNB,BNB,0.004,',
        '5,2021-04-01 00:00:00,Spot,Small assets exchange BNB,DOT,-0.1,',
        '5,2021-04-01 00:00:00,Spot,Small assets exchange BNB,BNB,0.006,',
      ),
    );
    expect(r.errors).toEqual([]);
    const pairs = r.deals.map((d) => [d.kind, d.name_security, d.quantity, d.currency_code]);
    expect(pairs).toEqual([
      ['sale', 'ACE', '1.5', 'USD'],
      ['sale', 'HUMA', '30', 'USD'],
      // ADA for 0.004 BNB and DOT for 0.006 BNB: exchanges, each side flagged
      ['sale', 'ADA', '2', 'BNB'],
      ['purchase', 'BNB', '0.004', 'ADA'],
      ['sale', 'DOT', '0.1', 'BNB'],
      ['purchase', 'BNB', '0.006', 'DOT'],
    ]);
    expect(r.deals[0]).toMatchObject({ sale_closing_cost: '0.12' });
    expect(r.deals[1]).toMatchObject({ sale_closing_cost: '0.7' });
    expect(r.deals.slice(2).every((d) => d.status === 1)).toBe(true);
  });

  it('futures, P2P, referral income and OTC trades are flagged or read; Earn subscriptions are skipped', async () => {
    const r = await parseReport(
      csv(
        'User_ID,UTC_Time,Account,Operation,Coin,Change,Remark',
        '5,2025-03-10 16:45:00,USD-M Futures,Realized Profit and Loss,USDT,50.5,',
        '5,2025-03-10 16:45:00,USD-M Futures,Fee,USDT,-0.5,',
        '5,2025-06-10 11:30:00,Funding,P2P Trading,USDT,-280,P2P - 1',
        '5,2025-06-11 11:30:00,Spot,Commission Rebate,USDT,0.25,',
        // Large OTC trading: 0.1 BTC for 9 000 USDT
        '5,2025-06-12 11:30:00,Spot,Large OTC trading,USDT,-9000,',
        '5,2025-06-12 11:30:00,Spot,Large OTC trading,BTC,0.1,',
        '5,2025-06-13 11:30:00,Spot,Launchpool Subscription/Redemption,BNB,-1,',
      ),
    );
    expect(r.errors).toEqual([]);
    const byRow = (row: number | string) => r.deals.find((d) => d.row === row);
    expect(byRow(2)).toMatchObject({ kind: 'unknown', status: 1, sale_closing_cost: '50.5' });
    expect(byRow(2)!.comment).toMatch(/«Realized Profit and Loss» на счете USD-M Futures: производные/);
    expect(byRow(3)).toMatchObject({ kind: 'unknown', status: 1, sale_closing_cost: '-0.5' });
    expect(byRow(4)).toMatchObject({ kind: 'unknown', status: 1, quantity: '-280' });
    expect(byRow(4)!.comment).toMatch(/Сделка P2P Binance/);
    expect(byRow(5)).toMatchObject({ kind: 'unknown', status: 1, comment: expect.stringMatching(/Commission Rebate/) });
    expect(byRow('Строки 6, 7')).toMatchObject({ kind: 'purchase', quantity: '0.1', purchase_opening_cost: '9000' });
    expect(r.skipped).toEqual([
      { row: 8, reason: 'Операция «Launchpool Subscription/Redemption» не является сделкой' },
    ]);
  });

  it('money for money (EUR for USDC) is a conversion, skipped, not a sale of euros', async () => {
    const r = await parseReport(
      csv(
        'User_ID,UTC_Time,Account,Operation,Coin,Change,Remark',
        '5,2026-01-31 15:28:41,Spot,Transaction Sold,EUR,-300,',
        '5,2026-01-31 15:28:41,Spot,Transaction Revenue,USDC,355,',
      ),
    );
    expect(r.deals).toEqual([]);
    expect(r.skipped).toEqual([
      { row: 'Строки 2, 3', reason: 'Конвертация валюты: не является сделкой с ценными бумагами' },
    ]);
  });
});

describe('other Binance reports are refused with the export to download', () => {
  it('order history', async () => {
    await expectRefused(
      csv(
        'Date(UTC),OrderNo,Pair,Type,Side,Order Price,Order Amount,Time,Executed,Average Price,Trading total,Status',
        '2024-01-02 03:04:05,1,BTCUSDT,LIMIT,BUY,40000,0.01BTC,2024-01-02 03:04:06,0.01BTC,40000,400USDT,FILLED',
      ),
      /история ордеров Binance.*«Историю сделок»/,
    );
  });

  it('deposit and withdrawal history, fiat history', async () => {
    await expectRefused(
      csv('Date(UTC+0),Coin,Network,Amount,Address,TXID,Status', '24-07-27 07:35:40,USDT,BSC,10,0xabc,0xdef,Completed'),
      /история пополнений или выводов Binance/,
    );
    await expectRefused(
      csv(
        'Time,Method,Spend Amount,Receive Amount,Fee,Price,Status,Transaction ID',
        '24-07-27 07:35:40,Card,100 EUR,0.001 BTC,2 EUR,98000,Completed,1',
      ),
      /фиатными деньгами.*Buy Crypto With Fiat/,
    );
  });
});
