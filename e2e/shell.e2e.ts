import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('web shell', () => {
  it('shows a clear page for an unknown route, never a blank one', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { name: 'Страница не найдена' }).isVisible()).toBe(true);
    await context.close();
  });

  it('sends a visitor of a user route to the auth layout', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/app/personal');
    await page.waitForURL(/\/auth\/login/);
    await context.close();
  });

  it('shows the 401 dialog, clears the session and goes to the landing page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('access_token', 'expired-or-forged-token');
      localStorage.setItem('session', 'B2C');
      localStorage.setItem('currentDeclarationId', '42');
      localStorage.setItem('payment', '{"id":1}');
    });
    await page.goto('/app/uploading-file');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Ошибка авторизации').waitFor();
    expect(await dialog.getByText('Вам необходимо авторизоваться в личном кабинете повторно.').isVisible()).toBe(true);
    const stored = await page.evaluate(() => [
      localStorage.getItem('access_token'),
      localStorage.getItem('currentDeclarationId'),
      localStorage.getItem('payment'),
    ]);
    expect(stored).toEqual([null, null, null]);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it.each([
    [375, 'mobileXs'],
    [600, 'mobile'],
    [800, 'tablet'],
    [1200, 'desktop'],
    [1440, 'desktopLg'],
  ])('at %i px the layout breakpoint is %s', async (width, bp) => {
    const { page, context } = await newPage(browser, { width, height: 800 });
    await page.goto('/');
    await page.waitForFunction((b) => document.documentElement.dataset.breakpoint === b, bp);
    await context.close();
  });
});
