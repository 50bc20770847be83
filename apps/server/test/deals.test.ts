import { readFileSync } from 'node:fs';
import { MSG, REQUIRED_FIELD_RULES, SECTIONS, type SectionCode } from '@deklarant/contracts';
import { TAX_BENEFITS, TEXT } from '@deklarant/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_SALE_2025, createTestServer, signedInUser, type TestClient, type TestServer } from './helpers.ts';

// Test clock: 2026-03-15. Reference ids: KZT 1, USD 37; KAZ 89, USA 200.
const USD = 37;
const KZT = 1;
const KAZ = 89;
const USA = 200;

let s: TestServer;
let u: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  s = await createTestServer();
  u = await signedInUser(s);
});
afterAll(async () => {
  await s.close();
});

async function declaration(c: TestClient, form = 3, year = 2024): Promise<number> {
  const res = await c.post('/api/declarations', { year, type: 1, kgd_code_id: 1, reporting_form_id: form });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.common_data.id;
}

const count = async (id: number) =>
  (await s.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1', [id]))?.n ?? 0;

/** A valid deal of each section (year 2024). */
const SALE = { ...APPLE_SALE_2025, transaction_date: '14.06.2024' };
const VALID: Partial<Record<SectionCode, Record<string, unknown>>> = {
  '1A': SALE,
  '2': { ...SALE, market_id: 5, country_code_registration_id: USA },
  '1B': {
    name_security: 'Halyk Bank',
    transaction_date: '10.05.2024',
    currency_code: 'KZT',
    quantity: '5',
    type_of_security: 1,
    sale_closing_cost: '5000',
    broker_bin: '123456789012',
    country_code_registration_id: KAZ,
    operation_type_id: 10,
  },
  '1C': {
    name_security: 'РЕПО',
    transaction_date: '10.05.2024',
    currency_code: 'KZT',
    quantity: '1',
    sale_closing_cost: '700',
    broker_bin: '12-3456789',
  },
  '3': {
    name_security: 'Microsoft',
    transaction_date: '10.05.2024',
    currency_code: 'USD',
    quantity: '3',
    type_of_security: 1,
    sale_closing_cost: '12.5',
    broker_bin: '123456789012',
    country_code_registration_id: USA,
  },
  '4': {
    name_security: 'US Treasury',
    transaction_date: '10.05.2024',
    currency_code: 'USD',
    type_of_security: 2,
    sale_closing_cost: '40',
    broker_bin: '123456789012',
    country_code_registration_id: USA,
    operation_type_id: 11,
  },
  rental: {
    name_security: 'Квартира',
    property_name: 'Квартира',
    sale_closing_cost: '150000',
    broker_bin: '123456789012',
  },
  purchase: {
    name_security: 'Apple Inc.',
    transaction_date: '10.02.2024',
    currency_code: 'USD',
    quantity: '4',
    purchase_opening_cost: '400',
    market_id: 5,
    type_of_bidding_method: 1,
    operation_type_id: 4,
    isin_security: 'US0378331005',
    broker_bin: '123456789012',
    country_code_registration_id: USA,
  },
  '5-1': {
    name_security: 'Apple Inc.',
    country_code_registration_id: USA,
    type_of_security: 1,
    isin_security: 'US0378331005',
  },
  '5-2': { bank_name: 'Chase', amount_in_currency: '5000', currency_code: 'USD', country_code_id: USA },
  '7': {
    name_creditor: 'Иванов',
    debt_type: 'Д',
    amount_owed: '100000',
    currency_code_id: KZT,
    return_period: '01.06.2025',
  },
};
const sectionOf = (code: SectionCode) => SECTIONS.find((x) => x.code === code)!;

describe('deal CRUD per section', () => {
  for (const [code, body] of Object.entries(VALID) as [SectionCode, Record<string, unknown>][]) {
    it(`${code}: creates, reads, updates and deletes, with an audit row each`, async () => {
      const id = await declaration(u.client);
      const section = sectionOf(code);
      const created = await u.client.post(`/api/declarations/${id}/deals/${section.slug}`, body);
      expect(created.statusCode, created.body).toBe(201);
      const deal = created.json().data;
      expect(deal.declaration_section).toBe(section.key);
      expect(Array.isArray(deal.warnings)).toBe(true);

      const list = await u.client.get(`/api/declarations/${id}/deals/${section.slug}`);
      expect(list.json().data.map((d: { id: number }) => d.id)).toEqual([deal.id]);
      const one = await u.client.get(`/api/declarations/${id}/deals/${section.key}/${deal.id}`);
      expect(one.statusCode).toBe(200);

      const upd = await u.client.put(`/api/declarations/${id}/deals/${section.slug}/${deal.id}`, {
        ...body,
        comment: 'изменено',
      });
      expect(upd.statusCode, upd.body).toBe(200);
      expect(upd.json().data.comment).toBe('изменено');

      const del = await u.client.delete(`/api/declarations/${id}/deals/${section.slug}/${deal.id}`);
      expect(del.statusCode).toBe(200);
      expect(await count(id)).toBe(0);
      const audit = await s.deps.db.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE declaration_id = $1 AND entity = 'deal' ORDER BY id",
        [id],
      );
      expect(audit.map((a) => a.action)).toEqual(['deal_create', 'deal_update', 'deal_delete']);
    });
  }

  it('POST to .../{dealId} updates too; another section or a missing deal is 404', async () => {
    const id = await declaration(u.client);
    const deal = (await u.client.post(`/api/declarations/${id}/deals/first-section-a`, SALE)).json().data;
    const upd = await u.client.post(`/api/declarations/${id}/deals/first-section-a/${deal.id}`, {
      ...SALE,
      quantity: '7',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.quantity).toBe('7');
    expect((await u.client.put(`/api/declarations/${id}/deals/second-section/${deal.id}`, VALID['2'])).statusCode).toBe(
      404,
    );
    expect((await u.client.delete(`/api/declarations/${id}/deals/first-section-a/999999`)).statusCode).toBe(404);
    expect(await count(id)).toBe(1);
  });

  it('the required-field table of docs/sections.md: each rule refused when the field is missing', async () => {
    const id = await declaration(u.client);
    for (const rule of REQUIRED_FIELD_RULES) {
      for (const code of rule.codes) {
        const body = VALID[code];
        if (!body || !(rule.field in body)) continue;
        const { [rule.field]: _gone, ...rest } = body;
        const res = await u.client.post(`/api/declarations/${id}/deals/${sectionOf(code).slug}`, rest);
        expect(res.statusCode, `${code} without ${rule.field}`).toBe(422);
        expect(res.json().errors[rule.field], `${code} ${rule.field}`).toBeDefined();
      }
    }
    expect(await count(id)).toBe(0);
  });
});

describe('KZT equivalents, income and warnings', () => {
  it('converts a USD sale at the rate of the previous working day (2024) and stores the rate', async () => {
    const id = await declaration(u.client);
    const res = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, SALE);
    const d = res.json().data;
    expect(d.exchange_rate_rule).toBe('previous_working_day');
    expect(d.exchange_rate_date).toBe('13.06.2024');
    expect(d.exchange_rate_demo).toBe(true);
    const rate = d.exchange_rate as string;
    const { dec } = await import('@deklarant/tax');
    expect(d.sales_cost_in_tenge_currency).toBe(dec('1500').times(rate).toDecimalPlaces(4).toFixed());
    expect(d.value_added_income).toBe(dec('500').times(rate).toDecimalPlaces(4).toFixed());
  });

  it('uses the annual average rate from 2025 and the year-end rate for form 250 items', async () => {
    const id = await declaration(u.client, 3, 2025);
    const res = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, {
      ...SALE,
      transaction_date: '14.06.2025',
    });
    expect(res.json().data.exchange_rate_rule).toBe('annual_average');
    const f250 = await declaration(u.client, 2, 2024);
    const cash = await u.client.post(`/api/declarations/${f250}/deals/form-250-first-section`, {
      amount: '1000',
      currency_code_id: USD,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data).toMatchObject({ exchange_rate_rule: 'year_end', exchange_rate_date: '31.12.2024' });
  });

  it('returns the 80 % acquisition error and the no-broker warning with their Russian texts', async () => {
    const id = await declaration(u.client);
    const { broker_bin: _b, ...noBin } = SALE;
    const res = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, {
      ...noBin,
      purchase_opening_cost: '100',
    });
    expect(res.statusCode, res.body).toBe(422); // broker_bin is required on the deal form
    const calc = await u.client.post(`/api/declarations/${id}/deals/first-section-a/calculate-profit`, {
      ...noBin,
      purchase_opening_cost: '100',
    });
    const data = calc.json().data;
    expect(data.level).toBe('error');
    expect(data.warnings.map((w: { text: string }) => w.text)).toEqual(
      expect.arrayContaining([TEXT.acquisitionBelow(80), TEXT.noBrokerBin]),
    );
    expect(data.warnings.find((w: { code: string }) => w.code === 'acquisition_below_80').title).toBe(
      'Проверьте стоимость приобретения',
    );
    expect(data.exchange_rate.rate_date).toBe('13.06.2024');
  });

  it('a foreign broker has no BIN to give: no BIN warning, even in I.A before the deal is moved to II', async () => {
    const id = await declaration(u.client);
    const { broker_bin: _b, ...noBin } = SALE;
    const calc = await u.client.post(`/api/declarations/${id}/deals/first-section-a/calculate-profit`, {
      ...noBin,
      foreign_broker: true,
    });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(calc.json().data.warnings.map((w: { code: string }) => w.code)).not.toContain('no_broker_bin');
  });

  it('card level follows the section warning levels of docs/tax-years.md (sales under 20 % of cost: error)', async () => {
    const id = await declaration(u.client);
    const loss = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, {
      ...SALE,
      currency_code: 'KZT',
      purchase_opening_cost: '10000',
      sale_closing_cost: '1999',
    });
    expect(loss.json().data.level).toBe('error');
    const fine = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, {
      ...SALE,
      currency_code: 'KZT',
      purchase_opening_cost: '1000',
      sale_closing_cost: '1000',
    });
    expect(fine.json().data.level).toBe('default');
  });

  it('list totals are exact decimals and leave out status 1 deals', async () => {
    const id = await declaration(u.client);
    const body = { ...VALID.rental, sale_closing_cost: '0.1' };
    await u.client.post(`/api/declarations/${id}/deals/income-from-rental`, body);
    await u.client.post(`/api/declarations/${id}/deals/income-from-rental`, { ...body, sale_closing_cost: '0.2' });
    await u.client.post(`/api/declarations/${id}/deals/income-from-rental`, {
      ...body,
      sale_closing_cost: '5',
      status: 1,
    });
    const list = await u.client.get(`/api/declarations/${id}/deals/income-rental-property`);
    expect(list.json().totals).toMatchObject({ sales_cost_in_tenge_currency: '0.3', value_added_income: '0.3' });
  });
});

describe('refusals: the Russian message, nothing saved', () => {
  const cases: [string, string, Record<string, unknown>, string, string][] = [
    [
      'date outside the report year',
      'first-section-a',
      { ...SALE, transaction_date: '01.01.2023' },
      'transaction_date',
      'Выберите дату с 01.01.2024 по 31.12.2024',
    ],
    ['negative quantity', 'first-section-a', { ...SALE, quantity: '-1' }, 'quantity', MSG.number5],
    [
      'amount with 3 decimals',
      'first-section-a',
      { ...SALE, sale_closing_cost: '10.123' },
      'sale_closing_cost',
      MSG.amount2,
    ],
    ['ISIN with Cyrillic', 'first-section-a', { ...SALE, isin_security: 'USАПЛ1' }, 'isin_security', MSG.checkInput],
    ['unknown currency', 'first-section-a', { ...SALE, currency_code: 'XYZ' }, 'currency_code', MSG.checkSelected],
    [
      'unknown country',
      'second-section',
      { ...VALID['2'], country_code_registration_id: 99999 },
      'country_code_registration_id',
      MSG.checkSelected,
    ],
    // a typo of foreign_tax_credit: refused under its own name, not a silent drop of the foreign tax
    [
      'a field the form does not have',
      'third-section',
      { ...VALID['3'], tax_withheld: '7.5' },
      'tax_withheld',
      MSG.unknownField,
    ],
    // a client's own key lands in the answer: one named like a built-in is just another unknown field
    [
      'a field named like a built-in',
      'third-section',
      { ...VALID['3'], constructor: 'x' },
      'constructor',
      MSG.unknownField,
    ],
    [
      'a debt kind other than Д or К',
      'seventh-section',
      { ...VALID['7'], debt_type: 'X' },
      'debt_type',
      MSG.checkSelected,
    ],
  ];
  for (const [what, slug, body, field, message] of cases) {
    it(what, async () => {
      const id = await declaration(u.client);
      const res = await u.client.post(`/api/declarations/${id}/deals/${slug}`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: MSG.checkInput });
      expect(res.json().errors[field]).toContain(message);
      expect(await count(id)).toBe(0);
    });
  }

  it("another user's declaration is 404 and nothing is saved", async () => {
    const other = await signedInUser(s);
    const id = await declaration(other.client);
    const res = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, SALE);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.declarationNotFound);
    expect(await count(id)).toBe(0);
  });

  it('a section the form does not have is refused', async () => {
    const f250 = await declaration(u.client, 2, 2024);
    const res = await u.client.post(`/api/declarations/${f250}/deals/first-section-a`, SALE);
    expect(res.statusCode).toBe(422);
    const id = await declaration(u.client, 3, 2023);
    const debt = await u.client.post(`/api/declarations/${id}/deals/seventh-section`, VALID['7']);
    expect(debt.statusCode).toBe(201);
    const f240 = await declaration(u.client, 1, 2024);
    expect((await u.client.post(`/api/declarations/${f240}/deals/seventh-section`, VALID['7'])).statusCode).toBe(422);
    expect(await count(f250)).toBe(0);
    expect(await count(f240)).toBe(0);
  });

  it('250-1 above 10 000 МРП of the year blocks saving (2023: 10 000 × 3 450 = 34 500 000)', async () => {
    const id = await declaration(u.client, 2, 2023);
    const res = await u.client.post(`/api/declarations/${id}/deals/form-250-first-section`, {
      amount: '34500000.01',
      currency_code_id: KZT,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount[0]).toContain('34 500 000');
    const usd = await u.client.post(`/api/declarations/${id}/deals/form-250-first-section`, {
      amount: '100000',
      currency_code_id: USD,
    });
    expect(usd.statusCode).toBe(422);
    expect(await count(id)).toBe(0);
    const ok = await u.client.post(`/api/declarations/${id}/deals/form-250-first-section`, {
      amount: '34500000',
      currency_code_id: KZT,
    });
    expect(ok.statusCode).toBe(201);
    // 2024: 10 000 × 3 692 = 36 920 000
    const y2024 = await declaration(u.client, 2, 2024);
    const over = await u.client.post(`/api/declarations/${y2024}/deals/form-250-first-section`, {
      amount: '36920000.01',
      currency_code_id: KZT,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toContain('36 920 000');
    const within = await u.client.post(`/api/declarations/${y2024}/deals/form-250-first-section`, {
      amount: '36920000',
      currency_code_id: KZT,
    });
    expect(within.statusCode).toBe(201);
  });

  it('row limits of docs/sections.md (250-1: 4 rows)', async () => {
    const id = await declaration(u.client, 2, 2024);
    for (let i = 0; i < 4; i++) {
      const r = await u.client.post(`/api/declarations/${id}/deals/form-250-first-section`, {
        amount: '10',
        currency_code_id: KZT,
      });
      expect(r.statusCode).toBe(201);
    }
    const fifth = await u.client.post(`/api/declarations/${id}/deals/form-250-first-section`, {
      amount: '10',
      currency_code_id: KZT,
    });
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json().message).toBe('В этом разделе можно указать не более 4 записей');
    expect(await count(id)).toBe(4);
  });

  it('an archived declaration is read-only', async () => {
    const id = await declaration(u.client);
    // a paid form (status 3): archived drafts are removed instead (declarations module)
    await s.deps.db.query('UPDATE declarations SET archived_at = now(), status = 3 WHERE id = $1', [id]);
    const res = await u.client.post(`/api/declarations/${id}/deals/first-section-a`, SALE);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.archivedReadOnly);
    expect(await count(id)).toBe(0);
  });
});

describe('purchase history and FIFO', () => {
  it('a sale consumes purchase lots first in, first out, across this and earlier declarations', async () => {
    const user = await signedInUser(s);
    const prev = await declaration(user.client, 3, 2023);
    const p0 = await user.client.post(`/api/declarations/${prev}/deals/purchase-transaction-section`, {
      ...VALID.purchase,
      transaction_date: '10.02.2023',
      quantity: '3',
      purchase_opening_cost: '300',
      currency_code: 'KZT',
    });
    expect(p0.statusCode, p0.body).toBe(201);
    const id = await declaration(user.client);
    const p1 = await user.client.post(`/api/declarations/${id}/deals/purchase-transaction-section`, {
      ...VALID.purchase,
      currency_code: 'KZT',
      quantity: '4',
      purchase_opening_cost: '800',
    });
    expect(p1.statusCode).toBe(201);
    const sale = await user.client.post(`/api/declarations/${id}/deals/first-section-a`, {
      ...SALE,
      currency_code: 'KZT',
      quantity: '5',
      sale_closing_cost: '5000',
    });
    const saleId = sale.json().data.id;
    // 3 lots from 2023 at 100 each, then 2 of the 2024 lot at 200 each: 700 KZT
    expect(sale.json().data).toMatchObject({
      cost_in_tenge_currency: '700',
      cost_source: 'fifo',
      value_added_income: '4300',
    });
    const lots = await user.client.get(`/api/declarations/${id}/deals/${saleId}/history-deals`);
    expect(lots.statusCode).toBe(200);
    expect(
      lots.json().data.map((l: { quantity: string; previous_period: boolean }) => [l.quantity, l.previous_period]),
    ).toEqual([
      ['3', true],
      ['2', false],
    ]);
    const prevList = await user.client.get(`/api/declarations/${id}/deals/purchase-transactions?previous=1`);
    expect(prevList.json().data).toHaveLength(2);

    // Removing the 2024 purchase leaves 2 shares without a lot: their cost is the declared one.
    await user.client.delete(`/api/declarations/${id}/deals/purchase-transaction-section/${p1.json().data.id}`);
    const after = await user.client.get(`/api/declarations/${id}/deals/first-section-a/${saleId}`);
    expect(after.json().data.cost_in_tenge_currency).toBe('700'); // 300 + 1000 × 2/5
  });

  it('purchase history rows of a sale are its only lots', async () => {
    const id = await declaration(u.client);
    const sale = (
      await u.client.post(`/api/declarations/${id}/deals/second-section`, {
        ...VALID['2'],
        currency_code: 'KZT',
        isin_security: 'US5949181045',
        name_security: 'Microsoft',
      })
    ).json().data;
    const h = await u.client.post(`/api/declarations/${id}/deals/history-section`, {
      name_security: 'Microsoft',
      isin_security: 'US5949181045',
      transaction_date: '10.10.2022',
      currency_code: 'KZT',
      quantity: '10',
      purchase_opening_cost: '250',
      broker_bin: '123456789012',
      first_a_and_second_section_deal_id: sale.id,
    });
    expect(h.statusCode, h.body).toBe(201);
    const sections = await u.client.get(
      `/api/declarations/${id}/deals/second-section/${sale.id}/history-transaction-sections`,
    );
    expect(sections.json().data.purchase_transaction_currency_section).toHaveLength(1);
    const lots = (await u.client.get(`/api/declarations/${id}/deals/${sale.id}/history-deals`)).json();
    expect(lots.meta).toMatchObject({ cost_source: 'fifo', total_cost_in_tenge_currency: '250' });
    const noParent = await u.client.post(`/api/declarations/${id}/deals/history-section`, {
      ...h.json().data,
      id: undefined,
      first_a_and_second_section_deal_id: 424242,
    });
    expect(noParent.statusCode).toBe(422);
  });
});

describe('GET /api/common/get-tax-benefit', () => {
  it('finds the KASE open-trading exemption and answers null when nothing applies', async () => {
    const hit = await s
      .client()
      .get(
        '/api/common/get-tax-benefit?date=10.05.2024&section=first-section-a&operation_type=1&market=1&bidding_method=1&security_type=1',
      );
    expect(hit.statusCode).toBe(200);
    expect(hit.json().data).toMatchObject({ id: 2, code: 'KZ_LISTED_OPEN_TRADING' });
    const miss = await s
      .client()
      .get('/api/common/get-tax-benefit?date=10.05.2024&section=second-section&operation_type=1&market=5');
    expect(miss.json().data).toBeNull();
    const gov = await s
      .client()
      .get(
        `/api/common/get-tax-benefit?date=10.05.2024&section=first-section-b&operation_type=11&security_type=3&country=${KAZ}&additional_param[amount]=100`,
      );
    expect(gov.json().data.id).toBe(4);
  });

  it('docs/sections.md is generated from the section mapping (not stale)', async () => {
    const { renderSectionsDoc } = await import('../../../scripts/sections-doc.ts');
    const doc = readFileSync(new URL('../../../docs/sections.md', import.meta.url), 'utf8');
    expect(doc).toBe(renderSectionsDoc());
  });

  it('the tax_benefits seed is the engine table', () => {
    const seed = JSON.parse(
      readFileSync(new URL('../src/db/reference-data/tax_benefits.json', import.meta.url), 'utf8'),
    );
    expect(seed).toEqual(TAX_BENEFITS);
  });
});

describe('foreign brokers and the section dictionary (issue 18)', () => {
  it('saves a foreign-broker sale in II without a BIN, with the broker name and country; a Kazakh one needs the BIN', async () => {
    const id = await declaration(u.client);
    const { broker_bin: _bin, ...noBin } = VALID['2']!;
    const kazakh = await u.client.post(`/api/declarations/${id}/deals/second-section`, {
      ...noBin,
      foreign_broker: false,
    });
    expect(kazakh.statusCode).toBe(422);
    expect(kazakh.json().errors.broker_bin).toEqual([MSG.required]);

    const res = await u.client.post(`/api/declarations/${id}/deals/second-section`, {
      ...noBin,
      foreign_broker: true,
      broker_name: 'Interactive Brokers LLC',
      broker_country_id: USA,
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ foreign_broker: true, broker_name: 'Interactive Brokers LLC', broker_country_id: USA });
    expect(d.broker_bin ?? null).toBeNull();
    // a 270.00 deal without a BIN is flagged only for a Kazakh broker: no "no BIN" warning here
    expect(res.json().data.warnings?.map((w: { code: string }) => w.code) ?? []).not.toContain('no_broker_bin');
    expect(await count(id)).toBe(1);
  });

  it('refuses an unknown broker country', async () => {
    const id = await declaration(u.client);
    const res = await u.client.post(`/api/declarations/${id}/deals/second-section`, {
      ...VALID['2'],
      foreign_broker: true,
      broker_country_id: 99999,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.broker_country_id).toEqual([MSG.checkSelected]);
  });

  it('converts the foreign tax of a dividend at the deal rate into its own tenge field', async () => {
    const id = await declaration(u.client);
    const res = await u.client.post(`/api/declarations/${id}/deals/third-section`, {
      ...VALID['3'],
      foreign_tax_credit: '1.25',
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    const { dec } = await import('@deklarant/tax');
    // tenge = amount × the deal's rate, 4 decimals: 12.5 × rate and 1.25 × rate
    expect(d.sales_cost_in_tenge_currency).toBe(dec('12.5').times(d.exchange_rate).toDecimalPlaces(4).toFixed());
    expect(d.foreign_tax_in_tenge).toBe(dec('1.25').times(d.exchange_rate).toDecimalPlaces(4).toFixed());
    expect(d.foreign_tax_credit).toBe('1.25');
  });

  it('rounds a 250-7 share to hundredths instead of refusing it', async () => {
    const id = await declaration(u.client, 2, 2024);
    const res = await u.client.post(`/api/declarations/${id}/deals/form-250-seventh-section`, {
      company_name: 'Acme GmbH',
      shareholding_size: '33,335',
      country_id: USA,
    });
    expect(res.statusCode, res.body).toBe(201);
    // 33.335 -> 33.34 (half up at the third decimal)
    expect(res.json().data.shareholding_size).toBe('33.34');
  });
});
