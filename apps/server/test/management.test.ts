import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botMessenger } from '../src/providers/messenger/index.ts';
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

async function managerLogin(email = 'manager@example.com', password = 'Manager-pass-1') {
  const res = await c.post('/api/management/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; manager_id: number };
}

const adminQuery = (p: { token: string; manager_id: number; user_id: number }) =>
  `token=${encodeURIComponent(p.token)}&manager_id=${p.manager_id}&user_id=${p.user_id}`;

async function demoUserId() {
  const row = await s.deps.db.one<{ id: number }>("SELECT id FROM users WHERE email = 'demo@example.com'");
  return row?.id ?? 0;
}

describe('manager login and the demo manager', () => {
  it('seeds manager@example.com assigned to the demo user, and issues a manager token', async () => {
    const m = await managerLogin();
    const users = (await s.client(m.token).get('/api/management/users')).json().data;
    expect(users.map((u: { email: string }) => u.email)).toEqual(['demo@example.com']);
    expect((await s.client(m.token).get('/api/management/me')).json().data).toMatchObject({ role: 'manager' });
  });

  it('refuses ordinary users and wrong passwords alike', async () => {
    expect(
      (await c.post('/api/management/login', { email: 'demo@example.com', password: 'Demo-pass-1' })).statusCode,
    ).toBe(401);
    const wrong = await c.post('/api/management/login', { email: 'manager@example.com', password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Неверный email или пароль');
    // a user's own token is no manager token
    const u = await signedInUser(s);
    expect((await u.client.get('/api/management/queue')).statusCode).toBe(401);
  });
});

describe('the admin path', () => {
  it('acts for an assigned user: their declarations, with the manager in the audit trail', async () => {
    const m = await managerLogin();
    const demo = await demoUserId();
    const q = adminQuery({ ...m, user_id: demo });
    const list = await c.get(`/api/declarations?${q}`);
    expect(list.statusCode, list.body).toBe(200);
    const me = (await c.get(`/api/authenticated?${q}`)).json().data;
    expect(me).toMatchObject({ email: 'demo@example.com', session: 'manager' });
    // carried as body fields too
    const created = await c.post('/api/declarations', {
      ...NEW_270,
      token: m.token,
      manager_id: m.manager_id,
      user_id: demo,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.common_data.id;
    const row = await s.deps.db.one<{ user_id: number; manager_id: number }>(
      'SELECT user_id, manager_id FROM declarations WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ user_id: demo, manager_id: m.manager_id });
    const audit = await s.deps.db.one<{ actor_user_id: number; actor_manager_id: number }>(
      "SELECT actor_user_id, actor_manager_id FROM audit_log WHERE declaration_id = $1 AND action = 'create'",
      [id],
    );
    expect(audit).toEqual({ actor_user_id: demo, actor_manager_id: m.manager_id });
  });

  it('a manager token cannot reach an unassigned user', async () => {
    const m = await managerLogin();
    const other = await signedInUser(s);
    const own = await other.client.post('/api/declarations', NEW_270);
    const id = own.json().data.common_data.id;
    const q = adminQuery({ ...m, user_id: other.id });
    expect((await c.get(`/api/declarations?${q}`)).statusCode).toBe(403);
    expect((await c.get(`/api/declarations/${id}?${q}`)).statusCode).toBe(403);
    expect((await c.delete(`/api/declarations/${id}?${q}`)).statusCode).toBe(403);
    // nor the assigned user's id with someone else's declaration
    const demoQ = adminQuery({ ...m, user_id: await demoUserId() });
    expect((await c.get(`/api/declarations/${id}?${demoQ}`)).statusCode).toBe(404);
    // nor a forged manager_id
    const forged = adminQuery({ token: m.token, manager_id: m.manager_id + 1000, user_id: await demoUserId() });
    expect((await c.get(`/api/declarations?${forged}`)).statusCode).toBe(403);
  });

  it('takes the token from the x-management-token header, so it need not be in an address', async () => {
    const m = await managerLogin();
    const demo = await demoUserId();
    const asManager = (url: string, token = m.token) =>
      s.app.inject({ method: 'GET', url, headers: { 'x-management-token': token } });
    const me = await asManager(`/api/authenticated?manager_id=${m.manager_id}&user_id=${demo}`);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({ email: 'demo@example.com', session: 'manager' });
    // the header alone is an incomplete set; a wrong token is no session
    expect((await asManager('/api/declarations')).statusCode).toBe(400);
    expect(
      (await asManager(`/api/declarations?manager_id=${m.manager_id}&user_id=${demo}`, 'x'.repeat(43))).statusCode,
    ).toBe(401);
  });

  it('needs token, manager_id and user_id together', async () => {
    const m = await managerLogin();
    const demo = await demoUserId();
    for (const q of [
      `token=${m.token}`,
      `manager_id=${m.manager_id}`,
      `user_id=${demo}`,
      `token=${m.token}&manager_id=${m.manager_id}`,
      `token=${m.token}&user_id=${demo}`,
      `manager_id=${m.manager_id}&user_id=${demo}`,
      `token=${m.token}&manager_id=abc&user_id=${demo}`,
    ]) {
      const res = await c.get(`/api/declarations?${q}`);
      // without any credential at all the call is anonymous (401); with a token the set is incomplete (400)
      if (!q.includes('token=')) {
        expect(res.statusCode, q).toBe(401);
        continue;
      }
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Для работы менеджера передайте вместе token, manager_id и user_id');
    }
    // even beside a valid bearer token, a partial set is refused
    const u = await signedInUser(s);
    expect((await u.client.get(`/api/declarations?user_id=${demo}`)).statusCode).toBe(400);
    expect((await u.client.post('/api/declarations', { ...NEW_270, manager_id: m.manager_id })).statusCode).toBe(400);
    // null/empty values count as absent (the ordinary path)
    expect(
      (await u.client.post('/api/declarations', { ...NEW_270, token: null, manager_id: null, user_id: null }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a user session, a B2B session or a revoked manager session as the token', async () => {
    const demo = await demoUserId();
    const u = await signedInUser(s, { role: 'manager' });
    expect(
      (await c.get(`/api/declarations?${adminQuery({ token: u.token, manager_id: u.id, user_id: demo })}`)).statusCode,
    ).toBe(401);
    const m = await managerLogin();
    expect((await s.client(m.token).post('/api/management/logout')).statusCode).toBe(200);
    expect((await c.get(`/api/declarations?${adminQuery({ ...m, user_id: demo })}`)).statusCode).toBe(401);
  });

  it('an administrator reaches every user', async () => {
    const admin = await signedInUser(s, { role: 'admin' }, 'manager');
    const other = await signedInUser(s);
    const q = adminQuery({ token: admin.token, manager_id: admin.id, user_id: other.id });
    expect((await c.get(`/api/declarations?${q}`)).statusCode).toBe(200);
  });
});

describe('assignments, the tariff 2 queue, manager finish and the messenger', () => {
  it('an administrator assigns a user; the queue lists their consultant-tariff declaration', async () => {
    const adminUser = await signedInUser(s, { role: 'admin' });
    const m = await managerLogin();
    const client = await signedInUser(s, { name: 'Дана', surname: 'Консультируемая' });
    const id = (await client.client.post('/api/declarations', NEW_270)).json().data.common_data.id;
    await s.deps.db.query('UPDATE declarations SET tariff_type = 2, status = 2 WHERE id = $1', [id]);

    expect((await s.client(m.token).get('/api/management/queue')).json().data).toEqual([]);
    const plainUser = await signedInUser(s);
    expect((await plainUser.client.put(`/api/admin/managers/${m.manager_id}/users/${client.id}`)).statusCode).toBe(403);
    expect((await adminUser.client.put(`/api/admin/managers/${m.manager_id}/users/${client.id}`)).statusCode).toBe(200);
    expect((await adminUser.client.put(`/api/admin/managers/${client.id}/users/${client.id}`)).statusCode).toBe(422);

    const queue = (await s.client(m.token).get('/api/management/queue')).json().data;
    expect(queue).toEqual([
      expect.objectContaining({
        declaration_id: id,
        user_id: client.id,
        status: 2,
        manager_id: m.manager_id,
        messages: 0,
      }),
    ]);

    // the user contacts the manager through the bot: the sandbox records the message (ids only)
    const contact = await client.client.post('/api/management/contact', { declaration_id: id });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json().url).toMatch(/^https:\/\//);
    const msg = await s.deps.db.one<{ text: string; external_id: string; chat_id: string }>(
      'SELECT text, external_id, chat_id FROM messenger_messages WHERE declaration_id = $1',
      [id],
    );
    expect(msg?.text).toContain(`№${id}`);
    expect(msg?.text).not.toContain('Дана');
    expect(msg?.external_id).toMatch(/^sandbox-\d+$/);
    expect((await s.client(m.token).get('/api/management/queue')).json().data[0].messages).toBe(1);
    // nobody else's declaration
    expect((await plainUser.client.post('/api/management/contact', { declaration_id: id })).statusCode).toBe(404);

    // the manager finishes: status moves to signing and the user gets the letter
    const q = adminQuery({ ...m, user_id: client.id });
    expect((await client.client.post(`/api/management/declarations/${id}/finish`)).statusCode).toBe(409);
    const fin = await c.post(`/api/management/declarations/${id}/finish?${q}`);
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json()).toEqual({ success: true, status: 6 });
    const letters = (await c.get(`/api/dev/outbox?email=${encodeURIComponent(client.email)}`)).json().data;
    expect(letters[0].subject).toMatch(/готова к подписанию/);
    expect(letters[0].text).toContain(`/app/declaration?step=8&declaration_id=${id}`);
    const audit = await s.deps.db.query<{ action: string; actor_manager_id: number }>(
      'SELECT action, actor_manager_id FROM audit_log WHERE declaration_id = $1 AND actor_manager_id IS NOT NULL ORDER BY id',
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual(['status', 'manager_finish']);
    expect(audit.every((a) => a.actor_manager_id === m.manager_id)).toBe(true);
    expect((await s.client(m.token).get('/api/management/queue')).json().data).toEqual([]);

    // unassigning closes the door
    expect((await adminUser.client.delete(`/api/admin/managers/${m.manager_id}/users/${client.id}`)).statusCode).toBe(
      200,
    );
    expect((await c.get(`/api/declarations?${q}`)).statusCode).toBe(403);
  });
});

describe('messenger bot adapter', () => {
  it('posts to the bot API of a local fake server and records the message', async () => {
    const { createServer } = await import('node:http');
    const seen: { url: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        seen.push({ url: req.url ?? '', body });
        res.setHeader('content-type', 'application/json');
        if (body.includes('fail')) {
          res.statusCode = 500;
          res.end('{"ok":false}');
        } else res.end('{"ok":true,"result":{"message_id":777}}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    try {
      const bot = botMessenger({
        db: s.deps.db,
        clock: s.deps.clock,
        baseUrl: `http://127.0.0.1:${port}`,
        token: '123:secret-token',
        chatId: '-100500',
      });
      const sent = await bot.send({ text: 'Новый запрос' });
      expect(sent).toMatchObject({ externalId: '777', chatId: '-100500' });
      expect(seen[0]?.url).toBe('/bot123%3Asecret-token/sendMessage');
      expect(JSON.parse(seen[0]?.body ?? '{}')).toMatchObject({ chat_id: '-100500', text: 'Новый запрос' });
      await expect(bot.send({ text: 'fail' })).rejects.toThrow(/Не удалось отправить сообщение/);
      const row = await s.deps.db.one<{ external_id: string }>(
        'SELECT external_id FROM messenger_messages WHERE id = $1',
        [sent.id],
      );
      expect(row?.external_id).toBe('777');
    } finally {
      server.close();
    }
  });
});
