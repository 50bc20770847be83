import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEpayClient } from '../src/providers/payment/epay.ts';
import { ProviderRejected, ProviderUnavailable } from '../src/providers/payment/errors.ts';
import { createRobokassa, initSignatureBase, md5, resultSignatureBase } from '../src/providers/payment/robokassa.ts';
import { createAituSigner } from '../src/providers/signing/aitu.ts';
import { sandboxTestKeyPair, signXml, stripSignature, verifyXmlSignature } from '../src/providers/signing/xmldsig.ts';

/** A local fake provider on 127.0.0.1: records requests, answers with the handler's reply. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
async function fakeServer(
  handler: (req: Seen) => { status?: number; json?: unknown; text?: string },
): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(s);
      const r = handler(s);
      res.statusCode = r.status ?? 200;
      if (r.json !== undefined) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(r.json));
      } else res.end(r.text ?? '');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, server };
}
const formField = (body: string, name: string) => body.match(new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`))?.[1];

describe('Robokassa signatures (docs.robokassa.ru code examples)', () => {
  it('init signature: the documented example test:5.12:5:securepass1 (MD5, lower-case hex)', () => {
    const base = initSignatureBase({ login: 'test', outSum: '5.12', invId: '5', password1: 'securepass1' });
    expect(base).toBe('test:5.12:5:securepass1');
    // computed independently: printf 'test:5.12:5:securepass1' | md5sum
    expect(md5(base)).toBe('d33ad746fefb057705993fc6662c5beb');
  });

  it('without InvId the base keeps the empty field: MerchantLogin:OutSum::Password#1', () => {
    expect(initSignatureBase({ login: 'test', outSum: '5.12', password1: 'securepass1' })).toBe(
      'test:5.12::securepass1',
    );
  });

  it('Shp_ parameters are appended sorted by name as key=value', () => {
    const base = initSignatureBase({
      login: 'test',
      outSum: '5.12',
      invId: '5',
      password1: 'securepass1',
      shp: { Shp_b: '2', Shp_a: '1' },
    });
    expect(base).toBe('test:5.12:5:securepass1:Shp_a=1:Shp_b=2');
    expect(md5(base)).toBe('d2a2fc6c78a69a5bc966254ed5f40a56');
  });

  it('ResultURL: OutSum:InvId:Password#2, compared case-insensitively, over the exact OutSum received', () => {
    const gw = createRobokassa(
      { login: 'test', password1: 'securepass1', password2: 'securepass2', url: 'https://x/Index.aspx', isTest: true },
      'real',
    );
    expect(resultSignatureBase({ outSum: '5.12', invId: '5', password: 'securepass2' })).toBe('5.12:5:securepass2');
    // printf '5.12:5:securepass2' | md5sum
    const sig = '5e000357e91de9ac78f9df163eceefa8';
    expect(gw.verifyResult({ OutSum: '5.12', InvId: '5', SignatureValue: sig.toUpperCase() })).toMatchObject({
      ok: true,
      invId: '5',
    });
    expect(gw.verifyResult({ OutSum: '5.120000', InvId: '5', SignatureValue: sig })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(gw.verifyResult({ OutSum: '5.12', InvId: '6', SignatureValue: sig })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(gw.verifyResult({ OutSum: '5.12', InvId: '5' })).toEqual({ ok: false, reason: 'missing_fields' });
    // Password#1 is not accepted on the server notification
    expect(gw.verifyResult({ OutSum: '5.12', InvId: '5', SignatureValue: md5('5.12:5:securepass1') }).ok).toBe(false);
    expect(gw.verifySuccess({ OutSum: '5.12', InvId: '5', SignatureValue: md5('5.12:5:securepass1') }).ok).toBe(true);
  });

  it('the payment URL carries MerchantLogin, OutSum, InvId, Description, IsTest and the Password#1 signature', () => {
    const gw = createRobokassa(
      {
        login: 'test',
        password1: 'securepass1',
        password2: 'p2',
        url: 'https://auth.robokassa.kz/Merchant/Index.aspx',
        isTest: true,
      },
      'real',
    );
    const u = new URL(gw.paymentUrl({ invId: '5', outSum: '5.12', description: 'Декларация' }));
    expect(u.origin + u.pathname).toBe('https://auth.robokassa.kz/Merchant/Index.aspx');
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      MerchantLogin: 'test',
      OutSum: '5.12',
      InvId: '5',
      Description: 'Декларация',
      SignatureValue: 'd33ad746fefb057705993fc6662c5beb',
      IsTest: '1',
      Culture: 'ru',
    });
  });
});

describe('Halyk ePay client against a local fake server', () => {
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  let mode: 'ok' | 'down' | 'denied' = 'ok';
  beforeAll(async () => {
    fake = await fakeServer((req) => {
      if (mode === 'down') return { status: 503, text: 'maintenance' };
      if (req.url === '/oauth2/token') {
        if (mode === 'denied') return { status: 401, json: { error: 'invalid_client' } };
        return {
          json: {
            access_token: `tok-${req.body.length}`,
            expires_in: 7200,
            refresh_token: '',
            scope: 'payment',
            token_type: 'Bearer',
          },
        };
      }
      if (req.url.startsWith('/check-status/payment/transaction/')) {
        const inv = req.url.split('/').pop();
        return {
          json: {
            resultCode: '100',
            resultMessage: 'success',
            transaction: { invoiceID: inv, amount: 20000, currency: 'KZT', statusName: 'CHARGE' },
          },
        };
      }
      return { status: 404, json: {} };
    });
  });
  afterAll(() => fake.server.close());
  const client = () =>
    createEpayClient({
      clientId: 'test',
      clientSecret: 'yF587AV9Ms94qN2QShFzVR3vFnWkhjbAK3sG',
      terminal: '67e34d63-102f-4bd1-898e-370781d0074d',
      oauthUrl: `${fake.url}/oauth2/token`,
      apiUrl: fake.url,
      scriptUrl: 'https://test-epay.homebank.kz/payform/payment-api.js',
    });

  it('requests the token with client credentials and the payment fields (multipart form)', async () => {
    mode = 'ok';
    const tok = await client().getToken({
      invoiceId: '100000123',
      amount: '20000.00',
      postLink: 'https://app/api/payments/callback/epay',
      failurePostLink: 'https://app/api/payments/callback/epay',
      secretHash: 'echo-me',
    });
    expect(tok.access_token).toMatch(/^tok-/);
    expect(tok.token_type).toBe('Bearer');
    const req = fake.seen.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data/);
    const body = req?.body ?? '';
    expect(formField(body, 'grant_type')).toBe('client_credentials');
    expect(formField(body, 'client_id')).toBe('test');
    expect(formField(body, 'invoiceID')).toBe('100000123');
    expect(formField(body, 'amount')).toBe('20000.00');
    expect(formField(body, 'currency')).toBe('KZT');
    expect(formField(body, 'terminal')).toBe('67e34d63-102f-4bd1-898e-370781d0074d');
    expect(formField(body, 'secret_hash')).toBe('echo-me');
    expect(formField(body, 'postLink')).toBe('https://app/api/payments/callback/epay');
    expect(formField(body, 'scope')).toContain('payment');
  });

  it('checks a transaction status with a bearer token', async () => {
    mode = 'ok';
    const st = await client().checkStatus('100000123');
    expect(st.resultCode).toBe('100');
    expect(st.transaction?.statusName).toBe('CHARGE');
    const req = fake.seen.at(-1);
    expect(req?.url).toBe('/check-status/payment/transaction/100000123');
    expect(req?.headers.authorization).toMatch(/^Bearer tok-/);
  });

  it('a provider that is down is ProviderUnavailable; refused credentials are ProviderRejected', async () => {
    mode = 'down';
    await expect(client().checkStatus('1')).rejects.toBeInstanceOf(ProviderUnavailable);
    mode = 'denied';
    await expect(
      client().getToken({ invoiceId: '1', amount: '1', postLink: 'x', failurePostLink: 'x', secretHash: 's' }),
    ).rejects.toBeInstanceOf(ProviderRejected);
    mode = 'ok';
  });

  it('an unreachable provider is ProviderUnavailable', async () => {
    const c = createEpayClient({
      clientId: 'x',
      clientSecret: 'y',
      terminal: 't',
      oauthUrl: 'http://127.0.0.1:9/oauth2/token',
      apiUrl: 'http://127.0.0.1:9',
      scriptUrl: 'x',
    });
    await expect(c.checkStatus('1')).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('Aitu Passport signer against a local fake server', () => {
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  const used = new Set<string>();
  beforeAll(async () => {
    fake = await fakeServer((req) => {
      if (req.url === '/api/v2/oauth/signable/xml') return { json: { signableId: 'sig-1' } };
      if (req.url === '/oauth2/token') {
        const code = new URLSearchParams(req.body).get('code') ?? '';
        if (used.has(code)) return { status: 400, json: { error: 'invalid_grant' } };
        used.add(code);
        return { json: { access_token: 'at-1', token_type: 'Bearer', expires_in: 600 } };
      }
      if (req.url === '/api/v2/oauth/signatures') {
        return { json: [{ signableId: 'sig-1', signature: Buffer.from('<a>signed</a>').toString('base64') }] };
      }
      return { status: 404, json: {} };
    });
  });
  afterAll(() => fake.server.close());

  it('uploads, builds the authorization URL, exchanges a code once and fetches the signed document', async () => {
    const s = createAituSigner({ baseUrl: fake.url, clientId: 'cid', clientSecret: 'sec' });
    expect(await s.upload({ name: 'd.xml', xml: '<a/>' })).toEqual({ signableId: 'sig-1' });
    const up = fake.seen.at(-1);
    expect(up?.headers.authorization).toBe(`Basic ${Buffer.from('cid:sec').toString('base64')}`);
    expect(JSON.parse(up?.body ?? '{}')).toEqual({ name: 'd.xml', bytes: Buffer.from('<a/>').toString('base64') });
    const u = new URL(s.authorizeUrl({ redirectUri: 'https://app/aitu-process', state: 'st', signableIds: ['sig-1'] }));
    expect(u.pathname).toBe('/oauth2/auth');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://app/aitu-process',
      state: 'st',
      scope: 'openid sign.sig-1',
      locale: 'ru',
    });
    expect(await s.exchangeCode({ code: 'c1', redirectUri: 'https://app/aitu-process' })).toEqual({
      accessToken: 'at-1',
    });
    const tokenReq = fake.seen.at(-1);
    expect(new URLSearchParams(tokenReq?.body).get('grant_type')).toBe('authorization_code');
    await expect(s.exchangeCode({ code: 'c1', redirectUri: 'https://app/aitu-process' })).rejects.toMatchObject({
      reason: 'code_used',
    });
    expect(await s.signedDocuments('at-1')).toEqual([{ signableId: 'sig-1', signedXml: '<a>signed</a>' }]);
    expect(fake.seen.at(-1)?.headers.authorization).toBe('Bearer at-1');
  });
});

describe('XMLDSig with the TEST-ONLY certificate', () => {
  const xml = '<?xml version="1.0" encoding="UTF-8"?><fno code="270.00"><field name="iin">900101300126</field></fno>';
  it('signs and verifies; a changed value or another certificate is refused', () => {
    const keys = sandboxTestKeyPair();
    const signed = signXml(xml, keys);
    expect(signed).toContain('SignatureValue');
    expect(signed).toContain('X509Certificate');
    expect(verifyXmlSignature(signed, keys.cert)).toEqual({ valid: true });
    expect(verifyXmlSignature(signed.replace('900101300126', '900101300124'), keys.cert).valid).toBe(false);
    expect(verifyXmlSignature(xml, keys.cert)).toEqual({ valid: false, reason: 'no_signature' });
    // another (untrusted) certificate: generated here with openssl
    const dir = mkdtempSync(join(tmpdir(), 'cert-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'k.pem'),
        '-out',
        join(dir, 'c.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=other',
      ],
      { stdio: 'ignore' },
    );
    const other = { key: readFileSync(join(dir, 'k.pem'), 'utf8'), cert: readFileSync(join(dir, 'c.pem'), 'utf8') };
    expect(verifyXmlSignature(signed, other.cert)).toEqual({ valid: false, reason: 'untrusted_certificate' });
    expect(verifyXmlSignature(signXml(xml, other), keys.cert).valid).toBe(false);
    expect(stripSignature(signed)).not.toContain('Signature');
  });
});
