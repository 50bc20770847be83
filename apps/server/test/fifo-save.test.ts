import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { planSecurity } from '../src/modules/deals/fifo.ts';
import { referenceCache } from '../src/modules/deals/references.ts';
import { dealsModuleRepo, fifoReader } from '../src/modules/deals/repo.ts';
import { dealsRepo } from '../src/modules/declarations/repo.ts';
import { countingDb, createTestServer, signedInUser, type TestClient, type TestServer } from './helpers.ts';

// The deal form stores a deal and FIFO's consequences in one statement, planned from one read and
// applied only if the declaration's deals did not change meanwhile. These tests check the figures a
// person sees, by hand, and that concurrent saves leave FIFO exactly as a fresh re-run computes it.
// All amounts in KZT (rate 1), so cost = quantity × unit price.
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const APPLE = 'US0378331005';
const MSFT = 'US5949181045';
const base = {
  transaction_date: '14.06.2024',
  currency_code: 'KZT',
  type_of_security: 1,
  market_id: 1,
  type_of_bidding_method: 1,
  broker_bin: '123456789012',
};
const sale = (isin: string, quantity: string, date = '14.06.2024') => ({
  ...base,
  name_security: isin === APPLE ? 'Apple Inc.' : 'Microsoft',
  isin_security: isin,
  transaction_date: date,
  quantity,
  operation_type_id: 1,
  purchase_opening_cost: '1',
  sale_closing_cost: String(Number(quantity) * 1000),
});
const purchase = (isin: string, quantity: string, price: number, date: string) => ({
  ...base,
  name_security: isin === APPLE ? 'Apple Inc.' : 'Microsoft',
  isin_security: isin,
  transaction_date: date,
  quantity,
  purchase_opening_cost: String(Number(quantity) * price),
  market_id: 5,
  operation_type_id: 4,
  country_code_registration_id: 200,
});

async function declaration(c: TestClient): Promise<number> {
  const res = await c.post('/api/declarations', { year: 2024, type: 1, kgd_code_id: 1, reporting_form_id: 3 });
  return res.json().data.common_data.id;
}
async function post(c: TestClient, id: number, section: string, body: object) {
  const res = await c.post(`/api/declarations/${id}/deals/${section}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; cost_in_tenge_currency?: string; cost_source?: string };
}
const lotsOf = async (c: TestClient, id: number, saleId: number) =>
  (await c.get(`/api/declarations/${id}/deals/${saleId}/history-deals`))
    .json()
    .data.map((l: { purchase_deal_id: number; quantity: string }) => [l.purchase_deal_id, l.quantity]);

/** FIFO re-run from what is stored: a consistent store needs no change at all. */
async function replan(db: Db, decl: { id: number; user_id: number; year: number }, keys: string[]) {
  const refs = await referenceCache(db).get();
  const changes = { lots: new Map(), figures: new Map() };
  for (const key of keys)
    planSecurity((await dealsModuleRepo(db).fifoInputs(decl, { key })).state, decl, key, refs, changes);
  return changes;
}

describe('the deal form saves FIFO with the deal', () => {
  it('a new purchase dated before a sale becomes that sale’s lot at once', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.client);
    const s1 = await post(u.client, id, 'first-section-a', sale(APPLE, '4'));
    expect(s1.cost_source).not.toBe('fifo'); // no purchase yet: the declared cost
    const p1 = await post(u.client, id, 'purchase-transaction-section', purchase(APPLE, '10', 100, '01.02.2024'));
    // 4 of the 10 shares bought at 100: 400
    expect(await lotsOf(u.client, id, s1.id)).toEqual([[p1.id, '4']]);
    const after = (await u.client.get(`/api/declarations/${id}/deals/first-section-a/${s1.id}`)).json().data;
    expect(after).toMatchObject({ cost_in_tenge_currency: '400', cost_source: 'fifo', value_added_income: '3600' });
  });

  it('a new sale takes the oldest lots left, after the sales before it', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.client);
    const p1 = await post(u.client, id, 'purchase-transaction-section', purchase(APPLE, '3', 100, '01.02.2024'));
    const p2 = await post(u.client, id, 'purchase-transaction-section', purchase(APPLE, '5', 200, '01.03.2024'));
    await post(u.client, id, 'first-section-a', sale(APPLE, '2', '10.06.2024'));
    // the second sale: the 1 share left of the first lot (100), then 3 of the second (600): 700
    const s2 = await post(u.client, id, 'first-section-a', sale(APPLE, '4', '20.06.2024'));
    expect(s2).toMatchObject({ cost_in_tenge_currency: '700', cost_source: 'fifo' });
    expect(await lotsOf(u.client, id, s2.id)).toEqual([
      [p1.id, '1'],
      [p2.id, '3'],
    ]);
  });

  it('moving a sale to another security re-matches both securities', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.client);
    const pa = await post(u.client, id, 'purchase-transaction-section', purchase(APPLE, '5', 100, '01.02.2024'));
    const pm = await post(u.client, id, 'purchase-transaction-section', purchase(MSFT, '5', 300, '01.02.2024'));
    const first = await post(u.client, id, 'first-section-a', sale(APPLE, '5', '10.06.2024'));
    const second = await post(u.client, id, 'first-section-a', sale(APPLE, '2', '20.06.2024'));
    expect(await lotsOf(u.client, id, second.id)).toEqual([]); // the Apple lot is used up by the first sale
    const moved = await u.client.put(
      `/api/declarations/${id}/deals/first-section-a/${first.id}`,
      sale(MSFT, '5', '10.06.2024'),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    // the first sale now takes the Microsoft lot (5 × 300), the second the freed Apple lot (2 × 100)
    expect(moved.json().data).toMatchObject({ cost_in_tenge_currency: '1500', cost_source: 'fifo' });
    expect(await lotsOf(u.client, id, first.id)).toEqual([[pm.id, '5']]);
    expect(await lotsOf(u.client, id, second.id)).toEqual([[pa.id, '2']]);
    const decl = { id, user_id: u.id, year: 2024 };
    const changes = await replan(s.deps.db, decl, [APPLE, MSFT]);
    expect([changes.lots.size, changes.figures.size]).toEqual([0, 0]);
  });

  it('a write planned from deals that changed since is refused whole', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.client);
    const d = await post(u.client, id, 'first-section-a', sale(APPLE, '1'));
    const revision = (
      await s.deps.db.one<{ r: string }>('SELECT deals_revision AS r FROM declarations WHERE id = $1', [id])
    )?.r as string;
    await post(u.client, id, 'first-section-a', sale(APPLE, '2')); // the deals move on
    const audit = async () =>
      (await s.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE declaration_id = $1', [id]))
        ?.n;
    const auditBefore = await audit();
    const stale = await dealsRepo(s.deps.db).save(
      id,
      'first_section_a',
      { comment: 'stale', fields: { quantity: '99' } },
      { actor: null, action: 'deal_update', at: s.clock.now() },
      { revision, relotted: [d.id], lots: [], figures: [] },
      d.id,
    );
    expect(stale).toEqual({ conflict: true });
    const stored = (await u.client.get(`/api/declarations/${id}/deals/first-section-a/${d.id}`)).json().data;
    expect(stored.quantity).toBe('1');
    expect(stored.comment).not.toBe('stale');
    expect(await audit()).toBe(auditBefore);
  });

  it('concurrent saves of one security leave FIFO exactly as a fresh re-run computes it', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.client);
    for (const [q, price, date] of [
      ['10', 100, '01.02.2024'],
      ['10', 150, '01.03.2024'],
      ['10', 200, '01.04.2024'],
    ] as const) {
      await post(u.client, id, 'purchase-transaction-section', purchase(APPLE, q, price, date));
    }
    const sales = [];
    for (let i = 0; i < 6; i++)
      sales.push(await post(u.client, id, 'first-section-a', sale(APPLE, '3', `1${i}.06.2024`)));
    // twelve saves at once: quantities change, a purchase is added, so lots move between the sales
    const answers = await Promise.all([
      ...sales.map((x, i) =>
        u.client.put(
          `/api/declarations/${id}/deals/first-section-a/${x.id}`,
          sale(APPLE, String(2 + i), `1${i}.06.2024`),
        ),
      ),
      ...sales.map((x, i) =>
        u.client.put(
          `/api/declarations/${id}/deals/first-section-a/${x.id}`,
          sale(APPLE, String(5 - (i % 3)), `1${i}.06.2024`),
        ),
      ),
      u.client.post(
        `/api/declarations/${id}/deals/purchase-transaction-section`,
        purchase(APPLE, '4', 50, '15.01.2024'),
      ),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(300);
    const changes = await replan(s.deps.db, { id, user_id: u.id, year: 2024 }, [APPLE]);
    expect([changes.lots.size, changes.figures.size]).toEqual([0, 0]);
    // every share sold is covered (34 bought in all; at most 6 × 7 = 42 asked): the lots never exceed a purchase
    const over = await s.deps.db.query(
      `SELECT l.purchase_deal_id FROM deal_lots l JOIN deals p ON p.id = l.purchase_deal_id
       WHERE p.declaration_id = $1 GROUP BY l.purchase_deal_id, p.fields
       HAVING sum(l.quantity) > (p.fields ->> 'quantity')::numeric`,
      [id],
    );
    expect(over).toEqual([]);
  });
});

describe('FIFO reads of saves in flight together', () => {
  it('are one statement, and each read gets exactly what it would read alone', async () => {
    const a = await signedInUser(s);
    const b = await signedInUser(s);
    const ida = await declaration(a.client);
    const idb = await declaration(b.client);
    const pa = await post(a.client, ida, 'purchase-transaction-section', purchase(APPLE, '10', 100, '01.02.2024'));
    const sa = await post(a.client, ida, 'first-section-a', sale(APPLE, '4'));
    await post(a.client, ida, 'purchase-transaction-section', purchase(MSFT, '3', 300, '01.02.2024'));
    // b holds the same security: a's read must not see b's deals, nor b's a's
    await post(b.client, idb, 'purchase-transaction-section', purchase(APPLE, '7', 50, '01.03.2024'));
    const declOf = async (id: number) =>
      (await s.deps.db.one<{ id: number; user_id: number; year: number }>(
        'SELECT id, user_id, year FROM declarations WHERE id = $1',
        [id],
      )) as { id: number; user_id: number; year: number };
    const [da, db] = [await declOf(ida), await declOf(idb)];
    const queries = [
      { decl: da, key: APPLE, dealId: sa.id, dealKeyed: true },
      { decl: da, key: MSFT },
      { decl: db, key: APPLE },
      { decl: da, key: '' },
      { decl: db, key: APPLE, dealId: sa.id }, // a's deal asked through b's declaration: not found
    ];
    const { db: counting, statements } = countingDb(s.deps.db);
    const together = await Promise.all(queries.map((q) => fifoReader(counting)(q)));
    expect(statements()).toBe(1);
    const alone = await Promise.all(queries.map(({ decl, ...q }) => dealsModuleRepo(s.deps.db).fifoInputs(decl, q)));
    expect(together).toEqual(alone);
    // and what each read holds: a's Apple purchase and sale with the sale's lot, a's deal before the save
    const [apple, msft, theirs, none, foreign] = together;
    expect(apple?.state.pool.map((d) => d.id)).toEqual([pa.id, sa.id]);
    expect(apple?.state.lots.get(sa.id)).toBe(`${pa.id}:4:400;`);
    expect(apple?.before?.id).toBe(sa.id);
    expect(msft?.state.pool).toHaveLength(1);
    expect(theirs?.state.pool.map((d) => d.declaration_id)).toEqual([idb]);
    expect(none?.state.pool).toEqual([]);
    expect(foreign?.before).toBeUndefined();
    expect(Number(apple?.revision)).toBeGreaterThan(0);
  });
});
