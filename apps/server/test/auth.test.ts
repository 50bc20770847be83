import { IDENTITY_TEXT, MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from './helpers.ts';

let s: TestServer;
let c: TestClient;
beforeAll(async () => {
  s = await createTestServer();
  c = s.client();
});
afterAll(async () => {
  await s.close();
});

const PASSWORD = 'Strong-pass-1';
const lastCode = async (email: string) => {
  const res = await c.get(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return res.json().data[0] as { code: string; subject: string; text: string; html: string; to: string };
};
const minute = 60_000;

async function register(email: string, password = PASSWORD) {
  expect((await c.post('/api/auth/get-verification-code', { email, type: 1 })).statusCode).toBe(200);
  const { code } = await lastCode(email);
  const res = await c.post('/api/auth/register', {
    name: 'Алия',
    surname: 'Нурланова',
    phone: '+7 (701) 234-56-78',
    email,
    password,
    password_confirmation: password,
    code,
    personalDataCheck: true,
    publicOfferCheck: true,
  });
  expect(res.statusCode).toBe(201);
  return res.json().token as string;
}

describe('registration', () => {
  it('sends a code, refuses a wrong one, registers with the right one and signs in', async () => {
    const email = 'new.user@example.com';
    const got = await c.post('/api/auth/get-verification-code', { email, type: 1 });
    expect(got.json()).toEqual({ user_exist: false });
    const letter = await lastCode(email);
    expect(letter.code).toMatch(/^\d{6}$/);
    expect(letter.subject).toMatch(/Код подтверждения/);
    expect(letter.text).toContain(letter.code);
    expect(letter.html).toContain(letter.code);

    const wrong = await c.post('/api/auth/check-verification-code', {
      email,
      code: '000000' === letter.code ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(MSG.wrongCode);
    expect((await c.post('/api/auth/check-verification-code', { email, code: letter.code })).statusCode).toBe(200);

    const body = {
      name: 'Алия',
      surname: 'Нурланова',
      phone: '+7 (701) 234-56-78',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      code: letter.code,
      personalDataCheck: true,
      publicOfferCheck: true,
    };
    const res = await c.post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    const me = await s.client(res.json().token).get('/api/authenticated');
    expect(me.json().data).toMatchObject({ email, name: 'Алия', phone: '+77012345678', session: 'B2C' });

    // The code was consumed: a replay is refused and creates nothing.
    const replay = await c.post('/api/auth/register', body);
    expect(replay.statusCode).toBe(422);
    const again = await c.post('/api/auth/get-verification-code', { email, type: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MSG.emailTaken);
  });

  it('refuses a weak password, mismatched confirmation and unticked consents, creating nothing', async () => {
    const email = 'weak@example.com';
    await c.post('/api/auth/get-verification-code', { email, type: 1 });
    const { code } = await lastCode(email);
    const res = await c.post('/api/auth/register', {
      name: 'Иван',
      surname: 'Петров',
      phone: '+77011111111',
      email,
      password: 'weakpass',
      password_confirmation: 'other',
      code,
      personalDataCheck: false,
      publicOfferCheck: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([MSG.passwordRule]);
    expect(res.json().errors.personalDataCheck).toBeDefined();
    expect(await s.deps.db.one('SELECT 1 FROM users WHERE email = $1', [email])).toBeUndefined();
  });

  it('refuses a script in a name field and an over-long name', async () => {
    const email = 'xss@example.com';
    await c.post('/api/auth/get-verification-code', { email, type: 1 });
    const { code } = await lastCode(email);
    const base = {
      surname: 'Петров',
      phone: '+77011111111',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      code,
      personalDataCheck: true,
      publicOfferCheck: true,
    };
    const xss = await c.post('/api/auth/register', { ...base, name: '<script>alert(1)</script>' });
    expect(xss.statusCode).toBe(422);
    expect(xss.json().errors.name).toEqual([MSG.checkInput]);
    const long = await c.post('/api/auth/register', { ...base, name: 'Я'.repeat(51) });
    expect(long.json().errors.name).toEqual([MSG.max50]);
    expect(await s.deps.db.one('SELECT 1 FROM users WHERE email = $1', [email])).toBeUndefined();
  });

  it('limits code resends to one a minute and kills a code after 5 wrong guesses', async () => {
    const email = 'resend@example.com';
    expect((await c.post('/api/auth/get-verification-code', { email, type: 1 })).statusCode).toBe(200);
    const soon = await c.post('/api/auth/get-verification-code', { email, type: 1 });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/Повторно запросить код можно через \d+ с/);
    const { code } = await lastCode(email);
    for (let i = 0; i < 5; i++)
      await c.post('/api/auth/check-verification-code', { email, code: code === '999999' ? '999998' : '999999' });
    expect((await c.post('/api/auth/check-verification-code', { email, code })).statusCode).toBe(422);
    s.clock.advance(minute + 1000);
    expect((await c.post('/api/auth/get-verification-code', { email, type: 1 })).statusCode).toBe(200);
  });

  it('expires a code after 15 minutes', async () => {
    const email = 'expiry@example.com';
    await c.post('/api/auth/get-verification-code', { email, type: 1 });
    const { code } = await lastCode(email);
    s.clock.advance(16 * minute);
    expect((await c.post('/api/auth/check-verification-code', { email, code })).json().message).toBe(MSG.wrongCode);
  });
});

describe('login', () => {
  it('answers unknown email and wrong password with 401 and the message for the email field', async () => {
    const unknown = await c.post('/api/auth/login', { email: 'nobody@example.com', password: PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MSG.userNotFound);
    const email = 'login1@example.com';
    await register(email);
    s.clock.advance(minute);
    const wrong = await c.post('/api/auth/login', { email, password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors.email).toEqual([MSG.wrongCredentials]);
    const ok = await c.post('/api/auth/login', { email: 'LOGIN1@example.com', password: PASSWORD });
    expect(ok.json()).toMatchObject({ success: true, must_change_password: false });
    expect(ok.json().token).toBeTruthy();
  });

  it('blocks the account for 60 minutes after 5 failures (403), even for the right password', async () => {
    const email = 'blocked@example.com';
    await register(email);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await c.post('/api/auth/login', { email, password: 'Wrong-pass-1' })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 403]);
    const right = await c.post('/api/auth/login', { email, password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(MSG.accountBlocked);
    s.clock.advance(59 * minute);
    expect((await c.post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(403);
    s.clock.advance(2 * minute);
    expect((await c.post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('demands a new password when the old one is outdated, then logs in with the new one', async () => {
    const email = 'outdated@example.com';
    await register(email);
    await s.deps.db.query('UPDATE users SET must_change_password = true WHERE email = $1', [email]);
    const first = await c.post('/api/auth/login', { email, password: PASSWORD });
    expect(first.json()).toEqual({ success: true, must_change_password: true });
    const same = await c.post('/api/auth/change-password', {
      email,
      old_password: PASSWORD,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe(MSG.passwordMustDiffer);
    const changed = await c.post('/api/auth/change-password', {
      email,
      old_password: PASSWORD,
      password: 'Newer-pass-2',
      password_confirmation: 'Newer-pass-2',
    });
    expect(changed.statusCode).toBe(200);
    const again = await c.post('/api/auth/login', { email, password: 'Newer-pass-2' });
    expect(again.json().must_change_password).toBe(false);
    expect(again.json().token).toBeTruthy();
  });

  it('writes every attempt, success or not, to the visit log with time and IP', async () => {
    const email = 'visits@example.com';
    const token = await register(email);
    await c.post('/api/auth/login', { email, password: 'Wrong-pass-1' });
    await c.post('/api/auth/login', { email, password: PASSWORD });
    const me = s.client(token);
    const all = (await me.get('/api/account/get-visit-history?page=1&filter=2')).json();
    expect(all.meta.total).toBe(3); // registration + failure + success
    const failures = (await me.get('/api/account/get-visit-history?page=1&filter=0')).json();
    expect(failures.data.map((v: { is_success: boolean }) => v.is_success)).toEqual([false]);
    expect(failures.data[0].ip).toBeTruthy();
    const success = (await me.get('/api/account/get-visit-history?page=1&filter=1')).json();
    expect(success.meta.total).toBe(2);
    const none = (await me.get('/api/account/get-visit-history?page=1&from=01.01.2020&to=31.12.2020')).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('revokes the session on logout', async () => {
    const token = await register('logout@example.com');
    const me = s.client(token);
    expect((await me.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await me.get('/api/authenticated')).statusCode).toBe(401);
  });
});

describe('password reset and set-password link', () => {
  it('refuses an unknown email, checks the code, resets and revokes old sessions', async () => {
    const unknown = await c.post('/api/auth/get-verification-code', { email: 'ghost@example.com', type: 2 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(MSG.emailUnknown);

    const email = 'reset@example.com';
    const oldToken = await register(email);
    s.clock.advance(minute);
    expect((await c.post('/api/auth/get-verification-code', { email, type: 2 })).json()).toEqual({ user_exist: true });
    const letter = await lastCode(email);
    expect(letter.subject).toMatch(/Восстановление пароля/);
    const wrong = await c.post('/api/auth/check-verification-code', {
      email,
      code: letter.code === '123456' ? '654321' : '123456',
      type: 2,
    });
    expect(wrong.json().message).toBe(MSG.wrongCode);
    const done = await c.post('/api/auth/reset-password', {
      email,
      code: letter.code,
      password: 'Reset-pass-3',
      password_confirmation: 'Reset-pass-3',
    });
    expect(done.statusCode).toBe(200);
    expect((await s.client(oldToken).get('/api/authenticated')).statusCode).toBe(401);
    expect((await c.post('/api/auth/login', { email, password: 'Reset-pass-3' })).statusCode).toBe(200);
    const replay = await c.post('/api/auth/reset-password', {
      email,
      code: letter.code,
      password: 'Other-pass-4',
      password_confirmation: 'Other-pass-4',
    });
    expect(replay.json().message).toBe(MSG.wrongCode);
  });

  it('sets a password from the emailed link once', async () => {
    const email = 'link@example.com';
    await register(email);
    s.clock.advance(minute);
    await c.post('/api/auth/get-verification-code', { email, type: 2 });
    const letter = await lastCode(email);
    const hash = letter.text.match(/hash=([\w-]+)/)?.[1];
    expect(hash).toBeTruthy();
    const body = { hash, password: 'Linked-pass-5', password_confirmation: 'Linked-pass-5' };
    expect((await c.post('/api/account/set-password', body)).statusCode).toBe(200);
    expect((await c.post('/api/account/set-password', body)).statusCode).toBe(422);
    expect((await c.post('/api/auth/login', { email, password: 'Linked-pass-5' })).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('changes the email with a code sent to the OLD address', async () => {
    const token = await register('old.address@example.com');
    await register('taken@example.com');
    const me = s.client(token);
    const taken = await me.post('/api/account/get-code-change-email', { email: 'taken@example.com' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(MSG.emailTaken);
    const sent = await me.post('/api/account/get-code-change-email', { email: 'fresh@example.com' });
    expect(sent.json().message).toBe(MSG.codeSentToOldEmail);
    expect((await c.get('/api/dev/outbox?email=fresh@example.com')).json().data).toEqual([]);
    const letter = await lastCode('old.address@example.com');
    const wrong = await me.post('/api/account/set-new-email', {
      email: 'fresh@example.com',
      code: letter.code === '000001' ? '000002' : '000001',
      type: 4,
    });
    expect(wrong.json().message).toBe(MSG.wrongCode);
    const other = await me.post('/api/account/set-new-email', {
      email: 'another@example.com',
      code: letter.code,
      type: 4,
    });
    expect(other.json().message).toBe(MSG.wrongCode);
    const ok = await me.post('/api/account/set-new-email', { email: 'fresh@example.com', code: letter.code, type: 4 });
    expect(ok.json()).toMatchObject({ success: true, message: MSG.congratulations });
    expect((await me.get('/api/authenticated')).json().data.email).toBe('fresh@example.com');
  });

  it('saves personal data with the IIN mask rule and treats "null" as empty', async () => {
    const me = s.client(await register('personal@example.com'));
    const bad = await me.post('/api/account/update-personal-data', {
      iin: '12345',
      surname: 'Петров',
      name: 'Иван',
      phone: '+77011234567',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.iin).toEqual([MSG.len12]);
    const ok = await me.post('/api/account/update-personal-data', {
      iin: '900101300126',
      surname: 'Петров',
      name: 'Иван',
      patronymic: 'null',
      phone: '+7 (701) 123-45-67',
      spouses_iin: '',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me.get('/api/authenticated')).json().data).toMatchObject({
      iin: '900101300126',
      patronymic: null,
      spouses_iin: null,
      phone: '+77011234567',
    });
  });

  it('refuses an IIN with a wrong control digit or no birth date and a name with a line break, changing nothing', async () => {
    const me = s.client(await register('personal-iin@example.com'));
    const good = { iin: '900101300126', surname: 'Петров', name: 'Иван', phone: '+77011234567', spouses_iin: null };
    expect((await me.post('/api/account/update-personal-data', good)).statusCode).toBe(200);
    const before = (await me.get('/api/authenticated')).json().data;
    for (const [body, field, message] of [
      [{ ...good, iin: '900101300123' }, 'iin', IDENTITY_TEXT.iinInvalid],
      [{ ...good, iin: '000000000000' }, 'iin', IDENTITY_TEXT.iinInvalid],
      [{ ...good, iin: '123456789012' }, 'iin', IDENTITY_TEXT.iinInvalid],
      [{ ...good, spouses_iin: '860606400888' }, 'spouses_iin', IDENTITY_TEXT.iinInvalid],
      [{ ...good, surname: 'Петров\nСидоров' }, 'surname', IDENTITY_TEXT.nameControl],
      [{ ...good, patronymic: 'Пе\u0301\u0301\u0301тр' }, 'patronymic', IDENTITY_TEXT.nameMarks],
    ] as const) {
      const res = await me.post('/api/account/update-personal-data', body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await me.get('/api/authenticated')).json().data).toEqual(before);
  });

  it('completes onboarding for a logged-in user', async () => {
    const me = s.client(await register('onboarding@example.com'));
    expect((await me.get('/api/authenticated')).json().data.is_onboarding_completed).toBe(false);
    await me.post('/api/account/complete-onboarding');
    expect((await me.get('/api/authenticated')).json().data.is_onboarding_completed).toBe(true);
  });

  it('keeps personal data out of the logs', async () => {
    const text = s.logs.join('');
    expect(text).not.toContain('900101300126');
    expect(text).not.toContain('Нурланова');
    expect(text).not.toContain('personal@example.com');
  });
});

describe('rate limits', () => {
  it('limits login attempts per IP with a Russian message', async () => {
    const same = s.client(undefined, '192.0.2.77');
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await same.post('/api/auth/login', { email: `rl${i}@example.com`, password: 'x' })).statusCode);
    expect(statuses.slice(0, 20).every((st) => st === 401)).toBe(true);
    const limited = await same.post('/api/auth/login', { email: 'rl@example.com', password: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.tooManyRequests);
  });
});
