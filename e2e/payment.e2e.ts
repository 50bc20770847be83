import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, demoToken, launch, newPage } from './support/browser.ts';

/** Screenshots of the payment and signing screens (375 and 1440 px) for a human to look at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), 'deklarant-e2e-payment');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
let token = '';

beforeAll(async () => {
  browser = await launch();
  token = await demoToken();
});
afterAll(async () => {
  await browser?.close();
});

async function newDeclaration(): Promise<number> {
  const year = new Date().getUTCFullYear() - 1;
  const res = await apiCall<{ data: { common_data: { id: number } } }>(
    'POST',
    '/api/declarations',
    { year, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null },
    token,
  );
  expect(res.status).toBe(201);
  return res.json.data.common_data.id;
}
const statusOf = async (id: number) =>
  (await apiCall<{ data: { common_data: { status: number } } }>('GET', `/api/declarations/${id}`, undefined, token))
    .json.data.common_data.status;

async function signedIn(id: number, width = 1440): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await newPage(browser, { width, height: 900 });
  await page.goto('/');
  await page.evaluate(
    ({ t, d }) => {
      localStorage.setItem('access_token', t);
      localStorage.setItem('session', 'B2C');
      localStorage.setItem('currentDeclarationId', d);
    },
    { t: token, d: String(id) },
  );
  return { page, close: () => context.close() };
}

describe('tariff, payment, signing and sending', () => {
  it('chooses Optimal, pays in the sandbox gateway, continues, signs in the sandbox signer, sends and sees the receipt', async () => {
    const id = await newDeclaration();
    const { page, close } = await signedIn(id);
    await page.goto('/app/payment');
    await page.getByTestId('tariff-optimal').waitFor();
    await page.getByText('Автоматическая отправка (+2', { exact: false }).click();
    await page.getByText('Robokassa (другие виды карт)').click();
    expect(await page.getByTestId('payment-total').textContent()).toBe('22\u00a0000\u00a0₸');
    await page.screenshot({ path: join(SHOTS, 'payment-1440.png'), fullPage: true });
    await page.getByTestId('payment-submit').click();

    await page.waitForURL(/\/api\/sandbox\/robokassa\/pay\?/);
    await page.screenshot({ path: join(SHOTS, 'gateway-robokassa-1440.png') });
    await page.getByRole('button', { name: 'Оплатить' }).click();

    await page.waitForURL(/\/app\/payment\/status\?.*SignatureValue=/);
    await page.getByRole('heading', { name: 'Оплата прошла успешно' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'payment-success-1440.png') });
    expect(await statusOf(id)).toBe(3);
    await page.getByTestId('payment-continue').click();
    await page.waitForURL(/\/app\/declaration\?step=6/);

    // Finishing and personal data are the calculation module's steps (6 and 7): done through its API here.
    const fin = await apiCall<{ data: { status: number } }>(
      'POST',
      `/api/declarations/${id}/finish-editing`,
      {},
      token,
    );
    expect(fin.json.data?.status, JSON.stringify(fin.json)).toBe(5);
    const pd = await apiCall<{ data: { status: number } }>(
      'POST',
      `/api/declarations/${id}/update-personal-data`,
      { iin: '900101300123', surname: 'Демонова', name: 'Айгерим', patronymic: null, phone: '+7 (700) 123-45-67' },
      token,
    );
    expect(pd.json.data?.status, JSON.stringify(pd.json)).toBe(6);

    await page.goto('/app/declaration?step=8');
    await page.getByRole('button', { name: 'Подписать', exact: true }).click();
    await page.waitForURL(/\/api\/sandbox\/signer\/authorize\?/);
    await page.screenshot({ path: join(SHOTS, 'signer-1440.png') });
    await page.getByRole('button', { name: 'Подписать' }).click();

    await page.waitForURL(/\/aitu-process\?code=/);
    await page.getByRole('heading', { name: 'Подписание прошло успешно' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'signed-1440.png') });
    await page.getByTestId('send-to-tax-office').click();
    await page.getByRole('heading', { name: 'Отправка данных прошла успешно' }).waitFor();
    const reg = await page.getByTestId('registration-number').textContent();
    expect(reg).toMatch(/^0101-\d{8}-\d{6}$/);
    await page.screenshot({ path: join(SHOTS, 'receipt-1440.png'), fullPage: true });
    expect(await statusOf(id)).toBe(9);

    // the code is single use: sending again from the same page is refused
    await page.reload();
    await page.getByTestId('send-to-tax-office').click();
    await page.getByRole('heading', { name: 'Не удалось отправить данные' }).waitFor();
    expect(await page.getByText('Код подписания уже использован').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Попробовать снова' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Вернуться' }).isVisible()).toBe(true);
    await close();
  });

  it('a refused payment: the failure page, the failed status saved, another method offered, nothing paid', async () => {
    const id = await newDeclaration();
    const { page, close } = await signedIn(id, 375);
    await page.goto('/app/payment');
    await page.getByTestId('tariff-optimal').waitFor();
    await page.screenshot({ path: join(SHOTS, 'payment-375.png'), fullPage: true });
    // Halyk bank is the default method: the ePay widget opens the sandbox card page
    await page.getByTestId('payment-submit').click();
    await page.waitForURL(/\/api\/sandbox\/epay\/pay\?/);
    await page.screenshot({ path: join(SHOTS, 'gateway-epay-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Отказаться' }).click();
    await page.waitForURL(/\/app\/payment\/status/);
    expect(page.url()).not.toContain('SignatureValue');
    await page.getByRole('heading', { name: 'Оплата не прошла' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'payment-failed-375.png'), fullPage: true });
    expect(await statusOf(id)).toBe(2);
    await page.getByTestId('payment-other-method').click();
    await page.waitForURL(/\/app\/payment$/);
    await page.getByTestId('tariff-optimal').waitFor();
    await close();
  });

  it('a 100 % promo code turns the button into Продолжить and pays without a payment', async () => {
    const id = await newDeclaration();
    const { page, close } = await signedIn(id);
    await page.goto('/app/payment');
    await page.getByTestId('tariff-optimal').waitFor();
    await page.getByTestId('promo-code').fill('NO-SUCH-CODE');
    await page.getByText('Промокод не найден').waitFor();
    await page.getByTestId('promo-code').fill('DEMO100');
    await page.getByText('Промокод применен: скидка 100%').waitFor();
    expect(await page.getByTestId('payment-submit').textContent()).toBe('Продолжить');
    await page.screenshot({ path: join(SHOTS, 'promo-100-1440.png'), fullPage: true });
    await page.getByTestId('payment-submit').click();
    await page.waitForURL(/\/app\/declaration\?step=6/);
    expect(await statusOf(id)).toBe(3);
    await close();
  });
});
