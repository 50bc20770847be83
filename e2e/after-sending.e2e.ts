import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, demoToken, launch, newPage, signInTo } from './support/browser.ts';

/** Screenshots of step 8 and the card after the tax office's answer (375 and 1440 px). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), 'deklarant-e2e-after-sending');
mkdirSync(SHOTS, { recursive: true });
/** The sandbox tax office rejects every declaration of this IIN (docs/statuses.md, "After sending"). */
const SANDBOX_REJECT_IIN = '770707300012';

let browser: Browser;
let token = '';
beforeAll(async () => {
  browser = await launch();
  token = await demoToken();
});
afterAll(async () => {
  await browser?.close();
});

/** A declaration with automatic submission, paid by the 100 % promo code, finished, with personal data: status 6. */
async function readyToSign(iin: string): Promise<number> {
  const year = new Date().getUTCFullYear() - 1;
  const created = await apiCall<{ data: { common_data: { id: number } } }>(
    'POST',
    '/api/declarations',
    { year, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null },
    token,
  );
  const id = created.json.data.common_data.id;
  const chosen = await apiCall(
    'POST',
    `/api/tariff/${id}/choose-tariff`,
    {
      tariff_type: 1,
      selected_additional_service: ['auto_submission'],
      referral_code: 'DEMO100',
      tax_office_sending: true,
      broker: null,
    },
    token,
  );
  expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
  const fin = await apiCall<{ data: { status: number } }>('POST', `/api/declarations/${id}/finish-editing`, {}, token);
  expect(fin.json.data?.status, JSON.stringify(fin.json)).toBe(5);
  const pd = await apiCall<{ data: { status: number } }>(
    'POST',
    `/api/declarations/${id}/update-personal-data`,
    { iin, surname: 'Демонова', name: 'Айгерим', patronymic: null, phone: '+7 (700) 123-45-67' },
    token,
  );
  expect(pd.json.data?.status, JSON.stringify(pd.json)).toBe(6);
  return id;
}

async function signedIn(id: number, width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser, { width, height: 900 });
  await signInTo(page, token, id);
  return { page, close: () => context.close() };
}

/** Step 8 -> the sandbox signer -> 'Подписать' -> 'Передать в налоговую'. */
async function signAndSend(page: Page) {
  await page.goto('/app/declaration?step=8');
  await page.getByRole('button', { name: 'Подписать', exact: true }).click();
  await page.waitForURL(/\/api\/sandbox\/signer\/authorize\?/);
  await page.getByRole('button', { name: 'Подписать' }).click();
  await page.waitForURL(/\/aitu-process\?code=/);
  await page.getByTestId('send-to-tax-office').click();
  await page.getByRole('heading', { name: 'Отправка данных прошла успешно' }).waitFor();
}

const card = (page: Page, id: number) => page.locator(`[data-testid="declaration-card"][data-id="${id}"]`);

describe('after sending', () => {
  it('Отклонено: step 8 and the card show the reason and what to do; signing again is offered', async () => {
    const id = await readyToSign(SANDBOX_REJECT_IIN);
    const { page, close } = await signedIn(id, 1440);
    await signAndSend(page);
    await page.getByTestId('submission-status').filter({ hasText: 'Отправлено' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'aitu-sent-1440.png'), fullPage: true });
    await page.locator('[data-testid="submission-panel"][data-status="rejected"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('open-declaration').click();
    await page.waitForURL(/step=8/);
    const rejected = page.getByTestId('submission-rejected');
    await rejected.waitFor();
    expect(await rejected.textContent()).toContain('ИИН налогоплательщика в декларации не совпадает');
    expect(await rejected.textContent()).toContain('подпишите и отправьте декларацию заново');
    // back to 'Ожидает подписания': the sign button is live again
    expect(await page.getByRole('button', { name: 'Подписать', exact: true }).isEnabled()).toBe(true);
    expect(await page.getByTestId('download-receipt').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'step8-rejected-1440.png'), fullPage: true });

    await page.goto('/app/declaration?step=2');
    await card(page, id).getByTestId('status').filter({ hasText: 'Отклонено' }).waitFor();
    expect(await card(page, id).getByTestId('submission-note').textContent()).toContain('Причина:');
    await card(page, id).screenshot({ path: join(SHOTS, 'card-rejected-1440.png') });
    await close();

    const narrow = await signedIn(id, 375);
    await narrow.page.goto('/app/declaration?step=8');
    await narrow.page.getByTestId('submission-rejected').waitFor();
    await narrow.page.screenshot({ path: join(SHOTS, 'step8-rejected-375.png'), fullPage: true });
    await narrow.page.goto('/app/declaration?step=2');
    await card(narrow.page, id).getByTestId('status').filter({ hasText: 'Отклонено' }).waitFor();
    await card(narrow.page, id).screenshot({ path: join(SHOTS, 'card-rejected-375.png') });
    await narrow.close();
  });

  it('Принято at 375 px: number and date in Almaty time, «Скачать талон»; the Excel preview for full_access', async () => {
    const id = await readyToSign('900101300126');
    const { page, close } = await signedIn(id, 375);
    await signAndSend(page);
    await page.locator('[data-testid="submission-panel"][data-status="accepted"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('open-declaration').click();
    await page.waitForURL(/step=8/);
    await page.getByTestId('download-receipt').waitFor();
    expect(await page.getByTestId('submission-date').textContent()).toContain('(время Алматы)');
    await page.screenshot({ path: join(SHOTS, 'step8-accepted-375.png'), fullPage: true });
    await page.goto('/app/declaration?step=2');
    await card(page, id).getByTestId('status').filter({ hasText: 'Принято' }).waitFor();
    await card(page, id).screenshot({ path: join(SHOTS, 'card-accepted-375.png') });
    await close();

    // the demo account has full_access: the workbook's sheets open as tables
    const wide = await signedIn(id, 1440);
    await wide.page.goto('/app/declaration?step=8');
    await wide.page.getByTestId('excel-preview-open').click();
    await wide.page.getByTestId('excel-sheet').first().waitFor({ timeout: 30_000 });
    const tabs = await wide.page.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThanOrEqual(1);
    expect(await wide.page.getByTestId('excel-sheet').first().textContent()).toContain('270.00');
    await wide.page.screenshot({ path: join(SHOTS, 'excel-preview-1440.png') });
    await wide.close();
  });
});
