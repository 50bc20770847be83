import { ARCHIVE_AFTER_DAYS, type DealInput, FORM, TARIFF } from '@deklarant/contracts';
import type { Deps } from '../deps.ts';
import { seedDemoLog } from '../lib/demo-log.ts';
import { usersRepo } from '../modules/auth/index.ts';
import { dealsService } from '../modules/deals/index.ts';
import { addDays, dealsRepo, declarationsRepo } from '../modules/declarations/index.ts';

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

/**
 * The demo person. The IIN is a valid one (birth date 01.01.1990, century digit 4 = a woman born in the
 * 1900s, control digit 3: weights 1..11 over 9,0,0,1,0,1,4,0,0,0,1 give 58, 58 mod 11 = 3), so the
 * documents of a ready declaration are produced.
 */
export const DEMO_PERSON = {
  iin: '900101400013',
  surname: 'Демонова',
  name: 'Айгерим',
  patronymic: null,
  phone: '+77001234567',
  spouses_iin: null,
} as const;

/**
 * What each demo declaration holds, consistent with its status (docs/statuses.md): a draft and the forms
 * waiting for payment have what a new form copies from the profile; the paid one is being edited (one deal
 * still needs information); a ready (9) one went through finish editing and step 7, so it has the whole
 * personal data, no deal waiting for information, and its PDF, Excel and XML download.
 */
interface DemoPlan {
  status: number;
  form: number;
  year: number;
  tariff: number | null;
  ageDays: number;
  deals: boolean;
  needsInfoDeal: boolean;
}

/** Demo declarations in statuses 1, 2, 3 and 9 (and one archived) for the demo account (README.md). */
export async function seedDemoDeclarations(deps: Deps, userId: number): Promise<void> {
  const now = deps.clock.now();
  const last = now.getUTCFullYear() - 1;
  const plan: DemoPlan[] = [
    { status: 3, form: FORM.F270, year: last, tariff: TARIFF.OPTIMAL, ageDays: 0, deals: true, needsInfoDeal: true },
    { status: 1, form: FORM.F250, year: last, tariff: null, ageDays: 1, deals: false, needsInfoDeal: false },
    {
      status: 2,
      form: FORM.F270,
      year: last - 1,
      tariff: TARIFF.OPTIMAL,
      ageDays: 2,
      deals: false,
      needsInfoDeal: false,
    },
    {
      status: 9,
      form: FORM.F270,
      year: last - 1,
      tariff: TARIFF.OPTIMAL,
      ageDays: 3,
      deals: true,
      needsInfoDeal: false,
    },
    {
      status: 9,
      form: FORM.F240,
      year: last - 2,
      tariff: TARIFF.OPTIMAL,
      ageDays: 40,
      deals: false,
      needsInfoDeal: false,
    },
  ];
  // The person gave their data in step 7 of the ready forms: the profile has it too. The demo account shows
  // every action of a ready form, the Excel preview and download of full_access included.
  await deps.db.query('UPDATE users SET iin = COALESCE(iin, $2), full_access = true WHERE id = $1', [
    userId,
    DEMO_PERSON.iin,
  ]);
  const user = await usersRepo(deps.db).byId(userId);
  const usa = await deps.db.one<{ id: number }>(`SELECT id FROM countries WHERE alpha3 = 'USA'`);
  if (!user || !usa) return;
  const ready = (p: DemoPlan) => p.status === 9;
  // what a new form copies from the profile (declarations service, create), and step 7's full data
  const copied = { iin: user.iin, name: user.name, surname: user.surname, phone: user.phone, email: user.email };
  const entered = { ...DEMO_PERSON, email: user.email };
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
      personal_data: ready(p) ? { ...entered } : { ...copied },
    });
    if (p.deals) {
      for (const [section, body] of demoDeals(p.year, usa.id)) {
        await dealsService(deps)
          .create(actor, d.id, section, body)
          .catch((err) => seedDemoLog(`demo deal not created: ${(err as Error).message}`));
      }
    }
    if (p.needsInfoDeal) {
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
