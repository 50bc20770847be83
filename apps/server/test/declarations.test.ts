import { MSG, SECTION_KEYS } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealsRepo } from '../src/modules/declarations/repo.ts';
import { createTestServer, signedInUser, type TestClient, type TestServer } from './helpers.ts';

// The test clock starts at 2026-03-15 09:00 UTC: selectable years are 2025, 2024 and 2023.
const DAY = 86_400_000;
const NEW_270 = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

async function create(c: TestClient, body: Record<string, unknown> = {}): Promise<number> {
  const res = await c.post('/api/declarations', { ...NEW_270, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.common_data.id;
}

/** Puts a declaration in a state directly (payment and signing are other modules). */
async function setState(
  id: number,
  st: Partial<{ status: number; tariff_type: number | null; broker: string | null; referral_code: string | null }>,
) {
  const cols = Object.keys(st);
  await s.deps.db.query(`UPDATE declarations SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [
    id,
    ...Object.values(st),
  ]);
}

const countDeclarations = async () =>
  (await s.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM declarations'))?.n ?? 0;

async function addDeals(id: number, n = 2) {
  for (let i = 0; i < n; i++) {
    await dealsRepo(s.deps.db).insert(
      id,
      'second_section',
      { amount_kzt: '100.5', fields: { name_security: `Бумага ${i}` } },
      s.clock.now(),
    );
  }
}

describe('POST /api/declarations', () => {
  it('answers 201 with common_data, personal_data and every section key', async () => {
    const u = await signedInUser(s);
    const res = await u.client.post('/api/declarations', NEW_270);
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d.common_data).toMatchObject({
      status: 1,
      tariff_type: null,
      reporting_form_id: 3,
      type: 1,
      year: 2025,
      kgd_code_id: 1,
      broker: null,
      referral_code: null,
      tax_office_sending: false,
      archived: false,
      read_only: false,
      // 09:00 UTC is 14:00 in Kazakhstan; archived 10 days later
      created_at: '15.03.2026 14:00',
      declaration_expired_date: '25.03.2026 14:00',
    });
    expect(d.personal_data).toMatchObject({ name: 'Тест', surname: 'Тестов', email: u.email });
    for (const key of SECTION_KEYS) expect(d.deals[key]).toEqual([]);
    expect(d.deals.fifth_section).toBeNull();
    expect(d.summary.second_section).toEqual({ count: 0, total: '0' });
  });

  it('keeps the broker by name and accepts empty manager-path fields', async () => {
    const u = await signedInUser(s);
    const res = await u.client.post('/api/declarations', {
      ...NEW_270,
      broker: 'Halyk Finance',
      token: null,
      user_id: null,
      manager_id: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.common_data.broker).toBe('Halyk Finance');
  });

  it('allows form 250.00 with a regular type and form 240.00 up to 2024', async () => {
    const u = await signedInUser(s);
    await create(u.client, { reporting_form_id: 2, type: 1, year: 2023 });
    await create(u.client, { reporting_form_id: 1, year: 2024 });
  });

  it.each([
    ['the current year', { year: 2026 }, 'year', MSG.checkSelected],
    ['a year before the 3 selectable ones', { year: 2022 }, 'year', MSG.checkSelected],
    ['a year before 2021', { year: 2020 }, 'year', MSG.checkSelected],
    ['an unknown KGD code', { kgd_code_id: 999_999 }, 'kgd_code_id', MSG.checkSelected],
    ['type 2 for form 250.00', { reporting_form_id: 2, type: 2 }, 'type', MSG.checkSelected],
    ['an unknown type', { type: 99 }, 'type', MSG.checkSelected],
    ['an unknown form', { reporting_form_id: 7 }, 'reporting_form_id', MSG.checkSelected],
    [
      'form 240.00 for 2025 (abolished)',
      { reporting_form_id: 1, year: 2025 },
      'reporting_form_id',
      MSG.form240Abolished,
    ],
    ['an unknown broker', { broker: 'Нет такого' }, 'broker', MSG.checkSelected],
  ])('refuses %s with 422 and creates nothing', async (_name, patch, field, message) => {
    const u = await signedInUser(s);
    const before = await countDeclarations();
    const res = await u.client.post('/api/declarations', { ...NEW_270, ...patch });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: MSG.checkInput, errors: { [field]: [message] } });
    expect(await countDeclarations()).toBe(before);
  });

  it("asks to choose a value for every missing select ('Выберите значение')", async () => {
    const u = await signedInUser(s);
    const before = await countDeclarations();
    const res = await u.client.post('/api/declarations', {});
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    for (const f of ['year', 'type', 'kgd_code_id', 'reporting_form_id']) expect(errors[f]).toEqual([MSG.selectValue]);
    expect(await countDeclarations()).toBe(before);
  });

  it('needs a session', async () => {
    expect((await s.client().post('/api/declarations', NEW_270)).statusCode).toBe(401);
    expect((await s.client().get('/api/declarations')).statusCode).toBe(401);
  });
});

describe('GET /api/declarations', () => {
  it('pages 15 at a time, newest first, with meta.total', async () => {
    const u = await signedInUser(s);
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) {
      ids.push(await create(u.client));
      s.clock.advance(60_000);
    }
    const p1 = (await u.client.get('/api/declarations')).json();
    expect(p1.data).toHaveLength(15);
    expect(p1.meta).toEqual({ total: 16, page: 1, per_page: 15, last_page: 2 });
    expect(p1.data[0].id).toBe(ids[15]);
    const p2 = (await u.client.get('/api/declarations?page=2')).json();
    expect(p2.data.map((d: { id: number }) => d.id)).toEqual([ids[0]]);
    expect((await u.client.get('/api/declarations?page=3')).json().data).toEqual([]);
    expect((await u.client.get('/api/declarations?archived=1')).json().meta.total).toBe(0);
  });

  it("lists only the user's own declarations", async () => {
    const a = await signedInUser(s);
    const b = await signedInUser(s);
    await create(a.client);
    expect((await b.client.get('/api/declarations')).json().meta.total).toBe(0);
  });
});

describe("another user's declaration", () => {
  it('answers 404 exactly like a missing id, and changes nothing', async () => {
    const owner = await signedInUser(s);
    const other = await signedInUser(s);
    const id = await create(owner.client);
    await addDeals(id);
    const missing = await other.client.get('/api/declarations/999999');
    for (const res of [
      await other.client.get(`/api/declarations/${id}`),
      await other.client.delete(`/api/declarations/${id}`),
      await other.client.post(`/api/declarations/${id}/deals/delete-all`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(missing.json()).toEqual({ message: MSG.declarationNotFound });
    const own = (await owner.client.get(`/api/declarations/${id}`)).json().data;
    expect(own.deals.second_section).toHaveLength(2);
    expect((await other.client.get('/api/declarations/abc')).statusCode).toBe(404);
  });
});

describe('deals grouped by section', () => {
  it('returns deals under their section key with count and KZT total (needs-info deals not summed)', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    await addDeals(id, 2);
    await dealsRepo(s.deps.db).insert(
      id,
      'second_section',
      { status: 1, amount_kzt: '1000', transaction_date: '01.02.2025', fields: {} },
      s.clock.now(),
    );
    const d = (await u.client.get(`/api/declarations/${id}`)).json().data;
    expect(d.deals.second_section).toHaveLength(3);
    expect(d.deals.second_section[0]).toMatchObject({
      name_security: 'Бумага 0',
      declaration_id: id,
      declaration_section: 'second_section',
    });
    expect(d.deals.second_section[2]).toMatchObject({ status: 1, transaction_date: '01.02.2025' });
    expect(d.summary.second_section).toEqual({ count: 3, total: '201' });
  });

  it('does not import the same source row twice', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    const repo = dealsRepo(s.deps.db);
    const row = { fields: {}, source_key: 'ib:2025:1' };
    expect(await repo.insert(id, 'third_section', row, s.clock.now())).toBeTypeOf('number');
    expect(await repo.insert(id, 'third_section', row, s.clock.now())).toBeUndefined();
    expect((await repo.summary(id)).third_section?.count).toBe(1);
  });
});

describe('actions by status', () => {
  // [label, state, DELETE answer, delete-all answer]
  const matrix: [string, Parameters<typeof setState>[1], string | null, string | null][] = [
    ['1 draft', { status: 1 }, null, null],
    ['2 awaiting payment, tariff 1', { status: 2, tariff_type: 1 }, null, null],
    ['2 with the consultant tariff', { status: 2, tariff_type: 2 }, MSG.deleteNotAllowed, MSG.managerEditing],
    ['3 paid', { status: 3, tariff_type: 1 }, MSG.deleteNotAllowed, null],
    ['4 additional payment', { status: 4, tariff_type: 1 }, MSG.deleteNotAllowed, null],
    ['5 enter data', { status: 5, tariff_type: 1 }, MSG.deleteNotAllowed, null],
    ['6 sign', { status: 6, tariff_type: 1 }, MSG.deleteNotAllowed, MSG.declarationLocked],
    ['9 ready', { status: 9, tariff_type: 1 }, MSG.deleteNotAllowed, MSG.declarationLocked],
  ];

  it.each(matrix)('status %s: delete-all and delete as docs/statuses.md allows', async (_l, state, delMsg, allMsg) => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    await setState(id, state);
    await addDeals(id);

    const all = await u.client.post(`/api/declarations/${id}/deals/delete-all`);
    if (allMsg) {
      expect(all.statusCode).toBe(409);
      expect(all.json().message).toBe(allMsg);
      expect((await u.client.get(`/api/declarations/${id}`)).json().data.summary.second_section.count).toBe(2);
    } else {
      expect(all.json()).toEqual({ success: true, deleted: 2 });
    }

    const del = await u.client.delete(`/api/declarations/${id}`);
    if (delMsg) {
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe(delMsg);
      expect((await u.client.get(`/api/declarations/${id}`)).statusCode).toBe(200);
    } else {
      expect(del.json()).toEqual({ success: true });
      expect((await u.client.get(`/api/declarations/${id}`)).statusCode).toBe(404);
    }
  });

  it('lets a full_access user edit a ready declaration', async () => {
    const u = await signedInUser(s, { full_access: true });
    const id = await create(u.client);
    await setState(id, { status: 9, tariff_type: 1 });
    await addDeals(id);
    expect((await u.client.post(`/api/declarations/${id}/deals/delete-all`)).json().deleted).toBe(2);
  });
});

describe('coupon', () => {
  it('blocks deleting all deals with a broker and referral code on tariff 1', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client, { broker: 'Halyk Finance' });
    await setState(id, { status: 3, tariff_type: 1, referral_code: 'PARTNER10' });
    await addDeals(id);
    const res = await u.client.post(`/api/declarations/${id}/deals/delete-all`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.couponDeleteAll);
  });

  it('does not apply without a referral code or on the consultant tariff', async () => {
    const u = await signedInUser(s);
    const noCode = await create(u.client, { broker: 'Halyk Finance' });
    await setState(noCode, { status: 3, tariff_type: 1 });
    expect((await u.client.post(`/api/declarations/${noCode}/deals/delete-all`)).statusCode).toBe(200);
    const consultant = await create(u.client, { broker: 'Halyk Finance' });
    await setState(consultant, { status: 3, tariff_type: 2, referral_code: 'PARTNER10' });
    expect((await u.client.post(`/api/declarations/${consultant}/deals/delete-all`)).statusCode).toBe(200);
  });
});

describe('archiving and expiry (moved clock)', () => {
  it('after 10 days removes drafts and archives the others as read-only', async () => {
    const u = await signedInUser(s);
    const draft = await create(u.client);
    const unpaid = await create(u.client);
    const paid = await create(u.client);
    await setState(unpaid, { status: 2, tariff_type: 1 });
    await setState(paid, { status: 3, tariff_type: 1 });
    await addDeals(paid);

    s.clock.advance(10 * DAY - 60_000);
    expect((await u.client.get('/api/declarations')).json().meta.total).toBe(3);

    s.clock.advance(60_000);
    expect((await u.client.get(`/api/declarations/${draft}`)).statusCode).toBe(404);
    expect((await u.client.get('/api/declarations')).json().meta.total).toBe(0);
    const archived = (await u.client.get('/api/declarations?archived=1')).json();
    expect(archived.data.map((d: { id: number }) => d.id).sort()).toEqual([unpaid, paid].sort());
    expect(archived.data[0]).toMatchObject({ archived: true, read_only: true });

    const all = await u.client.post(`/api/declarations/${paid}/deals/delete-all`);
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toBe(MSG.archivedDeleteAll);
    const del = await u.client.delete(`/api/declarations/${unpaid}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(MSG.archivedReadOnly);
    expect((await u.client.get(`/api/declarations/${paid}`)).json().data.summary.second_section.count).toBe(2);

    const removed = await s.deps.db.query(
      'SELECT action FROM audit_log WHERE declaration_id = $1 ORDER BY created_at, id',
      [draft],
    );
    expect(removed.map((r) => r.action)).toEqual(['create', 'draft_removed']);
  });

  it('the archive list itself removes an expired draft: never listed, removed once with its audit row', async () => {
    const u = await signedInUser(s);
    const draft = await create(u.client);
    const paid = await create(u.client);
    await setState(paid, { status: 3, tariff_type: 1 });
    s.clock.advance(10 * DAY);
    // the list is the first call after expiry: its statement removes the draft and must not show it
    const archived = (await u.client.get('/api/declarations?archived=1')).json();
    expect(archived.data.map((d: { id: number }) => d.id)).toEqual([paid]);
    expect(archived.meta.total).toBe(1);
    expect((await u.client.get('/api/declarations?archived=1')).json().meta.total).toBe(1);
    expect(await s.deps.db.query('SELECT id FROM declarations WHERE id = $1', [draft])).toEqual([]);
    const audit = await s.deps.db.query('SELECT action FROM audit_log WHERE declaration_id = $1 ORDER BY id', [draft]);
    expect(audit.map((r) => r.action)).toEqual(['create', 'draft_removed']);
  });

  it('list requests in flight together are answered each with its own page, drafts removed once', async () => {
    const users = [await signedInUser(s), await signedInUser(s), await signedInUser(s)];
    const [a, b, c] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    const aDraft = await create(a.client);
    const aPaid = await create(a.client);
    await setState(aPaid, { status: 3, tariff_type: 1 });
    const bForms = [await create(b.client), await create(b.client)];
    for (const id of bForms) await setState(id, { status: 3, tariff_type: 1 });
    s.clock.advance(10 * DAY);
    const cFresh = await create(c.client); // made after the others expired: still current
    const [aLive, aArchive, aArchiveAgain, bArchive, cLive, bLive] = await Promise.all([
      a.client.get('/api/declarations'),
      a.client.get('/api/declarations?archived=1'),
      a.client.get('/api/declarations?archived=1'),
      b.client.get('/api/declarations?archived=1'),
      c.client.get('/api/declarations'),
      b.client.get('/api/declarations'),
    ]);
    const ids = (r: { json(): { data: { id: number }[] } }) =>
      r
        .json()
        .data.map((d) => d.id)
        .sort();
    expect(ids(aLive)).toEqual([]);
    expect(ids(aArchive)).toEqual([aPaid]);
    expect(ids(aArchiveAgain)).toEqual([aPaid]);
    expect(ids(bArchive)).toEqual([...bForms].sort());
    expect(bArchive.json().meta.total).toBe(2);
    expect(ids(cLive)).toEqual([cFresh]);
    expect(ids(bLive)).toEqual([]);
    const audit = await s.deps.db.query('SELECT action FROM audit_log WHERE declaration_id = $1 ORDER BY id', [aDraft]);
    expect(audit.map((r) => r.action)).toEqual(['create', 'draft_removed']);
  });

  it('follows declaration_expired_date when another module moves it', async () => {
    const u = await signedInUser(s);
    const longer = await create(u.client);
    const shorter = await create(u.client);
    await setState(longer, { status: 3, tariff_type: 1 });
    await setState(shorter, { status: 3, tariff_type: 1 });
    const now = s.clock.now().getTime();
    await s.deps.db.query('UPDATE declarations SET declaration_expired_date = $2 WHERE id = $1', [
      longer,
      new Date(now + 15 * DAY),
    ]);
    await s.deps.db.query('UPDATE declarations SET declaration_expired_date = $2 WHERE id = $1', [
      shorter,
      new Date(now + DAY),
    ]);
    s.clock.advance(2 * DAY);
    const active = (await u.client.get('/api/declarations')).json().data.map((d: { id: number }) => d.id);
    expect(active).toEqual([longer]);
    const gone = (await u.client.get(`/api/declarations/${shorter}`)).json().data.common_data;
    expect(gone).toMatchObject({ archived: true, read_only: true });
    s.clock.advance(13 * DAY);
    expect((await u.client.get(`/api/declarations/${longer}`)).json().data.common_data.archived).toBe(true);
  });
});

describe('audit trail', () => {
  it('records who did what and when for create, delete-all and delete', async () => {
    const u = await signedInUser(s);
    const id = await create(u.client);
    await addDeals(id, 3);
    await u.client.post(`/api/declarations/${id}/deals/delete-all`);
    await u.client.delete(`/api/declarations/${id}`);
    const rows = await s.deps.db.query<{
      actor_user_id: number;
      action: string;
      details: Record<string, unknown>;
      created_at: Date;
    }>('SELECT actor_user_id, action, details, created_at FROM audit_log WHERE declaration_id = $1 ORDER BY id', [id]);
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete_all_deals', 'delete']);
    expect(rows.every((r) => r.actor_user_id === u.id)).toBe(true);
    expect(rows[1]?.details).toEqual({ deleted: 3 });
    expect(rows[0]?.created_at.getTime()).toBe(s.clock.now().getTime());
  });
});

describe('demo account', () => {
  it('owns declarations in statuses 1, 2, 3 and 9', async () => {
    const rows = await s.deps.db.query<{ status: number }>(
      `SELECT DISTINCT d.status FROM declarations d JOIN users u ON u.id = d.user_id
       WHERE u.email = 'demo@example.com' ORDER BY d.status`,
    );
    expect(rows.map((r) => r.status)).toEqual(expect.arrayContaining([1, 2, 3, 9]));
  });

  it('every demo declaration is consistent with its status: a ready one has personal data and its documents', async () => {
    const { createSession } = await import('../src/modules/auth/sessions.ts');
    const demo = await s.deps.db.one<{ id: number; iin: string | null }>(
      "SELECT id, iin FROM users WHERE email = 'demo@example.com'",
    );
    expect(demo?.iin).toBe('900101400013');
    const client = s.client(await createSession(s.deps.db, s.deps.clock, demo!.id, 'B2C'));
    const rows = await s.deps.db.query<{ id: number; status: number; personal_data: Record<string, unknown> }>(
      'SELECT id, status, personal_data FROM declarations WHERE user_id = $1 ORDER BY id',
      [demo!.id],
    );
    const ready = rows.filter((r) => r.status === 9);
    expect(ready.length).toBeGreaterThan(0);
    for (const d of ready) {
      expect(d.personal_data).toMatchObject({ iin: '900101400013', surname: 'Демонова', name: 'Айгерим' });
      // finish editing left no deal waiting for more information in a ready form
      const waiting = await s.deps.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1 AND status = 1',
        [d.id],
      );
      expect(waiting?.n).toBe(0);
      const pdf = await client.get(`/api/declarations/${d.id}/export-pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      const excel = await client.get(`/api/declarations/${d.id}/export-excel/stream`);
      expect(excel.statusCode).toBe(200);
      expect(excel.headers['content-type']).toContain('spreadsheetml');
      const xml = await client.post(`/api/declarations/${d.id}/generate-xml`, {});
      expect(xml.statusCode).toBe(200);
    }
    // the paid form is still being edited: one deal waits for information
    const paid = rows.find((r) => r.status === 3)!;
    const waiting = await s.deps.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1 AND status = 1',
      [paid.id],
    );
    expect(waiting?.n).toBe(1);
  });
});

describe('status changes by other modules', () => {
  it('go through the service and leave an audit entry', async () => {
    const { declarationsService } = await import('../src/modules/declarations/service.ts');
    const u = await signedInUser(s);
    const id = await create(u.client);
    await declarationsService(s.deps).setStatus(null, id, 3);
    expect((await u.client.get(`/api/declarations/${id}`)).json().data.common_data.status).toBe(3);
    const row = await s.deps.db.one<{ details: unknown }>(
      "SELECT details FROM audit_log WHERE declaration_id = $1 AND action = 'status'",
      [id],
    );
    expect(row?.details).toEqual({ from: 1, to: 3 });
  });
});

describe('migration 0018: the profile takes the IIN of step 7', () => {
  it('fills a profile without an IIN from the latest declaration, and leaves a given IIN alone', async () => {
    const { readFileSync } = await import('node:fs');
    const sql = readFileSync(
      new URL('../src/db/migrations/0018_profile_iin_from_declarations.sql', import.meta.url),
      'utf8',
    );
    const without = await signedInUser(s);
    const withIin = await signedInUser(s);
    await s.deps.db.query("UPDATE users SET iin = '900101400013' WHERE id = $1", [withIin.id]);
    const older = await create(without.client);
    const newer = await create(without.client);
    const other = await create(withIin.client);
    const setIin = (id: number, iin: string, at: string) =>
      s.deps.db.query(
        `UPDATE declarations SET personal_data = personal_data || jsonb_build_object('iin', $2::text), updated_at = $3 WHERE id = $1`,
        [id, iin, at],
      );
    await setIin(older, '900101300017', '2025-01-01T00:00:00Z');
    await setIin(newer, '880202300013', '2025-02-01T00:00:00Z');
    await setIin(other, '900101300017', '2025-02-01T00:00:00Z');
    await s.deps.db.query(sql);
    const iin = async (id: number) =>
      (await s.deps.db.one<{ iin: string }>('SELECT iin FROM users WHERE id = $1', [id]))?.iin;
    expect(await iin(without.id)).toBe('880202300013');
    expect(await iin(withIin.id)).toBe('900101400013');
    // control digit of 88020230001: weights 1..11 give 76, 76 mod 11 = 10; weights 3..11,1,2 give 113, mod 11 = 3
    expect((await without.client.get('/api/authenticated')).json().data.iin).toBe('880202300013');
  });
});
