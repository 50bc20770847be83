import { MSG } from '@deklarant/contracts';
import type { Language } from '@deklarant/i18n';
import { translator } from '@deklarant/i18n/node';
import { LINE_TEXT, TEXT } from '@deklarant/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { dealsRepo } from '../src/modules/declarations/repo.ts';
import { APPLE_SALE_2025, createTestServer, paidDeclaration, signedInUser, type TestServer } from './helpers.ts';

/**
 * Issue 20: the server answers in the reader's language — the `lang` cookie the web app keeps, else
 * Accept-Language, else Russian — and writes letters in the profile's language (a registration code in the
 * request's). The Russian answers stay exactly as they were.
 */
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const xsrf = 'c'.repeat(64);
let ipSeq = 0;
/** A request with the given language headers (and the XSRF pair the state-changing calls need). */
function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  o: { body?: object; token?: string; acceptLanguage?: string; lang?: string; noXsrf?: boolean } = {},
) {
  const cookies = [...(o.noXsrf ? [] : [`XSRF-TOKEN=${xsrf}`]), ...(o.lang ? [`lang=${o.lang}`] : [])];
  return s.app.inject({
    method,
    url,
    remoteAddress: `10.77.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.noXsrf ? {} : { 'x-xsrf-token': xsrf }),
      ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
      ...(o.acceptLanguage ? { 'accept-language': o.acceptLanguage } : {}),
    },
    ...(o.body ? { payload: o.body } : {}),
  });
}

const outbox = (email: string) =>
  s.deps.db.query<{ subject: string; text_body: string; html_body: string; code: string | null }>(
    'SELECT subject, text_body, html_body, code FROM outbox WHERE to_email = $1 ORDER BY id',
    [email],
  );

describe('the error catalogue answers in the requested language', () => {
  // two people: five wrong passwords lock an account (its own message), so each test has its own
  const emails = ['lang.login1@example.com', 'lang.login2@example.com'];
  beforeAll(async () => {
    for (const email of emails)
      await s.deps.db.query('INSERT INTO users (email, password_hash, name, surname) VALUES ($1, $2, $3, $4)', [
        email,
        await hashPassword('Strong-pass-1'),
        'Айгүл',
        'Серікова',
      ]);
  });
  const wrongLogin = (o: { acceptLanguage?: string; lang?: string }, email = emails[0]) =>
    call('POST', '/api/auth/login', { body: { email, password: 'Wrong-pass-1' }, ...o });

  it('a wrong password: Russian with no header, Kazakh by Accept-Language or by the lang cookie, English by en-US', async () => {
    const ru = await wrongLogin({});
    expect(ru.statusCode).toBe(401);
    expect(ru.json()).toEqual({
      message: 'Неверный email или пароль',
      errors: { email: ['Неверный email или пароль'] },
    });

    const kk = await wrongLogin({ acceptLanguage: 'kk' });
    expect(kk.statusCode).toBe(401);
    expect(kk.json()).toEqual({
      message: 'Email немесе құпиясөз қате',
      errors: { email: ['Email немесе құпиясөз қате'] },
    });
    // the cookie (the choice made in the web app) wins over the browser's header
    const cookie = await wrongLogin({ lang: 'kk', acceptLanguage: 'en-US,en;q=0.9' });
    expect(cookie.json().message).toBe('Email немесе құпиясөз қате');

    const en = await wrongLogin({ acceptLanguage: 'en-US,en;q=0.9,ru;q=0.8' });
    expect(en.json()).toEqual({ message: 'Wrong email or password', errors: { email: ['Wrong email or password'] } });
  });

  it('a language we do not offer falls to the next one asked for, then to Russian; a bad cookie is ignored', async () => {
    const other = emails[1];
    expect((await wrongLogin({ acceptLanguage: 'de-DE, kk;q=0.5' }, other)).json().message).toBe(
      'Email немесе құпиясөз қате',
    );
    expect((await wrongLogin({ acceptLanguage: 'fr' }, other)).json().message).toBe('Неверный email или пароль');
    expect((await wrongLogin({ lang: 'xx', acceptLanguage: 'en' }, other)).json().message).toBe(
      'Wrong email or password',
    );
    // the fifth failure locks the account: that message in the language too
    expect((await wrongLogin({ acceptLanguage: 'en' }, other)).json().message).toBe('Wrong email or password');
    expect((await wrongLogin({ acceptLanguage: 'en' }, other)).json().message).toBe(
      'The account is locked for 60 minutes after failed sign-in attempts',
    );
  });

  it('a 422 field message in English, the same in Russian without a header', async () => {
    const u = await signedInUser(s);
    const en = await call('PUT', '/api/account/language', {
      token: u.token,
      body: { language: 'de' },
      acceptLanguage: 'en',
    });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({
      message: 'Check the data you entered',
      errors: { language: ['Choose a language: ru, kk or en'] },
    });
    const ru = await call('PUT', '/api/account/language', { token: u.token, body: { language: 'de' } });
    expect(ru.json()).toEqual({
      message: 'Проверьте введенные данные',
      errors: { language: ['Выберите язык: ru, kk или en'] },
    });
  });

  it('a message with a number keeps its number: the row limit of section 250-1 (4 rows) in Kazakh', async () => {
    const u = await signedInUser(s);
    const created = await u.client.post('/api/declarations', {
      year: 2024,
      type: 1,
      kgd_code_id: 1,
      reporting_form_id: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.common_data.id as number;
    const row = { amount: '10', currency_code_id: 1 };
    for (let i = 0; i < 4; i++)
      expect((await u.client.post(`/api/declarations/${id}/deals/form-250-first-section`, row)).statusCode).toBe(201);
    const fifth = await call('POST', `/api/declarations/${id}/deals/form-250-first-section`, {
      token: u.token,
      body: row,
      acceptLanguage: 'kk-KZ',
    });
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json().message).toBe('Бұл бөлімде 4 жазбадан артық көрсетуге болмайды');
  });

  it('a server message with a number: asking for a code again too soon (60 s on the fixed clock) in Kazakh', async () => {
    const body = { email: 'lang.code@example.com', type: 1 };
    expect((await call('POST', '/api/auth/get-verification-code', { body })).statusCode).toBe(200);
    const again = await call('POST', '/api/auth/get-verification-code', { body, acceptLanguage: 'kk' });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('Кодты 60 с кейін қайта сұрауға болады');
  });

  it('too many requests (the per-address limit of registration, 10 a minute) in English', async () => {
    const from = '10.78.0.1';
    const register = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: from,
        headers: { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}`, 'accept-language': 'en' },
        payload: {},
      });
    for (let i = 0; i < 10; i++) expect((await register()).statusCode).toBe(422);
    const over = await register();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Too many requests. Please try again later.');
  });

  it("route not found, XSRF and a successful answer's message follow the language too", async () => {
    const missing = await call('GET', '/api/no-such-route', { acceptLanguage: 'kk' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Сұралған API мекенжайы жоқ');
    expect((await call('GET', '/api/no-such-route')).json().message).toBe('Запрошенный адрес API не существует');

    const u = await signedInUser(s);
    const noXsrf = await call('PUT', '/api/account/language', {
      token: u.token,
      body: { language: 'kk' },
      noXsrf: true,
      acceptLanguage: 'en',
    });
    expect(noXsrf.statusCode).toBe(403);
    expect(noXsrf.json().message).toBe('Request rejected: reload the page and repeat the action');

    const changed = await call('POST', '/api/account/get-code-change-email', {
      token: u.token,
      body: { email: 'lang.moved@example.com' },
      acceptLanguage: 'en',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe('The code confirming the new email has been sent to your old email.');
  });
});

describe('the profile language', () => {
  it('is null until chosen, then kept: PUT /api/account/language 204, GET /api/authenticated shows it', async () => {
    const u = await signedInUser(s);
    const profile = async () => (await u.client.get('/api/authenticated')).json().data.language;
    expect(await profile()).toBeNull();
    const put = await u.client.put('/api/account/language', { language: 'kk' });
    expect(put.statusCode).toBe(204);
    expect(put.body).toBe('');
    expect(await profile()).toBe('kk');
    expect((await u.client.put('/api/account/language', { language: 'en' })).statusCode).toBe(204);
    expect(await profile()).toBe('en');
    expect((await s.client().put('/api/account/language', { language: 'ru' })).statusCode).toBe(401);
  });

  it('registration keeps the request language, and the code letter is written in it', async () => {
    const email = 'lang.register@example.com';
    const kk = { acceptLanguage: 'kk' };
    expect(
      (await call('POST', '/api/auth/get-verification-code', { body: { email, type: 1 }, ...kk })).statusCode,
    ).toBe(200);
    const [letter] = await outbox(email);
    expect(letter?.subject).toBe('Декларантта тіркелуді растау коды');
    expect(letter?.text_body).toContain(`Сіздің растау кодыңыз: ${letter?.code}`);
    expect(letter?.html_body).toContain('<html lang="kk">');
    const res = await call('POST', '/api/auth/register', {
      ...kk,
      body: {
        name: 'Айгүл',
        surname: 'Серікова',
        phone: '+7 (701) 234-56-78',
        email,
        password: 'Strong-pass-1',
        password_confirmation: 'Strong-pass-1',
        code: letter?.code,
        personalDataCheck: true,
        publicOfferCheck: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const me = await s.client(res.json().token).get('/api/authenticated');
    expect(me.json().data.language).toBe('kk');
  });

  it('a letter to a person whose profile says kk is in Kazakh, whatever language the request asked for', async () => {
    const u = await signedInUser(s);
    await u.client.put('/api/account/language', { language: 'kk' });
    // a Russian request (no header): the letter still follows the profile
    const res = await u.client.post('/api/account/get-code-change-email', { email: 'lang.kk.new@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Код подтверждения новой почты был отправлен на старую почту.');
    const [letter] = await outbox(u.email);
    expect(letter?.subject).toBe('Декларантта email-ді ауыстыру');
    expect(letter?.text_body).toContain(
      'Сіз тіркелгі email-ін lang.kk.new@example.com мекенжайына ауыстыруды сұраттыңыз.',
    );
    expect(letter?.text_body).toContain(`Растау коды: ${letter?.code}`);
    expect(letter?.text_body).toContain('— Декларант командасы');
    expect(letter?.text_body).not.toMatch(/Код подтверждения|Вы запросили/);
  });

  it('a Russian profile keeps the Russian letter', async () => {
    const u = await signedInUser(s);
    await u.client.put('/api/account/language', { language: 'ru' });
    await call('POST', '/api/account/get-code-change-email', {
      token: u.token,
      body: { email: 'lang.ru.new@example.com' },
      acceptLanguage: 'en',
    });
    const [letter] = await outbox(u.email);
    expect(letter?.subject).toBe('Смена email в Декларанте');
    expect(letter?.text_body).toContain('Вы запросили смену email учетной записи на lang.ru.new@example.com.');
  });
});

describe('the tax engine’s texts in the reader’s language', () => {
  const engine = (lng: Language, key: string, params?: Record<string, unknown>) =>
    translator().t(lng, `engine:${key}`, params);
  type Line = { field: string; rule: string; article: string; label: string; deals: { section_title: string }[] };
  type Warning = { code: string; text: string; title?: string };

  /** A paid 2025 form 270.00 with one sale abroad at a given rate: (3000 − 2000) × 470 = 470 000 tenge. */
  async function declarationWithSale(userId: number): Promise<number> {
    const id = await paidDeclaration(s, userId, {
      year: 2025,
      personal_data: { iin: '900101300126', surname: 'Иванов', name: 'Иван', phone: '+77011234567' },
    });
    await dealsRepo(s.deps.db).insert(
      id,
      'second_section',
      {
        transaction_date: '01.06.2025',
        currency_code: 'USD',
        fields: {
          name_security: 'Apple',
          isin_security: 'US0378331005',
          quantity: '10',
          sale_closing_cost: '3000',
          purchase_opening_cost: '2000',
          rate: '470',
          country_code: 'USA',
          operation_type_id: 1,
        },
      },
      s.clock.now(),
    );
    return id;
  }

  it('step 6 explains each line in kk and en (a value carried over), Russian unchanged', async () => {
    const u = await signedInUser(s);
    const id = await declarationWithSale(u.id);
    const lines = async (acceptLanguage?: string) => {
      const res = await call('GET', `/api/declarations/${id}/calculation`, {
        token: u.token,
        ...(acceptLanguage ? { acceptLanguage } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json().data.lines as Line[]).map((l) => [l.field, l]));
    };
    const ru = await lines();
    // 2025: losses abroad are netted; the explanation carries the year's net result
    const netted = ru.get('from_sale_property_outside_rk');
    expect(netted?.rule).toBe(LINE_TEXT.from_sale_property_outside_rk_netted('470000'));
    expect(netted?.rule).toContain('= 470000 тенге');
    expect(ru.get('total_income_tax')?.rule).toBe(LINE_TEXT.total);
    expect(netted?.deals[0]?.section_title).toBe('II Реализация ценных бумаг за рубежом');
    expect(netted?.article).toBe('НК-2018 ст. 332 (в ред. Закона от 15.07.2025)');

    for (const lng of ['kk', 'en'] as const) {
      const other = await lines(lng);
      const line = other.get('from_sale_property_outside_rk');
      expect(line?.rule).toBe(engine(lng, 'line.from_sale_property_outside_rk_netted', { net: '470000' }));
      expect(line?.rule).toContain('470000');
      expect(other.get('total_income_tax')?.rule).toBe(engine(lng, 'line.total'));
      expect(other.get('amount_of_IPN_final')?.rule).toBe(engine(lng, 'line.final'));
      expect(line?.label).toBe(translator().t(lng, 'calculation:lines.from_sale_property_outside_rk'));
      expect(line?.deals[0]?.section_title).toBe(`II ${translator().t(lng, 'fields:section.second_section.title')}`);
      // the citation in the reader's words (written by hand from the citation.* keys)
      expect(line?.article).toBe(
        lng === 'kk'
          ? 'СК-2018 332-бап (15.07.2025 Заңының редакциясында)'
          : 'Tax Code 2018 art. 332 (as amended by the Law of 15.07.2025)',
      );
      // every explanation and citation of the engine is translated: no Russian is left in English
      if (lng === 'en')
        for (const l of other.values()) {
          expect(l.rule).not.toMatch(/[\u0400-\u04FF]/);
          expect(l.article).not.toMatch(/[\u0400-\u04FF]/);
        }
    }
    // the Russian answer is still the one cached and served before
    expect((await lines()).get('from_sale_property_outside_rk')?.rule).toBe(netted?.rule);
  });

  it('the deal form’s warnings (calculate-profit, the saved deal, the section list) in kk and en', async () => {
    const u = await signedInUser(s);
    const created = await u.client.post('/api/declarations', {
      year: 2024,
      type: 1,
      kgd_code_id: 1,
      reporting_form_id: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.common_data.id as number;
    const { broker_bin: _b, ...noBin } = { ...APPLE_SALE_2025, transaction_date: '14.06.2024' };
    const body = { ...noBin, purchase_opening_cost: '100' };
    const warnings = async (acceptLanguage?: string) => {
      const res = await call('POST', `/api/declarations/${id}/deals/first-section-a/calculate-profit`, {
        token: u.token,
        body,
        ...(acceptLanguage ? { acceptLanguage } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json().data.warnings as Warning[]).map((w) => [w.code, w]));
    };
    const ru = await warnings();
    expect(ru.get('acquisition_below_80')).toMatchObject({
      text: TEXT.acquisitionBelow(80),
      title: TEXT.acquisitionTitle,
    });
    expect(ru.get('no_broker_bin')?.text).toBe(TEXT.noBrokerBin);
    for (const lng of ['kk', 'en'] as const) {
      const w = await warnings(lng);
      expect(w.get('acquisition_below_80')).toMatchObject({
        text: engine(lng, 'warning.acquisitionBelow', { percent: 80 }),
        title: engine(lng, 'warning.acquisitionTitle'),
      });
      expect(w.get('no_broker_bin')?.text).toBe(engine(lng, 'warning.noBrokerBin'));
    }

    // a saved deal with the 80 % error: its warnings in the list and on its own page follow the language too
    const saved = await call('POST', `/api/declarations/${id}/deals/first-section-a`, {
      token: u.token,
      body: { ...body, broker_bin: APPLE_SALE_2025.broker_bin },
      acceptLanguage: 'kk',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const kkText = engine('kk', 'warning.acquisitionBelow', { percent: 80 });
    expect((saved.json().data.warnings as Warning[]).map((x) => x.text)).toContain(kkText);
    const dealId = saved.json().data.id as number;
    const list = await call('GET', `/api/declarations/${id}/deals/first-section-a`, {
      token: u.token,
      acceptLanguage: 'kk',
    });
    expect((list.json().data[0].warnings as Warning[]).map((x) => x.text)).toContain(kkText);
    const one = await call('GET', `/api/declarations/${id}/deals/first-section-a/${dealId}`, {
      token: u.token,
      acceptLanguage: 'en',
    });
    expect((one.json().data.warnings as Warning[]).map((x) => x.text)).toContain(
      engine('en', 'warning.acquisitionBelow', { percent: 80 }),
    );
    const ruList = await call('GET', `/api/declarations/${id}/deals/first-section-a`, { token: u.token });
    expect((ruList.json().data[0].warnings as Warning[]).map((x) => x.text)).toContain(TEXT.acquisitionBelow(80));
  });

  it('why a deal needs information (our stored Russian text) in the list and on step 6, in kk and en', async () => {
    const u = await signedInUser(s);
    const id = await declarationWithSale(u.id);
    await s.deps.db.query('UPDATE deals SET comment = $2 WHERE declaration_id = $1', [id, MSG.dealNeedsInfo]);
    const comments = async (acceptLanguage?: string) => {
      const opts = { token: u.token, ...(acceptLanguage ? { acceptLanguage } : {}) };
      const list = await call('GET', `/api/declarations/${id}/deals/second-section`, opts);
      const calc = await call('GET', `/api/declarations/${id}/calculation`, opts);
      const line = (calc.json().data.lines as { field: string; deals: { comment: string | null }[] }[]).find(
        (l) => l.field === 'from_sale_property_outside_rk',
      );
      return [list.json().data[0].comment, line?.deals[0]?.comment];
    };
    expect(await comments()).toEqual([MSG.dealNeedsInfo, MSG.dealNeedsInfo]);
    for (const lng of ['kk', 'en'] as const) {
      const text = translator().t(lng, 'errors:dealNeedsInfo');
      expect(text).not.toBe(MSG.dealNeedsInfo);
      expect(await comments(lng)).toEqual([text, text]);
    }
  });
});
