import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/lib/actor.ts';
import { decryptApiKey, encryptApiKey } from '../src/modules/partners/secret.ts';
import { assertUploadAllowed } from '../src/modules/partners/service.ts';
import { createTestServer, signedInUser, type TestClient, type TestServer } from './helpers.ts';

let s: TestServer;
let c: TestClient;
beforeAll(async () => {
  s = await createTestServer();
  c = s.client();
});
afterAll(async () => {
  await s.close();
});

const NEW_270 = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };
const PASSWORD = 'Strong-pass-1';

async function brokerLogin(id: string, bank_name?: string) {
  const res = await c.post('/api/auth/login-via-broker', { id, ...(bank_name !== undefined ? { bank_name } : {}) });
  return res;
}

async function register(email: string) {
  await c.post('/api/auth/get-verification-code', { email, type: 1 });
  const { code } = (await c.get(`/api/dev/outbox?email=${email}`)).json().data[0];
  const res = await c.post('/api/auth/register', {
    name: 'Алия',
    surname: 'Нурланова',
    phone: '+7 (701) 234-56-78',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    code,
    personalDataCheck: true,
    publicOfferCheck: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}

describe('login via broker', () => {
  it.each(['10001', '10002', '10003'])('logs demo client %s in with a B2B session', async (id) => {
    const res = await brokerLogin(id, 'demo');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[\w-]{20,}$/);
    expect(typeof body.broker).toBe('string');
    const me = (await s.client(body.token).get('/api/authenticated')).json().data;
    expect(me.session).toBe('B2B');
    expect(me.bankName).toBe('demo');
    const cur = (await s.client(body.token).get('/api/partners/current')).json().data;
    expect(cur).toMatchObject({ session: 'B2B', has_email: false, initial_step: 1, partner: { name: 'demo' } });
  });

  it('the same client gets the same account; bank_name defaults to demo and is case-insensitive', async () => {
    const a = (await brokerLogin('10001')).json().token;
    const b = (await brokerLogin('10001', 'DEMO')).json().token;
    const idA = (await s.client(a).get('/api/authenticated')).json().data.id;
    const idB = (await s.client(b).get('/api/authenticated')).json().data.id;
    expect(idA).toBe(idB);
  });

  it('halykfinance (any case) selects the bank variant', async () => {
    const res = await brokerLogin('10002', 'HalykFinance');
    expect(res.statusCode).toBe(200);
    const cur = (await s.client(res.json().token).get('/api/partners/current')).json().data;
    expect(cur.partner).toMatchObject({
      name: 'halykfinance',
      theme: 'halyk',
      price: '8000.00',
      pdf_preview: false,
      skip_personal_data: true,
      redirect_to_mobile: true,
      allow_upload: true,
    });
    expect(cur.partner.links.mobile_download).toMatch(/^https:\/\//);
  });

  it('refuses an unknown client or partner in Russian', async () => {
    const unknown = await brokerLogin('99999', 'demo');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/Клиент с таким идентификатором не найден/);
    const bad = await brokerLogin('../../x', 'demo');
    expect(bad.statusCode).toBe(404);
    const partner = await brokerLogin('10001', 'nosuchbank');
    expect(partner.statusCode).toBe(404);
    expect(partner.json().message).toMatch(/Партнер не найден/);
  });
});

describe('B2B isolation', () => {
  it("a B2B token cannot reach another client's declaration", async () => {
    const t1 = (await brokerLogin('10001', 'demo')).json().token;
    const t2 = (await brokerLogin('10003', 'demo')).json().token;
    const created = await s.client(t1).post('/api/declarations', NEW_270);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.common_data.id;
    expect((await s.client(t1).get(`/api/declarations/${id}`)).statusCode).toBe(200);
    const other = await s.client(t2).get(`/api/declarations/${id}`);
    expect(other.statusCode).toBe(404);
    expect((await s.client(t2).delete(`/api/declarations/${id}`)).statusCode).toBe(404);
    const list = (await s.client(t2).get('/api/declarations')).json();
    expect(JSON.stringify(list)).not.toContain(`"id":${id},`);
    // a B2B token with another user's id in the admin path parameters is not a manager token
    const other2 = (await s.client(t2).get('/api/authenticated')).json().data.id;
    const forged = await s.client().get(`/api/declarations/${id}?token=${t2}&manager_id=${other2}&user_id=1`);
    expect(forged.statusCode).toBe(401);
  });
});

describe('B2B registration sub-steps and connect-client-to-account', () => {
  it('registers an email with a code: then the initial step is 3, and 2 once there are declarations', async () => {
    const token = (await brokerLogin('10002', 'demo')).json().token;
    const b = s.client(token);
    const email = 'b2b.client@example.com';
    expect((await b.post('/api/partners/b2b/get-code', { email })).json()).toEqual({ user_exist: false });
    const { code } = (await c.get(`/api/dev/outbox?email=${email}`)).json().data[0];
    const body = {
      name: 'Ерлан',
      surname: 'Клиентов',
      phone: '+7 (702) 111-22-33',
      email,
      personalDataCheck: true,
      publicOfferCheck: true,
      code: code === '000000' ? '111111' : '000000',
    };
    expect((await b.post('/api/partners/b2b/register', body)).statusCode).toBe(422);
    expect((await b.post('/api/partners/b2b/register', { ...body, code })).statusCode).toBe(200);
    const cur = (await b.get('/api/partners/current')).json().data;
    expect(cur).toMatchObject({ has_email: true, has_name: true, initial_step: 3 });
    expect((await b.post('/api/declarations', NEW_270)).statusCode).toBe(201);
    expect((await b.get('/api/partners/current')).json().data.initial_step).toBe(2);
    expect((await b.get('/api/authenticated')).json().data.email).toBe(email);
  });

  it('finds a registered email (sub-step 4) and connects the client: wrong password is 401 «Неверный пароль»', async () => {
    const email = 'owner@example.com';
    const own = await register(email);
    const token = (await brokerLogin('10003', 'demo')).json().token;
    const b = s.client(token);
    const decl = (await b.post('/api/declarations', NEW_270)).json().data.common_data.id;
    expect((await b.post('/api/partners/b2b/get-code', { email })).json()).toEqual({ user_exist: true });

    const wrong = await b.post('/api/auth/connect-client-to-account', { email, password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Неверный пароль');
    const unknown = await b.post('/api/auth/connect-client-to-account', {
      email: 'nobody@example.com',
      password: PASSWORD,
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Неверный пароль');

    const ok = await b.post('/api/auth/connect-client-to-account', { email, password: PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    const t2 = ok.json().token as string;
    const me = (await s.client(t2).get('/api/authenticated')).json().data;
    expect(me).toMatchObject({ email, session: 'B2C', bankName: 'demo' });
    // the client's declaration moved with it; the B2B session is gone
    expect((await s.client(t2).get(`/api/declarations/${decl}`)).statusCode).toBe(200);
    expect((await s.client(own).get(`/api/declarations/${decl}`)).statusCode).toBe(200);
    expect((await b.get('/api/authenticated')).statusCode).toBe(401);
    // the next broker login lands on the connected account
    const again = (await brokerLogin('10003', 'demo')).json().token;
    expect((await s.client(again).get('/api/authenticated')).json().data).toMatchObject({ email, session: 'B2B' });
  });

  it('B2C sessions cannot use the B2B steps', async () => {
    const u = await signedInUser(s);
    expect((await u.client.post('/api/partners/b2b/get-code', { email: 'x@example.com' })).statusCode).toBe(409);
    expect(
      (await u.client.post('/api/auth/connect-client-to-account', { email: u.email, password: 'x' })).statusCode,
    ).toBe(409);
  });
});

describe('partners are data, managed by an administrator', () => {
  it('lists, creates, updates and deactivates partners; the API key is stored encrypted and never returned', async () => {
    const admin = await signedInUser(s, { role: 'admin' });
    const user = await signedInUser(s);
    expect((await user.client.get('/api/admin/partners')).statusCode).toBe(403);
    expect((await c.get('/api/admin/partners')).statusCode).toBe(401);

    const list = (await admin.client.get('/api/admin/partners')).json().data;
    expect(list.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['demo', 'halykfinance']));

    const created = await admin.client.post('/api/admin/partners', {
      name: 'newbank',
      title: 'Новый банк',
      price: '15000',
      links: { register: 'https://newbank.example/register' },
      api_url: 'https://api.newbank.example',
      api_key: 'super-secret-key-123',
    });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().data;
    expect(p).toMatchObject({ name: 'newbank', price: '15000.00', has_api_key: true, active: true });
    expect(created.body).not.toContain('super-secret-key-123');
    const stored = await s.deps.db.one<{ api_key_enc: string }>('SELECT api_key_enc FROM partners WHERE id = $1', [
      p.id,
    ]);
    expect(stored?.api_key_enc).not.toContain('super-secret');
    expect(decryptApiKey(stored?.api_key_enc ?? '', s.deps.config.secret)).toBe('super-secret-key-123');

    const dup = await admin.client.post('/api/admin/partners', { name: 'NewBank', title: 'Дубль' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['Партнер с таким названием уже есть']);

    const upd = await admin.client.put(`/api/admin/partners/${p.id}`, {
      name: 'newbank',
      title: 'Банк',
      allow_upload: true,
    });
    expect(upd.json().data).toMatchObject({ title: 'Банк', allow_upload: true, has_api_key: true });
    expect((await c.get('/api/partners/NEWBANK')).json().data).toMatchObject({ title: 'Банк' });
    expect((await c.get('/api/partners/NEWBANK')).body).not.toMatch(/api_url|api_key/);

    expect((await admin.client.delete(`/api/admin/partners/${p.id}`)).statusCode).toBe(200);
    expect((await c.get('/api/partners/newbank')).statusCode).toBe(404);
    const audit = await s.deps.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'partner' AND entity_id = $1 ORDER BY id",
      [String(p.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['partner_create', 'partner_update', 'partner_deactivate']);
  });

  it('encrypts keys so another secret cannot read them', () => {
    const enc = encryptApiKey('k-123456789', 'a'.repeat(32));
    expect(decryptApiKey(enc, 'a'.repeat(32))).toBe('k-123456789');
    expect(decryptApiKey(enc, 'b'.repeat(32))).toBeUndefined();
    expect(decryptApiKey('garbage', 'a'.repeat(32))).toBeUndefined();
  });

  it('logs no client ids, emails or tokens', () => {
    const all = s.logs.join('\n');
    expect(all).not.toContain('owner@example.com');
    expect(all).not.toContain('super-secret-key-123');
  });
});

describe('uploads by B2B clients', () => {
  it('are allowed for halykfinance (the partner allows them) and refused for other partners', async () => {
    const actor = async (bank: string, kind: 'B2B' | 'B2C' = 'B2B') => {
      const u = await signedInUser(s, { bank_name: bank }, kind);
      const user = await s.deps.db.one('SELECT * FROM users WHERE id = $1', [u.id]);
      return { user, sessionId: 0, kind } as unknown as Actor;
    };
    await expect(assertUploadAllowed(s.deps.db, await actor('HalykFinance'))).resolves.toBeUndefined();
    await expect(assertUploadAllowed(s.deps.db, await actor('demo'))).rejects.toThrow(
      /зарегистрируйтесь на сайте партнера/,
    );
    await expect(assertUploadAllowed(s.deps.db, await actor('demo', 'B2C'))).resolves.toBeUndefined();
  });
});

describe('the upload route refuses partner clients whose partner does not allow uploads', () => {
  const multipart = (name: string, body: string) => {
    const boundary = '----deklarant-test';
    const payload = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="files[]"; filename="${name}"`,
      'Content-Type: text/csv',
      '',
      body,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('409 with the register-on-partner-site text for demo, accepted for halykfinance; nothing stored when refused', async () => {
    const create = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };
    const upload = async (bank: string) => {
      const u = await signedInUser(s, { bank_name: bank }, 'B2B');
      const decl = await u.client.post('/api/declarations', create);
      expect(decl.statusCode, decl.body).toBe(201);
      const id = decl.json().data.common_data.id;
      const { payload, headers } = multipart('report.csv', 'x');
      const xsrf = 'c'.repeat(64);
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/declarations/${id}/upload-file`,
        payload,
        headers: { ...headers, authorization: `Bearer ${u.token}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
      });
      const files = await s.deps.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM files WHERE declaration_id = $1',
        [id],
      );
      return { res, files: files?.n ?? 0 };
    };
    const refused = await upload('demo');
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json().message).toMatch(/зарегистрируйтесь на сайте партнера/);
    expect(refused.files).toBe(0);
    const halyk = await upload('halykfinance');
    expect(halyk.res.statusCode, halyk.res.body).not.toBe(409);
  });
});
