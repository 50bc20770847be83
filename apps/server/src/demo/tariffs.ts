import { ARCHIVE_AFTER_DAYS, FORM, TARIFF } from '@deklarant/contracts';
import type { Deps } from '../deps.ts';
import { addDays, declarationsRepo } from '../modules/declarations/index.ts';

/**
 * Demo promo codes (outside production only, so a free code never reaches production) and a demo
 * declaration waiting for its signature (status 6), for the demo account.
 */
export const DEMO_PROMO_CODES = [
  { code: 'DEMO100', discount: '100', broker: null },
  { code: 'DEMO20', discount: '20', broker: null },
];

export async function seedDemoTariffs(deps: Deps, userId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.tx(async (t) => {
    for (const p of DEMO_PROMO_CODES) {
      await t.query(
        `INSERT INTO promo_codes (code, discount, broker, active, created_at) VALUES ($1, $2, $3, true, $4)
         ON CONFLICT (lower(code)) DO NOTHING`,
        [p.code, p.discount, p.broker, now],
      );
    }
    await declarationsRepo(t).insert({
      user_id: userId,
      manager_id: null,
      status: 6,
      tariff_type: TARIFF.OPTIMAL,
      reporting_form_id: FORM.F270,
      type: 1,
      year: now.getUTCFullYear() - 1,
      kgd_code_id: 1,
      broker: null,
      tax_office_sending: true,
      created_at: now,
      declaration_expired_date: addDays(now, ARCHIVE_AFTER_DAYS),
      personal_data: {
        iin: '900101300126',
        name: 'Айгерим',
        surname: 'Демонова',
        phone: '+77001234567',
        email: 'demo@example.com',
      },
    });
  });
}
