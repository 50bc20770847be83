import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/lib/route-table.ts';
import { createTestServer, type TestServer } from '../helpers.ts';
import { apiRoutes, fillUrl, inject, makeVictim, paramValue, type Victim } from './support.ts';

// Contract fuzzing from the route table: random and adversarial payloads to every endpoint with a
// body (and every query string), as the owner of the objects so the calls reach the handlers.
// Never a 500, never a prototype polluted, and a refused call writes nothing.

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20260315);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Refused attempts that are recorded on purpose: the visit log of failed logins, and refused payment
 * provider callbacks (kept in the audit trail with their reason, for reconciliation).
 */
const WRITES_ON_REFUSAL = new Set(['visit_log']);
const COUNT_FILTER: Record<string, string> = { audit_log: "WHERE action <> 'callback_refused'" };
/** Provider-facing routes answer in the provider's protocol (e.g. Robokassa's plain "bad sign"), not in Russian. */
const PROVIDER_FACING = /^\/api\/(payments\/callback|sandbox)\//;
/** Routes that end the caller's session, fuzzed last-free: they are skipped here and covered by the auth tests. */
const SKIP = /\/logout$/;

let s: TestServer;
let routes: RouteEntry[];
let countSql = '';

beforeAll(async () => {
  s = await createTestServer();
  routes = apiRoutes(s.app.routeTable).filter((r) => r.url.startsWith('/api/') && !SKIP.test(r.url));
  const tables = await s.deps.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  countSql = `SELECT ${tables
    .filter((t) => !WRITES_ON_REFUSAL.has(t.table_name))
    .map(
      (t) => `(SELECT count(*)::int FROM "${t.table_name}" ${COUNT_FILTER[t.table_name] ?? ''}) AS "${t.table_name}"`,
    )
    .join(', ')}`;
});
afterAll(async () => {
  await s?.close();
});

const counts = async () => JSON.stringify(await s.deps.db.one(countSql));

const HUGE = 'Ж'.repeat(200_000);
const adversarialString = fc.constantFrom(
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0x1F',
  '١٢٣',
  '12.345.678',
  '1,5',
  '31.02.2025',
  '99.99.9999',
  '2025-13-45',
  '00.00.0000',
  "' OR '1'='1' --",
  "1'; DROP TABLE users; --",
  '1 UNION SELECT password_hash FROM users',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '=cmd|"/c calc"!A1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  'C:\\Windows\\win.ini',
  '\u0000',
  '\ud800',
  '\u202e\u0430\u0431\u0432',
  '💥👨‍👩‍👧‍👦',
  '__proto__',
  'constructor',
  HUGE,
  '9'.repeat(400),
  'a@b',
  'x'.repeat(300) + '@example.com',
);
const adversarialNumber = fc.constantFrom(
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
);
const leaf = fc.oneof(
  adversarialString,
  adversarialNumber,
  fc.constantFrom(null, true, false),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value = fc.oneof(
  { weight: 5, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }) },
);

/** Keys of the route's zod body object (so most payloads look like the real one with wrong values). */
function bodyKeys(r: RouteEntry): string[] {
  const shape = (r.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : ['id', 'email', 'password', 'code', 'amount', 'date', 'name'];
}

const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** Raw JSON texts an object literal cannot express. */
const RAW_BODIES = [
  '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}',
  '{"amount": 1e999, "quantity": -1e999}',
  '{"amount": NaN}',
  '{"id": Infinity}',
  deep(5000),
  `[${'1,'.repeat(10_000)}1]`,
  '"just a string"',
  'null',
  '12345',
  '{"a": "\\ud800"}',
  '{"email": "a@b.c", "email": "b@c.d"}',
];

/** A payload: the route's keys with adversarial values and extra keys, or any JSON, or a raw text. */
function payload(r: RouteEntry) {
  const keys = bodyKeys(r);
  const shaped = fc
    .record({
      picked: fc.subarray(keys),
      values: fc.array(value, { minLength: keys.length, maxLength: keys.length }),
      extra: fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'user_id', 'admin', 'role'),
        value,
        {
          maxKeys: 2,
        },
      ),
    })
    .map(({ picked, values, extra }) => {
      const out: Record<string, unknown> = {};
      picked.forEach((k, i) => {
        out[k] = values[i];
      });
      // Own properties named __proto__ (as JSON.parse would make them), not the prototype.
      for (const [k, v] of Object.entries(extra)) Object.defineProperty(out, k, { value: v, enumerable: true });
      return { json: JSON.stringify(out) };
    });
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ json: JSON.stringify(v) ?? 'null' })) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((json) => ({ json })) },
  );
}

async function send(r: RouteEntry, v: Victim, body: string | undefined, query = '') {
  const url = fillUrl(r.url, (n) => paramValue(v, n, false)) + query;
  const res = await s.app.inject({
    method: r.method as 'POST',
    url,
    remoteAddress: `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: {
      authorization: `Bearer ${v.token}`,
      'x-xsrf-token': 'e'.repeat(64),
      cookie: `XSRF-TOKEN=${'e'.repeat(64)}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
  return res;
}

describe('contract fuzzing', () => {
  it('never answers 500, never pollutes a prototype, and a refused body writes nothing (every route with a body)', {
    timeout: 600_000,
  }, async () => {
    const withBody = routes.filter((r) => STATE_CHANGING.has(r.method));
    expect(withBody.length).toBeGreaterThan(10);
    const failures: string[] = [];
    let calls = 0;
    for (const r of withBody) {
      const v = await makeVictim(s, 'B2C');
      await fc.assert(
        fc.asyncProperty(payload(r), async ({ json }) => {
          const before = await counts();
          const res = await send(r, v, json);
          calls += 1;
          const where = `${r.method} ${r.url} with ${json.slice(0, 120)}`;
          if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (({} as Record<string, unknown>).polluted !== undefined || Object.hasOwn(Object.prototype, 'polluted'))
            failures.push(`${where}: Object.prototype polluted`);
          if (res.statusCode >= 400 && res.statusCode !== 429) {
            const after = await counts();
            if (after !== before) {
              const a = JSON.parse(after) as Record<string, number>;
              const b = JSON.parse(before) as Record<string, number>;
              const changed = Object.keys(a).filter((k) => a[k] !== b[k]);
              failures.push(`${where}: refused with ${res.statusCode} but rows changed in ${changed.join(', ')}`);
            }
          }
          if (
            res.statusCode >= 400 &&
            !PROVIDER_FACING.test(r.url) &&
            !/^\{"message":"[^"]*[\u0400-\u04FF]/.test(res.body)
          )
            failures.push(`${where}: ${res.statusCode} without a Russian message: ${res.body.slice(0, 120)}`);
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    console.info(`contract fuzzing: ${calls} calls to ${withBody.length} routes (seed ${SEED}, ${RUNS} runs each)`);
    const byRoute = new Map<string, string>();
    for (const f of failures) {
      const key = f.slice(0, f.indexOf(' with '));
      if (!byRoute.has(key)) byRoute.set(key, f);
    }
    expect([...byRoute.values()]).toEqual([]);
  });

  it('never answers 500 to hostile query strings and path parameters (every GET route)', {
    timeout: 600_000,
  }, async () => {
    const gets = routes.filter((r) => r.method === 'GET' && !r.url.startsWith('/api/docs'));
    const v = await makeVictim(s, 'B2C');
    const failures: string[] = [];
    const qv = fc.oneof(adversarialString, fc.string({ maxLength: 30 }), fc.integer().map(String));
    for (const r of gets) {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(
              'page',
              'date',
              'currency_code_id',
              'section_id',
              'archived',
              'filter',
              'from',
              'to',
              'is_success',
              'email',
              'user_id',
              'declaration_section',
              'id',
              'a[b]',
              '__proto__',
            ),
            qv,
            { maxKeys: 4 },
          ),
          fc.option(adversarialString, { nil: undefined }),
          async (q, pathValue) => {
            const query = `?${Object.entries(q)
              .map(([k, x]) => `${encodeURIComponent(k)}=${encodeURIComponent(x.slice(0, 3000))}`)
              .join('&')}`;
            const url =
              fillUrl(r.url, (n) => (pathValue !== undefined ? pathValue.slice(0, 500) : paramValue(v, n, false))) +
              query;
            const res = await inject(s, 'GET', url, { token: v.token });
            if (res.statusCode >= 500)
              failures.push(`GET ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            return true;
          },
        ),
        { numRuns: Math.ceil(RUNS / 2), seed: SEED },
      );
    }
    expect(failures.slice(0, 30)).toEqual([]);
  });

  it('refuses a body over the size limit with 413 in Russian, and a wrong content type with 415', async () => {
    const v = await makeVictim(s, 'B2C');
    const r = routes.find((x) => x.method === 'POST' && x.url === '/api/declarations') as RouteEntry;
    const big = JSON.stringify({ year: 2025, note: 'x'.repeat(2 * 1024 * 1024) });
    const res = await send(r, v, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/[\u0400-\u04FF]/);
    const xml = await inject(s, 'POST', '/api/declarations', {
      token: v.token,
      body: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
  });
});
