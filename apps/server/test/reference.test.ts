import { OPERATION_TYPE_NAMES } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const list = async (call: string) => {
  const res = await s.client().get(`/api/common/${call}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, unknown>[];
};

describe('reference lists answer from the database with their real content', () => {
  it('reporting forms are 1 = 240.00, 2 = 250.00, 3 = 270.00', async () => {
    const forms = await list('get-reporting-forms');
    expect(forms.map((f) => [f.form_id, f.form_name])).toEqual([
      [1, '240.00'],
      [2, '250.00'],
      [3, '270.00'],
    ]);
  });

  it('declaration types default to Очередная, and id 2 exists (removed for 250.00)', async () => {
    const types = await list('get-declaration-types');
    expect(types.filter((t) => t.is_default).map((t) => t.type_name)).toEqual(['Очередная']);
    expect(types.some((t) => t.id === 2)).toBe(true);
  });

  it('KGD codes are the state revenue offices with their names', async () => {
    const codes = await list('get-kgd-codes');
    // The published list announces "250 codes" but holds 249 distinct lines; we ship all of them.
    expect(codes).toHaveLength(249);
    const byCode = new Map(codes.map((c) => [c.code_kgd, c.kgd_name as string]));
    // Spot checks of codes corroborated by more than one published source.
    expect(byCode.get('6004')).toMatch(/Бостандык/);
    expect(byCode.get('6003')).toMatch(/Ауэзов/);
    expect(byCode.get('7111')).toMatch(/Семе/);
    expect(byCode.get('1510')).toMatch(/Атырау/);
    for (const c of codes) expect(c.code_kgd).toMatch(/^\d{4}$/);
  });

  it('currencies follow ISO 4217 with KZT as the default', async () => {
    const cur = await list('get-currency-codes');
    expect(cur.length).toBeGreaterThan(140);
    expect(cur.filter((c) => c.is_default).map((c) => c.currency_code)).toEqual(['KZT']);
    const codes = new Set(cur.map((c) => c.currency_code));
    for (const c of ['USD', 'EUR', 'RUB', 'CNY', 'GBP', 'JPY', 'UZS', 'KRW']) expect(codes.has(c)).toBe(true);
  });

  it('countries follow ISO 3166 with KAZ as the default and Russian names', async () => {
    const countries = await list('get-countries');
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.filter((c) => c.is_default).map((c) => c.country_code)).toEqual(['KAZ']);
    const usa = countries.find((c) => c.country_code === 'USA');
    expect(usa?.name).toMatch(/Соединённые Штаты|США|Соединенные Штаты/);
  });

  it('operation types carry exactly the product names; repayment and remuneration are found by name', async () => {
    const ops = await list('get-operation-types');
    expect(ops.map((o) => o.operation_name)).toEqual([...OPERATION_TYPE_NAMES]);
  });

  it('adjustment types include the no-adjustments entry', async () => {
    const adj = await list('get-adjustment-types');
    expect(adj.some((a) => a.adjustment_name === 'Без корректировки')).toBe(true);
  });

  it('declaration statuses, markets, bidding methods and security types are non-empty lists', async () => {
    expect((await list('get-declaration-statuses')).map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6, 9]);
    expect((await list('get-markets')).some((m) => m.market_name === 'KASE')).toBe(true);
    expect((await list('get-bidding-methods')).length).toBeGreaterThan(1);
    expect((await list('get-security-types')).length).toBeGreaterThan(3);
  });

  it('brokers carry required files, extensions, counts and order; available banks are a subset', async () => {
    const brokers = await list('get-brokers');
    const banks = await list('get-names-of-available-banks');
    expect(brokers.length).toBeGreaterThan(3);
    for (const b of brokers) {
      expect(Array.isArray(b.extensions)).toBe(true);
      expect(b.count_files).toBe((b.file_names as string[]).length);
    }
    const ids = new Set(brokers.map((b) => b.id));
    for (const b of banks) expect(ids.has(b.id)).toBe(true);
    const orders = brokers.map((b) => b.order as number);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });

  it('transaction types filter by section', async () => {
    const res = await s.client().get('/api/common/get-transaction-types?section_id=first_section_a');
    const types = res.json().data as { section_id: string }[];
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => t.section_id === 'first_section_a')).toBe(true);
  });

  it('transaction types answer the same section named by key, API slug or code; an unknown one is a 422', async () => {
    const ids = async (q: string) =>
      ((await s.client().get(`/api/common/get-transaction-types?section_id=${q}`)).json().data as { id: number }[]).map(
        (t) => t.id,
      );
    const byKey = await ids('second_section');
    expect(byKey.length).toBeGreaterThan(0);
    expect(await ids('second-section')).toEqual(byKey);
    expect(await ids('2')).toEqual(byKey);
    const unknown = await s.client().get('/api/common/get-transaction-types?section_id=no_such_section');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.section_id[0]).toBe('Раздел декларации не найден');
  });

  it('currencies start with KZT, USD, EUR, RUB, GBP, CNY; the list keeps every code', async () => {
    const codes = (await list('get-currency-codes')).map((c) => c.currency_code);
    expect(codes.slice(0, 6)).toEqual(['KZT', 'USD', 'EUR', 'RUB', 'GBP', 'CNY']);
    expect(codes).toContain('XAU');
    const rest = codes.slice(6);
    expect(rest).toEqual([...rest].sort((a, b) => String(a).localeCompare(String(b))));
  });
});

describe('contacts', () => {
  it('names the consultant contact from the one configured place, the same the tariff answer carries', async () => {
    const res = await s.client().get('/api/common/get-contacts');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      consultant_url: s.deps.config.consultantContactUrl,
      support_url: s.deps.config.supportContactUrl,
    });
  });
});

describe('exchange rates', () => {
  const usdId = async () =>
    ((await list('get-currency-codes')).find((c) => c.currency_code === 'USD')?.id as number) ?? 0;

  it('answers a rate with the date used and marks sandbox rates as demo', async () => {
    const res = await s
      .client()
      .get(`/api/common/get-exchange-rates?date=15.01.2025&currency_code_id=${await usdId()}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Number(data.rate)).toBeGreaterThan(0);
    expect(data.currency_code).toBe('USD');
    expect(data.rule).toBe('previous_working_day');
    expect(data.demo).toBe(true);
  });

  it('KZT is always 1 and never demo', async () => {
    const kzt = (await list('get-currency-codes')).find((c) => c.currency_code === 'KZT')?.id;
    const res = await s.client().get(`/api/common/get-exchange-rates?date=15.01.2025&currency_code_id=${kzt}`);
    expect(res.json().data).toMatchObject({ rate: '1', demo: false });
  });

  it('refuses a malformed date and an unknown currency with Russian messages', async () => {
    const bad = await s.client().get('/api/common/get-exchange-rates?date=2025-01-15&currency_code_id=1');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Проверьте введенные данные');
    const unknown = await s.client().get('/api/common/get-exchange-rates?date=15.01.2025&currency_code_id=999999');
    expect(unknown.statusCode).toBe(422);
  });
});
