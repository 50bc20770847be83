import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIFTH_SECTION_FIELDS, MSG } from '@deklarant/contracts';
import { validateXml } from '@deklarant/documents';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../../../packages/documents/test/pdf-text.ts';
import { type DealWrite, dealsRepo, declarationsRepo } from '../src/modules/declarations/repo.ts';
import { EXPORT_JOB, MAX_STREAM_DEALS } from '../src/modules/documents/service.ts';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';

interface Scenario {
  name: string;
  input: {
    form: 1 | 3;
    year: number;
    sections: Record<string, Record<string, unknown>[]>;
    previousLots?: unknown[];
  };
  expected: Record<string, string>;
}

const dir = join(import.meta.dirname, '../../../packages/tax/scenarios');
const scenarios = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as Scenario] as const);

export const PERSONAL = {
  iin: '900101300126',
  surname: 'Иванов',
  name: 'Иван',
  patronymic: 'Иванович',
  phone: '+77011234567',
  email: 'ivanov@example.com',
};

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

/** A declaration in any year and status, inserted directly (creation rules have their own tests). */
async function declaration(userId: number, form: 1 | 2 | 3, year: number, status = 3, personal = PERSONAL) {
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
    personal_data: personal,
    status,
  });
  return row.id;
}

/** Writes scenario deals through the deals repository; links to earlier deals are mapped to the new ids. */
async function writeDeals(id: number, sections: Record<string, Record<string, unknown>[]>) {
  const ids = new Map<unknown, number>();
  const order = Object.keys(sections).sort((a, b) =>
    a === 'purchase_transaction_currency_section' ? 1 : b === 'purchase_transaction_currency_section' ? -1 : 0,
  );
  for (const section of order) {
    for (const raw of sections[section] ?? []) {
      const { id: sid, status, comment, transaction_date, currency_code, ...fields } = raw;
      if (fields.first_a_and_second_section_deal_id !== undefined) {
        fields.first_a_and_second_section_deal_id = ids.get(fields.first_a_and_second_section_deal_id) ?? null;
      }
      const deal: DealWrite = {
        status: (status as number | undefined) ?? null,
        comment: (comment as string | undefined) ?? null,
        transaction_date: (transaction_date as string | undefined) ?? null,
        currency_code: (currency_code as string | undefined) ?? null,
        fields,
      };
      const newId = await dealsRepo(s.deps.db).insert(id, section, deal, s.clock.now());
      ids.set(sid, newId as number);
    }
  }
  return ids;
}

const same = (a: string | null | undefined, b: string) => new Decimal(a ?? '0').equals(new Decimal(b));

describe('every worked scenario of packages/tax through the API', () => {
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    user = await signedInUser(s);
  });

  it.each(scenarios)('%s: the figures match and generate-xml stores an XML valid against the XSD', async (_f, sc) => {
    const id = await declaration(user.id, sc.input.form, sc.input.year);
    await writeDeals(id, sc.input.sections);

    const calc = await user.client.get(`/api/declarations/${id}/calculation`);
    expect(calc.statusCode, calc.body).toBe(200);
    const view = calc.json().data;
    expect(view.hidden).toBe(false);
    // Lots from earlier declarations are not part of a single declaration: those scenarios differ by design.
    if (!sc.input.previousLots?.length) {
      for (const f of FIFTH_SECTION_FIELDS) {
        expect(same(view.fifth_section[f], sc.expected[f] ?? '0'), `${f}: ${view.fifth_section[f]}`).toBe(true);
      }
    }
    for (const line of view.lines) expect(line.rule.length).toBeGreaterThan(10);

    const gen = await user.client.post(`/api/declarations/${id}/generate-xml`);
    expect(gen.statusCode, gen.body).toBe(200);
    const file = gen.json().data;
    expect(file.filename).toMatch(/\.xml$/);
    const dl = await user.client.get(`/api/${file.year}/${file.month}/${file.user_id}/${file.filename}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment;/);
    const check = await validateXml(dl.body, sc.input.form);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    expect(dl.body).toContain(`<field name="iin">${PERSONAL.iin}</field>`);
    // the engine's figures land on the form without negative derived lines
    expect(dl.body).not.toMatch(/<field name="field_2[47]0_[^"]*">-\d/);
  });
});

describe('PDF, XLSX and XML of one declaration', () => {
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let id: number;
  const sc = scenarios.find(([f]) => f.startsWith('07-'))![1];

  beforeAll(async () => {
    user = await signedInUser(s, { full_access: true });
    id = await declaration(user.id, 3, 2024);
    await writeDeals(id, sc.input.sections);
  });

  it('the PDF carries the line codes and the amounts (text extracted, also with pdftotext)', async () => {
    const res = await user.client.get(`/api/declarations/${id}/export-pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="fno_270_00_2024_d\d+_/);
    const pdf = res.rawPayload;
    const text = extractPdfText(pdf).join('\n');
    expect(text).toContain('270.01');
    expect(text).toContain(PERSONAL.iin);
    let plain = '';
    try {
      plain = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    } catch {
      plain = text;
    }
    const compact = plain.replace(/[\s\u00a0\u202f]/g, '');
    // dividends 470 000, tax 47 000 (scenario 07)
    expect(compact).toContain('470000');
    expect(compact).toContain('47000');
    expect(plain).toMatch(/270\.01\.B\.1\.4/);
  });

  it('the XLSX stream reopens with the same numbers as the calculation', async () => {
    const res = await user.client.get(`/api/declarations/${id}/export-excel/stream`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Расчет');
    expect(sheet).toBeDefined();
    const numbers: number[] = [];
    sheet!.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'number') numbers.push(cell.value);
      }),
    );
    const calc = (await user.client.get(`/api/declarations/${id}/calculation`)).json().data;
    expect(numbers).toContain(Number(calc.fifth_section.dividends));
    expect(numbers).toContain(Number(calc.fifth_section.calculated_amount_of_income_tax));
    expect(numbers).toContain(470000);
    expect(wb.worksheets.length).toBeGreaterThan(1);
  });

  it('get-xml-list lists the generated files, newest first', async () => {
    await user.client.post(`/api/declarations/${id}/generate-xml`);
    s.clock.advance(1000);
    await user.client.post(`/api/declarations/${id}/generate-xml`);
    const res = await user.client.get(`/api/declarations/${id}/get-xml-list`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]).toMatchObject({ year: 2026, month: 3, user_id: user.id });
    expect(list[0].filename > list[1].filename).toBe(true);
  });

  it("another user's files and declarations read as 404", async () => {
    const other = await signedInUser(s);
    const list = (await user.client.get(`/api/declarations/${id}/get-xml-list`)).json().data;
    const f = list[0];
    expect((await other.client.get(`/api/${f.year}/${f.month}/${f.user_id}/${f.filename}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/${f.year}/${f.month}/${other.id}/${f.filename}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/declarations/${id}/export-pdf`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/declarations/${id}/export-excel/stream`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/declarations/${id}/generate-xml`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/declarations/${id}/get-xml-list`)).statusCode).toBe(404);
    expect((await s.client().get(`/api/${f.year}/${f.month}/${f.user_id}/${f.filename}`)).statusCode).toBe(401);
    expect((await user.client.get(`/api/${f.year}/${f.month}/${f.user_id}/..%2F..%2Fetc`)).statusCode).toBe(404);
  });

  it('an unpaid declaration gives no documents (402 with the Russian text)', async () => {
    const unpaid = await declaration(user.id, 3, 2024, 1);
    const res = await user.client.get(`/api/declarations/${unpaid}/export-pdf`);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(MSG.documentsNeedPayment);
    const extra = await declaration(user.id, 3, 2024, 4);
    expect((await user.client.post(`/api/declarations/${extra}/generate-xml`)).json().message).toBe(
      MSG.documentsNeedAdditionalPayment,
    );
  });

  it('personal data missing: the renderer refuses with its Russian message and nothing is stored', async () => {
    const bare = await declaration(user.id, 3, 2024, 3, { ...PERSONAL, iin: '' });
    const res = await user.client.post(`/api/declarations/${bare}/generate-xml`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Заполните персональные данные: ИИН/);
    const n = await s.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE declaration_id = $1', [
      bare,
    ]);
    expect(n?.n).toBe(0);
  });
});

describe('270.04 and the registers print the amounts in the deal currency as stored', () => {
  // Stored deals carry their currency amounts in sale_closing_cost / purchase_opening_cost (what the forms
  // and the importers write); the form's column J is «Сумма в валюте» and must never fall back to tenge.
  const sale = scenarios.find(([f]) => f.startsWith('02-'))![1].input.sections;
  const purchase = {
    name_security: 'Apple',
    isin_security: 'US0378331005',
    transaction_date: '10.01.2024',
    quantity: '15',
    currency_code: 'USD',
    rate: '450',
    purchase_opening_cost: '2778',
    operation_type_id: 4,
  };
  // section III has one operation and stores none: the register still names it
  const dividend = {
    name_security: 'Microsoft',
    isin_security: 'US5949181045',
    transaction_date: '13.06.2024',
    quantity: '5',
    currency_code: 'USD',
    rate: '450',
    sale_closing_cost: '3.75',
  };

  it('270.04 J is 2 778 USD for the purchase and 2 000 USD for the sale, not their tenge amounts; III names its operation', async () => {
    const user = await signedInUser(s, { full_access: true });
    const id = await declaration(user.id, 3, 2024);
    await writeDeals(id, { ...sale, purchase_transaction_section: [purchase], third_section: [dividend] });
    const gen = await user.client.post(`/api/declarations/${id}/generate-xml`);
    expect(gen.statusCode, gen.body).toBe(200);
    const f = gen.json().data;
    const xml = (await user.client.get(`/api/${f.year}/${f.month}/${f.user_id}/${f.filename}`)).body;
    const field = (name: string) => xml.match(new RegExp(`<field name="${name}">([^<]*)</field>`))?.[1];
    // purchases come first, then disposals
    expect(field('field_270_04_B_B_1')).toBe('Покупка');
    expect(field('field_270_04_B_J_1')).toBe('2778.00');
    expect(field('field_270_04_B_J_2')).toBe('2000.00');
    // the tenge amounts (2 778 × 450 = 1 250 100; 2 000 × 470 = 940 000) are not in column J
    expect(xml).not.toMatch(/field_270_04_B_J_\d+">(1250100|940000)/);

    const pdf = await user.client.get(`/api/declarations/${id}/export-pdf`);
    const text = extractPdfText(pdf.rawPayload).join('\n');
    // the purchase register: 2 778,00 in USD next to 1 250 100,00 tenge
    expect(text).toContain('Стоимость приобретения в валюте');
    expect(text).toMatch(/15 USD 2 778,00 1 250 100,00/);
    // the sale register: 2 000,00 USD → 940 000,00 tenge; 1 500,00 USD → 675 000,00 tenge
    expect(text).toMatch(/USD 2 000,00 940 000,00 1 500,00 675 000,00 265 000,00/);
    // the dividend: 3,75 USD × 450 = 1 687,50 tenge, under «Выплата дивиденда»
    expect(text).toMatch(/US5949181045 Выплата дивиденда USD 3,75 1 687,50/);
  });
});

describe('a sale costed from its purchase history prints that cost in its currency', () => {
  // Figures by hand (2025, rates stored on the deals, no lookups):
  // KSPI: 5 sold on 10.06.2025 for 5 × 98.40 = 492 USD at 511.60 = 251 707.20 KZT (commission 1.50 USD);
  //   history: 20 bought on 15.03.2023 for 1 600 USD, stored as the deal form stores it with its tenge figure
  //   at 455.30: 728 480 KZT. FIFO takes 5 of 20: 5/20 × 1 600 = 400 USD, 5/20 × 728 480 = 182 120 KZT;
  //   income 251 707.20 − 182 120 = 69 587.20. The register used to print nothing under «в валюте».
  // Apple: 2 sold for 400 USD at 511.60 = 204 640 KZT; history: 1 for 100 USD at 450 (45 000 KZT) and 1 for
  //   90 EUR at 500 (45 000 KZT): 90 000 KZT, income 114 640; two currencies, so no cost in USD is printed.
  // Microsoft: 5 sold for 500 USD at 511.60 = 255 800 KZT with its own cost of 390 USD; history: 5 for
  //   400 USD at 450 = 180 000 KZT covers the sale, so FIFO's 180 000 counts (income 75 800) while the
  //   register keeps the sale's own 390,00.
  const base = {
    operation_type_id: 1,
    market_id: 3,
    type_of_bidding_method: 1,
    currency_code: 'USD',
    transaction_date: '10.06.2025',
    rate: '511.6',
    broker_bin: '123456789012',
  };
  const history = (sale: string, isin: string, name: string, extra: Record<string, unknown>) => ({
    first_a_and_second_section_deal_id: sale,
    name_security: name,
    isin_security: isin,
    broker_bin: '123456789012',
    ...extra,
  });
  const sections = {
    second_section: [
      {
        ...base,
        id: 'kspi',
        name_security: 'Kaspi',
        isin_security: 'US48581R2058',
        quantity: '5',
        sale_closing_cost: '492',
        commission: '1.5',
        sales_cost_in_tenge_currency: '251707.2',
        cost_in_tenge_currency: '182120',
        cost_source: 'fifo',
      },
      {
        ...base,
        id: 'aapl',
        name_security: 'Apple',
        isin_security: 'US0378331005',
        quantity: '2',
        sale_closing_cost: '400',
      },
      {
        ...base,
        id: 'msft',
        name_security: 'Microsoft',
        isin_security: 'US5949181045',
        quantity: '5',
        sale_closing_cost: '500',
        purchase_opening_cost: '390',
      },
    ],
    purchase_transaction_currency_section: [
      history('kspi', 'US48581R2058', 'Kaspi', {
        transaction_date: '15.03.2023',
        quantity: '20',
        currency_code: 'USD',
        purchase_opening_cost: '1600',
        exchange_rate: '455.3',
        cost_in_tenge_currency: '728480',
      }),
      history('aapl', 'US0378331005', 'Apple', {
        transaction_date: '10.01.2024',
        quantity: '1',
        currency_code: 'USD',
        purchase_opening_cost: '100',
        rate: '450',
      }),
      history('aapl', 'US0378331005', 'Apple', {
        transaction_date: '10.02.2024',
        quantity: '1',
        currency_code: 'EUR',
        purchase_opening_cost: '90',
        rate: '500',
      }),
      history('msft', 'US5949181045', 'Microsoft', {
        transaction_date: '10.01.2024',
        quantity: '5',
        currency_code: 'USD',
        purchase_opening_cost: '400',
        rate: '450',
      }),
    ],
  };
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let id: number;
  beforeAll(async () => {
    user = await signedInUser(s, { full_access: true });
    id = await declaration(user.id, 3, 2025);
    await writeDeals(id, sections);
  });

  it('the PDF register: 400,00 USD for KSPI, nothing for lots in USD and EUR, the own 390,00 kept', async () => {
    const pdf = await user.client.get(`/api/declarations/${id}/export-pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = extractPdfText(pdf.rawPayload).join('\n');
    // currency, sale in USD, sale in tenge, cost in USD, cost in tenge, income
    expect(text).toMatch(/US48581R2058 Продажа 5 USD 492,00 251 707,20 400,00 182 120,00 69 587,20/);
    expect(text).toMatch(/US0378331005 Продажа 2 USD 400,00 204 640,00 90 000,00 114 640,00/);
    expect(text).toMatch(/US5949181045 Продажа 5 USD 500,00 255 800,00 390,00 180 000,00 75 800,00/);

    // the XML is unchanged: 270.04 J carries the sale amounts, never the cost
    const gen = await user.client.post(`/api/declarations/${id}/generate-xml`);
    expect(gen.statusCode, gen.body).toBe(200);
    const f = gen.json().data;
    const xml = (await user.client.get(`/api/${f.year}/${f.month}/${f.user_id}/${f.filename}`)).body;
    const column = [...xml.matchAll(/<field name="field_270_04_B_J_\d+">([^<]*)<\/field>/g)].map((m) => m[1]);
    expect(column).toEqual(['492.00', '400.00', '500.00']);
  });

  it('the workbook’s register sheet prints the same', async () => {
    const res = await user.client.get(`/api/declarations/${id}/export-excel/stream`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets.find((w) => w.name.startsWith('II '))!;
    expect(sheet, wb.worksheets.map((w) => w.name).join(', ')).toBeDefined();
    const heads = (sheet.getRow(1).values as unknown[]).map(String);
    const at = (name: string) => heads.indexOf(name);
    expect(at('Стоимость приобретения в валюте')).toBeGreaterThan(0);
    const rows: Record<string, unknown[]> = {};
    sheet.eachRow((row, n) => {
      if (n > 1) {
        const values = row.values as unknown[];
        rows[String(values[at('ISIN')])] = values;
      }
    });
    const cost = (isin: string) => rows[isin]?.[at('Стоимость приобретения в валюте')] ?? null;
    const tenge = (isin: string) => rows[isin]?.[at('Стоимость приобретения, тенге')] ?? null;
    expect([cost('US48581R2058'), tenge('US48581R2058')]).toEqual([400, 182120]);
    expect([cost('US0378331005'), tenge('US0378331005')]).toEqual([null, 90000]);
    expect([cost('US5949181045'), tenge('US5949181045')]).toEqual([390, 180000]);
  });
});

describe('250.00 registers', () => {
  it('sections without money (property abroad, shares in companies) print no currency', async () => {
    const user = await signedInUser(s, { full_access: true });
    const id = await declaration(user.id, 2, 2024);
    await writeDeals(id, {
      form_250_fourth_section: [
        { name: 'Квартира', country_id: 200, id_number: 'CAD-123-456', location: 'Dubai Marina, tower 5' },
      ],
      form_250_seventh_section: [{ company_name: 'Acme Holdings Ltd', shareholding_size: '25', country_id: 200 }],
      form_250_sixth_section: [{ bank_name: 'Chase Bank', amount: '2500', currency_code_id: 2, country_id: 200 }],
    });
    const pdf = await user.client.get(`/api/declarations/${id}/export-pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = extractPdfText(pdf.rawPayload).join('\n');
    const register = (title: string) => text.slice(text.indexOf(title), text.indexOf('Страница', text.indexOf(title)));
    // the stored default currency (KZT) used to print under «Валюта» for a flat and a share in a company
    expect(register('Раздел 4. Недвижимость за рубежом')).toContain('CAD-123-456');
    expect(register('Раздел 4. Недвижимость за рубежом')).not.toMatch(/Валюта|KZT/);
    expect(register('Раздел 7. Доли в иностранных')).toContain('Acme Holdings Ltd');
    expect(register('Раздел 7. Доли в иностранных')).not.toMatch(/Валюта|KZT/);
    // a bank account keeps its currency
    expect(register('Раздел 6. Деньги в иностранных банках')).toMatch(/Валюта/);
  });
});

describe('documents in the owner’s language (issue 20)', () => {
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let id: number;
  const sc = scenarios.find(([f]) => f.startsWith('07-'))![1];
  beforeAll(async () => {
    user = await signedInUser(s, { full_access: true });
    id = await declaration(user.id, 3, 2024);
    await writeDeals(id, sc.input.sections);
  });
  const download = (path: string, language?: string) =>
    s.app.inject({
      method: 'GET',
      url: `/api/declarations/${id}/${path}`,
      headers: { authorization: `Bearer ${user.token}`, ...(language ? { 'accept-language': language } : {}) },
    });
  const sheets = async (res: { rawPayload: Buffer }) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb.worksheets.map((w) => w.name);
  };

  it('no profile language: the request’s (Accept-Language), else Russian', async () => {
    await s.deps.db.query('UPDATE users SET language = NULL WHERE id = $1', [user.id]);
    expect((await sheets(await download('export-excel/stream', 'en')))[0]).toBe('Calculation');
    expect((await sheets(await download('export-excel/stream')))[0]).toBe('Расчет');
    const pdf = extractPdfText((await download('export-pdf', 'en-US,en;q=0.9')).rawPayload);
    expect(pdf.join('\n')).toContain('Notes to the calculation');
    expect(pdf.at(-1)).toMatch(/Form 270\.00 · IIN 900101300126 · Page \d+ of \d+/);
  });

  it('the owner’s profile language wins over the request’s', async () => {
    await s.deps.db.query(`UPDATE users SET language = 'kk' WHERE id = $1`, [user.id]);
    expect((await sheets(await download('export-excel/stream', 'en')))[0]).toBe('Есептеу');
    const pdf = extractPdfText((await download('export-pdf', 'en')).rawPayload).join('\n');
    expect(pdf).toContain('Декларацияға тізілім. III бөлім.');
    expect(pdf).toContain('Есептеуге түсініктемелер');
    expect(pdf).not.toContain('Реестр к декларации');
  });
});

describe('a declaration too large to stream', () => {
  it(`over ${MAX_STREAM_DEALS} deals: JSON 'will be emailed', a job renders the file and a letter carries the link`, async () => {
    const user = await signedInUser(s, { full_access: true });
    const id = await declaration(user.id, 3, 2024);
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = 0; i < MAX_STREAM_DEALS + 1; i++) {
      values.push(`($1, 'second_section', '2024-06-01', 'KZT', $${i + 3}::jsonb, $2, $2)`);
      params.push(
        JSON.stringify({
          name_security: `Бумага ${i}`,
          quantity: '1',
          sale_closing_cost: '100',
          purchase_opening_cost: '90',
        }),
      );
    }
    await s.deps.db.query(
      `INSERT INTO deals (declaration_id, section, transaction_date, currency_code, fields, created_at, updated_at) VALUES ${values.join(',')}`,
      [id, s.clock.now(), ...params],
    );
    const res = await user.client.get(`/api/declarations/${id}/export-excel/stream`);
    expect(res.statusCode).toBe(202);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: MSG.fileEmailed, queued: true });
    const job = await s.deps.db.one<{ id: number }>(`SELECT id FROM jobs WHERE kind = $1 ORDER BY id DESC LIMIT 1`, [
      EXPORT_JOB,
    ]);
    expect(job).toBeDefined();
    await s.deps.jobs.runOnce();
    const done = await s.deps.jobs.get(job!.id);
    expect(done?.status, done?.last_error ?? '').toBe('done');
    const letter = await s.deps.db.one<{ to_email: string; text_body: string }>(
      'SELECT to_email, text_body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1',
      [user.email],
    );
    expect(letter?.text_body).toMatch(/step=8&download=2026%2F3%2F\d+%2Ffno_270_00_2024_d\d+_\d+T\d+_full\.xlsx/);
    const key = decodeURIComponent(letter!.text_body.match(/download=([^\s]+)/)![1]!);
    const file = await user.client.get(`/api/${key}`);
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.length).toBeGreaterThan(1);

    // A crash after the file and letter committed but before the job was marked done runs the job
    // again (at least once): it finds its file and sends nothing twice.
    s.clock.advance(2_000);
    await s.deps.db.query(`UPDATE jobs SET status = 'queued' WHERE id = $1`, [job!.id]);
    await s.deps.jobs.runOnce();
    expect((await s.deps.jobs.get(job!.id))?.status).toBe('done');
    expect(
      await s.deps.db.query('SELECT 1 FROM files WHERE declaration_id = $1 AND kind = $2', [id, 'declaration_xlsx']),
    ).toHaveLength(1);
    const letters = await s.deps.db.query(
      `SELECT 1 FROM outbox WHERE to_email = $1 AND text_body LIKE '%_full.xlsx%'`,
      [user.email],
    );
    expect(letters).toHaveLength(1);
  }, 120_000);
});
