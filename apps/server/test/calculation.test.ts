import { IDENTITY_TEXT, MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealsRepo, declarationsRepo } from '../src/modules/declarations/repo.ts';
import type { RatesProvider } from '../src/providers/index.ts';
import { RatesUnavailableError } from '../src/providers/rates/index.ts';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';

const PERSONAL = { iin: '900101300126', surname: 'Иванов', name: 'Иван', phone: '+77011234567' };

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

async function declaration(userId: number, status = 3, form: 1 | 2 | 3 = 3, year = 2024) {
  const now = s.clock.now();
  const row = await declarationsRepo(s.deps.db).insert({
    user_id: userId,
    manager_id: null,
    reporting_form_id: form,
    type: 1,
    year,
    kgd_code_id: 1,
    broker: null,
    created_at: now,
    declaration_expired_date: new Date(now.getTime() + 10 * 86_400_000),
    personal_data: { ...PERSONAL, email: 'x@example.com' },
    status,
  });
  return row.id;
}

const sale = (name: string, extra: Record<string, unknown> = {}) => ({
  transaction_date: '01.06.2024',
  currency_code: 'USD',
  fields: {
    name_security: name,
    isin_security: 'US0378331005',
    quantity: '10',
    sale_closing_cost: '3000',
    purchase_opening_cost: '2000',
    rate: '470',
    country_code: 'USA',
    operation_type_id: 1,
    ...extra,
  },
});

async function addDeal(id: number, deal: ReturnType<typeof sale> & { status?: number; comment?: string }) {
  return (await dealsRepo(s.deps.db).insert(id, 'second_section', deal, s.clock.now())) as number;
}

const stored = async (id: number) =>
  (await s.deps.db.one<{ fifth_section: Record<string, string> | null; status: number }>(
    'SELECT fifth_section, status FROM declarations WHERE id = $1',
    [id],
  ))!;

describe('GET /api/declarations/{id}/calculation', () => {
  it('explains every figure: rule, article, line code and the deals behind it', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id);
    const dealId = await addDeal(id, sale('Apple'));
    const res = await u.client.get(`/api/declarations/${id}/calculation`);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data;
    expect(v.hidden).toBe(false);
    // (3000 − 2000) × 470 = 470 000; tax 10 % = 47 000
    expect(v.fifth_section.from_sale_property_outside_rk).toBe('470000');
    expect(v.fifth_section.amount_of_IPN_final).toBe('47000');
    const line = v.lines.find((l: { field: string }) => l.field === 'from_sale_property_outside_rk');
    expect(line).toMatchObject({ code: '270.01.A.1.2', amount: '470000', deals_total: 1 });
    expect(line.article).toMatch(/НК-2018 ст\. 331/);
    expect(line.deals[0]).toMatchObject({ id: dealId, name: 'Apple', income: '470000', counted: '470000' });
  });

  it('gives each line as the form prints it: the tax from the printed income, not the exact tax rounded', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id);
    // gain (2000.01 − 2000) × 460 = 4.6 tenge; exact tax 0.46 (rounds to 0). The form prints A.1.2 = 5 and
    // computes its own H = 5 × 10 % = 0.5 → 1, K = H − I − J = 1 (S3 and KGD's CALC scripts: totals from the
    // printed lines).
    await addDeal(id, sale('Apple', { sale_closing_cost: '2000.01', purchase_opening_cost: '2000', rate: '460' }));
    const v = (await u.client.get(`/api/declarations/${id}/calculation`)).json().data;
    const line = (f: string) => v.lines.find((l: { field: string }) => l.field === f);
    expect(line('from_sale_property_outside_rk')).toMatchObject({ amount: '4.6', form_amount: '5' });
    expect(line('calculated_amount_of_income_tax')).toMatchObject({ amount: '0.46', form_amount: '1' });
    expect(line('amount_of_IPN_final')).toMatchObject({ amount: '0.46', form_amount: '1' });
    // the XML carries the same printed figures, and 270.02 the tax to pay
    const xml = await u.client.post(`/api/declarations/${id}/generate-xml`);
    expect(xml.statusCode, xml.body).toBe(200);
    const f = xml.json().data;
    const body = (await u.client.get(`/api/${f.year}/${f.month}/${f.user_id}/${f.filename}`)).body;
    expect(body).toContain('<field name="field_270_01_A_1_2">5</field>');
    expect(body).toContain('<field name="field_270_01_H">1</field>');
    expect(body).toContain('<field name="field_270_01_K">1</field>');
    expect(body).toContain('<field name="field_270_02_tax_01">1</field>');
  });

  it('unpaid (status below 3): the amounts are withheld, the lines and deals are listed', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 1);
    await addDeal(id, sale('Apple'));
    const v = (await u.client.get(`/api/declarations/${id}/calculation`)).json().data;
    expect(v.hidden).toBe(true);
    expect(Object.values(v.fifth_section).every((x) => x === null)).toBe(true);
    expect(
      v.lines.every((l: { amount: unknown; form_amount: unknown }) => l.amount === null && l.form_amount === null),
    ).toBe(true);
    expect(JSON.stringify(v)).not.toContain('470000');
  });

  it("another user's declaration reads as 404", async () => {
    const owner = await signedInUser(s);
    const other = await signedInUser(s);
    const id = await declaration(owner.id);
    expect((await other.client.get(`/api/declarations/${id}/calculation`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/declarations/${id}/finish-editing`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/declarations/${id}/update-personal-data`, PERSONAL)).statusCode).toBe(404);
  });
});

describe('POST /api/declarations/{id}/finish-editing', () => {
  it('stores fifth_section (GET declaration shows it), ignores status 1 deals and lists them, paid -> 5', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 3);
    await addDeal(id, sale('Apple'));
    const ignoredId = await addDeal(id, {
      ...sale('Tesla', { sale_closing_cost: '99999' }),
      status: 1,
      comment: 'Нет цены',
    });

    const view = (await u.client.get(`/api/declarations/${id}/calculation`)).json().data;
    expect(view.ignored_deals).toEqual([
      expect.objectContaining({ id: ignoredId, name: 'Tesla', comment: 'Нет цены' }),
    ]);

    const res = await u.client.post(`/api/declarations/${id}/finish-editing`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 5, ignored_deals: 1 });
    const d = (await u.client.get(`/api/declarations/${id}`)).json().data;
    expect(d.common_data.status).toBe(5);
    expect(d.deals.fifth_section.from_sale_property_outside_rk).toBe('470000');
    const audit = await s.deps.db.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_log WHERE declaration_id = $1 AND action = 'finish_editing'`,
      [id],
    );
    expect(audit[0]?.details).toMatchObject({ from: 3, to: 5, ignored_deals: [ignoredId] });
  });

  it('unpaid declarations stay unpaid', async () => {
    const u = await signedInUser(s);
    for (const status of [1, 2]) {
      const id = await declaration(u.id, status);
      await addDeal(id, sale('Apple'));
      const res = await u.client.post(`/api/declarations/${id}/finish-editing`);
      expect(res.json().data.status).toBe(status);
      expect((await stored(id)).status).toBe(status);
    }
  });

  it('deals added after the payment: status 4 (additional payment)', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 2);
    await addDeal(id, sale('Apple'));
    s.clock.advance(60_000);
    // the payment module moves the status through the declarations service (audited)
    const { declarationsService } = await import('../src/modules/declarations/service.ts');
    await declarationsService(s.deps).setStatus(null, id, 3);
    s.clock.advance(60_000);
    await addDeal(id, sale('Microsoft', { isin_security: 'US5949181045' }));
    const res = await u.client.post(`/api/declarations/${id}/finish-editing`);
    expect(res.json().data.status).toBe(4);

    // without new deals after payment: 5; a deal added after finishing: 4 again
    const id2 = await declaration(u.id, 2);
    await addDeal(id2, sale('Apple'));
    s.clock.advance(60_000);
    await declarationsService(s.deps).setStatus(null, id2, 3);
    s.clock.advance(60_000);
    expect((await u.client.post(`/api/declarations/${id2}/finish-editing`)).json().data.status).toBe(5);
    s.clock.advance(60_000);
    await addDeal(id2, sale('Microsoft', { isin_security: 'US5949181045' }));
    expect((await u.client.post(`/api/declarations/${id2}/finish-editing`)).json().data.status).toBe(4);
  });

  it('a missing exchange rate: the Russian message, nothing stored, no document', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 3);
    await addDeal(id, sale('Apple', { rate: null }));
    const original = s.deps.providers.rates;
    const down: RatesProvider = {
      getRate: async () => {
        throw new RatesUnavailableError();
      },
    };
    s.deps.providers.rates = down;
    try {
      const res = await u.client.post(`/api/declarations/${id}/finish-editing`);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MSG.ratesUnavailable);
      expect(await stored(id)).toEqual({ fifth_section: null, status: 3 });
      const xml = await u.client.post(`/api/declarations/${id}/generate-xml`);
      expect(xml.json().message).toBe(MSG.ratesUnavailable);
      const pdf = await u.client.get(`/api/declarations/${id}/export-pdf`);
      expect(pdf.json().message).toBe(MSG.ratesUnavailable);
      const files = await s.deps.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM files WHERE declaration_id = $1',
        [id],
      );
      expect(files?.n).toBe(0);
    } finally {
      s.deps.providers.rates = original;
    }
    // a foreign deal without a date cannot get a rate at all
    const id2 = await declaration(u.id, 3);
    await dealsRepo(s.deps.db).insert(
      id2,
      'second_section',
      { ...sale('X', { rate: null }), transaction_date: null },
      s.clock.now(),
    );
    const res2 = await u.client.post(`/api/declarations/${id2}/finish-editing`);
    expect(res2.statusCode).toBe(422);
    expect(res2.json().message).toBe(MSG.ratesUnavailable);
  });

  it('looks rates up with the tax year rule when a deal has none (sandbox rates)', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 3, 3, 2025);
    const calls: { currency: string; date: string; rule: string }[] = [];
    const original = s.deps.providers.rates;
    s.deps.providers.rates = {
      getRate: async (q) => {
        calls.push(q);
        return original.getRate(q);
      },
    };
    try {
      await dealsRepo(s.deps.db).insert(
        id,
        'second_section',
        { ...sale('Apple', { rate: null }), transaction_date: '01.06.2025' },
        s.clock.now(),
      );
      const res = await u.client.get(`/api/declarations/${id}/calculation`);
      expect(res.statusCode, res.body).toBe(200);
      expect(calls[0]).toMatchObject({ currency: 'USD', rule: 'annual_average' });
      expect(Number(res.json().data.fifth_section.from_sale_property_outside_rk)).toBeGreaterThan(0);
    } finally {
      s.deps.providers.rates = original;
    }
  });

  it('form 250.00 finishes without a tax calculation', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 3, 2, 2024);
    const res = await u.client.post(`/api/declarations/${id}/finish-editing`);
    expect(res.json().data.status).toBe(5);
  });
});

describe('POST /api/declarations/{id}/update-personal-data', () => {
  it('a wrong IIN answers its Russian message under its field and changes nothing', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 5);
    const before = (await u.client.get(`/api/declarations/${id}`)).json().data;
    for (const [field, value, message] of [
      ['iin', '12345', MSG.len12],
      ['iin', '900101300123', IDENTITY_TEXT.iinInvalid], // control digit should be 6
      ['iin', '000000000000', IDENTITY_TEXT.iinInvalid],
      ['iin', '123456789012', IDENTITY_TEXT.iinInvalid],
      ['spouses_iin', '1234567890', MSG.len12],
      ['spouses_iin', '860606400888', IDENTITY_TEXT.iinInvalid],
    ] as const) {
      const res = await u.client.post(`/api/declarations/${id}/update-personal-data`, { ...PERSONAL, [field]: value });
      expect(res.statusCode, value).toBe(422);
      expect(res.json().errors[field], value).toEqual([message]);
    }
    const after = (await u.client.get(`/api/declarations/${id}`)).json().data;
    expect(after.personal_data).toEqual(before.personal_data);
    expect(after.common_data.status).toBe(5);
  });

  it('stores the data per declaration, moves 5 -> 6, audits which fields changed but never the values', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 5);
    const body = { ...PERSONAL, iin: '850505400771', patronymic: 'Петрович', spouses_iin: '860606400881' };
    const res = await u.client.post(`/api/declarations/${id}/update-personal-data`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(6);
    const d = (await u.client.get(`/api/declarations/${id}`)).json().data;
    expect(d.personal_data).toMatchObject({ iin: '850505400771', patronymic: 'Петрович', spouses_iin: '860606400881' });
    const audit = await s.deps.db.one<{ details: { fields: string[] } }>(
      `SELECT details FROM audit_log WHERE declaration_id = $1 AND action = 'personal_data'`,
      [id],
    );
    expect(audit?.details.fields).toContain('iin');
    expect(JSON.stringify(audit)).not.toContain('850505400771');
    expect(s.logs.join('')).not.toContain('850505400771');
  });

  it('spouses_iin is kept for 270.00 only', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 3, 1, 2022);
    await u.client.post(`/api/declarations/${id}/update-personal-data`, { ...PERSONAL, spouses_iin: '860606400881' });
    const d = (await u.client.get(`/api/declarations/${id}`)).json().data;
    expect(d.personal_data.spouses_iin).toBeNull();
  });
});

describe('the computed tax is never sent before payment', () => {
  it('GET /api/declarations/{id} omits fifth_section while unpaid and shows it once paid', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.id, 2);
    await addDeal(id, sale('Apple'));
    // A stored result from an earlier finish (e.g. by a manager) must not leak through the declaration read.
    await s.deps.db.query(`UPDATE declarations SET fifth_section = '{"amount_of_IPN_final":"47000"}' WHERE id = $1`, [
      id,
    ]);
    const unpaid = await u.client.get(`/api/declarations/${id}`);
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json().data.deals.fifth_section).toBeNull();
    await s.deps.db.query('UPDATE declarations SET status = 3 WHERE id = $1', [id]);
    const paid = await u.client.get(`/api/declarations/${id}`);
    expect(paid.json().data.deals.fifth_section).toMatchObject({ amount_of_IPN_final: '47000' });
  });
});
