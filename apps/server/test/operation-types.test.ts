import { readFileSync } from 'node:fs';
import { TRANSACTION_TYPES } from '@deklarant/contracts';
import type { ImportedDeal } from '@deklarant/importers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentOf, mapDeals } from '../src/modules/imports/mapping.ts';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';

// Issue 19: one numbering of operations. get-operation-types says Продажа = 1, Покупка = 4; a sale section
// takes only disposals (1 Продажа, 2 Обмен списание, 3 Безвозмездная передача).

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

/** A paid (status 3: the calculation shows its amounts) 2024 form 270.00 of a new user. */
async function declaration() {
  const { client } = await signedInUser(s);
  const res = await client.post('/api/declarations', { year: 2024, type: 1, kgd_code_id: 1, reporting_form_id: 3 });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.common_data.id as number;
  await s.deps.db.query('UPDATE declarations SET status = 3 WHERE id = $1', [id]);
  return { id, client, deals: `/api/declarations/${id}/deals` };
}

/** A KASE sale in tenge by open trading: 600 000 − 500 000 = 100 000 of gain. */
const KASE_SALE = {
  name_security: 'Kaspi.kz',
  isin_security: 'KZ1C00000876',
  transaction_date: '15.05.2024',
  currency_code: 'KZT',
  quantity: '10',
  type_of_security: 1,
  sale_closing_cost: '600000',
  purchase_opening_cost: '500000',
  market_id: 1, // KASE
  type_of_bidding_method: 1, // open trading
  operation_type_id: 1, // Продажа
  broker_bin: '123456789012',
};

const dealsOf = async (id: number) =>
  s.deps.db.query<{ id: number; fields: Record<string, unknown> }>(
    'SELECT id, fields FROM deals WHERE declaration_id = $1 ORDER BY id',
    [id],
  );

describe('GET /api/common/get-transaction-types', () => {
  it('answers operation type ids: Продажа is 1 in I.A and II, as in get-operation-types', async () => {
    const a = (await s.client().get('/api/common/get-transaction-types?section_id=first_section_a')).json().data;
    expect(a).toEqual([
      { id: 1, operation_type_id: 1, section_id: 'first_section_a', name: 'Продажа' },
      { id: 2, operation_type_id: 2, section_id: 'first_section_a', name: 'Обмен списание' },
      { id: 3, operation_type_id: 3, section_id: 'first_section_a', name: 'Безвозмездная передача' },
    ]);
    const ops = (await s.client().get('/api/common/get-operation-types')).json().data as {
      id: number;
      operation_name: string;
    }[];
    const all = (await s.client().get('/api/common/get-transaction-types')).json().data as {
      id: number;
      name: string;
    }[];
    for (const t of all) expect(ops.find((o) => o.id === t.id)?.operation_name).toBe(t.name);
    expect(all).toHaveLength(TRANSACTION_TYPES.length);
  });

  it('the seeded file is the contracts table (OPERATIONS_BY_SECTION)', () => {
    const file = JSON.parse(
      readFileSync(new URL('../src/db/reference-data/transaction_types.json', import.meta.url), 'utf8'),
    ) as unknown[];
    const key = (r: { section_id: string; operation_type_id: number }) => `${r.section_id}:${r.operation_type_id}`;
    expect((file as { section_id: string; operation_type_id: number }[]).map(key).sort()).toEqual(
      TRANSACTION_TYPES.map(key).sort(),
    );
  });
});

describe('a sale section refuses an operation that is not a disposal', () => {
  const message =
    'Операция «Покупка» не относится к продажам: выберите «Продажа», «Обмен списание» или «Безвозмездная передача»';

  it('POST with Покупка (4) is 422 and nothing is saved', async () => {
    const { id, client, deals } = await declaration();
    for (const slug of ['first-section-a', 'second-section']) {
      const body = slug === 'second-section' ? { ...KASE_SALE, country_code_registration_id: 89 } : KASE_SALE;
      const res = await client.post(`${deals}/${slug}`, { ...body, operation_type_id: 4 });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ operation_type_id: [message] });
    }
    expect(await dealsOf(id)).toEqual([]);
  });

  it('PUT of a saved sale with Покупка is 422 and the deal is unchanged', async () => {
    const { id, client, deals } = await declaration();
    const created = await client.post(`${deals}/first-section-a`, KASE_SALE);
    expect(created.statusCode, created.body).toBe(201);
    const dealId = created.json().data.id as number;
    const before = await dealsOf(id);
    const res = await client.put(`${deals}/first-section-a/${dealId}`, {
      ...KASE_SALE,
      operation_type_id: 4,
      sale_closing_cost: '700000',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.operation_type_id).toEqual([message]);
    expect(await dealsOf(id)).toEqual(before);
    expect((await client.get(`${deals}/first-section-a/${dealId}`)).json().data).toMatchObject({
      operation_type_id: 1,
      sale_closing_cost: '600000',
    });
  });

  it('a KASE sale (Продажа) keeps the art. 341 exemption: 100 000 of gain, 0 taxed', async () => {
    const { id, client, deals } = await declaration();
    const created = await client.post(`${deals}/first-section-a`, KASE_SALE);
    expect(created.statusCode, created.body).toBe(201);
    const f = (await client.get(`/api/declarations/${id}/calculation`)).json().data.fifth_section;
    // Gain 600 000 − 500 000 = 100 000 (KZT, rate 1). KASE + open trading + Продажа: the listed-securities
    // exemption (KZ_LISTED_OPEN_TRADING) adjusts the whole 100 000 away, so nothing is taxed. Before issue 19
    // the same sale sent as «Покупка» (4) missed the exemption and 100 000 was taxed at 10 % = 10 000.
    expect(f.adjustment_of_income_341_part_1_value).toBe('100000');
    expect(f.taxable_amount_of_income).toBe('0');
    expect(f.amount_of_IPN_final).toBe('0');
  });
});

describe('imports: an operation the section does not allow is left for the person to choose', () => {
  const sale: ImportedDeal = {
    section: 'first_section_a',
    kind: 'sale',
    operation_type_id: 1,
    transaction_date: '15.05.2024',
    name_security: 'Kaspi.kz',
    isin_security: 'KZ1C00000876',
    ticker: null,
    quantity: '10',
    currency_code: 'KZT',
    sale_closing_cost: '600000',
    purchase_opening_cost: null,
    commission: null,
    foreign_tax_credit: null,
    amount_in_currency: null,
    country_code: 'KAZ',
    market: 'KZ',
    foreign_broker: false,
    exchange: 'KASE',
    type_of_security: 'share',
    bank_name: null,
    source_key: 'test-op-1',
    status: null,
    comment: null,
    row: 1,
  };
  const ctx = {
    year: 2024,
    form: 3,
    refs: { countryId: new Map([['KAZ', 89]]), currencies: new Set(['KZT']) },
    file: 0,
  };

  it('a partner sale sent as Покупка: status 1, the operation dropped, the reason in the comment', () => {
    const [ok, wrong] = mapDeals([sale, { ...sale, operation_type_id: 4, source_key: 'test-op-4' }], ctx).mapped;
    expect(ok).toMatchObject({ status: null, fields: { operation_type_id: 1 } });
    expect(commentOf(ok!)).toBeNull();
    expect(wrong!.status).toBe(1);
    expect(wrong!.fields.operation_type_id).toBeUndefined();
    expect(commentOf(wrong!)).toBe(
      'Операция «Покупка» не относится к продажам: выберите «Продажа», «Обмен списание» или «Безвозмездная передача».',
    );
  });
});
