import type { BrowserContext, Page } from 'playwright-core';
import { apiCall } from './browser.ts';

/** A password that passes the docs/accounts.md rule. */
export const PASSWORD = 'Test-pass-1';
export const NEW_PASSWORD = 'Newer-pass-2';

let seq = 0;
/** A unique address per test run (the e2e database lives for the whole run). */
export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now().toString(36)}-${(seq++).toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

export interface Letter {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  code: string | null;
  created_at: string;
}

export async function outbox(email: string): Promise<Letter[]> {
  const res = await apiCall<{ data: Letter[] }>('GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return res.json.data ?? [];
}

/** The newest letter to `email` newer than `afterId` (polls: letters are written in the request). */
export async function waitForLetter(email: string, afterId = 0, timeoutMs = 10_000): Promise<Letter> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const letter = (await outbox(email)).find((l) => l.id > afterId);
    if (letter) return letter;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no letter for ${email}`);
}

export async function lastLetterId(email: string): Promise<number> {
  return (await outbox(email))[0]?.id ?? 0;
}

/** Reads the code of the newest letter to `email` (newer than `afterId`). */
export async function readCode(email: string, afterId = 0): Promise<string> {
  const letter = await waitForLetter(email, afterId);
  if (!letter.code) throw new Error(`letter without code: ${letter.subject}`);
  return letter.code;
}

/** Registers through the API (code from the outbox) and returns the session token. */
export async function registerViaApi(email: string, password = PASSWORD): Promise<string> {
  const before = await lastLetterId(email);
  const got = await apiCall('POST', '/api/auth/get-verification-code', { email, type: 1 });
  if (got.status !== 200) throw new Error(`code request ${got.status} ${JSON.stringify(got.json)}`);
  const code = await readCode(email, before);
  const res = await apiCall<{ token: string }>('POST', '/api/auth/register', {
    name: 'Тест',
    surname: 'Тестов',
    phone: '+7 (701) 234-56-78',
    email,
    password,
    password_confirmation: password,
    code,
    personalDataCheck: true,
    publicOfferCheck: true,
  });
  if (res.status !== 201) throw new Error(`register ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.token;
}

/** Marks the onboarding as seen so a 375 px page opens the form directly. */
export async function skipOnboarding(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('onboarding_seen', '1'));
}

/** Signs the page in with a token, as the login does. */
export async function signInWithToken(page: Page, token: string) {
  await page.evaluate((t) => {
    localStorage.setItem('access_token', t);
    localStorage.setItem('session', 'B2C');
  }, token);
}

/** The text of the error shown for a labelled field (Mantine links it with aria-describedby). */
export async function fieldError(page: Page, label: string, exact = true): Promise<string> {
  const input = page.getByLabel(label, { exact });
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts: string[] = [];
  for (const id of ids) texts.push((await page.locator(`[id="${id}"]`).textContent()) ?? '');
  return texts.join(' ');
}
