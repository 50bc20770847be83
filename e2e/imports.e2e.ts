import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi, uniqueEmail } from './support/accounts.ts';
import { apiCall, demoToken, launch, newPage, signInTo } from './support/browser.ts';

const SAMPLES = join(import.meta.dirname, '../packages/importers/samples');
// The Interactive Brokers sample is a 2024 report.
const NEW_270 = { year: 2024, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  token = await demoToken();
});
afterAll(async () => {
  await browser?.close();
});

async function newDeclaration(): Promise<number> {
  const res = await apiCall<{ data: { common_data: { id: number } } }>('POST', '/api/declarations', NEW_270, token);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.common_data.id;
}

async function uploadPage(width: number, declarationId: number) {
  const { page, context } = await newPage(browser, { width, height: 900 });
  await signInTo(page, token, declarationId);
  await page.goto('/app/uploading-file');
  await page.getByRole('heading', { name: 'Загрузка отчета брокера' }).waitFor();
  return { page, context };
}

async function chooseBroker(page: Page, title: RegExp) {
  await page.getByRole('combobox', { name: /^Брокер/ }).click();
  await page.getByRole('option', { name: title }).first().click();
}

describe('broker report upload', () => {
  it('uploads the Interactive Brokers report and shows its deals in section II with KZT amounts and purchase history', async () => {
    const id = await newDeclaration();
    const { page, context } = await uploadPage(1440, id);
    await chooseBroker(page, /^Interactive Brokers/);
    const slot = page.getByTestId('upload-slots').locator('input[type="file"]');
    expect(await slot.count()).toBe(1);
    expect(await slot.getAttribute('accept')).toBe('.xml,.csv');

    // Wrong format first: the Russian message, nothing sent.
    await slot.setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByText('Проверьте формат загружаемого файла. Допустимые форматы: xml, csv').waitFor();
    expect(await page.getByRole('button', { name: 'Загрузить' }).isDisabled()).toBe(true);

    await slot.setInputFiles({
      name: 'ib-flex.xml',
      mimeType: 'application/xml',
      buffer: readFileSync(join(SAMPLES, 'ib-flex.xml')),
    });
    await page.getByRole('button', { name: 'Загрузить' }).click();
    const result = page.getByTestId('upload-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('Загрузка завершена: добавлено сделок 10');
    const ii = page.locator('[data-testid="upload-section"][data-section="second_section"]');
    expect(await ii.textContent()).toMatch(/II\. Реализация ценных бумаг за рубежом\s*1/);
    expect(await page.getByTestId('upload-needs-info').textContent()).toContain('Требуется доп. информация: 1');

    // Section II lists the Apple sale with its income in tenge.
    await ii.getByRole('link').click();
    await page.waitForURL(/securities-transactions-outside\/show/);
    const card = page.getByTestId('deal-card').filter({ hasText: 'APPLE INC' });
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toMatch(/1\s725 USD/);
    expect(text).toMatch(/Доход.*₸/);

    // The deal form shows the KZT equivalent and the purchase lot FIFO took (purchase history).
    await card.getByRole('button', { name: /Действия со сделкой/ }).click();
    await page.getByRole('menuitem').first().click();
    await page.getByTestId('kzt-panel').waitFor();
    expect(await page.getByTestId('kzt-panel').textContent()).toContain('₸');
    await page.getByTestId('history-link').click();
    await page.waitForURL(/purchase-transactions-currency\/\d+\/show/);
    await page.getByRole('heading', { name: 'История сделок' }).waitFor();
    const lots = page.getByTestId('consumed-lots');
    await lots.waitFor();
    const lotsText = (await lots.textContent()) ?? '';
    expect(lotsText).toContain('10.01.2024');
    expect(lotsText).toContain('₸');

    // The dividend of the Kazakh issuer is in I.B.
    await page.goto('/app/income-dividends/show');
    await page.getByTestId('deal-card').filter({ hasText: 'KSPI' }).waitFor();
    await context.close();
  });

  it('says so when the same report is uploaded twice, and fits a 375 px screen', async () => {
    const id = await newDeclaration();
    for (const round of [1, 2]) {
      const { page, context } = await uploadPage(375, id);
      await chooseBroker(page, /^Interactive Brokers/);
      await page
        .getByTestId('upload-slots')
        .locator('input[type="file"]')
        .setInputFiles({
          name: 'ib.xml',
          mimeType: 'application/xml',
          buffer: readFileSync(join(SAMPLES, 'ib-flex.xml')),
        });
      await page.getByRole('button', { name: 'Загрузить' }).click();
      const result = page.getByTestId('upload-result');
      await result.waitFor({ timeout: 30_000 });
      if (round === 2)
        expect(await result.textContent()).toContain('Этот отчет уже загружен: новых сделок не добавлено');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it("shows the server's message for a hostile file and the templates can be downloaded", async () => {
    const id = await newDeclaration();
    const { page, context } = await uploadPage(1440, id);
    await chooseBroker(page, /^Interactive Brokers/);
    await page
      .getByTestId('upload-slots')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'x.xml',
        mimeType: 'application/xml',
        buffer: readFileSync(join(SAMPLES, 'ib-flex-xxe.xml')),
      });
    await page.getByRole('button', { name: 'Загрузить' }).click();
    const error = page.getByTestId('upload-error').or(page.getByTestId('upload-failed'));
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/[А-Яа-я]{4,}/);
    const csv = await page.request.get('/api/imports/template.csv');
    expect(csv.status()).toBe(200);
    await context.close();
  });

  it('accounts for every row of a Flex file with corporate actions (reconciliation on the upload screen)', async () => {
    const id = await newDeclaration();
    const { page, context } = await uploadPage(1280, id);
    await chooseBroker(page, /^Interactive Brokers/);
    await page
      .getByTestId('upload-slots')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'ib-flex-corporate.xml',
        mimeType: 'application/xml',
        buffer: readFileSync(join(SAMPLES, 'ib-flex-corporate.xml')),
      });
    await page.getByRole('button', { name: 'Загрузить' }).click();
    const rec = page.getByTestId('upload-reconciliation');
    await rec.waitFor({ timeout: 30_000 });
    const text = (await rec.textContent()) ?? '';
    // 8 rows: both lines of REV's reverse split into a new ISIN are read
    expect(text).toContain('Корпоративные действия: 8');
    expect(text).toMatch(/Выручка от продаж\s*14\u00a0700\s*14\u00a0700\s*совпадает/);
    // the VAT on the monthly fee is listed among the rows not carried, with what it is; no section is left unread
    expect(await page.getByTestId('upload-result').textContent()).toContain(
      'Налог с продаж 0.9 USD на «MONTHLY MINIMUM FEE»',
    );
    expect(await page.getByTestId('upload-reconciliation-note').count()).toBe(0);
    if (process.env.H2_SHOTS)
      await page.screenshot({ path: `${process.env.H2_SHOTS}/upload-reconciliation.png`, fullPage: true });
    // the same result on a 375 px phone: the totals as blocks with both figures on the screen, nothing sideways
    const url = page.url();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url);
    const compact = page.getByTestId('upload-totals-compact');
    await compact.waitFor({ timeout: 30_000 });
    expect(await compact.textContent()).toMatch(
      /USD · Выручка от продаж\s*В отчете: 14\u00a0700\s*В сделках: 14\u00a0700/,
    );
    expect(await page.getByTestId('upload-totals').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('a report attached to a new form: step 4 shows its progress, then what was added, and the tiles fill in', async () => {
    const own = await registerViaApi(uniqueEmail('new-form-upload'));
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    await page.goto('/');
    await page.evaluate((t) => {
      localStorage.setItem('access_token', t);
      localStorage.setItem('session', 'B2C');
    }, own);
    await page.goto('/app/declaration?step=3');
    await page.getByRole('heading', { name: 'Новая форма' }).waitFor();
    for (const [label, option] of [
      [/^Отчетный год/, /^2024$/],
      [/^Код органа/, /^0101/],
      [/^Брокер/, /^Interactive Brokers/],
    ] as const) {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option }).first().click();
    }
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'ib-flex.xml',
        mimeType: 'application/xml',
        buffer: readFileSync(join(SAMPLES, 'ib-flex.xml')),
      });
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL(/step=4&import=\d+/);
    const banner = page.getByTestId('import-banner');
    await page.locator('[data-testid="import-banner"][data-status="done"]').waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toMatch(/Загрузка завершена: добавлено сделок \d+/);
    // the tiles were refreshed with the imported deals (the sample has sales abroad)
    const second = page.locator('[data-testid="section-tile"][data-section="second_section"]');
    await expect
      .poll(async () => Number((await second.getByTestId('tile-count').textContent()) ?? 0))
      .toBeGreaterThan(0);
    // the full reconciliation is one click away
    await banner.getByRole('link', { name: /Сверка отчета/ }).click();
    await page.waitForURL(/uploading-file\?import=\d+/);
    await page.getByTestId('upload-reconciliation').waitFor();
    await context.close();
  });
});
