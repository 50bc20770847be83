import { LIMITS, MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigReportCsv } from '../../../bench/big-report.ts';
import { APPLE_SALE_2025, createTestServer, signedInUser, type TestServer, uploadFiles } from './helpers.ts';

// Issue 15: limits a real investor never meets but an abuser hits at once, each with its Russian text
// and nothing saved. The test clock is in March 2026: tax year 2025 is selectable.
const NEW_270 = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function newDeclaration(u: User) {
  const res = await u.client.post('/api/declarations', NEW_270);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.common_data.id as number;
}

const count = async (sql: string, params: unknown[]) => (await s.deps.db.one<{ n: number }>(sql, params))?.n ?? 0;
const dealCount = (id: number) => count('SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1', [id]);
const fileCount = (id: number) => count('SELECT count(*)::int AS n FROM files WHERE declaration_id = $1', [id]);
const lotCount = (id: number) =>
  count(
    'SELECT count(*)::int AS n FROM deal_lots l JOIN deals d ON d.id = l.sale_deal_id WHERE d.declaration_id = $1',
    [id],
  );

/** `n` stored deals (a dividend each), written straight into the table: the limits count any deal. */
async function fill(id: number, n: number) {
  await s.deps.db.query(
    `INSERT INTO deals (declaration_id, section, fields, source_key, created_at, updated_at)
     SELECT $1, 'third_section', '{}'::jsonb, 'seed-' || g, now(), now() FROM generate_series(1, $2) AS g`,
    [id, n],
  );
}

function upload(u: User, id: number, files: Buffer[]) {
  const parts = files.map((value, i) => ({ name: 'files[]', value, filename: `report-${i + 1}.csv` }));
  return uploadFiles(s, u.token, id, parts);
}

async function importStatus(u: User, importId: number) {
  const res = await u.client.get(`/api/imports/${importId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; message: string; counts: { added: number } };
}

const DEAL = APPLE_SALE_2025;

describe('limits of issue 15', () => {
  it('an import of more rows than allowed fails with the text; no deal and no file is kept', {
    timeout: 120_000,
  }, async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u);
    const half = Math.ceil(LIMITS.rowsPerImport / 2) + 1;
    const res = await upload(u, id, [
      bigReportCsv(half, { year: 2025, file: 1 }),
      bigReportCsv(half, { year: 2025, file: 2 }),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    await s.deps.jobs.runOnce();
    const st = await importStatus(u, res.json().import_id);
    expect(st.status).toBe('failed');
    expect(st.message).toBe(MSG.importRowsLimit(LIMITS.rowsPerImport));
    expect(await dealCount(id)).toBe(0);
    expect(await fileCount(id)).toBe(0);
  });

  it('an import that would take the declaration past its deals fails with the text, nothing added', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u);
    await fill(id, LIMITS.dealsPerDeclaration - 5);
    const res = await upload(u, id, [bigReportCsv(30, { year: 2025, file: 3 })]);
    expect(res.statusCode, res.body).toBe(202);
    await s.deps.jobs.runOnce();
    const st = await importStatus(u, res.json().import_id);
    expect(st.status).toBe('failed');
    expect(st.message).toBe(MSG.dealsPerDeclarationLimit(LIMITS.dealsPerDeclaration));
    expect(await dealCount(id)).toBe(LIMITS.dealsPerDeclaration - 5);
    expect(await lotCount(id)).toBe(0);
    expect(await fileCount(id)).toBe(0);
  });

  it('deals the form adds while an import runs count: the import then removes everything it wrote', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u);
    await fill(id, LIMITS.dealsPerDeclaration - 40);
    const res = await upload(u, id, [bigReportCsv(30, { year: 2025, file: 4 })]);
    expect(res.statusCode, res.body).toBe(202);
    // the form's deals arrive after the import counted (30 fit then), before it finishes
    const { importHooks } = await import('../src/modules/imports/service.ts');
    importHooks.beforeFinish = async () => {
      importHooks.beforeFinish = undefined;
      await s.deps.db.query(
        `INSERT INTO deals (declaration_id, section, fields, source_key, created_at, updated_at)
         SELECT $1, 'third_section', '{}'::jsonb, 'late-' || g, now(), now() FROM generate_series(1, 11) AS g`,
        [id],
      );
    };
    try {
      await s.deps.jobs.runOnce();
    } finally {
      importHooks.beforeFinish = undefined;
    }
    const st = await importStatus(u, res.json().import_id);
    expect(st.status).toBe('failed');
    expect(st.message).toBe(MSG.dealsPerDeclarationLimit(LIMITS.dealsPerDeclaration));
    // the form's deals stay; the import's are gone
    expect(await dealCount(id)).toBe(LIMITS.dealsPerDeclaration - 40 + 11);
    expect(
      await count('SELECT count(*)::int AS n FROM deals WHERE import_id IS NOT NULL AND declaration_id = $1', [id]),
    ).toBe(0);
    expect(await lotCount(id)).toBe(0);
  });

  it('the deal form refuses a deal past the limit (422 with the text); editing still works', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u);
    await fill(id, LIMITS.dealsPerDeclaration - 1);
    const last = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, DEAL);
    expect(last.statusCode, last.body).toBe(201);
    const over = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, { ...DEAL, quantity: '11' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(MSG.dealsPerDeclarationLimit(LIMITS.dealsPerDeclaration));
    expect(await dealCount(id)).toBe(LIMITS.dealsPerDeclaration);
    const edit = await u.client.put(`/api/declarations/${id}/deals/first-section-a/${last.json().data.id}`, {
      ...DEAL,
      quantity: '12',
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('the partner bank: an answer of more deals than one import may bring is refused at once', async () => {
    const u = await signedInUser(s, { bank_name: 'demo' });
    await s.deps.db.query("UPDATE users SET broker_client_id = '10001' WHERE id = $1", [u.id]);
    const id = await newDeclaration(u);
    const partner = s.deps.providers.partner;
    const real = partner.fetchDeals.bind(partner);
    partner.fetchDeals = async (q) => {
      const r = await real(q);
      const one = r.deals[0]!;
      const deals = Array.from({ length: LIMITS.rowsPerImport + 1 }, (_, i) => ({ ...one, source_key: `p-${i}` }));
      return { ...r, deals };
    };
    try {
      const res = await u.client.post(`/api/declarations/${id}/get-data-from-bank`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MSG.importRowsLimit(LIMITS.rowsPerImport));
    } finally {
      partner.fetchDeals = real;
    }
    expect(await count('SELECT count(*)::int AS n FROM imports WHERE declaration_id = $1', [id])).toBe(0);
    expect(await fileCount(id)).toBe(0);
  });

  it('the partner bank into a full declaration: the import fails with the text, nothing added', async () => {
    const u = await signedInUser(s, { bank_name: 'demo' });
    await s.deps.db.query("UPDATE users SET broker_client_id = '10002' WHERE id = $1", [u.id]);
    const id = await newDeclaration(u);
    await fill(id, LIMITS.dealsPerDeclaration);
    const res = await u.client.post(`/api/declarations/${id}/get-data-from-bank`);
    expect(res.statusCode, res.body).toBe(202);
    await s.deps.jobs.runOnce();
    const st = await importStatus(u, res.json().import_id);
    expect(st.status).toBe('failed');
    expect(st.message).toBe(MSG.dealsPerDeclarationLimit(LIMITS.dealsPerDeclaration));
    expect(await dealCount(id)).toBe(LIMITS.dealsPerDeclaration);
  });

  it('one import of a person at a time: a second one, even sent together, is 429 with the text', async () => {
    const u = await signedInUser(s);
    const id = await newDeclaration(u);
    const other = await newDeclaration(u);
    const [a, b] = await Promise.all([
      upload(u, id, [bigReportCsv(10, { year: 2025, file: 5 })]),
      upload(u, other, [bigReportCsv(10, { year: 2025, file: 6 })]),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([202, 429]);
    const refused = a.statusCode === 429 ? a : b;
    expect(refused.json().message).toBe(MSG.importInFlight);
    expect(await count('SELECT count(*)::int AS n FROM imports WHERE user_id = $1', [u.id])).toBe(1);
    expect((await fileCount(id)) + (await fileCount(other))).toBe(1);
    // another person is not held up by it
    const v = await signedInUser(s);
    expect((await upload(v, await newDeclaration(v), [bigReportCsv(10, { year: 2025, file: 7 })])).statusCode).toBe(
      202,
    );
    // once the first is done, the person may upload again
    await s.deps.jobs.runOnce();
    await s.deps.jobs.runOnce();
    const again = await upload(u, id, [bigReportCsv(10, { year: 2025, file: 8 })]);
    expect(again.statusCode, again.body).toBe(202);
    await s.deps.jobs.runOnce();
  });
});
