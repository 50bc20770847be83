import type { LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from '../../src/lib/route-table.ts';
import { dealsRepo } from '../../src/modules/declarations/repo.ts';
import { signedInUser, type TestServer } from '../helpers.ts';

/**
 * Routes that answer without a session, each with the reason. A route that is neither listed here
 * nor refuses an anonymous caller fails the authorization matrix.
 */
export const PUBLIC_ROUTES: { pattern: RegExp; reason: string }[] = [
  { pattern: /^GET \/api\/health$/, reason: 'liveness probe for load balancers; says only ok/degraded' },
  { pattern: /^GET \/api\/common\//, reason: 'reference lists (forms, codes, countries, rates) are public data' },
  { pattern: /^(GET|POST) \/api\/captcha\//, reason: 'the captcha must be solvable before login' },
  {
    pattern:
      /^POST \/api\/auth\/(login|login-via-broker|connect-client-to-account|get-verification-code|check-verification-code|register|reset-password|change-password)$/,
    reason: 'authentication: the caller has no session yet (change-password proves the old password)',
  },
  {
    pattern: /^POST \/api\/account\/set-password$/,
    reason: 'set-password proves itself with the emailed one-time hash',
  },
  { pattern: /^GET \/api\/dev\//, reason: 'dev mailbox, registered only outside production (tested below)' },
  { pattern: /^GET \/api\/docs/, reason: 'OpenAPI description of the public API' },
  {
    pattern: /^(GET|POST) \/api\/sandbox\//,
    reason: 'sandbox provider pages (payment, signer, tax office); never in production',
  },
  { pattern: /^(GET|POST) \/sandbox\//, reason: 'sandbox provider pages; never in production' },
  {
    pattern: /^(GET|POST) \/api\/payments\/callback\//,
    reason: 'payment provider postLink: verified by its signature',
  },
  {
    pattern: /^(GET|POST) \/api\/signing\/callback/,
    reason: 'signing provider redirect: verified by its one-time code',
  },
  {
    pattern: /^(GET|POST) \/api\/referral-code-check$/,
    reason: 'promo code check on the tariff screen (no personal data)',
  },
  { pattern: /^POST \/api\/management\/login$/, reason: 'manager login: the caller has no session yet' },
  { pattern: /^GET \/api\/imports\/template\.(csv|xlsx)$/, reason: 'the blank import template has no personal data' },
  { pattern: /^GET \/(?!api\/)/, reason: 'the built SPA and its static assets' },
];

export const isPublic = (r: RouteEntry) => PUBLIC_ROUTES.find((p) => p.pattern.test(`${r.method} ${r.url}`));

/** The API routes worth calling: everything except HEAD twins of GET routes. */
export function apiRoutes(table: RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>();
  return table.filter((r) => {
    if (r.method === 'HEAD' || r.method === 'OPTIONS') return false;
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);

/** A parameter that names an object (its value must not reveal whether that object exists). */
export const isIdParam = (name: string) => /(^id$|_?id$|Id$|^filename$)/.test(name);

/** Fills `:name` (and `:name(regex)`) path parameters; `*` becomes `x`. */
export function fillUrl(url: string, values: (name: string) => string): string {
  return url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_m, name: string) => encodeURIComponent(values(name)))
    .replace(/\*/g, 'x');
}

/** Canary strings planted in the victims' rows: no response to anyone else may contain them. */
export const CANARY = {
  name: 'Канарейкин',
  surname: 'Жертвенный',
  iin: '880101300992',
  comment: 'canary-deal-7f3a',
};

export interface Victim {
  userId: number;
  token: string;
  email: string;
  declarationId: number;
  dealId: number;
  /** ids of other owned objects by parameter name (paymentId, fileId, ...) */
  ids: Record<string, string>;
}

const NEW_270 = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };

/** A user with a declaration, deals and canaries everywhere, as a B2C user or a partner's B2B client. */
export async function makeVictim(s: TestServer, kind: 'B2C' | 'B2B', bank?: string): Promise<Victim> {
  const tag = Math.random().toString(36).slice(2, 8);
  const u = await signedInUser(
    s,
    { email: `canary-${tag}@victim.example`, name: CANARY.name, surname: CANARY.surname, bank_name: bank },
    kind,
  );
  await s.deps.db.query('UPDATE users SET iin = $2, phone = $3 WHERE id = $1', [u.id, CANARY.iin, '+77001112233']);
  const res = await u.client.post('/api/declarations', NEW_270);
  if (res.statusCode !== 201) throw new Error(`victim declaration: ${res.statusCode} ${res.body}`);
  const declarationId = res.json().data.common_data.id as number;
  await s.deps.db.query('UPDATE declarations SET personal_data = $2 WHERE id = $1', [
    declarationId,
    JSON.stringify({ iin: CANARY.iin, name: CANARY.name, surname: CANARY.surname }),
  ]);
  const repo = dealsRepo(s.deps.db);
  let dealId = 0;
  for (const section of ['second_section', 'first_section_a']) {
    const id = await repo.insert(
      declarationId,
      section,
      { amount_kzt: '100.5', comment: CANARY.comment, fields: { name_security: CANARY.comment } },
      s.clock.now(),
    );
    if (typeof id === 'number' && !dealId) dealId = id;
  }
  const ids: Record<string, string> = {};
  // Objects of modules that may exist: take the victim's first row of each, when the table is there.
  for (const [param, sql] of [
    ['paymentId', 'SELECT id FROM payments WHERE declaration_id = $1 ORDER BY id LIMIT 1'],
    ['fileId', 'SELECT id FROM files WHERE declaration_id = $1 ORDER BY id LIMIT 1'],
  ] as const) {
    const row = await s.deps.db.one<{ id: number }>(sql, [declarationId]).catch(() => undefined);
    if (row) ids[param] = String(row.id);
  }
  return { userId: u.id, token: u.token, email: u.email, declarationId, dealId, ids };
}

export const MISSING_ID = '987654321';

const SECTION_SLUG = 'second-section';

/** Value of a path parameter for the victim's objects (`missing`: ids nobody owns). */
export function paramValue(v: Victim, name: string, missing: boolean): string {
  if (missing && isIdParam(name)) return name === 'filename' ? 'missing-file.xml' : MISSING_ID;
  if (v.ids[name]) return v.ids[name] as string;
  if (/^(id|declarationId|declaration_id)$/.test(name)) return String(v.declarationId);
  if (/^(dealId|deal_id)$/.test(name)) return String(v.dealId);
  if (/^(user_id|userId)$/.test(name)) return String(v.userId);
  if (/^(section|sectionSlug|slug)$/.test(name)) return SECTION_SLUG;
  if (name === 'year') return '2026';
  if (name === 'month') return '03';
  if (name === 'filename') return 'declaration.xml';
  return isIdParam(name) ? String(v.declarationId) : '1';
}

/** Fields a naive handler might trust to pick whose data to touch. */
export const victimBody = (v: Victim) => ({
  id: v.declarationId,
  declaration_id: v.declarationId,
  user_id: v.userId,
  manager_id: v.userId,
  deal_id: v.dealId,
  email: v.email,
});

export const victimQuery = (v: Victim) =>
  `user_id=${v.userId}&declaration_id=${v.declarationId}&id=${v.declarationId}&manager_id=${v.userId}`;

/** A multipart/form-data body (files[] and plain fields), as the SPA's upload sends it. */
export class Multipart {
  readonly boundary = `----deklarant${Math.random().toString(16).slice(2)}`;
  constructor(
    readonly files: { filename: string; content: Buffer | string; type?: string; field?: string }[],
    readonly fields: Record<string, string> = {},
  ) {}
  get contentType() {
    return `multipart/form-data; boundary=${this.boundary}`;
  }
  body(): Buffer {
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(this.fields))
      parts.push(Buffer.from(`--${this.boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    for (const f of this.files) {
      parts.push(
        Buffer.from(
          `--${this.boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files[]'}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${this.boundary}--\r\n`));
    return Buffer.concat(parts);
  }
}

/** A small, valid upload for routes that take files (the matrix sends it so ownership, not "no file", refuses). */
export const sampleUpload = () =>
  new Multipart([{ filename: 'report.csv', content: 'date,type,name\n01.02.2025,buy,Test\n', type: 'text/csv' }], {
    bank: 'template',
  });

export function inject(
  s: TestServer,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; ip?: string; xsrf?: boolean; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const xsrf = 'b'.repeat(64);
  const multipart = opts.body instanceof Multipart ? opts.body : undefined;
  return s.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: opts.ip ?? `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.xsrf === false ? {} : { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` }),
      ...(multipart ? { 'content-type': multipart.contentType } : {}),
      ...opts.headers,
    },
    ...(multipart ? { payload: multipart.body() } : opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

/**
 * A fingerprint of everything the victim owns: their user row and every row of every table that
 * points at their user id or their declaration (found through the schema, so new tables count).
 */
export async function victimFingerprint(s: TestServer, v: Victim): Promise<string> {
  const cols = await s.deps.db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name IN ('user_id', 'declaration_id')
     ORDER BY table_name, column_name`,
  );
  const parts: string[] = [];
  const user = await s.deps.db.query('SELECT * FROM users WHERE id = $1', [v.userId]);
  parts.push(JSON.stringify(user));
  for (const c of cols) {
    if (c.table_name === 'visit_log' || c.table_name === 'sessions') continue;
    const ref = c.column_name === 'user_id' ? v.userId : v.declarationId;
    const rows = await s.deps.db.query(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS h, count(*)::int AS n FROM ${c.table_name} t WHERE ${c.column_name} = $1`,
      [ref],
    );
    parts.push(`${c.table_name}.${c.column_name}:${JSON.stringify(rows[0])}`);
  }
  const decl = await s.deps.db.query('SELECT * FROM declarations WHERE id = $1', [v.declarationId]);
  parts.push(JSON.stringify(decl));
  return parts.join('\n');
}

/** Row counts of every table of the schema (the fuzzing suite compares them around refused calls). */
export async function rowCounts(s: TestServer): Promise<Record<string, number>> {
  const tables = await s.deps.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await s.deps.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM "${t.table_name}"`);
    out[t.table_name] = r?.n ?? 0;
  }
  return out;
}

export const hasCanary = (text: string, v: Victim) =>
  [CANARY.name, CANARY.surname, CANARY.iin, CANARY.comment, v.email].some((c) => text.includes(c));
