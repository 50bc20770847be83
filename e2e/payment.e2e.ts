import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, demoToken, launch, newPage, signInTo } from './support/browser.ts';

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
  await signInTo(page, token, id);
  return { page, close: () => context.close() };
}

/** On /app/payment: Optimal with automatic submission (20,000 + 2,000), Robokassa, to its page. */
async function toGatewayWithOption(page: Page) {
  await page.getByTestId('tariff-optimal').waitFor();
  await page.getByText('Автоматическая отправка (+2', { exact: false }).click();
  await page.getByText('Robokassa (другие виды карт)').click();
  expect(await page.getByTestId('payment-total').textContent()).toBe('22\u00a0000\u00a0₸');
  await page.getByTestId('payment-submit').click();
  await page.waitForURL(/\/api\/sandbox\/robokassa\/pay\?/);
  expect(new URL(page.url()).searchParams.get('OutSum')).toBe('22000.00');
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
      { iin: '900101300126', surname: 'Демонова', name: 'Айгерим', patronymic: null, phone: '+7 (700) 123-45-67' },
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
    const aituUrl = page.url();
    // 'Отправлено' first; the sandbox tax office answers ~3 s later: 'Принято' with the number and date
    await page.locator('[data-testid="submission-panel"][data-status="accepted"]').waitFor({ timeout: 30_000 });
    const reg = (await page.getByTestId('submission-number').textContent()) ?? '';
    expect(reg).toMatch(/^0101-\d{8}-\d{6}$/);
    expect(await page.getByTestId('submission-date').textContent()).toMatch(
      /^\d\d\.\d\d\.\d{4} \d\d:\d\d \(время Алматы\)$/,
    );
    await page.screenshot({ path: join(SHOTS, 'receipt-1440.png'), fullPage: true });
    expect(await statusOf(id)).toBe(9);

    // step 8 shows the answer too, and the receipt (талон) downloads as a PDF
    await page.getByTestId('open-declaration').click();
    await page.waitForURL(/step=8/);
    await page.getByTestId('submission-status').filter({ hasText: 'Принято' }).waitFor();
    expect(await page.getByTestId('submission-number').textContent()).toBe(reg);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-receipt').click()]);
    expect(download.suggestedFilename()).toBe(`talon-${reg}.pdf`);
    const saved = await download.path();
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    // the file that was sent: the declaration's XML with the signature over it
    const [signed] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-signed').click()]);
    expect(signed.suggestedFilename()).toBe(`declaration-${id}-signed.xml`);
    const xml = readFileSync(await signed.path()).toString('utf8');
    expect(xml).toContain('<fno');
    expect(xml).toContain('900101300126');
    expect(xml).toMatch(/<(ds:)?Signature\b/);
    await page.screenshot({ path: join(SHOTS, 'step8-accepted-1440.png'), fullPage: true });

    // the saved forms: the card says 'Принято' with the number
    await page.goto('/app/declaration?step=2');
    const card = page.locator(`[data-testid="declaration-card"][data-id="${id}"]`);
    await card.getByTestId('status').filter({ hasText: 'Принято' }).waitFor();
    expect(await card.getByTestId('submission-note').textContent()).toContain(reg);
    await card.screenshot({ path: join(SHOTS, 'card-accepted-1440.png') });

    // the code is single use: sending again from the same page is refused
    await page.goto(aituUrl);
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
    await page.waitForURL(/\/api\/sandbox\/epay\/pay$/);
    // the widget posts the access token: it never appears in an address
    expect(page.url()).not.toMatch(/token/i);
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

  it('an address that claims success proves nothing: the page asks the server and says it is checking', async () => {
    const id = await newDeclaration();
    await apiCall('POST', `/api/tariff/${id}/choose-tariff`, { tariff_type: 1 }, token);
    const payment = await apiCall<{ data: { id: number } }>(
      'POST',
      `/api/declarations/${id}/payments/create-initial-payment`,
      {},
      token,
    );
    const link = await apiCall<{ invoice_id: string }>(
      'POST',
      `/api/declarations/${id}/payments/${payment.json.data.id}/generate-payment-link`,
      {},
      token,
    );
    const { page, close } = await signedIn(id);
    await page.goto(
      `/app/payment/status?OutSum=20000.00&InvId=${link.json.invoice_id}&SignatureValue=forged&declaration_id=${id}`,
    );
    await page.getByRole('heading', { name: 'Проверяем оплату…' }).waitFor();
    await page.waitForTimeout(2000);
    expect(await page.getByRole('heading', { name: 'Оплата прошла успешно' }).count()).toBe(0);
    expect(await page.getByTestId('payment-continue').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'payment-checking-1440.png') });
    expect(await statusOf(id)).toBe(2);
    // an invoice that is not this declaration's: no success either, and a way to pay
    await page.goto(`/app/payment/status?OutSum=20000.00&InvId=1&SignatureValue=forged&declaration_id=${id}`);
    await page.getByRole('heading', { name: 'Оплата не прошла' }).waitFor();
    expect(await page.getByTestId('payment-other-method').isVisible()).toBe(true);
    await close();
  });

  it('an invoice issued before a dearer choice is refused: Оплата не прошла, and the current price can be paid', async () => {
    const id = await newDeclaration();
    const { page, close } = await signedIn(id);
    await page.goto('/app/payment');
    await page.getByTestId('tariff-optimal').waitFor();
    await page.getByText('Robokassa (другие виды карт)').click();
    await page.getByTestId('payment-submit').click();
    await page.waitForURL(/\/api\/sandbox\/robokassa\/pay\?/);
    const oldGateway = page.url();
    expect(new URL(oldGateway).searchParams.get('OutSum')).toBe('20000.00');

    // back to the tariff: one option more (22,000 ₸), which voids the 20,000 invoice
    await page.goto('/app/payment');
    await toGatewayWithOption(page);

    // the old link, still open in another tab, is paid at the provider: refused by us
    await page.goto(oldGateway);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/app\/payment\/status\?/);
    await page.getByRole('heading', { name: 'Оплата не прошла' }).waitFor();
    await page.getByText('Этот счет больше не действует', { exact: false }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'payment-void-1440.png'), fullPage: true });
    expect(await statusOf(id)).toBe(2);

    // the way out pays the current price
    await page.getByTestId('payment-other-method').click();
    await page.waitForURL(/\/app\/payment$/);
    await toGatewayWithOption(page);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.getByRole('heading', { name: 'Оплата прошла успешно' }).waitFor();
    expect(await statusOf(id)).toBe(3);

    // the administrator sees the refused 20,000 in the console, refunds it and marks it
    const oldInvoice = new URL(oldGateway).searchParams.get('InvId');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/manager');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Пароль').fill('Admin-pass-1');
    await page.getByRole('button', { name: 'Войти' }).click();
    const row = page.getByTestId(`overpayment-${oldInvoice}`);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('20\u00a0000\u00a0₸');
    expect(text).toContain('Robokassa');
    expect(text).toContain('Оплата аннулированного счета');
    await page.screenshot({ path: join(SHOTS, 'overpayments-1440.png'), fullPage: true });
    await row.getByRole('button', { name: 'Отметить возврат' }).click();
    await row.getByText('возвращено', { exact: false }).waitFor();
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
