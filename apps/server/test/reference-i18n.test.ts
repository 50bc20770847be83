import { readFileSync } from 'node:fs';
import { REFERENCE_CALLS } from '@deklarant/contracts';
import en from '@deklarant/i18n/locales/en/reference.json';
import kk from '@deklarant/i18n/locales/kk/reference.json';
import ru from '@deklarant/i18n/locales/ru/reference.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COLUMNS } from '../src/modules/reference/texts.ts';
import { createTestServer, type TestServer } from './helpers.ts';

/**
 * Issue 20: the reference lists (GET /api/common/*) answer in the reader's language — the `lang` cookie,
 * else Accept-Language, else Russian — from the `reference` catalogue, whose Russian texts are the seed's.
 */
const seed = (table: string) =>
  JSON.parse(readFileSync(new URL(`../src/db/reference-data/${table}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >[];

type Cat = Record<string, Record<string, string | Record<string, string>>>;
const CYRILLIC = /[\u0400-\u04FF]/;
// letters only Kazakh has: a Kazakh text, not the Russian one
const KAZAKH = /[әғқңөұүһі]/i;

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

let ipSeq = 0;
const get = (url: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url, remoteAddress: `10.78.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`, headers });
const rows = async (url: string, headers: Record<string, string> = {}) => {
  const res = await get(url, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, unknown>[];
};

describe('the reference catalogue is the seed data', () => {
  it('each Russian text of the catalogue equals the seed row it names, and every seed text has one', () => {
    for (const { table, column, group } of SEED_COLUMNS) {
      const expected: Record<string, unknown> = {};
      for (const row of seed(table)) {
        const v = row[column];
        if (v === '' || v === null || v === undefined) continue;
        expected[String(row.id)] = Array.isArray(v) ? Object.fromEntries(v.map((x, i) => [String(i), x])) : v;
      }
      expect((ru as Cat)[group], `ru/reference:${group} = ${table}.${column}`).toEqual(expected);
    }
  });
});

describe('security types in the requested language', () => {
  const seedNames = seed('security_types').map((r) => r.name);
  // the answer's bytes before issue 20: the seed rows as { security_type, type_name } in id order
  const russianBody = JSON.stringify({
    data: seed('security_types')
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((r) => ({ security_type: r.id, type_name: r.name })),
  });

  it('no language asked: the Russian answer, byte for byte as before', async () => {
    const res = await get('/api/common/get-security-types');
    expect(res.body).toBe(russianBody);
    expect(res.json().data.map((r: { type_name: string }) => r.type_name)).toContain('Акции');
  });

  it('Accept-Language: kk answers the Kazakh names (Акциялар, Облигациялар), no Russian one', async () => {
    const names = (await rows('/api/common/get-security-types', { 'accept-language': 'kk' })).map((r) => r.type_name);
    expect(names.slice(0, 2)).toEqual(['Акциялар', 'Облигациялар']);
    expect(names).toEqual(Object.values(kk.security_types));
    for (const n of names) expect(seedNames, `${n} is a Russian name`).not.toContain(n);
    // «Акциялар» has only letters Russian shares; the list as a whole is written with Kazakh letters
    expect(names.filter((n) => KAZAKH.test(String(n))).length).toBeGreaterThan(names.length / 2);
  });

  it('Accept-Language: en answers English names without Cyrillic; the lang cookie wins over the header', async () => {
    const names = (await rows('/api/common/get-security-types', { 'accept-language': 'en-US,en;q=0.9' })).map(
      (r) => r.type_name,
    );
    expect(names.slice(0, 2)).toEqual(['Shares', 'Bonds']);
    for (const n of names) expect(n).not.toMatch(CYRILLIC);
    const byCookie = await rows('/api/common/get-security-types', { 'accept-language': 'ru', cookie: 'lang=en' });
    expect(byCookie.map((r) => r.type_name)).toEqual(names);
  });

  it('the answer says it varies by language, and each language keeps its own cached answer', async () => {
    const kkRes = await get('/api/common/get-security-types', { 'accept-language': 'kk' });
    expect(kkRes.headers.vary).toMatch(/accept-language/i);
    expect(kkRes.headers.vary).toMatch(/cookie/i);
    expect(kkRes.headers['cache-control']).toBe('public, max-age=300');
    // asked again in Russian after Kazakh and English were cached: still the Russian bytes
    expect((await get('/api/common/get-security-types')).body).toBe(russianBody);
  });
});

describe('every small list in Kazakh and English', () => {
  it('operation types, markets, bidding methods, adjustments, statuses, declaration types and forms', async () => {
    const kkHeaders = { 'accept-language': 'kk-KZ' };
    const ops = await rows('/api/common/get-operation-types', kkHeaders);
    expect(ops.map((o) => o.operation_name).slice(0, 4)).toEqual([
      'Сату',
      'Айырбас (есептен шығару)',
      'Өтеусіз беру',
      'Сатып алу',
    ]);
    const markets = await rows('/api/common/get-markets', { 'accept-language': 'en' });
    expect(markets.find((m) => m.market_id === 3)?.market_name).toBe('Foreign exchange');
    expect(markets.find((m) => m.market_id === 1)?.market_name).toBe('KASE');
    const bidding = await rows('/api/common/get-bidding-methods', kkHeaders);
    expect(bidding.find((b) => b.method_id === 1)?.method_name).toBe('Ашық сауда-саттық');
    const adj = await rows('/api/common/get-adjustment-types', { 'accept-language': 'en' });
    expect(adj.find((a) => a.id === 1)).toMatchObject({ adjustment_name: 'No adjustment', article: '' });
    const statuses = await rows('/api/common/get-declaration-statuses', kkHeaders);
    expect(statuses.find((x) => x.id === 1)?.name).toBe('Жоба');
    const types = await rows('/api/common/get-declaration-types', kkHeaders);
    expect(types.find((x) => x.is_default)?.type_name).toBe('Кезекті');
    const forms = await rows('/api/common/get-reporting-forms', { 'accept-language': 'en' });
    expect(forms.map((f) => [f.form_name, f.form_description])).toEqual([
      ['240.00', 'Personal income tax declaration'],
      ['250.00', 'Declaration of assets and liabilities'],
      ['270.00', 'Declaration of income and property'],
    ]);
    const tt = await rows('/api/common/get-transaction-types?section_id=1A', { 'accept-language': 'en' });
    expect(tt.map((x) => x.name)).toEqual(['Sale', 'Exchange (write-off)', 'Gift (given)']);
  });

  it('in English no list of the catalogue keeps a Cyrillic letter; brokers keep their names (brands)', async () => {
    const calls = [
      'get-reporting-forms',
      'get-declaration-types',
      'get-bidding-methods',
      'get-markets',
      'get-security-types',
      'get-operation-types',
      'get-adjustment-types',
      'get-declaration-statuses',
      'get-kgd-codes',
    ];
    for (const call of calls) {
      const body = (await get(`/api/common/${call}`, { 'accept-language': 'en' })).body;
      expect(body, call).not.toMatch(CYRILLIC);
    }
    const brokers = await rows('/api/common/get-brokers', { 'accept-language': 'en' });
    expect(brokers.map((b) => b.name)).toEqual(seed('brokers').map((b) => b.name));
    expect(brokers.find((b) => b.id === 6)?.title).toBe(en.broker_titles['6']);
    for (const b of brokers) expect(`${b.title} ${(b.file_names as string[]).join()}`).not.toMatch(CYRILLIC);
  });

  it('Russian answers of every list are the bytes they were', async () => {
    for (const call of Object.keys(REFERENCE_CALLS)) {
      const ruBody = (await get(`/api/common/${call}`)).body;
      expect((await get(`/api/common/${call}`, { 'accept-language': 'ru-RU' })).body).toBe(ruBody);
    }
  });

  it('countries and currencies by their CLDR names in Kazakh and English (browsers may lack Kazakh data)', async () => {
    type Row = { alpha2?: string; currency_code?: string; name: string };
    const list = async (call: string, lng: string) =>
      (JSON.parse((await get(`/api/common/${call}`, { 'accept-language': lng })).body) as { data: Row[] }).data;
    const country = async (lng: string, code: string) =>
      (await list('get-countries', lng)).find((r) => r.alpha2 === code)?.name;
    expect(await country('kk', 'KZ')).toBe('Қазақстан');
    expect(await country('kk', 'US')).toBe('Америка Құрама Штаттары');
    expect(await country('en', 'US')).toBe('United States');
    expect(await country('ru', 'US')).toBe('США');
    const usd = async (lng: string) =>
      (await list('get-currency-codes', lng)).find((r) => r.currency_code === 'USD')?.name;
    expect(await usd('en')).toBe('US Dollar');
    expect(await usd('kk')).toMatch(/АҚШ доллары/);
  });
});

describe('KGD offices in the requested language', () => {
  type Office = { id: number; code_kgd: string; kgd_name: string };
  const offices = async (headers: Record<string, string> = {}) =>
    (await rows('/api/common/get-kgd-codes', headers)) as unknown as Office[];
  const seedNames = new Map(seed('kgd_codes').map((r) => [Number(r.id), String(r.name)]));

  it('in Russian: the seed names, byte for byte as before (code order, { id, code_kgd, kgd_name })', async () => {
    const before = JSON.stringify({
      data: seed('kgd_codes')
        .sort((a, b) => String(a.code).localeCompare(String(b.code)))
        .map((r) => ({ id: r.id, code_kgd: r.code, kgd_name: r.name })),
    });
    expect((await get('/api/common/get-kgd-codes')).body).toBe(before);
    expect((await get('/api/common/get-kgd-codes', { cookie: 'lang=ru' })).body).toBe(before);
  });

  it('in Kazakh and English: every office named, not in Russian, in the authority pattern', async () => {
    const ruList = await offices();
    expect(ruList).toHaveLength(249);
    for (const [lng, pattern] of [
      ['kk', /бойынша|МК[БДК]/],
      ['en', /State Revenue/],
    ] as const) {
      const list = await offices({ 'accept-language': lng });
      expect(list.map((o) => [o.id, o.code_kgd])).toEqual(ruList.map((o) => [o.id, o.code_kgd]));
      for (const o of list) {
        const ruName = seedNames.get(o.id);
        expect(o.kgd_name, `${lng} ${o.code_kgd}`).not.toBe(ruName);
        expect(o.kgd_name, `${lng} ${o.code_kgd}`).toMatch(pattern);
        if (lng === 'en') expect(o.kgd_name, o.code_kgd).not.toMatch(CYRILLIC);
      }
      // district and city offices (УГД по …) all read «… бойынша МКБ» / "State Revenue Office, …"
      const byPattern = lng === 'kk' ? / бойынша МКБ( \(|$)/ : /^State Revenue Office, /;
      for (const o of list.filter((x) => /^УГД по /.test(seedNames.get(x.id) ?? '')))
        expect(o.kgd_name, `${lng} ${o.code_kgd}`).toMatch(byPattern);
    }
    expect(Object.keys(kk.kgd_names)).toHaveLength(249);
    expect(Object.keys(en.kgd_names)).toHaveLength(249);
  });

  it('hand-checked names: Kazakh toponyms, region in brackets, departments and the committee', async () => {
    const byCode = async (lng: string) =>
      new Map((await offices({ 'accept-language': lng })).map((o) => [o.code_kgd, o.kgd_name]));
    const kkNames = await byCode('kk');
    const enNames = await byCode('en-GB');
    expect(kkNames.get('6003')).toBe('Әуезов ауданы бойынша МКБ (Алматы қ.)');
    expect(enNames.get('6003')).toBe('State Revenue Office, Auezov District (Almaty City)');
    expect(kkNames.get('0302')).toBe('Ақкөл ауданы бойынша МКБ (Ақмола обл.)');
    expect(enNames.get('0302')).toBe('State Revenue Office, Akkol District (Akmola Region)');
    expect(kkNames.get('0301')).toBe('Ақмола облысы бойынша МКД');
    expect(enNames.get('0301')).toBe('State Revenue Department, Akmola Region');
    expect(kkNames.get('3025')).toBe('Балқаш қаласы бойынша МКБ (Қарағанды обл.)');
    expect(enNames.get('3025')).toBe('State Revenue Office, Balkhash City (Karaganda Region)');
    expect(kkNames.get('1806')).toBe('Күршім ауданы бойынша МКБ (ШҚО)');
    expect(kkNames.get('2705')).toBe('Жаңақала ауданы бойынша МКБ (БҚО)');
    expect(kkNames.get('7008')).toBe('Сарқан ауданы бойынша МКБ (Жетісу обл.)');
    expect(enNames.get('7008')).toBe('State Revenue Office, Sarkan District (Zhetisu Region)');
    expect(kkNames.get('0101')).toBe('ҚР ҚМ МКК');
    expect(enNames.get('7109')).toBe('State Revenue Office, Kokpekty District (Abai Region)');
  });
});
