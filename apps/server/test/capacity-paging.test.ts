import { LIMITS } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_SALE_2025, createTestServer, signedInUser, type TestServer } from './helpers.ts';

// Issue 15: a large declaration is read in pages. Its answer carries counts and totals per section
// instead of the deals; a section's deals come a page at a time, with the section's totals.
const NEW_270 = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };
const DEAL = APPLE_SALE_2025;

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

async function newDeclaration(u: Awaited<ReturnType<typeof signedInUser>>) {
  const res = await u.client.post('/api/declarations', NEW_270);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.common_data.id as number;
}

describe('paging of large declarations', () => {
  it('past the inline limit the answer lists no deals but every count, total and the deals needing information', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u);
    const n = LIMITS.inlineDeals + 1;
    // dividends of 1.25 KZT each; every tenth needs information (not counted in the total)
    await s.deps.db.query(
      `INSERT INTO deals (declaration_id, section, status, amount_kzt, fields, source_key, created_at, updated_at)
       SELECT $1, 'third_section', CASE WHEN g % 10 = 0 THEN 1 END, 1.25, '{}'::jsonb, 'p-' || g, now(), now()
       FROM generate_series(1, $2) AS g`,
      [id, n],
    );
    const d = (await u.client.get(`/api/declarations/${id}`)).json().data;
    expect(d.deals_paged).toBe(true);
    expect(d.deals.third_section).toEqual([]);
    expect(d.summary.third_section.count).toBe(n);
    const needing = Math.floor(n / 10);
    expect(d.needs_info).toBe(needing);
    expect(d.summary.third_section.total).toBe(String((n - needing) * 1.25));

    const page = (q: string) => u.client.get(`/api/declarations/${id}/deals/third-section?${q}`);
    const first = (await page('page=1&per_page=50')).json();
    expect(first.data).toHaveLength(50);
    expect(first.meta).toMatchObject({ total: n, page: 1, per_page: 50, last_page: Math.ceil(n / 50) });
    const last = (await page(`page=${first.meta.last_page}&per_page=50`)).json();
    expect(last.data).toHaveLength(n - (first.meta.last_page - 1) * 50);
    expect(last.data.at(-1).id).toBeGreaterThan(first.data[0].id);
    const beyond = (await page('page=999&per_page=50')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(n);
    expect((await page('per_page=201&page=1')).statusCode).toBe(422);
    // without a page: at most the inline limit
    expect((await page('')).json().data).toHaveLength(LIMITS.inlineDeals);
  });

  it('a small declaration keeps its deals in the answer; totals of one page equal those of the whole section', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u);
    for (const q of ['10', '7.5', '3']) {
      const r = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, { ...DEAL, quantity: q });
      expect(r.statusCode, r.body).toBe(201);
    }
    const d = (await u.client.get(`/api/declarations/${id}`)).json().data;
    expect(d.deals_paged).toBe(false);
    expect(d.deals.first_section_a).toHaveLength(3);
    expect(d.needs_info).toBe(0);
    const whole = (await u.client.get(`/api/declarations/${id}/deals/first-section-a`)).json();
    const paged = (await u.client.get(`/api/declarations/${id}/deals/first-section-a?page=2&per_page=2`)).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.data[0].id).toBe(whole.data[2].id);
    expect(paged.totals).toEqual(whole.totals);
    expect(Object.keys(whole.totals).length).toBeGreaterThan(0);
  });

  it('all deals of a large declaration are read in pages: every one once, by section in id order', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u);
    // 6,000 dividends and 6,000 sales: more than two pages of 5,000 rows, a section boundary inside one
    for (const section of ['third_section', 'second_section']) {
      await s.deps.db.query(
        `INSERT INTO deals (declaration_id, section, fields, source_key, created_at, updated_at)
         SELECT $1, $2, jsonb_build_object('comment_no', g), $2 || '-' || g, now(), now()
         FROM generate_series(1, 6000) AS g`,
        [id, section],
      );
    }
    const { dealsRepo } = await import('../src/modules/declarations/repo.ts');
    const groups = await dealsRepo(s.deps.db).groupedByDeclaration(id);
    for (const section of ['third_section', 'second_section']) {
      const ids = (groups[section] ?? []).map((d) => Number(d.id));
      expect(ids).toHaveLength(6000);
      expect(new Set(ids).size).toBe(6000);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
  });
});
