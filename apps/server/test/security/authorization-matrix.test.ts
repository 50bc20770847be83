import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/lib/route-table.ts';
import { createTestServer, signedInUser, type TestServer } from '../helpers.ts';
import {
  apiRoutes,
  fillUrl,
  hasCanary,
  inject,
  isIdParam,
  isPublic,
  makeVictim,
  PUBLIC_ROUTES,
  paramNames,
  paramValue,
  sampleUpload,
  type Victim,
  victimBody,
  victimFingerprint,
  victimQuery,
} from './support.ts';

// The authorization matrix: generated from the route table of the running server, so a route
// added by any module is called here without anyone editing this file.

const REFUSED = [401, 403, 404];

let s: TestServer;
let routes: RouteEntry[];
let victims: { label: string; v: Victim }[];
interface Attacker {
  label: string;
  token?: string;
  /** extra query string: the manager's admin path (token, manager_id, user_id of the victim) */
  query?: (v: Victim) => string;
}
let attackers: Attacker[];

beforeAll(async () => {
  s = await createTestServer();
  routes = apiRoutes(s.app.routeTable);
  victims = [
    { label: 'B2C user', v: await makeVictim(s, 'B2C') },
    { label: "partner 'demo' B2B client", v: await makeVictim(s, 'B2B', 'demo') },
  ];
  const manager = await signedInUser(s, { role: 'manager' }, 'manager');
  attackers = [
    { label: 'another user', token: (await signedInUser(s)).token },
    { label: "another partner's B2B client", token: (await signedInUser(s, { bank_name: 'otherbank' }, 'B2B')).token },
    { label: 'unassigned manager (own session)', token: manager.token },
    {
      label: 'unassigned manager (admin path)',
      query: (v) => `token=${encodeURIComponent(manager.token)}&manager_id=${manager.id}&user_id=${v.userId}`,
    },
  ];
});
afterAll(async () => {
  await s?.close();
});

const protectedRoutes = () => routes.filter((r) => !isPublic(r));
const idRoutes = () => protectedRoutes().filter((r) => paramNames(r.url).some(isIdParam));
const withBody = (m: string) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE';
/** Logging out as an attacker would end the attacker's own session mid-matrix; anonymous covers it. */
const selfEnding = (r: RouteEntry) => /logout|delete-account/.test(r.url);

const SECTION_CANDIDATES = ['second-section', 'second_section', 'first-section-a', 'first_section_a', '2'];

/** The path for a route: the victim's objects, or ids nobody owns; other params as the schema accepts. */
function urlFor(r: RouteEntry, v: Victim, missing: boolean): string {
  const shape = (r.schema?.params as { shape?: Record<string, { safeParse(x: unknown): { success: boolean } }> })
    ?.shape;
  return fillUrl(r.url, (name) => {
    const first = paramValue(v, name, missing);
    const field = shape?.[name];
    if (!field || field.safeParse(first).success) return first;
    const alt = [...SECTION_CANDIDATES, '1'].find((c) => field.safeParse(c).success);
    return alt ?? first;
  });
}

const call = (r: RouteEntry, url: string, token?: string, body?: unknown): Promise<LightMyRequestResponse> =>
  inject(s, r.method, url, { token, body: withBody(r.method) ? (body ?? {}) : undefined });

type Zod = { safeParse(x: unknown): { success: boolean } };
/**
 * Known-valid bodies, tried in order for every route whose schema refuses an empty object, so that
 * ownership, not validation, is what refuses the call.
 */
const SAMPLE_BODIES: unknown[] = [
  { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null },
  { iin: '900101300126', surname: 'Иванов', name: 'Иван', phone: '+77011234567' },
  { tariff_type: 1, selected_additional_service: [], referral_code: '', tax_office_sending: false, broker: null },
  { invId: '100000001' },
  { redirect_uri: 'http://localhost:8080/aitu-process' },
  { access_token: 'a'.repeat(32) },
  { code: 'a'.repeat(32), redirect_uri: 'http://localhost:8080/aitu-process' },
  { name: 'matrix-partner', title: 'Партнер', theme: 'default', price: '1000' },
];

/**
 * A body the route's schema accepts, so the call reaches the ownership check: an empty object, the
 * victim's ids, or a known sample. Undefined when none fits (the refusal is then by validation, which
 * must still be identical for the victim's id and a missing one).
 */
function validBody(r: RouteEntry, v: Victim): unknown {
  if ((r.schema as { consumes?: string[] })?.consumes?.includes('multipart/form-data')) return sampleUpload();
  const schema = r.schema?.body as Zod | undefined;
  if (!schema?.safeParse) return {};
  const candidates = [{}, { id: v.declarationId, declaration_id: v.declarationId }, ...SAMPLE_BODIES];
  return candidates.find((c) => schema.safeParse(c).success);
}

const validatedOnly: string[] = [];

describe('route table', () => {
  it('holds every module route, and every route is public (with a reason) or protected', () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const must of ['GET /api/declarations', 'GET /api/declarations/:id', 'POST /api/auth/login']) {
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(must);
    }
    for (const p of PUBLIC_ROUTES) expect(p.reason.length).toBeGreaterThan(10);
    const publicOnes = routes.filter((r) => isPublic(r) && r.url.startsWith('/api/'));
    const ledger = publicOnes.map((r) => `${r.method} ${r.url} — ${isPublic(r)?.reason}`);
    console.info(
      `authorization matrix: ${routes.length} routes, ${protectedRoutes().length} protected, ${publicOnes.length} public API routes:\n  ${ledger.join('\n  ')}`,
    );
  });
});

describe('anonymous caller', () => {
  it('is refused by every route that is not on the public list', async () => {
    const wrong: string[] = [];
    for (const r of protectedRoutes()) {
      const v = victims[0]?.v as Victim;
      const res = await call(r, urlFor(r, v, false));
      if (!REFUSED.includes(res.statusCode))
        wrong.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (hasCanary(res.body, v)) wrong.push(`${r.method} ${r.url} leaks victim data`);
    }
    expect(
      wrong,
      'protected routes that answer anonymous callers (add auth, or list the route as public with a reason)',
    ).toEqual([]);
  });

  it('is refused with a broken, expired-looking or foreign-format token too', async () => {
    const r = routes.find((x) => x.method === 'GET' && x.url === '/api/declarations') as RouteEntry;
    for (const token of ['x', 'a'.repeat(43), 'a'.repeat(500), '../../etc/passwd', "' OR '1'='1"]) {
      const res = await call(r, r.url, token);
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('someone else: another user, a B2B client of another partner, an unassigned manager', () => {
  it("is refused on every route that names the victim's object, exactly like a missing id, and changes nothing", async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const r of idRoutes()) {
      if (selfEnding(r)) continue;
      for (const { label: vl, v } of victims) {
        const before = await victimFingerprint(s, v);
        const body = validBody(r, v);
        if (body === undefined) validatedOnly.push(`${r.method} ${r.url}`);
        for (const a of attackers) {
          const q = a.query ? `?${a.query(v)}` : '';
          const theirs = await call(r, urlFor(r, v, false) + q, a.token, body ?? victimBody(v));
          const missing = await call(r, urlFor(r, v, true) + q, a.token, body ?? victimBody(v));
          calls += 2;
          const where = `${r.method} ${r.url} as ${a.label} on ${vl}'s object`;
          const allowed = body === undefined ? [...REFUSED, 422] : REFUSED;
          if (!allowed.includes(theirs.statusCode))
            wrong.push(`${where} → ${theirs.statusCode} ${theirs.body.slice(0, 160)}`);
          else if (theirs.statusCode !== missing.statusCode || theirs.body !== missing.body)
            wrong.push(
              `${where}: reveals existence (${theirs.statusCode} ${theirs.body.slice(0, 80)} vs missing ${missing.statusCode} ${missing.body.slice(0, 80)})`,
            );
          if (hasCanary(theirs.body, v)) wrong.push(`${where}: leaks victim data`);
        }
        if ((await victimFingerprint(s, v)) !== before) wrong.push(`${r.method} ${r.url}: changed ${vl}'s data`);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(0);
    if (validatedOnly.length)
      console.info(`routes refused by validation only (no sample body yet): ${[...new Set(validatedOnly)].join(', ')}`);
  });

  it("never reaches the victim's data through user_id, declaration_id or manager fields on routes without ids", async () => {
    const wrong: string[] = [];
    const plain = protectedRoutes().filter((r) => !paramNames(r.url).some(isIdParam) && !selfEnding(r));
    expect(plain.length).toBeGreaterThan(0);
    for (const r of plain) {
      for (const { label: vl, v } of victims) {
        const before = await victimFingerprint(s, v);
        for (const a of attackers) {
          const url = `${urlFor(r, v, false)}?${a.query ? a.query(v) : victimQuery(v)}`;
          const res = await call(r, url, a.token, victimBody(v));
          if (res.statusCode >= 500) wrong.push(`${r.method} ${r.url} as ${a.label}: ${res.statusCode}`);
          if (hasCanary(res.body, v)) wrong.push(`${r.method} ${r.url} as ${a.label}: shows ${vl}'s data`);
        }
        if ((await victimFingerprint(s, v)) !== before) wrong.push(`${r.method} ${r.url}: changed ${vl}'s data`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the owner does reach their own objects (the matrix is not refusing everyone)', async () => {
    for (const { v } of victims) {
      const res = await inject(s, 'GET', `/api/declarations/${v.declarationId}`, { token: v.token });
      expect(res.statusCode).toBe(200);
      expect(hasCanary(res.body, v)).toBe(true);
    }
  });
});
