import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';
import { paymentKit } from './payment-kit.ts';
import { REDIRECT, signingKit } from './signing-kit.ts';

/**
 * The sandbox pages are opened by the browser itself (no Accept-Language set by the web app): they follow the
 * `lang` cookie the web app keeps, else the browser's Accept-Language, else Russian (issue 20).
 */
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

const { awaitingPayment } = paymentKit(() => s);
const { readyToSign } = signingKit(() => s);

/** The sandbox Robokassa page address of a fresh invoice (signed like the real one). */
async function robokassaPage(): Promise<string> {
  const u = await signedInUser(s);
  const { id, paymentId } = await awaitingPayment(u.client);
  const link = await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`);
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json().url, 'http://x');
  return `${url.pathname}${url.search}`;
}

const open = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

describe('sandbox pages in the reader language', () => {
  it('the payment page: Russian by default, Kazakh with the cookie lang=kk, English with Accept-Language: en', async () => {
    const url = await robokassaPage();

    const ru = await open(url);
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain('<title>Оплата — Robokassa (песочница)</title>');
    expect(ru.body).toContain('<h1>Оплата картой</h1>');
    expect(ru.body).toContain('<dt>Счет</dt>');
    expect(ru.body).toContain('value="pay">Оплатить</button>');

    // the cookie is the choice made in the app: it wins over the browser's own language
    const kk = await open(url, { cookie: 'XSRF-TOKEN=x; lang=kk', 'accept-language': 'en-US,en;q=0.9' });
    expect(kk.statusCode).toBe(200);
    expect(kk.body).toContain('<html lang="kk">');
    expect(kk.body).toContain('<title>Төлем — Robokassa (құмсалғыш)</title>');
    expect(kk.body).toContain('<h1>Картамен төлеу</h1>');
    expect(kk.body).toContain('<dt>Шот</dt>');
    expect(kk.body).toContain('value="pay">Төлеу</button>');
    expect(kk.body).not.toContain('Оплатить');

    const en = await open(url, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<h1>Card payment</h1>');
    expect(en.body).toContain('<label for="card">Card number</label>');
    expect(en.body).toContain('value="cancel">Decline</button>');
    expect(en.body).not.toContain('Оплата картой');
  });

  it('an unknown cookie value falls back to Accept-Language; the error page follows it too', async () => {
    const bad = await open('/api/sandbox/robokassa/pay?InvId=1', { cookie: 'lang=de', 'accept-language': 'kk-KZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<html lang="kk">');
    expect(bad.body).toContain('<h1>Сұрау параметрлері қате</h1>');
    const ru = await open('/api/sandbox/robokassa/pay?InvId=1');
    expect(ru.body).toContain('<h1>Неверные параметры запроса</h1><p class="error">Подпись запроса не совпадает.</p>');
  });

  it('the signing page in Kazakh with the cookie and in English with Accept-Language', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client);
    expect((await u.client.get(`/api/signing/${id}/prepare-for-signing`)).statusCode).toBe(200);
    const res = await u.client.post(`/api/signing/${id}/get-url-for-signing`, { redirect_uri: REDIRECT });
    expect(res.statusCode, res.body).toBe(200);
    const u2 = new URL(res.json().url, 'http://x');
    const url = `${u2.pathname}${u2.search}`;

    const kk = await open(url, { cookie: 'lang=kk' });
    expect(kk.statusCode).toBe(200);
    expect(kk.body).toContain('<html lang="kk">');
    expect(kk.body).toContain('<h1>Құжатқа қол қою</h1>');
    expect(kk.body).toContain('value="sign">Қол қою</button>');

    const en = await open(url, { 'accept-language': 'en-GB;q=0.8, fr' });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('value="sign">Sign</button>');
    expect(en.body).toContain('<dt>Document</dt>');
    expect(en.body).not.toContain('Подписать');

    const ru = await open(url);
    expect(ru.body).toContain('value="sign">Подписать</button>');
    expect(ru.body).toContain('<title>Подписание — песочница</title>');

    // «Отмена» sends the browser back with the reason the signing page shows, in the same language
    const cancel = (headers: Record<string, string>) =>
      s.app.inject({
        method: 'POST',
        url: '/api/sandbox/signer/decide',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({
          scope: u2.searchParams.get('scope') ?? '',
          redirect_uri: u2.searchParams.get('redirect_uri') ?? '',
          state: u2.searchParams.get('state') ?? '',
          response_type: 'code',
          action: 'cancel',
        }).toString(),
      });
    const reason = async (headers: Record<string, string>) =>
      new URL(String((await cancel(headers)).headers.location)).searchParams.get('error_description');
    expect(await reason({ cookie: 'lang=kk' })).toBe('Пайдаланушы қол қоюдан бас тартты');
    expect(await reason({})).toBe('Пользователь отменил подписание');
  });
});
