import { MSG } from '@deklarant/contracts';
import { solveChallenge } from 'altcha-lib';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

describe('ALTCHA proof-of-work captcha (the offline default)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ CAPTCHA: 'altcha' });
  });
  afterAll(async () => {
    await s.close();
  });

  async function solved(): Promise<string> {
    const ch = (await s.client().get('/api/captcha/challenge')).json();
    const sol = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    expect(sol).not.toBeNull();
    return Buffer.from(
      JSON.stringify({
        algorithm: ch.algorithm,
        challenge: ch.challenge,
        number: sol?.number,
        salt: ch.salt,
        signature: ch.signature,
      }),
    ).toString('base64');
  }

  it('says which captcha the client must render', async () => {
    expect((await s.client().get('/api/captcha/config')).json()).toMatchObject({ provider: 'altcha' });
  });

  it('refuses a login without a solution, accepts a solved one once, refuses its replay', async () => {
    const none = await s.client().post('/api/auth/login', { email: 'a@example.com', password: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.captchaFailed);
    const solution = await solved();
    const first = await s
      .client()
      .post('/api/auth/login', { email: 'a@example.com', password: 'x', captcha: solution });
    expect(first.statusCode).toBe(401); // captcha passed; the user does not exist
    const replay = await s
      .client()
      .post('/api/auth/login', { email: 'a@example.com', password: 'x', captcha: solution });
    expect(replay.statusCode).toBe(400);
  });

  it('refuses a forged solution', async () => {
    const forged = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
    ).toString('base64');
    expect(
      (await s.client().post('/api/auth/login', { email: 'a@example.com', password: 'x', captcha: forged })).statusCode,
    ).toBe(400);
  });
});

describe('letters through SMTP when SMTP_URL is set', () => {
  let s: TestServer;
  let smtp: SMTPServer;
  const received: { to: string; body: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        let body = '';
        stream.on('data', (d) => {
          body += d.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as { port: number }).port;
    s = await createTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await s.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('delivers the registration code as a Russian HTML + text letter and marks it sent', {
    timeout: 30_000,
  }, async () => {
    await s.client().post('/api/auth/get-verification-code', { email: 'smtp.user@example.com', type: 1 });
    // up to 20 s: the outbox worker and the SMTP exchange are slow on a loaded 2-core machine (5 s flaked once)
    for (let i = 0; i < 200 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe('smtp.user@example.com');
    expect(received[0]?.body).toMatch(/multipart\/alternative/);
    expect(received[0]?.body).toMatch(/text\/html/);
    // the SMTP server has the letter once it answers 250; the outbox row is marked sent right after that
    const sentAt = async () =>
      (
        await s.deps.db.one<{ sent_at: Date | null }>('SELECT sent_at FROM outbox WHERE to_email = $1', [
          'smtp.user@example.com',
        ])
      )?.sent_at ?? null;
    for (let i = 0; i < 50 && (await sentAt()) === null; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await sentAt()).not.toBeNull();
  });
});
