import { gunzipSync } from 'node:zlib';
import { Declaration, dataOf } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../src/lib/raw-json.ts';
import { RevisionCache } from '../src/lib/revision-cache.ts';
import { CalculationView as CalculationViewSchema } from '../src/modules/calculation/schemas.ts';
import { dealsRepo } from '../src/modules/declarations/repo.ts';
import { createTestServer, paidDeclaration as paid, signedInUser, type TestServer } from './helpers.ts';

// GET /api/declarations/{id} and GET .../calculation answer from a cache keyed by the declaration's
// deals_revision (a database trigger bumps it on every change to its deals). These tests prove the
// answers are what the response schema would produce and never stale, whoever changes the deals.

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const paidDeclaration = (userId: number) => paid(s, userId);

/** A sale through a foreign broker: gain (sale − purchase) USD at the stored rate of 470 ₸. */
const sale = (name: string, saleUsd: string, purchaseUsd: string) => ({
  transaction_date: '01.06.2024',
  currency_code: 'USD',
  amount_kzt: '0',
  fields: {
    name_security: name,
    isin_security: 'US0378331005',
    quantity: '10',
    sale_closing_cost: saleUsd,
    purchase_opening_cost: purchaseUsd,
    rate: '470',
    country_code: 'USA',
    operation_type_id: 1,
  },
});

const outsideRk = async (
  c: { get(p: string): Promise<{ json(): { data: { fifth_section: Record<string, string | null> } } }> },
  id: number,
) => (await c.get(`/api/declarations/${id}/calculation`)).json().data.fifth_section.from_sale_property_outside_rk;

describe('cached answers of a declaration', () => {
  it('GET /api/declarations/{id} is exactly what its response schema allows, nothing more', async () => {
    const u = await signedInUser(s);
    const id = await paidDeclaration(u.id);
    await dealsRepo(s.deps.db).insert(id, 'second_section', sale('Apple', '3000', '2000'), s.clock.now());
    const res = await u.client.get(`/api/declarations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    // parsing strips unknown keys and fails on a wrong shape: equal means the raw answer is the schema's
    expect(body).toEqual(JSON.parse(JSON.stringify(dataOf(Declaration).parse(body))));
    expect(body.data.deals.second_section).toHaveLength(1);
    expect(body.data.deals.fifth_section).toBeNull(); // not finished yet
    const calc = (await u.client.get(`/api/declarations/${id}/calculation`)).json();
    expect(calc).toEqual(JSON.parse(JSON.stringify(dataOf(CalculationViewSchema).parse(calc))));
  });

  it('every way of changing deals is seen by the next answer', async () => {
    const u = await signedInUser(s);
    const id = await paidDeclaration(u.id);
    const deals = dealsRepo(s.deps.db);
    const first = (await deals.insert(id, 'second_section', sale('Apple', '3000', '2000'), s.clock.now())) as number;
    // (3000 − 2000) × 470 = 470 000
    expect(await outsideRk(u.client, id)).toBe('470000');
    const names = async () =>
      (await u.client.get(`/api/declarations/${id}`))
        .json()
        .data.deals.second_section.map((d: { name_security: string }) => d.name_security);
    expect(await names()).toEqual(['Apple']);

    // a second deal: + (2500 − 2000) × 470 = 235 000 → 705 000
    await deals.insert(id, 'second_section', sale('Microsoft', '2500', '2000'), s.clock.now());
    expect(await outsideRk(u.client, id)).toBe('705000');
    expect(await names()).toEqual(['Apple', 'Microsoft']);

    // an update of the first: (3500 − 2000) × 470 = 705 000, plus 235 000 = 940 000
    const revision = (
      await s.deps.db.one<{ r: string }>('SELECT deals_revision AS r FROM declarations WHERE id = $1', [id])
    )?.r as string;
    const saved = await deals.save(
      id,
      'second_section',
      sale('Apple Inc.', '3500', '2000'),
      { actor: null, action: 'deal_update', at: s.clock.now() },
      { revision, relotted: [], lots: [], figures: [] },
      first,
    );
    expect(saved.conflict).toBe(false);
    expect(await outsideRk(u.client, id)).toBe('940000');
    expect(await names()).toEqual(['Apple Inc.', 'Microsoft']);

    // a change made outside the application's code paths (a re-match, an operator's SQL)
    await s.deps.db.query(
      `UPDATE deals SET fields = jsonb_set(fields, '{name_security}', '"Apple (SQL)"') WHERE id = $1`,
      [first],
    );
    expect(await names()).toEqual(['Apple (SQL)', 'Microsoft']);

    // delete-all through the API
    const del = await u.client.post(`/api/declarations/${id}/deals/delete-all`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await names()).toEqual([]);
    expect(await outsideRk(u.client, id)).toBe('0');
  });

  it('the status is not cached: paying reveals the amounts at once', async () => {
    const u = await signedInUser(s);
    const id = await paidDeclaration(u.id);
    await s.deps.db.query('UPDATE declarations SET status = 2 WHERE id = $1', [id]);
    await dealsRepo(s.deps.db).insert(id, 'second_section', sale('Apple', '3000', '2000'), s.clock.now());
    expect(await outsideRk(u.client, id)).toBeNull();
    await s.deps.db.query('UPDATE declarations SET status = 3 WHERE id = $1', [id]);
    expect(await outsideRk(u.client, id)).toBe('470000');
  });

  it("someone else's id still reads like a missing one, cached or not", async () => {
    const owner = await signedInUser(s);
    const other = await signedInUser(s);
    const id = await paidDeclaration(owner.id);
    expect((await owner.client.get(`/api/declarations/${id}`)).statusCode).toBe(200);
    expect((await owner.client.get(`/api/declarations/${id}/calculation`)).statusCode).toBe(200);
    for (const path of [`/api/declarations/${id}`, `/api/declarations/${id}/calculation`]) {
      const res = await other.client.get(path);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe((await other.client.get('/api/declarations/999999999')).json().message);
    }
  });
});

describe('compressed answers', () => {
  it('a client that accepts gzip gets the same answer gzipped; others get it plain', async () => {
    const u = await signedInUser(s);
    const id = await paidDeclaration(u.id);
    const deals = dealsRepo(s.deps.db);
    for (let i = 0; i < 30; i++)
      await deals.insert(id, 'second_section', sale(`Бумага ${i}`, '3000', '2000'), s.clock.now());
    for (const path of [`/api/declarations/${id}`, `/api/declarations/${id}/calculation`]) {
      const plain = await u.client.get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const zipped = await s.app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${u.client.token}`, 'accept-encoding': 'br, gzip;q=0.8' },
      });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('reads Accept-Encoding as HTTP says: q=0 refuses, * allows', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip('x-gzip-ish')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('RevisionCache', () => {
  it('builds once per revision for concurrent callers, and again for a new revision', async () => {
    const cache = new RevisionCache<string>(10);
    let builds = 0;
    const build = (v: string) => async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 5));
      return v;
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('d1', 7, build('r7'))));
    expect(answers).toEqual(['r7', 'r7', 'r7']);
    expect(builds).toBe(1);
    expect(await cache.get('d1', '7', build('other'))).toBe('r7'); // '7' and 7 are the same revision
    expect(await cache.get('d1', 8, build('r8'))).toBe('r8');
    expect(builds).toBe(2);
  });

  it('a request that read the row before a save gets the answer after it, not a rebuild of the older one', async () => {
    const cache = new RevisionCache<string>(10);
    expect(await cache.get('d1', '8|paid', async () => 'r8 paid')).toBe('r8 paid');
    // read revision 7 before the save that made 8: 8 answers, and stays cached for the next request
    expect(await cache.get('d1', '7|paid', async () => 'r7 paid')).toBe('r8 paid');
    expect(await cache.get('d1', '8|paid', async () => 'rebuilt')).toBe('r8 paid');
    // another state of the row (not only the deals) is never served from a later deals revision
    expect(await cache.get('d1', '7|draft', async () => 'r7 draft')).toBe('r7 draft');
    // and an older entry never answers a later revision
    expect(await cache.get('d1', '9|draft', async () => 'r9 draft')).toBe('r9 draft');
    // revisions compare as numbers, not as text
    expect(await cache.get('d2', '10', async () => 'r10')).toBe('r10');
    expect(await cache.get('d2', '9', async () => 'r9')).toBe('r10');
  });

  it('does not keep failures, and drops the least recently used beyond its weight', async () => {
    const cache = new RevisionCache<string>(5, (v) => v.length);
    await expect(cache.get('a', 1, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', 1, async () => 'aa')).toBe('aa');
    await cache.get('b', 1, async () => 'bb');
    await cache.get('a', 1, async () => 'never'); // touch a: b is now the oldest
    await cache.get('c', 1, async () => 'cc'); // 6 > 5: b goes
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 1, async () => 'rebuilt')).toBe('aa');
    expect(await cache.get('b', 1, async () => 'rebuilt')).toBe('rebuilt');
  });
});
