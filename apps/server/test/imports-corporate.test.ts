import { MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signedInUser, type TestServer, uploadFiles } from './helpers.ts';

// Corporate actions across imports (issue 16): a statement's split or stock merger whose earlier purchases
// came from an EARLIER import (this declaration or the person's declaration of an earlier year).
// The test clock starts at 2026-03-15: selectable years are 2025, 2024 and 2023.

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const declaration = (year: number) => ({ year, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null });

/** A Flex statement of `year` with the given Trades and CorporateActions rows. */
function flex(year: number, trades: string, actions = ''): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<FlexQueryResponse queryName="tax" type="AF"><FlexStatements count="1">
<FlexStatement accountId="U7" fromDate="${year}0101" toDate="${year}1231" period="" whenGenerated="${year + 1}0106;090000">
<Trades>${trades}</Trades><CorporateActions>${actions}</CorporateActions>
</FlexStatement></FlexStatements></FlexQueryResponse>`,
    'utf8',
  );
}

const trade = (id: string, isin: string, date: string, qty: number, amount: number) =>
  `<Trade accountId="U7" currency="USD" assetCategory="STK" symbol="X${isin.slice(-3)}" description="CO ${isin}" isin="${isin}" issuerCountryCode="US" listingExchange="NASDAQ" tradeID="${id}" tradeDate="${date}" quantity="${qty}" tradePrice="${Math.abs(amount / qty)}" proceeds="${-amount}" ibCommission="0" buySell="${qty > 0 ? 'BUY' : 'SELL'}" levelOfDetail="EXECUTION"/>`;

const NVDA = 'US67066G1040';

async function upload(u: Awaited<ReturnType<typeof signedInUser>>, declarationId: number, bytes: Buffer) {
  const res = await uploadFiles(s, u.token, declarationId, [
    { name: 'files[]', value: bytes, filename: 'flex.xml' },
    { name: 'bank', value: 'Interactive Brokers' },
  ]);
  expect(res.statusCode, res.body).toBe(202);
  await s.deps.jobs.runOnce();
  const done = (await u.client.get(`/api/imports/${res.json().import_id}`)).json().data;
  expect(done.status, JSON.stringify(done)).toBe('done');
  return done;
}

async function newDeclaration(u: Awaited<ReturnType<typeof signedInUser>>, year: number) {
  const res = await u.client.post('/api/declarations', declaration(year));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.common_data.id as number;
}

/** The lots FIFO gave the declaration's sales of `isin`: quantity and cost in the lot's currency. */
const lotsOfSales = (declarationId: number, isin: string) =>
  s.deps.db.query<{ quantity: string; cost: string; purchase_quantity: string }>(
    `SELECT l.quantity::text AS quantity, l.cost::text AS cost, p.fields->>'quantity' AS purchase_quantity
     FROM deals d JOIN deal_lots l ON l.sale_deal_id = d.id JOIN deals p ON p.id = l.purchase_deal_id
     WHERE d.declaration_id = $1 AND d.security_key = $2 AND d.section = 'second_section' ORDER BY d.id, l.seq`,
    [declarationId, isin],
  );

const num = (v: string) => Number(v);

describe('a split whose pre-split purchases came from an earlier import', () => {
  it('same declaration: the later sale matches the earlier lot in post-split units, cost kept; re-import splits once', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u, 2024);
    // import 1: 10 NVDA bought 05.01.2024 for 4 800 (480 a share)
    await upload(u, id, flex(2024, trade('101', NVDA, '20240105', 10, 4800)));
    // import 2: split 10 for 1 on 10.06.2024, then 50 sold on 01.07.2024 for 6 200
    const split = `<CorporateAction assetCategory="STK" currency="USD" symbol="NVDA" description="NVDA(${NVDA}) SPLIT 10 FOR 1 (NVDA, NVIDIA CORP, ${NVDA})" isin="${NVDA}" issuerCountryCode="US" type="FS" actionID="9001" transactionID="4001" dateTime="20240610;202500" quantity="90" proceeds="0" levelOfDetail="DETAIL"/>`;
    const second = flex(2024, trade('102', NVDA, '20240701', -50, 6200), split);
    await upload(u, id, second);
    // the 10 shares are 100 after the split, still 4 800 in all (48 a share): 50 of them cost 4 800 × 50 / 100 = 2 400
    const lots = await lotsOfSales(id, NVDA);
    expect(lots).toHaveLength(1);
    expect(num(lots[0]!.quantity)).toBe(50);
    expect(num(lots[0]!.cost)).toBe(2400);
    // the stored purchase keeps the quantity its broker reported
    expect(lots[0]!.purchase_quantity).toBe('10');

    // the same statement again: nothing added, the split kept once, the cost still 2 400 (not 4 800 × 50 / 1 000)
    const again = await upload(u, id, second);
    expect(again.counts.added).toBe(0);
    expect(again.message).toBe(MSG.importNothingNew);
    const splits = await s.deps.db.query('SELECT 1 FROM security_splits WHERE user_id = $1', [u.id]);
    expect(splits).toHaveLength(1);
    const after = await lotsOfSales(id, NVDA);
    expect(num(after[0]!.cost)).toBe(2400);
    expect(num(after[0]!.quantity)).toBe(50);
  });

  it("an earlier year's declaration holds the lots; a reverse split 1 for 10", async () => {
    const u = await signedInUser(s);
    const REV = 'US0000000035';
    const y2023 = await newDeclaration(u, 2023);
    // 2023: 200 REV bought 10.03.2023 for 2 000 (10 a share)
    await upload(u, y2023, flex(2023, trade('201', REV, '20230310', 200, 2000)));
    const y2024 = await newDeclaration(u, 2024);
    // 2024: reverse split 1 for 10 on 10.10.2024 (200 → 20 shares), then 5 sold on 01.11.2024 for 900
    const split = `<CorporateAction assetCategory="STK" currency="USD" symbol="REV" description="REV(${REV}) SPLIT 1 FOR 10 (REV, REVERSE CO, ${REV})" isin="${REV}" issuerCountryCode="US" type="RS" actionID="9006" transactionID="4006" dateTime="20241010" quantity="-180" proceeds="0" levelOfDetail="DETAIL"/>`;
    await upload(u, y2024, flex(2024, trade('202', REV, '20241101', -5, 900), split));
    // 20 post-split shares cost 2 000 (100 a share): 5 of them cost 2 000 × 5 / 20 = 500
    const lots = await lotsOfSales(y2024, REV);
    expect(lots).toHaveLength(1);
    expect(num(lots[0]!.quantity)).toBe(5);
    expect(num(lots[0]!.cost)).toBe(500);
  });
});

describe('a stock-for-stock merger whose old shares came from an earlier import', () => {
  it("the new shares take over the earlier lots' cost (FIFO, less what was sold), status 1 to confirm", async () => {
    const u = await signedInUser(s);
    const OLD = 'US0000000076';
    const NEW = 'US0000000084';
    const y2023 = await newDeclaration(u, 2023);
    // 2023: 100 OLD bought 01.03.2023 for 3 000 (30 a share), 20 sold 01.06.2023 for 700 → 80 held, cost 2 400
    await upload(
      u,
      y2023,
      flex(2023, trade('301', OLD, '20230301', 100, 3000) + trade('302', OLD, '20230601', -20, 700)),
    );
    const y2024 = await newDeclaration(u, 2024);
    // 2024: merger 15.05.2024, the 80 OLD given up for 40 NEW (1 for 2), no cost stated by the broker
    const merger = (id: string, isin: string, qty: number) =>
      `<CorporateAction assetCategory="STK" currency="USD" symbol="X${isin.slice(-3)}" description="OLD(${OLD}) MERGED(Acquisition) WITH ${NEW} 1 FOR 2 (NEW, NEWCO, ${NEW})" isin="${isin}" issuerCountryCode="US" type="TC" actionID="9100" transactionID="${id}" dateTime="20240515" quantity="${qty}" proceeds="0" levelOfDetail="DETAIL"/>`;
    await upload(u, y2024, flex(2024, '', merger('4101', OLD, -80) + merger('4102', NEW, 40)));
    const rows = await s.deps.db.query<{ status: number | null; comment: string; fields: Record<string, unknown> }>(
      `SELECT status, comment, fields FROM deals WHERE declaration_id = $1 AND security_key = $2`,
      [y2024, NEW],
    );
    expect(rows).toHaveLength(1);
    // 80 of the 100 shares bought for 3 000 are left after the sale of 20: 3 000 × 80 / 100 = 2 400 carried over
    expect(rows[0]!.fields).toMatchObject({ quantity: '40', operation_type_id: 5 });
    expect(Number(rows[0]!.fields.purchase_opening_cost)).toBe(2400);
    expect(rows[0]!.status).toBe(1);
    expect(rows[0]!.comment).toMatch(/Стоимость перенесена со старых бумаг US0000000076: 80 шт\..*2400 USD/);
  });

  it('without earlier purchases of the old shares the deal still asks for the cost and says why', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u, 2024);
    const OLD = 'US0000000092';
    const NEW = 'US0000000100';
    const merger = (tid: string, isin: string, qty: number) =>
      `<CorporateAction assetCategory="STK" currency="USD" symbol="X" description="OLD(${OLD}) MERGED(Acquisition) WITH ${NEW} 1 FOR 1 (NEW, NEWCO, ${NEW})" isin="${isin}" issuerCountryCode="US" type="TC" actionID="9200" transactionID="${tid}" dateTime="20240515" quantity="${qty}" proceeds="0" levelOfDetail="DETAIL"/>`;
    await upload(u, id, flex(2024, '', merger('4201', OLD, -10) + merger('4202', NEW, 10)));
    const row = await s.deps.db.one<{ status: number; comment: string }>(
      'SELECT status, comment FROM deals WHERE declaration_id = $1 AND security_key = $2',
      [id, NEW],
    );
    expect(row).toMatchObject({ status: 1 });
    expect(row!.comment).toMatch(
      /укажите стоимость старых бумаг.*Покупок US0000000092 до 15\.05\.2024 в загруженных отчетах нет/s,
    );
  });
});

describe('a reverse split that gives the security a new ISIN (IB writes the old and the new line)', () => {
  it("a sale of the new ISIN matches the earlier year's lots of the old one, at their own date and rate", async () => {
    const u = await signedInUser(s);
    const OLD = 'US0000000118';
    const NEW = 'US0000000126';
    const y2023 = await newDeclaration(u, 2023);
    // 2023: 200 OLD bought 10.03.2023 for 2 000 (10 a share)
    await upload(u, y2023, flex(2023, trade('501', OLD, '20230310', 200, 2000)));
    const y2024 = await newDeclaration(u, 2024);
    // 2024: reverse split 1 for 10 on 10.10.2024 into a new ISIN (200 OLD → 20 NEW), then 5 NEW sold for 900
    const line = (tid: string, isin: string, own: string, qty: number) =>
      `<CorporateAction assetCategory="STK" currency="USD" symbol="${own}" description="REV(${OLD}) SPLIT 1 FOR 10 (${own}, REVERSE CO, ${isin})" isin="${isin}" issuerCountryCode="US" type="RS" actionID="9300" transactionID="${tid}" dateTime="20241010;202500" quantity="${qty}" proceeds="0" levelOfDetail="DETAIL"/>`;
    const statement = flex(
      2024,
      trade('502', NEW, '20241101', -5, 900),
      line('4301', NEW, 'REV', 20) + line('4302', OLD, 'REV.OLD', -200),
    );
    await upload(u, y2024, statement);
    // no deal for the split itself: it is kept under the old ISIN with the new one named
    const kept = await s.deps.db.query<{ security_key: string; renamed_to: string; ratio: string }>(
      'SELECT security_key, renamed_to, ratio::text AS ratio FROM security_splits WHERE user_id = $1',
      [u.id],
    );
    expect(kept.map((k) => [k.security_key, k.renamed_to, Number(k.ratio)])).toEqual([[OLD, NEW, 0.1]]);
    // the 200 shares are 20 new ones, still 2 000 in all: 5 of them cost 2 000 × 5 / 20 = 500, in tenge at the
    // rate of the 2023 purchase (its own date), not of the split
    const lots = await s.deps.db.query<{
      quantity: string;
      cost: string;
      cost_kzt: string;
      purchase: string;
      rate: string;
    }>(
      `SELECT l.quantity::text AS quantity, l.cost::text AS cost, l.cost_kzt::text AS cost_kzt,
         p.fields->>'quantity' AS purchase, p.fields->>'exchange_rate' AS rate
       FROM deals d JOIN deal_lots l ON l.sale_deal_id = d.id JOIN deals p ON p.id = l.purchase_deal_id
       WHERE d.declaration_id = $1 AND d.security_key = $2`,
      [y2024, NEW],
    );
    expect(lots).toHaveLength(1);
    expect(lots[0]!.purchase).toBe('200');
    expect(num(lots[0]!.quantity)).toBe(5);
    expect(num(lots[0]!.cost)).toBe(500);
    expect(num(lots[0]!.cost_kzt)).toBeCloseTo(500 * num(lots[0]!.rate), 2);

    // the same statement again: nothing added, the split kept once, the cost unchanged
    const again = await upload(u, y2024, statement);
    expect(again.counts.added).toBe(0);
    const after = await lotsOfSales(y2024, NEW);
    expect(after.map((l) => [num(l.quantity), num(l.cost)])).toEqual([[5, 500]]);
  });
});

describe("a later year's sales follow the lots an import adds to an earlier year", () => {
  it('the 2025 sale imported first gets its cost once the 2024 purchase is imported', async () => {
    const u = await signedInUser(s);
    const ISIN = 'US0000000134';
    const y2025 = await newDeclaration(u, 2025);
    // 2025: 50 sold on 10.02.2025 for 3 000; nothing bought yet in the uploaded reports: the sale waits
    await upload(u, y2025, flex(2025, trade('601', ISIN, '20250210', -50, 3000)));
    expect(await lotsOfSales(y2025, ISIN)).toHaveLength(0);
    const sale = () =>
      s.deps.db.one<{ status: number | null; comment: string | null }>(
        `SELECT status, comment FROM deals WHERE declaration_id = $1 AND security_key = $2`,
        [y2025, ISIN],
      );
    expect(await sale()).toMatchObject({ status: 1, comment: MSG.importNoPurchaseHistory });
    // 2024: 100 bought on 05.03.2024 for 4 800 (48 a share)
    const y2024 = await newDeclaration(u, 2024);
    await upload(u, y2024, flex(2024, trade('602', ISIN, '20240305', 100, 4800)));
    // the 2025 sale now consumes 50 of those 100: 4 800 × 50 / 100 = 2 400
    const lots = await lotsOfSales(y2025, ISIN);
    expect(lots).toHaveLength(1);
    expect(num(lots[0]!.quantity)).toBe(50);
    expect(num(lots[0]!.cost)).toBe(2400);
    // and no longer waits: the reason is gone
    expect(await sale()).toMatchObject({ status: null, comment: null });
  });
});

describe('the deal form: a purchase typed in follows into the sales that waited for it (background job)', () => {
  const typed = (isin: string) => ({
    transaction_date: '05.03.2024',
    currency_code: 'USD',
    type_of_security: 1,
    market_id: 5,
    type_of_bidding_method: 1,
    broker_bin: '123456789012',
    name_security: 'CO TYPED',
    isin_security: isin,
    quantity: '100',
    purchase_opening_cost: '4800',
    operation_type_id: 4,
    country_code_registration_id: 200,
  });

  it("an earlier year's purchase: the later year's imported sale gets its cost and stops waiting", async () => {
    const u = await signedInUser(s);
    const ISIN = 'US0000000142';
    const y2025 = await newDeclaration(u, 2025);
    // 2025: 50 sold for 3 000, no purchase uploaded: the sale waits
    await upload(u, y2025, flex(2025, trade('701', ISIN, '20250210', -50, 3000)));
    const y2024 = await newDeclaration(u, 2024);
    // 2024: 100 typed in the form, 4 800 USD
    const res = await u.client.post(`/api/declarations/${y2024}/deals/purchase-transaction-section`, typed(ISIN));
    expect(res.statusCode, res.body).toBe(201);
    await s.deps.jobs.runOnce();
    // 50 of the 100: 4 800 × 50 / 100 = 2 400
    const lots = await lotsOfSales(y2025, ISIN);
    expect(lots.map((l) => [num(l.quantity), num(l.cost)])).toEqual([[50, 2400]]);
    const sale = await s.deps.db.one<{ status: number | null }>(
      'SELECT status FROM deals WHERE declaration_id = $1 AND security_key = $2',
      [y2025, ISIN],
    );
    expect(sale!.status).toBeNull();
  });

  it('the same declaration: an imported sale that waited is matched once the purchase is typed in', async () => {
    const u = await signedInUser(s);
    const ISIN = 'US0000000159';
    const id = await newDeclaration(u, 2024);
    // 30 sold on 01.10.2024 for 2 000: waits for its purchases
    await upload(u, id, flex(2024, trade('801', ISIN, '20241001', -30, 2000)));
    expect(await lotsOfSales(id, ISIN)).toHaveLength(0);
    const res = await u.client.post(`/api/declarations/${id}/deals/purchase-transaction-section`, typed(ISIN));
    expect(res.statusCode, res.body).toBe(201);
    await s.deps.jobs.runOnce();
    // 30 of the 100 typed: 4 800 × 30 / 100 = 1 440
    const lots = await lotsOfSales(id, ISIN);
    expect(lots.map((l) => [num(l.quantity), num(l.cost)])).toEqual([[30, 1440]]);
  });
});

describe("removing an earlier year's deals: the later year's sales follow (background job)", () => {
  const saleOf = (declarationId: number, isin: string) =>
    s.deps.db.one<{ status: number | null; comment: string | null; cost: string | null }>(
      `SELECT status, comment, fields->>'cost_in_tenge_currency' AS cost FROM deals
       WHERE declaration_id = $1 AND security_key = $2 AND section = 'second_section'`,
      [declarationId, isin],
    );

  it('the earlier declaration deleted: the sale loses the cost of purchases that are gone and waits again', async () => {
    const u = await signedInUser(s);
    const ISIN = 'US0000000167';
    const y2024 = await newDeclaration(u, 2024);
    // 2024: 100 bought for 4 800; 2025: 50 of them sold for 3 000, so 4 800 × 50 / 100 = 2 400 of cost
    await upload(u, y2024, flex(2024, trade('901', ISIN, '20240305', 100, 4800)));
    const y2025 = await newDeclaration(u, 2025);
    await upload(u, y2025, flex(2025, trade('902', ISIN, '20250210', -50, 3000)));
    expect((await lotsOfSales(y2025, ISIN)).map((l) => [num(l.quantity), num(l.cost)])).toEqual([[50, 2400]]);
    expect((await saleOf(y2025, ISIN))!.status).toBeNull();

    const res = await u.client.delete(`/api/declarations/${y2024}`);
    expect(res.statusCode, res.body).toBe(200);
    await s.deps.jobs.runOnce();
    // no purchase left anywhere: no lot, no cost, and the sale asks for its purchase history again
    expect(await lotsOfSales(y2025, ISIN)).toHaveLength(0);
    expect(await saleOf(y2025, ISIN)).toMatchObject({ status: 1, comment: MSG.importNoPurchaseHistory, cost: null });

    // the purchases imported again into a new 2024 declaration: the sale gets its 2 400 back, one reason less
    const again = await newDeclaration(u, 2024);
    await upload(u, again, flex(2024, trade('901', ISIN, '20240305', 100, 4800)));
    expect((await lotsOfSales(y2025, ISIN)).map((l) => [num(l.quantity), num(l.cost)])).toEqual([[50, 2400]]);
    expect(await saleOf(y2025, ISIN)).toMatchObject({ status: null, comment: null });
  });

  it("all deals of the middle year deleted: its sale's lots go back to the later sale (FIFO)", async () => {
    const u = await signedInUser(s);
    const ISIN = 'US0000000175';
    // 2023: 100 bought 01.03 for 4 000 (40 a share), 100 bought 01.06 for 6 000 (60 a share)
    const y2023 = await newDeclaration(u, 2023);
    await upload(
      u,
      y2023,
      flex(2023, trade('911', ISIN, '20230301', 100, 4000) + trade('912', ISIN, '20230601', 100, 6000)),
    );
    // 2024: 100 sold (the first lot, FIFO); 2025: 50 sold, from the second lot: 6 000 × 50 / 100 = 3 000
    const y2024 = await newDeclaration(u, 2024);
    await upload(u, y2024, flex(2024, trade('913', ISIN, '20240401', -100, 5000)));
    const y2025 = await newDeclaration(u, 2025);
    await upload(u, y2025, flex(2025, trade('914', ISIN, '20250210', -50, 3500)));
    expect((await lotsOfSales(y2025, ISIN)).map((l) => [num(l.quantity), num(l.cost)])).toEqual([[50, 3000]]);

    const res = await u.client.post(`/api/declarations/${y2024}/deals/delete-all`);
    expect(res.statusCode, res.body).toBe(200);
    await s.deps.jobs.runOnce();
    // the 2024 sale is gone, the first lot is free again: 4 000 × 50 / 100 = 2 000
    expect((await lotsOfSales(y2025, ISIN)).map((l) => [num(l.quantity), num(l.cost)])).toEqual([[50, 2000]]);
    expect((await saleOf(y2025, ISIN))!.status).toBeNull();
  });
});

describe('a security renamed more than once (split into a new ISIN, then an ISIN change)', () => {
  const A = 'US0000000183';
  const B = 'US0000000191';
  const C = 'US0000000209';
  // IB's two lines of each action: the new ISIN received, the old one (".OLD") given up
  const reverse = (tid: string, isin: string, own: string, qty: number) =>
    `<CorporateAction assetCategory="STK" currency="USD" symbol="${own}" description="ABC(${A}) SPLIT 1 FOR 10 (${own}, ABC CO, ${isin})" isin="${isin}" issuerCountryCode="US" type="RS" actionID="9400" transactionID="${tid}" dateTime="20240510;202500" quantity="${qty}" proceeds="0" levelOfDetail="DETAIL"/>`;
  const change = (tid: string, isin: string, own: string, qty: number) =>
    `<CorporateAction assetCategory="STK" currency="USD" symbol="${own}" description="ABC(${B}) CUSIP/ISIN CHANGE TO (${C}) (${own}, ABC CO, ${isin})" isin="${isin}" issuerCountryCode="US" type="IC" actionID="9401" transactionID="${tid}" dateTime="20240810;202500" quantity="${qty}" proceeds="0" levelOfDetail="DETAIL"/>`;
  const actions =
    reverse('4401', B, 'ABC', 20) +
    reverse('4402', A, 'ABC.OLD', -200) +
    change('4403', C, 'ABC', 20) +
    change('4404', B, 'ABC.OLD', -20);

  it('a sale of the last ISIN matches the lots bought under the first one', async () => {
    const u = await signedInUser(s);
    // 2023: 200 A bought 10.03.2023 for 2 000 (10 a share)
    const y2023 = await newDeclaration(u, 2023);
    await upload(u, y2023, flex(2023, trade('1001', A, '20230310', 200, 2000)));
    // 2024: A → B 1 for 10 (20 B), B → C one for one (20 C); 5 C sold 01.11.2024 for 900
    const y2024 = await newDeclaration(u, 2024);
    await upload(u, y2024, flex(2024, trade('1002', C, '20241101', -5, 900), actions));
    // the 200 A are 20 C, still 2 000 in all: 5 of them cost 2 000 × 5 / 20 = 500, the lot is the 2023 purchase
    const lots = await lotsOfSales(y2024, C);
    expect(lots.map((l) => [num(l.quantity), num(l.cost), l.purchase_quantity])).toEqual([[5, 500, '200']]);
  });

  it("the first ISIN's own earlier split counts too (2 for 1, then 1 for 10 into a new ISIN)", async () => {
    const u = await signedInUser(s);
    // 2023: 100 A bought 10.03.2023 for 2 000, split 2 for 1 on 01.06.2023 (200 A, 10 a share)
    const forward = `<CorporateAction assetCategory="STK" currency="USD" symbol="ABC" description="ABC(${A}) SPLIT 2 FOR 1 (ABC, ABC CO, ${A})" isin="${A}" issuerCountryCode="US" type="FS" actionID="9399" transactionID="4400" dateTime="20230601;202500" quantity="100" proceeds="0" levelOfDetail="DETAIL"/>`;
    const y2023 = await newDeclaration(u, 2023);
    await upload(u, y2023, flex(2023, trade('1201', A, '20230310', 100, 2000), forward));
    // 2024: 200 A → 20 B → 20 C; 5 C sold: 2 000 × 5 / 20 = 500 (without the 2023 split it would be 10 C, 1 000)
    const y2024 = await newDeclaration(u, 2024);
    await upload(u, y2024, flex(2024, trade('1202', C, '20241101', -5, 900), actions));
    expect((await lotsOfSales(y2024, C)).map((l) => [num(l.quantity), num(l.cost)])).toEqual([[5, 500]]);
  });

  it("the first ISIN's purchases imported last still reach the later year's sale of the last one", async () => {
    const u = await signedInUser(s);
    // 2025: 5 C sold for 900, imported first: nothing to match, the sale waits
    const y2025 = await newDeclaration(u, 2025);
    await upload(u, y2025, flex(2025, trade('1102', C, '20250210', -5, 900)));
    expect(await lotsOfSales(y2025, C)).toHaveLength(0);
    // 2024: only the two renames
    const y2024 = await newDeclaration(u, 2024);
    await upload(u, y2024, flex(2024, '', actions));
    // 2023: 200 A for 2 000 imported last; the 2025 sale of C takes 5 of the 20: 500
    const y2023 = await newDeclaration(u, 2023);
    await upload(u, y2023, flex(2023, trade('1101', A, '20230310', 200, 2000)));
    expect((await lotsOfSales(y2025, C)).map((l) => [num(l.quantity), num(l.cost)])).toEqual([[5, 500]]);
    const sale = await s.deps.db.one<{ status: number | null }>(
      'SELECT status FROM deals WHERE declaration_id = $1 AND security_key = $2',
      [y2025, C],
    );
    expect(sale!.status).toBeNull();
  });
});

describe('an earlier year kept as a draft until it expires', () => {
  it("its removal (10 days after creation) takes the later year's sale back to waiting", async () => {
    const DAY = 86_400_000;
    const u = await signedInUser(s);
    const ISIN = 'US0000000225';
    // 2024 draft: 100 bought for 4 800; nine days later a 2025 declaration sells 50: 2 400 of cost
    const y2024 = await newDeclaration(u, 2024);
    await upload(u, y2024, flex(2024, trade('1301', ISIN, '20240305', 100, 4800)));
    s.clock.advance(9 * DAY);
    const y2025 = await newDeclaration(u, 2025);
    await upload(u, y2025, flex(2025, trade('1302', ISIN, '20250210', -50, 3000)));
    expect((await lotsOfSales(y2025, ISIN)).map((l) => [num(l.quantity), num(l.cost)])).toEqual([[50, 2400]]);
    // a day later the 2024 draft has expired: the next list removes it, and the 2025 sale follows
    s.clock.advance(DAY);
    const list = await u.client.get('/api/declarations');
    expect(list.json().data.map((d: { id: number }) => d.id)).toEqual([y2025]);
    await s.deps.jobs.runOnce();
    expect(await lotsOfSales(y2025, ISIN)).toHaveLength(0);
    const sale = await s.deps.db.one<{ status: number | null; comment: string | null }>(
      'SELECT status, comment FROM deals WHERE declaration_id = $1 AND security_key = $2',
      [y2025, ISIN],
    );
    expect(sale).toMatchObject({ status: 1, comment: MSG.importNoPurchaseHistory });
  });
});
