import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionUser, SESSIONS_SQL, sha256 } from '../src/modules/auth/sessions.ts';
import type { UserRow } from '../src/modules/auth/users-repo.ts';
import { DECLARATION_COLUMNS, declarationsRepo } from '../src/modules/declarations/repo.ts';
import { declarationsService } from '../src/modules/declarations/service.ts';
import { countingDb, createTestServer, signedInUser, type TestServer } from './helpers.ts';

// Routes of one declaration read the session, the user and that declaration in one round trip.
// The row read that way must be exactly the row `SELECT *` gives, and tell nothing more than it.
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const newForm = async (u: Awaited<ReturnType<typeof signedInUser>>) =>
  (await u.client.post('/api/declarations', { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3 })).json().data
    .common_data.id as number;

describe('the declaration read with the session', () => {
  it('names every column of the declarations table', async () => {
    const cols = await s.deps.db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
       WHERE table_name = 'declarations' AND table_schema = current_schema() ORDER BY ordinal_position`,
    );
    expect([...DECLARATION_COLUMNS].sort()).toEqual(cols.map((c) => c.name).sort());
  });

  it('is the same row, with the same types, as reading the declaration alone', async () => {
    const u = await signedInUser(s);
    const id = await newForm(u);
    const found = await findSessionUser<UserRow>(s.deps.db, s.deps.clock, u.token, id);
    const alone = await declarationsRepo(s.deps.db).byIdForUser(id, u.id);
    expect(alone?.created_at).toBeInstanceOf(Date);
    expect(found?.declaration).toEqual(alone);
    // the user part is unchanged by the join
    const plain = await findSessionUser<UserRow>(s.deps.db, s.deps.clock, u.token);
    expect(found?.user).toEqual(plain?.user);
    expect(found?.session).toEqual(plain?.session);
  });

  it("is null for another user's declaration and for a missing one alike", async () => {
    const owner = await signedInUser(s);
    const other = await signedInUser(s);
    const id = await newForm(owner);
    const theirs = await findSessionUser<UserRow>(s.deps.db, s.deps.clock, other.token, id);
    const missing = await findSessionUser<UserRow>(s.deps.db, s.deps.clock, other.token, 999_999);
    expect(theirs?.declaration).toBeNull();
    expect(missing?.declaration).toBeNull();
    expect(theirs?.user.id).toBe(other.id);
  });

  it('serves the first load of the request only; a later load reads the database again', async () => {
    const u = await signedInUser(s);
    const id = await newForm(u);
    const found = await findSessionUser<UserRow>(s.deps.db, s.deps.clock, u.token, id);
    if (!found?.declaration) throw new Error('no declaration read');
    const actor = {
      user: found.user,
      sessionId: found.session.session_id,
      kind: found.session.kind,
      declaration: { id, row: found.declaration },
    };
    await s.deps.db.query('UPDATE declarations SET broker = $2 WHERE id = $1', [id, 'Freedom']);
    const service = declarationsService(s.deps);
    expect((await service.loadOwn(actor, id)).broker).toBeNull();
    expect((await service.loadOwn(actor, id)).broker).toBe('Freedom');
  });

  it('answers requests in flight together with one statement, each with its own answer', async () => {
    const a = await signedInUser(s);
    const b = await signedInUser(s);
    const revoked = await signedInUser(s);
    const expired = await signedInUser(s);
    const mine = await newForm(a);
    await s.deps.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [revoked.id]);
    await s.deps.db.query(`UPDATE sessions SET expires_at = $2 WHERE user_id = $1`, [
      expired.id,
      new Date(s.clock.now().getTime() - 1000),
    ]);
    const { db: counting, statements } = countingDb(s.deps.db);
    const ask = (token: string, id?: number) => findSessionUser<UserRow>(counting, s.deps.clock, token, id);
    const [own, plain, theirs, gone, late, unknown] = await Promise.all([
      ask(a.token, mine),
      ask(a.token),
      ask(b.token, mine),
      ask(revoked.token, mine),
      ask(expired.token),
      ask('no-such-token', mine),
    ]);
    expect(statements()).toBe(1);
    expect(own?.user.id).toBe(a.id);
    expect(own?.declaration?.id).toBe(mine);
    expect(plain?.user.id).toBe(a.id);
    expect(plain && 'declaration' in plain).toBe(false);
    expect(theirs?.user.id).toBe(b.id);
    expect(theirs?.declaration).toBeNull();
    expect([gone, late, unknown]).toEqual([undefined, undefined, undefined]);
  });

  it('a failed statement fails every request of its group, and the next group is asked afresh', async () => {
    const u = await signedInUser(s);
    let fail = true;
    const flaky = {
      ...s.deps.db,
      query: <T>(sql: string, params?: readonly unknown[]) =>
        fail ? Promise.reject(new Error('connection lost')) : s.deps.db.query<T>(sql, params),
    };
    const group = await Promise.allSettled([
      findSessionUser<UserRow>(flaky, s.deps.clock, u.token),
      findSessionUser<UserRow>(flaky, s.deps.clock, u.token),
    ]);
    expect(group.map((g) => g.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await findSessionUser<UserRow>(flaky, s.deps.clock, u.token))?.user.id).toBe(u.id);
  });

  it('answers the API the same for a missing id and for the id of another user', async () => {
    const owner = await signedInUser(s);
    const other = await signedInUser(s);
    const id = await newForm(owner);
    for (const path of ['', '/calculation', '/deals/first-section-a']) {
      const theirs = await other.client.get(`/api/declarations/${id}${path}`);
      const missing = await other.client.get(`/api/declarations/999999${path}`);
      expect([theirs.statusCode, theirs.body]).toEqual([missing.statusCode, missing.body]);
      expect(theirs.statusCode).toBe(404);
    }
  });
});

describe('the session read at scale', () => {
  it('finds tokens through the sessions index, not by scanning every session', async () => {
    const u = await signedInUser(s);
    // 20,000 other sessions, with fresh statistics, so the planner sees a table worth indexing
    await s.deps.db.exec(
      `INSERT INTO sessions (user_id, token_hash, kind, created_at, expires_at)
       SELECT ${Number(u.id)}, md5(g::text) || md5((-g)::text), 'B2C', now(), now() + interval '30 days'
       FROM generate_series(1, 20000) g`,
    );
    await s.deps.db.exec('ANALYZE sessions');
    const hashes = [sha256(u.token), sha256('unknown token')];
    const plan = await s.deps.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${SESSIONS_SQL}`, [
      hashes,
      hashes.map(() => s.deps.clock.now()),
      hashes.map(() => null),
    ]);
    const text = JSON.stringify(plan);
    expect(text).toContain('"Relation Name":"sessions"');
    expect(text).not.toMatch(
      /"Node Type":"Seq Scan","Parent Relationship":"[^"]*",("[^"]*":[^,]*,)*"Relation Name":"sessions"/,
    );
    expect(text).toMatch(/"Index Name":"sessions_token_hash_key"/);
    // and the answer is still the one session of that token
    const found = await findSessionUser<UserRow>(s.deps.db, s.deps.clock, u.token);
    expect(found?.user.id).toBe(u.id);
  });
});
