import { ARCHIVE_AFTER_DAYS, type DealInput, FORM, TARIFF } from '@deklarant/contracts';
import type { Deps } from '../../deps.ts';
import { seedDemoLog } from '../../lib/demo-log.ts';
import { addDemoSeeder } from '../../seed-demo.ts';
import { usersRepo } from '../auth/users-repo.ts';
import { dealsService } from '../deals/service.ts';
import { addDays } from './dates.ts';
import { dealsRepo, declarationsRepo } from './repo.ts';

/**
 * Demo deals entered the way a user enters them (through the deals service), so the KZT
 * equivalents, income and warnings are computed exactly as for real data.
 */
function demoDeals(year: number, usa: number): [string, DealInput][] {
  const common = {
    currency_code: 'USD',
    broker_bin: '123456789012',
    country_code_registration_id: usa,
    type_of_security: 1,
  };
  return [
    [
      'second-section',
      {
        ...common,
        name_security: 'Apple Inc.',
        isin_security: 'US0378331005',
        transaction_date: `14.03.${year}`,
        quantity: '5',
        purchase_opening_cost: '900',
        sale_closing_cost: '1250.50',
        market_id: 5,
        type_of_bidding_method: 1,
        operation_type_id: 1,
      },
    ],
    [
      'third-section',
      {
        ...common,
        name_security: 'Microsoft Corp.',
        isin_security: 'US5949181045',
        transaction_date: `15.05.${year}`,
        quantity: '3',
        sale_closing_cost: '42.10',
      },
    ],
  ];
}

/** Demo declarations in statuses 1, 2, 3 and 9 (and one archived) for the demo account (README.md). */
async function seedDemoDeclarations(deps: Deps, userId: number): Promise<void> {
  const now = deps.clock.now();
  const last = now.getUTCFullYear() - 1;
  const plan = [
    { status: 3, form: FORM.F270, year: last, tariff: TARIFF.OPTIMAL, ageDays: 0, deals: true },
    { status: 1, form: FORM.F250, year: last, tariff: null, ageDays: 1, deals: false },
    { status: 2, form: FORM.F270, year: last - 1, tariff: TARIFF.OPTIMAL, ageDays: 2, deals: false },
    { status: 9, form: FORM.F270, year: last - 1, tariff: TARIFF.OPTIMAL, ageDays: 3, deals: true },
    { status: 9, form: FORM.F240, year: last - 2, tariff: TARIFF.OPTIMAL, ageDays: 40, deals: false },
  ];
  const user = await usersRepo(deps.db).byId(userId);
  const usa = await deps.db.one<{ id: number }>(`SELECT id FROM countries WHERE alpha3 = 'USA'`);
  if (!user || !usa) return;
  const actor = { user, sessionId: 0, kind: 'B2C' as const };
  const repo = declarationsRepo(deps.db);
  for (const p of plan) {
    const created = addDays(now, -p.ageDays);
    // Deals are added while the form is a fresh draft, then it takes its demo status.
    const d = await repo.insert({
      user_id: userId,
      manager_id: null,
      status: 1,
      tariff_type: p.tariff,
      reporting_form_id: p.form,
      type: 1,
      year: p.year,
      kgd_code_id: 1,
      broker: null,
      created_at: created,
      declaration_expired_date: addDays(created, ARCHIVE_AFTER_DAYS),
      personal_data: { name: 'Айгерим', surname: 'Демонова', phone: '+77001234567', email: 'demo@example.com' },
    });
    if (p.deals) {
      for (const [section, body] of demoDeals(p.year, usa.id)) {
        await dealsService(deps)
          .create(actor, d.id, section, body)
          .catch((err) => seedDemoLog(`demo deal not created: ${(err as Error).message}`));
      }
      await dealsRepo(deps.db).insert(
        d.id,
        'third_section',
        {
          status: 1,
          comment: 'Требуется доп. информация',
          transaction_date: `20.08.${p.year}`,
          currency_code: 'USD',
          fields: { name_security: 'Coca-Cola Co.' },
        },
        created,
      );
    }
    if (p.status !== 1) await repo.setStatus(d.id, p.status, created);
  }
}

addDemoSeeder(seedDemoDeclarations);
