import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launch, newPage, signInTo } from './support/browser.ts';
import { newDemoDeclaration } from './support/deal-form.ts';

// Accessibility: axe-core on every screen of the journeys (zero serious or critical violations,
// every form field labelled), and the declaration journey with the keyboard alone.

// Evaluated through the DevTools protocol: our CSP (rightly) refuses an injected inline <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Rules about names and labels: any violation counts, whatever its impact. */
const LABEL_RULES = ['label', 'aria-input-field-name', 'select-name', 'button-name', 'link-name', 'input-button-name'];
const PASSWORD = 'A11y-pass-1!';

let browser: Browser;
let token: string;
let email: string;
let declarationId: number;
const LAST_YEAR = new Date().getFullYear() - 1;

/** A fresh account (registration through the API with the emailed code), so the demo data stays as it is. */
async function register(): Promise<{ email: string; token: string }> {
  const address = `a11y-${Date.now()}@example.com`;
  const code = await apiCall('POST', '/api/auth/get-verification-code', { email: address, type: 1 });
  expect(code.status, JSON.stringify(code.json)).toBe(200);
  const box = await apiCall<{ data: { code: string | null }[] }>(
    'GET',
    `/api/dev/outbox?email=${encodeURIComponent(address)}`,
  );
  const res = await apiCall<{ token: string }>('POST', '/api/auth/register', {
    name: 'Доступ',
    surname: 'Проверкин',
    phone: '+77015550101',
    email: address,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    code: box.json.data[0]?.code,
    personalDataCheck: true,
    publicOfferCheck: true,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await apiCall('POST', '/api/account/complete-onboarding', undefined, res.json.token);
  return { email: address, token: res.json.token };
}

beforeAll(async () => {
  browser = await launch();
  ({ email, token } = await register());
  declarationId = await newDemoDeclaration(token, LAST_YEAR);
});
afterAll(async () => {
  await browser?.close();
});

const signedIn = (page: Page) => signInTo(page, token, declarationId);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

async function audit(page: Page): Promise<AxeViolation[]> {
  await page.waitForLoadState('networkidle');
  await page.locator('h1, h2, h3').first().waitFor({ timeout: 15_000 });
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document);
  });
  return result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || LABEL_RULES.includes(v.id),
  );
}

const describeViolations = (vs: AxeViolation[]) =>
  vs.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(', ')}`,
  );

const PUBLIC_SCREENS = [
  ['landing', '/'],
  ['login', '/auth/login'],
  ['register', '/auth/register'],
  ['reset', '/auth/reset'],
] as const;

const APP_SCREENS = [
  ['saved forms', '/app/declaration?step=2'],
  ['new form', '/app/declaration?step=3'],
  ['income tiles', '/app/declaration?step=4'],
  ['a section list', '/app/securities-transactions/show'],
  ['a section form', '/app/securities-transactions/create'],
  ['calculation', '/app/declaration?step=6'],
  ['personal data step', '/app/declaration?step=7'],
  ['personal account', '/app/personal'],
  ['payment', '/app/payment'],
] as const;

describe('axe-core on every screen of the journeys', () => {
  for (const [name, path] of PUBLIC_SCREENS) {
    it(`${name} (${path}): no serious or critical violation, every field labelled`, async () => {
      const { page, context } = await newPage(browser);
      await page.goto(path);
      const found = await audit(page);
      await context.close();
      expect(describeViolations(found)).toEqual([]);
    });
  }
  for (const [name, path] of APP_SCREENS) {
    it(`${name} (${path}): no serious or critical violation, every field labelled`, async () => {
      const { page, context } = await newPage(browser);
      await signedIn(page);
      await page.goto(path);
      const found = await audit(page);
      await context.close();
      expect(describeViolations(found)).toEqual([]);
    });
  }
  it('the login screen at 375 px as well', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 812 });
    await page.goto('/auth/login');
    const found = await audit(page);
    await context.close();
    expect(describeViolations(found)).toEqual([]);
  });
});

/** Presses Tab until the focused element matches (at most `max` presses). */
async function tabTo(page: Page, match: (el: { tag: string; label: string; type: string }) => boolean, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      if (!a) return { tag: '', label: '', type: '' };
      const byId = a.id ? document.querySelector(`label[for="${a.id}"]`)?.textContent : '';
      const label = a.getAttribute('aria-label') || byId || a.textContent || a.getAttribute('placeholder') || '';
      return { tag: a.tagName.toLowerCase(), label: label.trim(), type: a.getAttribute('type') ?? '' };
    });
    if (match(el)) return el;
  }
  throw new Error('the element was not reached with Tab');
}

describe('the declaration journey with the keyboard alone', () => {
  it('login → new form → create, with Tab, arrows and Enter', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth/login');
    await page.locator('input').first().waitFor();
    await tabTo(page, (e) => e.tag === 'input' && (e.type === 'email' || /email|почт/i.test(e.label)));
    await page.keyboard.type(email);
    await tabTo(page, (e) => e.tag === 'input' && e.type === 'password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app/, { timeout: 15_000 });

    await page.goto('/app/declaration?step=3');
    await page.getByRole('heading', { name: 'Новая форма' }).waitFor();
    for (const [label, option] of [
      [/^Отчетный год/, new RegExp(`^${LAST_YEAR}$`)],
      [/^Форма/, /^270\.00/],
      [/^Код органа/, /^0101/],
    ] as const) {
      await tabTo(page, (e) => e.tag === 'input' && label.test(e.label));
      await page.keyboard.press('ArrowDown');
      const wanted = page.getByRole('option', { name: option }).first();
      await wanted.waitFor();
      // walk the list with the arrows until the wanted option is the active one, then Enter
      for (let i = 0; i < 60; i++) {
        const active = await page.evaluate(() => {
          const opts = Array.from(document.querySelectorAll('[role="option"]'));
          const cur = opts.find(
            (o) => o.hasAttribute('data-combobox-selected') || o.getAttribute('aria-selected') === 'true',
          );
          return cur?.textContent ?? '';
        });
        if (option.test(active.trim())) break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
    }
    await tabTo(page, (e) => e.tag === 'button' && /^Создать$/.test(e.label));
    await page.keyboard.press('Enter');
    // the account already has a regular 270.00 of last year (beforeAll): the warning is answered by keyboard too
    await page.getByTestId('second-regular-warning').waitFor();
    await tabTo(page, (e) => e.tag === 'button' && /^Все равно создать$/.test(e.label));
    await page.keyboard.press('Enter');
    await page.waitForURL(/step=4/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Сведения о доходах' }).waitFor();
    await context.close();
  });
});
