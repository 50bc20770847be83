import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/lib/route-table.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { createTestServer, signedInUser, type TestServer } from '../helpers.ts';
import { apiRoutes, fillUrl, inject, paramNames } from './support.ts';

// Web security from the route table: headers on HTML and API answers, the XSRF cookie, the XSRF
// check on every state-changing call, rate limits on every authentication and code endpoint,
// sessions revoked by a password change, and what production leaves out.

let s: TestServer;
let prod: TestServer;
const webDist = mkdtempSync(join(tmpdir(), 'deklarant-web-'));

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="ru"><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  s = await createTestServer({ WEB_DIST: webDist });
  prod = await createTestServer({ WEB_DIST: webDist, APP_ENV: 'production', CAPTCHA: 'altcha', RATES_SOURCE: 'nbk' });
});
afterAll(async () => {
  await s?.close();
  await prod?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Documented XSRF exemptions (lib/xsrf.ts): server-to-server provider callbacks and sandbox pages. */
const XSRF_EXEMPT = [/^\/api\/payments\/callback\//, /^\/api\/sandbox\//];
const fill = (r: RouteEntry) => fillUrl(r.url, (n) => (/section/i.test(n) ? 'second-section' : '1'));

function cspDirectives(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('security headers', () => {
  for (const [what, url] of [
    ['the SPA page', '/auth/login'],
    ['a static asset', '/assets/app.js'],
    ['an API answer', '/api/health'],
    ['an API error', '/api/nothing-here'],
    ['a refused call', '/api/declarations'],
  ] as const) {
    it(`are set on ${what} (${url})`, async () => {
      for (const server of [s, prod]) {
        const res = await inject(server, 'GET', url);
        const h = res.headers;
        const csp = cspDirectives(h['content-security-policy'] as string);
        expect(csp['default-src']).toEqual(["'self'"]);
        expect(csp['script-src']).toContain("'self'");
        expect(csp['script-src']).not.toContain("'unsafe-inline'");
        expect(csp['script-src']?.some((v) => v === '*' || v.startsWith('http:'))).toBe(false);
        expect(csp['frame-ancestors']).toEqual(["'self'"]);
        expect(csp['base-uri']).toEqual(["'self'"]);
        expect(csp['form-action']).toEqual(["'self'"]);
        expect(csp['connect-src']).toEqual(["'self'"]);
        expect(h['x-content-type-options']).toBe('nosniff');
        expect(h['x-frame-options']).toBe('SAMEORIGIN');
        expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
        expect(h['referrer-policy']).toBe('no-referrer');
        expect(h['cross-origin-opener-policy']).toBe('same-origin');
        expect(h['cross-origin-resource-policy']).toBe('same-origin');
        expect(h['x-dns-prefetch-control']).toBe('off');
        expect(h['x-permitted-cross-domain-policies']).toBe('none');
        expect(h['x-powered-by']).toBeUndefined();
      }
    });
  }

  it('allow the Halyk ePay widget host for scripts and frames only when ePay is configured', async () => {
    expect(
      cspDirectives(String((await inject(s, 'GET', '/api/health')).headers['content-security-policy']))['script-src'],
    ).toEqual(["'self'"]);
    const withEpay = await createTestServer({
      EPAY_CLIENT_ID: 'id',
      EPAY_CLIENT_SECRET: 'secret',
      EPAY_TERMINAL: '67e34d63-102f-4bd1-898e-370781d0074d',
      EPAY_SCRIPT_URL: 'https://epay.homebank.kz/payform/payment-api.js',
    });
    try {
      const csp = cspDirectives(
        String((await inject(withEpay, 'GET', '/api/health')).headers['content-security-policy']),
      );
      expect(csp['script-src']).toEqual(["'self'", 'https://epay.homebank.kz']);
      expect(csp['frame-src']).toContain('https://epay.homebank.kz');
      expect(csp['connect-src']).toEqual(["'self'"]);
    } finally {
      await withEpay.close();
    }
  });

  it('serve JSON as JSON with a charset, so a browser never sniffs it as HTML', async () => {
    for (const url of ['/api/health', '/api/common/get-countries', '/api/nothing-here']) {
      const res = await inject(s, 'GET', url);
      expect(res.headers['content-type']).toMatch(/^application\/json; charset=utf-8/);
    }
  });
});

describe('XSRF cookie', () => {
  it('is SameSite=Strict, readable by the SPA, path-wide; Secure in production', async () => {
    for (const [server, secure] of [
      [s, false],
      [prod, true],
    ] as const) {
      const res = await inject(server, 'GET', '/api/health', { xsrf: false });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^XSRF-TOKEN=[a-f0-9]{64};/);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/HttpOnly/i);
      expect(/;\s*Secure/i.test(cookie)).toBe(secure);
    }
  });

  it('is not replaced while the browser holds a well-formed one', async () => {
    const res = await inject(s, 'GET', '/api/health');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('XSRF check on every state-changing call', () => {
  it('refuses each POST/PUT/PATCH/DELETE route without the header, or with a wrong one (403)', async () => {
    const routes = apiRoutes(s.app.routeTable).filter((r) => STATE_CHANGING.has(r.method) && r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(10);
    const user = await signedInUser(s);
    const wrong: string[] = [];
    for (const r of routes) {
      if (XSRF_EXEMPT.some((re) => re.test(r.url))) continue;
      const url = fill(r);
      const cookie = `XSRF-TOKEN=${'c'.repeat(64)}`;
      for (const headers of [
        { cookie },
        { cookie, 'x-xsrf-token': 'd'.repeat(64) },
        { 'x-xsrf-token': 'c'.repeat(64) },
        {},
      ]) {
        const res = await s.app.inject({
          method: r.method as 'POST',
          url,
          headers: { ...headers, authorization: `Bearer ${user.token}` },
          payload: {},
        });
        if (res.statusCode !== 403 || res.json().message !== MSG.xsrf)
          wrong.push(`${r.method} ${r.url} with ${Object.keys(headers).join('+') || 'nothing'} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('exempts only the documented provider callbacks and sandbox pages', () => {
    const exempt = apiRoutes(s.app.routeTable).filter(
      (r) => STATE_CHANGING.has(r.method) && XSRF_EXEMPT.some((re) => re.test(r.url)),
    );
    for (const r of exempt) expect(r.url).toMatch(/^\/api\/(payments\/callback|sandbox)\//);
  });
});

/** Authentication and one-time-code endpoints: every one needs a per-IP limit. */
const AUTH_OR_CODE =
  /^\/api\/(auth\/|account\/(set-password|get-code|set-new-email)|captcha\/challenge|referral-code-check|signing\/exchange-code|management\/login|partners\/b2b\/(get-code|register))/;
/** Not limited, with the reason. */
const NO_LIMIT_NEEDED: Record<string, string> = {
  'POST /api/auth/logout': 'needs a valid session and guesses nothing',
};

describe('rate limits', () => {
  const limited = () =>
    apiRoutes(s.app.routeTable).filter((r) => AUTH_OR_CODE.test(r.url) && !NO_LIMIT_NEEDED[`${r.method} ${r.url}`]);

  it('exist on every authentication and code endpoint', () => {
    const routes = limited();
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const missing = routes.filter((r) => !(r.config?.rateLimit?.max && r.config.rateLimit.max <= 60));
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answer 429 in Russian once an address passes the limit, and other addresses go on', async () => {
    const wrong: string[] = [];
    for (const r of limited()) {
      const max = r.config?.rateLimit?.max as number;
      const url = fill(r);
      const ip = `198.51.100.${paramNames(r.url).length + wrong.length + 1}`;
      let last = 0;
      for (let i = 0; i <= max; i++) {
        const res = await inject(s, r.method, url, { ip, body: r.method === 'GET' ? undefined : {} });
        last = res.statusCode;
        if (i === max && (res.statusCode !== 429 || res.json().message !== MSG.tooManyRequests))
          wrong.push(`${r.method} ${r.url}: request ${i + 1} → ${res.statusCode}`);
      }
      const other = await inject(s, r.method, url, { ip: '203.0.113.9', body: r.method === 'GET' ? undefined : {} });
      if (other.statusCode === 429) wrong.push(`${r.method} ${r.url}: limit is not per address`);
      expect(last).toBe(429);
    }
    expect(wrong).toEqual([]);
  });
});

describe('sessions', () => {
  it('are all revoked by a password change (the other devices too)', async () => {
    const u = await signedInUser(s);
    await s.deps.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      u.id,
      await hashPassword('Old-pass-1!'),
    ]);
    const { createSession } = await import('../../src/modules/auth/sessions.ts');
    const second = await createSession(s.deps.db, s.deps.clock, u.id, 'B2C');
    expect((await inject(s, 'GET', '/api/authenticated', { token: second })).statusCode).toBe(200);
    const res = await inject(s, 'POST', '/api/auth/change-password', {
      body: {
        email: u.email,
        old_password: 'Old-pass-1!',
        password: 'New-pass-2!',
        password_confirmation: 'New-pass-2!',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const t of [u.token, second])
      expect((await inject(s, 'GET', '/api/authenticated', { token: t })).statusCode).toBe(401);
    const login = await inject(s, 'POST', '/api/auth/login', { body: { email: u.email, password: 'New-pass-2!' } });
    expect(login.statusCode).toBe(200);
    expect((await inject(s, 'GET', '/api/authenticated', { token: login.json().token })).statusCode).toBe(200);
  });

  it('are stored hashed: the database holds no usable token', async () => {
    const u = await signedInUser(s);
    const rows = await s.deps.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [
      u.id,
    ]);
    expect(rows.length).toBe(1);
    expect(rows[0]?.token_hash).not.toBe(u.token);
    expect((await inject(s, 'GET', '/api/authenticated', { token: rows[0]?.token_hash })).statusCode).toBe(401);
  });
});

describe('production', () => {
  it('registers no dev mailbox, sandbox page or demo account', async () => {
    const urls = apiRoutes(prod.app.routeTable).map((r) => r.url);
    expect(urls.filter((u) => /^\/(api\/)?(dev|sandbox)\//.test(u))).toEqual([]);
    expect((await inject(prod, 'GET', '/api/dev/outbox?email=demo@example.com')).statusCode).toBe(404);
    const demo = await prod.deps.db.one("SELECT id FROM users WHERE lower(email) = 'demo@example.com'");
    expect(demo).toBeUndefined();
  });
});
