import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, BASE_URL, launch, newPage } from './support/browser.ts';

// Issue 9: broker clients (B2B), the halykfinance variant and the manager's /management wizard.
const LAST_YEAR = new Date().getFullYear() - 1;
const MANAGER = { email: 'manager@example.com', password: 'Manager-pass-1' };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const storage = (page: Page) =>
  page.evaluate(() => ({
    session: localStorage.getItem('session'),
    b2bId: localStorage.getItem('B2B_id'),
    bank: localStorage.getItem('bank_name'),
    token: localStorage.getItem('access_token'),
  }));

async function lastCode(email: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { data: { code: string | null }[] };
  return body.data[0]?.code ?? '';
}

async function choose(page: Page, label: RegExp, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** B2B sub-steps 1-3: data, the emailed code, success. */
async function registerB2B(page: Page, email: string) {
  await page.getByTestId('b2b-data-form').waitFor();
  await page.getByLabel('Имя', { exact: true }).fill('Ерлан');
  await page.getByLabel('Фамилия').fill('Клиентов');
  await page.getByLabel('Телефон').fill('7011234567');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/персональных данных/).check();
  await page.getByLabel(/публичной оферты/).check();
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByTestId('b2b-code-form').waitFor();
  await page.getByLabel('Код из письма').fill(await lastCode(email));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.getByTestId('b2b-success').waitFor();
}

describe('partners: B2B clients', () => {
  it('the broker login link opens the app as a B2B client, and a new form gets the partner data', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth/login?id=10001&bank_name=demo');
    await page.waitForURL(/\/app\/declaration\?step=1/);
    expect(await storage(page)).toMatchObject({ session: 'B2B', b2bId: '10001', bank: 'demo' });
    await page.getByText(/Вы перешли от партнера «Демо-брокер»/).waitFor();
    // B2B: no profile link, no logout
    expect(await page.getByRole('link', { name: 'Личный кабинет' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Выйти/ }).count()).toBe(0);

    await registerB2B(page, 'b2b.e2e@example.com');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.waitForURL(/step=3/);
    await page.getByRole('heading', { name: 'Новая форма' }).waitFor();
    await choose(page, /^Отчетный год/, new RegExp(`^${LAST_YEAR}$`));
    await choose(page, /^Форма/, /^270\.00/);
    await choose(page, /^Код органа/, /^0101/);
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL(/step=4&import=\d+/);
    // step 4 says how the partner's data went, and the tiles fill in without a reload
    await page.locator('[data-testid="import-banner"][data-status="done"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-banner').textContent()).toMatch(/добавлено сделок \d+/);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="tile-count"]')).some((e) => Number(e.textContent) > 0),
    );

    // the partner's deals arrive through get-data-from-bank (a background job)
    const { token } = await storage(page);
    const id = await page.evaluate(() => localStorage.getItem('currentDeclarationId'));
    let count = 0;
    for (let i = 0; i < 60 && count === 0; i++) {
      const d = await apiCall<{ data: { summary: Record<string, { count: number }> } }>(
        'GET',
        `/api/declarations/${id}`,
        undefined,
        token ?? '',
      );
      count = Object.values(d.json.data?.summary ?? {}).reduce((n, s) => n + s.count, 0);
      if (count === 0) await new Promise((r) => setTimeout(r, 500));
    }
    expect(count).toBeGreaterThan(0);
    await page.reload();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="tile-count"]')).some((e) => Number(e.textContent) > 0),
    );
    await context.close();
  });

  it('an unknown client stays on the login screen with a Russian message', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth/login?id=99999&bank_name=demo');
    await page.getByText(/Клиент с таким идентификатором не найден/).waitFor();
    expect(page.url()).toContain('/auth/login');
    await context.close();
  });

  it('B2B 401: silent re-login through the broker, and the call is retried', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth/login?id=10002&bank_name=demo');
    await page.waitForURL(/\/app\/declaration/);
    const before = (await storage(page)).token;
    // the session ends on the server (another device logged out): the next call gets 401
    await page.evaluate(async (t) => {
      const x = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${t}`, 'x-xsrf-token': x } });
    }, before);
    await page.goto('/app/declaration?step=2');
    await page
      .getByRole('heading', { name: /Сохраненные формы|Мои декларации|формы/i })
      .first()
      .waitFor();
    const after = await storage(page);
    expect(after.session).toBe('B2B');
    expect(after.token).not.toBe(before);
    expect(await page.getByTestId('session-error-text').count()).toBe(0);
    await context.close();
  });

  it('the halykfinance variant at 375 px: bank logo and theme, the email shown, no profile link', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 812 });
    await page.goto('/auth/login?id=10003&bank_name=HalykFinance');
    await page.waitForURL(/\/app\/declaration\?step=1/);
    expect(await storage(page)).toMatchObject({ session: 'B2B', b2bId: '10003', bank: 'HalykFinance' });
    await page.getByTestId('halyk-logo').first().waitFor();
    await page.getByTestId('halyk-backdrop').waitFor();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.querySelector('[data-halyk]') as Element).getPropertyValue(
        '--mantine-primary-color-filled',
      ),
    );
    expect(primary.trim().toLowerCase()).toBe('#0f8a4c');
    await registerB2B(page, 'halyk.e2e@example.com');
    await page.getByTestId('partner-mobile-redirect').waitFor();
    expect(await page.getByTestId('partner-mobile-redirect').getAttribute('href')).toMatch(
      /^https:\/\/halykfinance\.kz\//,
    );
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.waitForURL(/step=3/);
    await page.getByTestId('user-email').waitFor();
    expect(await page.getByTestId('user-email').textContent()).toBe('halyk.e2e@example.com');
    expect(await page.getByRole('link', { name: 'Личный кабинет' }).count()).toBe(0);
    // nothing wider than the phone
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${process.env.E2E_DATA_DIR ?? '/tmp'}/halyk-375.png`, fullPage: true });
    await context.close();
  });
});

describe('management', () => {
  it('without the parameters /management goes to /app', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/management/declaration?step=2');
    await page.waitForURL((u) => !u.pathname.startsWith('/management'));
    expect(new URL(page.url()).pathname).toMatch(/^\/(app|auth)/);
    await context.close();
  });

  it("a manager opens the demo user's declaration from the console, fills step 2, finishes; the user gets the letter", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/manager');
    await page.getByLabel('Email').fill(MANAGER.email);
    await page.getByLabel('Пароль').fill(MANAGER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    const open = page.getByRole('link', { name: 'Открыть' }).last();
    await open.waitFor();
    await open.click();
    await page.waitForURL(/\/management\/declaration\?step=1/);
    expect(page.url()).toContain('return_url=%2Fmanager');
    // the manager's session token stays in the tab: never in the address
    expect(page.url()).not.toContain('token=');
    await page.getByRole('heading', { name: 'Укажите отчетный период' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Основная навигация' }).count()).toBe(0);

    // step 1: a new form for last year
    try {
      await page.getByRole('heading', { name: 'Новая форма' }).waitFor();
      await choose(page, /^Код налогового органа/, /^0101/);
    } catch (e) {
      await page.screenshot({ path: '/tmp/partners-e2e-management-step1.png', fullPage: true });
      console.error('management step 1:', page.url(), (await page.locator('body').innerText()).slice(0, 1500));
      throw e;
    }
    await page.getByRole('button', { name: 'Создать и продолжить' }).click();
    await page.waitForURL(/step=2/);
    await page.getByRole('heading', { name: 'Сведения о доходах' }).waitFor();

    // step 2: rental income
    await page.getByLabel('Объект').fill('Квартира, Алматы');
    await page.getByLabel('Доход за год, ₸').fill('1200000');
    await page.getByLabel('ИИН/БИН арендатора').fill('880101300123');
    await page.getByRole('button', { name: 'Добавить' }).click();
    await page.getByTestId('management-saved').waitFor();
    await page.getByTestId('management-tile-income_from_rental').getByText('1 шт.').waitFor();
    await page.getByTestId('management-next').click();
    await page.getByRole('heading', { name: 'Загрузка данных об активах на конец периода' }).waitFor();
    await page.getByTestId('management-next').click();
    await page.getByRole('heading', { name: 'Исчисление ИПН' }).waitFor();
    await page.getByTestId('management-finish').click();
    await page.getByTestId('management-finished').waitFor();

    const res = await fetch(`${BASE_URL}/api/dev/outbox?email=demo@example.com`);
    const letters = ((await res.json()) as { data: { subject: string; text: string }[] }).data;
    expect(letters[0]?.subject).toMatch(/готова к подписанию/);

    // the back button leads to return_url
    await page.getByTestId('management-back').click();
    await page.waitForURL(/\/manager$/);
    await context.close();
  });
});
