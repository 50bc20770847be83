import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import type { Deps } from '../src/deps.ts';
import { type Clock, fixedClock } from '../src/lib/clock.ts';
import { declarationsRepo, type NewDeclarationRow } from '../src/modules/declarations/repo.ts';
import { startServer } from '../src/server.ts';

export interface TestServer {
  app: FastifyInstance;
  deps: Deps;
  clock: ReturnType<typeof fixedClock>;
  logs: string[];
  /** Without `ip` every request comes from a new address, so per-IP rate limits do not couple tests. */
  client(token?: string, ip?: string): TestClient;
  close(): Promise<void>;
}

export interface TestClient {
  token?: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

/**
 * A real server on a fresh database: in-memory PGlite by default, or the PostgreSQL server of
 * TEST_DATABASE_URL (each test file gets its own schema there, so files never see each other's rows).
 */
export async function createTestServer(env: Record<string, string> = {}, clock?: Clock): Promise<TestServer> {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = pgUrl ? `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  if (pgUrl && schema) await createSchema(pgUrl, schema);
  const config = loadConfig({
    APP_ENV: 'test',
    CAPTCHA: 'off',
    LOG_LEVEL: 'info',
    RATES_SOURCE: 'sandbox',
    APP_SECRET: 'tQ7-mK2x-Vb9p-Lr4w-Zc8n-Hy3s-Fd6j-Ge5a',
    ...(pgUrl && schema ? { DATABASE_URL: withSchema(pgUrl, schema) } : {}),
    ...env,
  });
  const fixed = fixedClock(new Date('2026-03-15T09:00:00Z'));
  const { app, deps } = await startServer(config, { memory: !pgUrl, clock: clock ?? fixed, logStream });
  await app.ready();
  let ipSeq = 0;
  const client = (token?: string, ip?: string): TestClient => {
    const xsrf = 'a'.repeat(64);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (url: string, body?: unknown) =>
      app.inject({
        method,
        url,
        remoteAddress: ip ?? `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'x-xsrf-token': xsrf,
          cookie: `XSRF-TOKEN=${xsrf}`,
        },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
    return { token, get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') };
  };
  return {
    app,
    deps,
    clock: fixed,
    logs,
    client,
    close: async () => {
      await app.close();
      if (pgUrl && schema) await dropSchema(pgUrl, schema);
    },
  };
}

export function withSchema(url: string, schema: string) {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export async function createSchema(url: string, schema: string) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.end();
}

export async function dropSchema(url: string, schema: string) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA ${schema} CASCADE`);
  await c.end();
}

let userSeq = 0;

/** A signed-in user for API tests (inserted directly: the accounts flows have their own tests). */
export async function signedInUser(
  s: TestServer,
  fields: Partial<{
    email: string;
    name: string;
    surname: string;
    role: string;
    full_access: boolean;
    bank_name: string;
  }> = {},
  kind: 'B2C' | 'B2B' | 'manager' = 'B2C',
): Promise<{ id: number; token: string; email: string; client: TestClient }> {
  const { createSession } = await import('../src/modules/auth/sessions.ts');
  userSeq += 1;
  const email = fields.email ?? `user${userSeq}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const row = await s.deps.db.one<{ id: number }>(
    `INSERT INTO users (email, name, surname, role, full_access, bank_name, is_onboarding_completed)
     VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
    [
      email,
      fields.name ?? 'Тест',
      fields.surname ?? 'Тестов',
      fields.role ?? 'user',
      fields.full_access ?? false,
      fields.bank_name ?? null,
    ],
  );
  if (!row) throw new Error('user not created');
  const token = await createSession(s.deps.db, s.deps.clock, row.id, kind);
  return { id: row.id, token, email, client: s.client(token) };
}

/** `db` that counts the statements run through it: batching tests assert how many round trips were made. */
export function countingDb(db: Db): { db: Db; statements(): number } {
  let n = 0;
  const counting: Db = {
    ...db,
    query: <T>(sql: string, params?: readonly unknown[]) => {
      n += 1;
      return db.query<T>(sql, params);
    },
  };
  return { db: counting, statements: () => n };
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body, built by hand so the test controls every byte. */
export function multipart(parts: Part[]) {
  const boundary = `----deklarant${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${type}\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let uploads = 0;
/**
 * POST upload-file as the web sends it: multipart files (and the chosen broker), the XSRF cookie and header,
 * each upload from its own address (the route's per-address limit does not couple tests).
 */
export function uploadFiles(s: TestServer, token: string, declarationId: number, parts: Part[]) {
  const body = multipart(parts);
  const xsrf = 'c'.repeat(64);
  uploads += 1;
  return s.app.inject({
    method: 'POST',
    url: `/api/declarations/${declarationId}/upload-file`,
    remoteAddress: `10.99.${Math.floor(uploads / 250) % 250}.${uploads % 250}`,
    headers: {
      authorization: `Bearer ${token}`,
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

/** A first-section-a sale of tax year 2025 as the deal form posts it. */
export const APPLE_SALE_2025 = {
  name_security: 'Apple Inc.',
  transaction_date: '14.06.2025',
  currency_code: 'USD',
  quantity: '10',
  type_of_security: 1,
  purchase_opening_cost: '1000',
  market_id: 1,
  type_of_bidding_method: 1,
  operation_type_id: 1,
  sale_closing_cost: '1500',
  isin_security: 'US0378331005',
  broker_bin: '123456789012',
};

/** Watches the event loop while work runs: the slowest gap between ticks of an `everyMs` timer. */
export function watchEventLoop(everyMs: number) {
  let slowest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    slowest = Math.max(slowest, now - last);
    last = now;
  }, everyMs);
  return { slowest: () => slowest, stop: () => clearInterval(timer) };
}

/**
 * A form 270.00 stored as paid (status 3) without going through payment, for tests of what a paid form shows:
 * a 2024 form of Иванов Иван by default; `over` changes any column.
 */
export async function paidDeclaration(
  s: TestServer,
  userId: number,
  over: Partial<NewDeclarationRow> = {},
): Promise<number> {
  const now = s.clock.now();
  const row = await declarationsRepo(s.deps.db).insert({
    user_id: userId,
    manager_id: null,
    reporting_form_id: 3,
    type: 1,
    year: 2024,
    kgd_code_id: 1,
    broker: null,
    created_at: now,
    declaration_expired_date: new Date(now.getTime() + 10 * 86_400_000),
    personal_data: { iin: '900101300126', surname: 'Иванов', name: 'Иван' },
    status: 3,
    ...over,
  });
  return row.id;
}
