import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestServer, type TestServer } from './helpers.ts';

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
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ APP_ENV: 'production', CAPTCHA: 'off', APP_SECRET: secret })).toThrow(/CAPTCHA/);
    expect(() => loadConfig({ APP_ENV: 'production', RATES_SOURCE: 'sandbox', APP_SECRET: secret })).toThrow(
      /RATES_SOURCE/,
    );
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/APP_SECRET/);
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.appEnv).toBe('development');
    expect(c.captcha).toBe('altcha');
    expect(c.sandbox).toBe(true);
  });
});
