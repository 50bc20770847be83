import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall } from './browser.ts';

/** A new 270.00 of the demo user for `year` (created through the API, as the new-form screen does). */
export async function newDemoDeclaration(token: string, year: number): Promise<number> {
  const created = await apiCall<{ data: { common_data: { id: number } } }>(
    'POST',
    '/api/declarations',
    { year, type: 1, kgd_code_id: 1, reporting_form_id: 3 },
    token,
  );
  expect(created.status).toBe(201);
  return created.json.data.common_data.id;
}

/** A deal-form input by its field name. */
export const field = (page: Page, name: string) => page.locator(`input[data-field="${name}"]`);

/** Picks a select option; selects with more than 6 options are searchable, so the text is typed first. */
export async function choose(page: Page, name: string, option: string): Promise<void> {
  const input = field(page, name);
  await input.click();
  if ((await input.getAttribute('readonly')) === null) await input.fill(option);
  await page
    .getByRole('option', { name: new RegExp(`^${option}`) })
    .first()
    .click();
}
