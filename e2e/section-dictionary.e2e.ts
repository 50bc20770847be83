import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoToken, launch, newPage, signInTo } from './support/browser.ts';
import { choose, field, newDemoDeclaration } from './support/deal-form.ts';

/* Issue 18: a foreign-broker sale without a BIN, the section suggestion with its one-click move, the words of dividends. */

let browser: Browser;
let token: string;
let declarationId: number;
const year = Math.min(new Date().getUTCFullYear() - 2, 2024);

beforeAll(async () => {
  browser = await launch();
  token = await demoToken();
  declarationId = await newDemoDeclaration(token, year);
});
afterAll(async () => {
  await browser?.close();
});

const signIn = (page: Page) => signInTo(page, token, declarationId);

describe('foreign brokers and the section suggestion', () => {
  it('an IBKR sale typed into I.A is moved to II with one click and saved there without a BIN', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page);
    await page.goto('/app/securities-transactions/create');
    await page.getByRole('heading', { name: 'Добавление сделки' }).waitFor();
    expect(await page.getByTestId('section-suggestion').count()).toBe(0);

    await choose(page, 'operation_type_id', 'Продажа');
    await field(page, 'name_security').fill('Apple Inc.');
    await field(page, 'isin_security').fill('US0378331005');
    await page.getByRole('radio', { name: /Иностранный брокер/ }).check();

    const suggestion = page.getByTestId('section-suggestion');
    await suggestion.waitFor();
    expect(await suggestion.innerText()).toContain('Похоже, эта сделка относится к разделу II');
    await page.getByTestId('move-deal').click();

    // The II form with the typed values carried over.
    await page.waitForURL(/\/app\/securities-transactions-outside\/create/);
    expect(await field(page, 'name_security').inputValue()).toBe('Apple Inc.');
    expect(await field(page, 'isin_security').inputValue()).toBe('US0378331005');
    expect(await page.getByRole('radio', { name: /Иностранный брокер/ }).isChecked()).toBe(true);

    await choose(page, 'country_code_registration_id', 'США');
    await page.getByRole('textbox', { name: /Дата сделки/ }).fill(`14.06.${year}`);
    await choose(page, 'currency_code', 'USD');
    await field(page, 'sale_closing_cost').fill('1500');
    await field(page, 'purchase_opening_cost').fill('1000');
    await choose(page, 'market_id', 'NASDAQ');
    await choose(page, 'type_of_bidding_method', 'Открытые торги');
    await field(page, 'broker_name').fill('Interactive Brokers LLC');
    await choose(page, 'broker_country_id', 'США');
    // The BIN is optional for a foreign broker: a quiet note, not an error.
    const note = page.getByTestId('no-bin-note');
    await note.waitFor();
    expect(await note.innerText()).toContain('его можно не указывать');
    expect(await page.locator('[data-field="broker_bin"][aria-invalid="true"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/app\/securities-transactions-outside\/show/);
    await page.getByTestId('deal-card').first().waitFor();
    expect(await page.getByTestId('deal-card').first().innerText()).toContain('Apple Inc.');
    await context.close();
  });

  it('a Kazakh broker in II still needs the BIN, in Russian', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page);
    await page.goto('/app/securities-transactions-outside/create');
    await page.getByRole('radio', { name: /Казахстанский брокер/ }).check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const bin = page.locator('.mantine-InputWrapper-root', { has: field(page, 'broker_bin') });
    await bin.getByText('Введите данные').waitFor();
    await context.close();
  });

  it('dividends say «Добавление дохода» and «Дата выплаты»; step 4 explains the sections', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page);
    await page.goto('/app/income-dividends-outside/create');
    await page.getByRole('heading', { name: 'Добавление дохода' }).waitFor();
    expect(await page.getByRole('textbox', { name: /Дата выплаты/ }).count()).toBe(1);

    await page.goto('/app/declaration?step=4');
    await page.getByRole('button', { name: 'Какой раздел выбрать?' }).click();
    const help = page.getByTestId('which-section');
    await help.getByText('Interactive Brokers, Exante, Freedom24', { exact: false }).first().waitFor();
    for (const tile of ['I.A', 'I.B', 'I.C', 'II', 'III', 'IV'])
      expect(await help.getByText(new RegExp(`^${tile.replace('.', '\\.')} ·`)).count(), tile).toBe(1);
    await context.close();
  });
});
