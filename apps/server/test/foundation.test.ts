import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, logUnconfiguredServices, secretWeakness } from '../src/config.ts';
import { createTestServer, type TestServer } from './helpers.ts';

/** `openssl rand -hex 32` once */
const STRONG_SECRET = '3f9c1e7a0b5d48e2a6c9f1d37b20e8c45a1f6d93e07b2c8d4f5a9e1b36c7d02f';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('health and errors', () => {
  it('answers /api/health after checking the database', async () => {
    const res = await s.client().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown /api path with 404 JSON in Russian', async () => {
    const res = await s.client().get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().message).toMatch(/[А-Яа-я]/);
  });

  it('answers a malformed JSON body with 400 and a Russian message, and keeps serving', async () => {
    const xsrf = 'b'.repeat(64);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().message).toMatch(/[А-Яа-я]/);
    expect((await s.client().get('/api/health')).statusCode).toBe(200);
  });

  it('refuses a state-changing call without the XSRF header', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/обновите страницу/);
  });

  it('sets the XSRF cookie and security headers on responses', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[a-f0-9]{64}/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await s.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toContain('/api/common/get-countries');
  });
});

describe('configuration', () => {
  it('stops the start with a message naming the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_ENV: 'staging' })).toThrow(/APP_ENV/);
    expect(() => loadConfig({ CAPTCHA: 'maybe' })).toThrow(/CAPTCHA/);
  });

  it('refuses CAPTCHA=off and sandbox rates in production', () => {
    const secret = STRONG_SECRET;
    expect(() => loadConfig({ APP_ENV: 'production', CAPTCHA: 'off', APP_SECRET: secret })).toThrow(/CAPTCHA/);
    expect(() => loadConfig({ APP_ENV: 'production', RATES_SOURCE: 'sandbox', APP_SECRET: secret })).toThrow(
      /RATES_SOURCE/,
    );
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/APP_SECRET/);
  });

  it('refuses a production APP_SECRET without real entropy, naming the variable', () => {
    const production = (APP_SECRET: string) => () => loadConfig({ APP_ENV: 'production', APP_SECRET });
    expect(production('a'.repeat(40))).toThrow(/APP_SECRET: too little entropy: only 1 different characters/);
    expect(production('0123'.repeat(10))).toThrow(/APP_SECRET: too little entropy/);
    expect(production('abcdefghijkl'.repeat(3))).toThrow(/APP_SECRET: too little entropy: the same 12 characters/);
    expect(production('test-secret-test-secret-test-secret-00')).toThrow(/APP_SECRET/);
    expect(production('short')).toThrow(/APP_SECRET: must be at least 32 characters/);
    expect(loadConfig({ APP_ENV: 'production', APP_SECRET: STRONG_SECRET }).secret).toBe(STRONG_SECRET);
    // outside production a weak secret is only a test fixture
    expect(loadConfig({ APP_SECRET: 'a'.repeat(40) }).secret).toBe('a'.repeat(40));
  });

  it('secretWeakness: random secrets pass, patterns do not', () => {
    for (let i = 0; i < 50; i++) expect(secretWeakness(randomBytes(32).toString('hex'))).toBeNull();
    expect(secretWeakness(randomBytes(24).toString('base64'))).toBeNull();
    expect(secretWeakness('0123456789'.repeat(4))).toMatch(/the same 10 characters repeated/);
    expect(secretWeakness(`${'ab'.repeat(20)}c`)).toMatch(/only 3 different/);
  });

  it('names every outside service left unconfigured: a warning in production, a note elsewhere', () => {
    const lines = (env: Record<string, string>) => {
      const out: { level: string; msg: string }[] = [];
      logUnconfiguredServices(loadConfig(env), {
        warn: (_o, msg) => out.push({ level: 'warn', msg }),
        info: (_o, msg) => out.push({ level: 'info', msg }),
      });
      return out;
    };
    const prod = lines({ APP_ENV: 'production', APP_SECRET: STRONG_SECRET });
    expect(prod.map((l) => l.level)).toEqual(Array(7).fill('warn'));
    for (const variable of ['SMTP_URL', 'ROBOKASSA_LOGIN', 'EPAY_CLIENT_ID', 'SIGNING_URL', 'TAX_OFFICE_URL']) {
      expect(prod.filter((l) => l.msg.includes(variable))).toHaveLength(1);
    }
    const configured = lines({
      APP_ENV: 'production',
      APP_SECRET: STRONG_SECRET,
      SMTP_URL: 'smtp://user:mail-password@mail.example.com:587',
      ROBOKASSA_LOGIN: 'shop',
      ROBOKASSA_PASSWORD1: 'robokassa-password-1',
      ROBOKASSA_PASSWORD2: 'robokassa-password-2',
      EPAY_CLIENT_ID: 'client',
      EPAY_CLIENT_SECRET: 'epay-secret',
      EPAY_TERMINAL: 'terminal',
      SIGNING_URL: 'https://passport.example.com',
      SIGNING_CLIENT_ID: 'client',
      SIGNING_CLIENT_SECRET: 'signing-secret',
      TAX_OFFICE_URL: 'https://gateway.example.com',
      TAX_OFFICE_TOKEN: 'tax-token',
      PARTNER_API_URL: 'https://partner.example.com',
      PARTNER_API_KEY: 'partner-key',
      MESSENGER_BOT_URL: 'https://api.telegram.org',
      MESSENGER_BOT_TOKEN: 'bot-token-123',
      MESSENGER_CHAT_ID: '-100',
    });
    expect(configured).toEqual([]);
    const partly = lines({ APP_ENV: 'production', APP_SECRET: STRONG_SECRET, ROBOKASSA_LOGIN: 'shop' });
    expect(partly.filter((l) => l.msg.includes('Robokassa'))).toHaveLength(1);
    expect(JSON.stringify(partly)).not.toContain(STRONG_SECRET);
    expect(lines({}).map((l) => l.level)).toEqual(Array(7).fill('info'));
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.appEnv).toBe('development');
    expect(c.captcha).toBe('altcha');
    expect(c.sandbox).toBe(true);
  });
});
