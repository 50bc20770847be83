import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium driven by playwright-core (test tools cannot download browsers here). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
  });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL, locale: 'ru-RU' });
  const page = await context.newPage();
  return { context, page };
}

/** Calls the API the way the SPA does (XSRF cookie + header), for test setup. */
export async function apiCall<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T }> {
  const h = await fetch(`${BASE_URL}/api/health`);
  const cookie = (h.headers.get('set-cookie') ?? '').match(/XSRF-TOKEN=([a-f0-9]+)/)?.[1] ?? '';
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${cookie}`,
      'x-xsrf-token': cookie,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as T };
}

/** The seeded demo account (README.md); the e2e server runs with CAPTCHA=off. */
export const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' } as const;

/** Logs the demo user in through the API and returns the bearer token. */
export async function demoToken(): Promise<string> {
  const res = await apiCall<{ token?: string }>('POST', '/api/auth/login', DEMO);
  if (res.status !== 200 || !res.json.token) throw new Error(`demo login failed with ${res.status}`);
  return res.json.token;
}

/** Opens the app signed in with `token`, the declaration `declarationId` being the current one. */
export async function signInTo(page: Page, token: string, declarationId: number): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ({ t, id }) => {
      localStorage.setItem('access_token', t);
      localStorage.setItem('session', 'B2C');
      localStorage.setItem('currentDeclarationId', id);
    },
    { t: token, id: String(declarationId) },
  );
}
