import { MSG } from '@deklarant/contracts';
import { templateFor } from '@deklarant/documents';
import en from '@deklarant/i18n/locales/en/checks.json';
import enErrors from '@deklarant/i18n/locales/en/errors.json';
import kk from '@deklarant/i18n/locales/kk/checks.json';
import kkErrors from '@deklarant/i18n/locales/kk/errors.json';
import ru from '@deklarant/i18n/locales/ru/checks.json';
import { translator } from '@deklarant/i18n/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';
import { signingKit } from './signing-kit.ts';

/**
 * Issue 20: the template check before signing (packages/documents, the `checks` catalogue) refuses in the
 * reader's language: the list of what to fix in Kazakh or English, with the values (the field's label, the
 * form, the length, what was entered) in their places and the field's label in that language where the
 * catalogues have it; Russian exactly as before.
 */
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const xsrf = 'b'.repeat(64);
const call = (method: 'GET' | 'POST', url: string, token: string, lang?: string) =>
  s.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });

/** A catalogue text with its values, as i18next writes it ({{name}} replaced). */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

const SURNAME = 'Иванов'.repeat(20); // 120 characters: the form's boxes hold 100
const FULL_NAME = `${SURNAME} Тест`; // head_name: surname and first name, too long as well
const TITLE = 'ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 270.00)';

/**
 * The Kazakh label of the 270.00 template (its Kazakh list, where it has one), else the catalogue's Kazakh
 * for the Russian label: what the check prints for kk.
 */
function kazakh(code: string | undefined): string {
  const t = templateFor('270.00', 2025);
  const kk = t.kazakhLabels?.get(code ?? '')?.trim();
  return kk || translator().localize('kk', t.labels.get(code ?? '') ?? '');
}
const page1 = () => templateFor('270.00', 2025).forms[0]?.pages[0];
const labelCode = (name: string) => page1()?.fields.find((f) => f.name === name)?.labelCode;

/** The two problems of the declaration below in one language: the catalogue sentence with its values. */
const problems = (cat: typeof ru, labels: { surname: string; fullName: string; title: string }): string[] => [
  fill(cat.value.maxChars.titled, {
    field: labels.surname,
    form: '270.00',
    title: labels.title,
    n: 100,
    value: SURNAME,
  }),
  fill(cat.value.maxChars.titled, {
    field: labels.fullName,
    form: '270.00',
    title: labels.title,
    n: 100,
    value: FULL_NAME,
  }),
];

describe('a declaration failing the template check', () => {
  let id: number;
  let token: string;
  beforeAll(async () => {
    const user = await signedInUser(s);
    token = user.token;
    id = await signingKit(() => s).readyToSign(user.client);
    await s.deps.db.query(
      `UPDATE declarations SET personal_data = personal_data || jsonb_build_object('surname', $2::text) WHERE id = $1`,
      [id, SURNAME],
    );
  });
  const RU = () => problems(ru, { surname: 'Фамилия', fullName: 'Ф.И.О. налогоплательщика (полностью)', title: TITLE });
  const KK = () =>
    problems(kk, {
      surname: kazakh(labelCode('fio1')),
      fullName: kazakh(labelCode('head_name')),
      title: kazakh(page1()?.titleCode),
    });
  // English is not a language of the official form: a label the catalogues do not have is printed as on the form
  const EN = () => problems(en, { surname: 'Surname', fullName: 'Ф.И.О. налогоплательщика (полностью)', title: TITLE });

  it('cannot be signed: Russian exactly as before', async () => {
    const res = await call('GET', `/api/signing/${id}/prepare-for-signing`, token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message:
        `Проверьте введенные данные: «Фамилия» (форма 270.00, «${TITLE}»): не длиннее 100 символов, указано «${SURNAME}»; ` +
        `«Ф.И.О. налогоплательщика (полностью)» (форма 270.00, «${TITLE}»): не длиннее 100 символов, указано «${FULL_NAME}»`,
    });
    expect(res.json().message).toBe(`${MSG.checkInput}: ${RU().join('; ')}`);
  });

  it('in Kazakh: the catalogue sentences with the values, the labels in Kazakh', async () => {
    const res = await call('GET', `/api/signing/${id}/prepare-for-signing`, token, 'kk');
    expect(res.statusCode).toBe(422);
    const message = res.json().message as string;
    expect(message).toBe(`${kkErrors.checkInput}: ${KK().join('; ')}`);
    expect(message).toMatch(/^Енгізілген деректерді тексеріңіз: «Тегі» \(270\.00 нысаны, «/);
    expect(message).toContain('100 таңбадан ұзын болмауы керек, көрсетілгені');
    // the same from the signing link (the web's «Подписать» asks for it, preparing the file when needed)
    const url = await s.app.inject({
      method: 'POST',
      url: `/api/signing/${id}/get-url-for-signing`,
      headers: {
        authorization: `Bearer ${token}`,
        'x-xsrf-token': xsrf,
        cookie: `XSRF-TOKEN=${xsrf}; lang=kk`,
      },
      payload: { redirect_uri: 'http://localhost:8080/aitu-process' },
    });
    expect(url.statusCode).toBe(422);
    expect(url.json().message).toBe(message);
  });

  it('in English: the catalogue sentences with the values, the labels in English where the catalogues have them', async () => {
    const res = await call('GET', `/api/signing/${id}/prepare-for-signing`, token, 'en-US,en;q=0.9');
    expect(res.statusCode).toBe(422);
    const message = res.json().message as string;
    expect(message).toBe(`${enErrors.checkInput}: ${EN().join('; ')}`);
    expect(message).toMatch(/^Check the data you entered: “Surname” \(form 270\.00, “/);
    expect(message).toContain('too long (the limit is 100 characters); the value given is');
  });

  it('the XML download lists the same problems in the reader’s language', async () => {
    const ruRes = await call('POST', `/api/declarations/${id}/generate-xml`, token);
    expect(ruRes.statusCode).toBe(422);
    expect(ruRes.json()).toEqual({ message: MSG.xmlInvalid, errors: { xml: RU() } });
    const enRes = await call('POST', `/api/declarations/${id}/generate-xml`, token, 'en');
    expect(enRes.json()).toEqual({ message: enErrors.xmlInvalid, errors: { xml: EN() } });
    const kkRes = await call('POST', `/api/declarations/${id}/generate-xml`, token, 'kk');
    expect(kkRes.json()).toEqual({ message: kkErrors.xmlInvalid, errors: { xml: KK() } });
  });
});
