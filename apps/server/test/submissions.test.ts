import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRejected, ProviderUnavailable } from '../src/providers/payment/errors.ts';
import { createHttpTaxOffice, SANDBOX_REJECT_IIN, SANDBOX_REJECT_REASON } from '../src/providers/taxoffice/index.ts';
import { createTestServer, signedInUser, type TestClient, type TestServer } from './helpers.ts';
import { signingKit } from './signing-kit.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const { readyToSign, statusOf, signAndSend } = signingKit(() => s);

/** The background job's turn once the sandbox's answer delay (3 s) has passed. */
async function tick(ms = 3000) {
  s.clock.advance(ms);
  await s.deps.jobs.runOnce();
}
const lettersTo = async (email: string) =>
  (
    await s.deps.db.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM outbox WHERE to_email = $1 ORDER BY id',
      [email],
    )
  ).map((l) => ({ subject: l.subject, text: l.text_body }));
const cardOf = async (c: TestClient, id: number) =>
  (await c.get('/api/declarations')).json().data.find((d: { id: number }) => d.id === id);

describe('after sending: the tax office answers', () => {
  it('Отправлено, then Принято with a number and date; the receipt downloads; letters for both', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client);
    const sent = await signAndSend(u.client, id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().submission.status).toBe('sent');
    expect((await cardOf(u.client, id)).submission).toMatchObject({ status: 'sent', registration_number: null });

    // before the answer: asking changes nothing, there is no receipt yet
    await s.deps.jobs.runOnce();
    expect((await u.client.get(`/api/signing/${id}/submission`)).json().data.status).toBe('sent');
    expect((await u.client.get(`/api/signing/${id}/receipt`)).statusCode).toBe(404);

    await tick();
    const sub = (await u.client.get(`/api/signing/${id}/submission`)).json().data;
    expect(sub).toMatchObject({ status: 'accepted', reason: null, receipt_available: true });
    // sandbox numbers: {office code}-{yyyymmdd}-{sequence}; the test clock is 15.03.2026
    expect(sub.registration_number).toMatch(/^0101-20260315-\d{6}$/);
    expect(Date.parse(sub.registered_at)).toBeGreaterThan(Date.parse(sub.submitted_at));
    expect(await statusOf(id)).toBe(9);
    const card = await cardOf(u.client, id);
    expect(card.submission).toMatchObject({ status: 'accepted', registration_number: sub.registration_number });
    expect(card.submission.registered_at).toBe(sub.registered_at);

    const pdf = await u.client.get(`/api/signing/${id}/receipt`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`talon-${sub.registration_number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const mail = await lettersTo(u.email);
    expect(mail.map((m) => m.subject)).toEqual([
      'Декларация 270.00 за 2025 год отправлена в налоговый орган',
      'Декларация 270.00 за 2025 год принята налоговым органом',
    ]);
    expect(mail[1]?.text).toContain(sub.registration_number);
    // registered 3 s after 15.03.2026 (the test clock), shown in Almaty time (UTC+5)
    const utc = new Date(sub.registered_at);
    const almaty = new Date(utc.getTime() + 5 * 3600_000);
    const hhmm = `${String(almaty.getUTCHours()).padStart(2, '0')}:${String(almaty.getUTCMinutes()).padStart(2, '0')}`;
    expect(mail[1]?.text).toContain(`15.03.2026 ${hhmm} (время Алматы)`);
  });

  it('Отклонено with the reason (the sandbox test IIN); back to signing; a letter says what to do', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client, true, SANDBOX_REJECT_IIN);
    expect((await signAndSend(u.client, id)).json().submission.status).toBe('sent');
    await tick();
    const sub = (await u.client.get(`/api/signing/${id}/submission`)).json().data;
    expect(sub).toMatchObject({
      status: 'rejected',
      registration_number: null,
      reason: SANDBOX_REJECT_REASON,
      receipt_available: false,
    });
    expect(await statusOf(id)).toBe(6);
    expect((await cardOf(u.client, id)).submission).toMatchObject({
      status: 'rejected',
      reason: SANDBOX_REJECT_REASON,
    });
    expect((await u.client.get(`/api/signing/${id}/receipt`)).statusCode).toBe(404);
    const rejected = (await lettersTo(u.email)).at(-1);
    expect(rejected?.subject).toBe('Декларация 270.00 за 2025 год отклонена налоговым органом');
    expect(rejected?.text).toContain(`Причина: ${SANDBOX_REJECT_REASON}`);
    expect(rejected?.text).toContain(
      'Исправьте указанное в причине (личные данные — на шаге 7), затем подпишите и отправьте декларацию заново.',
    );

    // fixed and signed again: sent anew, then accepted
    await s.deps.db.query(
      `UPDATE declarations SET personal_data = personal_data || '{"iin":"900101300126"}'::jsonb WHERE id = $1`,
      [id],
    );
    expect((await signAndSend(u.client, id)).json().submission.status).toBe('sent');
    expect((await cardOf(u.client, id)).submission).toMatchObject({ status: 'sent', reason: null });
    await tick();
    expect((await u.client.get(`/api/signing/${id}/submission`)).json().data.status).toBe('accepted');
    expect(await statusOf(id)).toBe(9);
  });

  it("someone else's declaration: no answer, no receipt (404)", async () => {
    const u = await signedInUser(s);
    const other = await signedInUser(s);
    const id = await readyToSign(u.client);
    await signAndSend(u.client, id);
    await tick();
    expect((await other.client.get(`/api/signing/${id}/submission`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/signing/${id}/receipt`)).statusCode).toBe(404);
    expect((await s.client().get(`/api/signing/${id}/receipt`)).statusCode).toBe(401);
  });

  it('a repeated or late answer changes nothing and sends no second letter', async () => {
    const { submissionsService } = await import('../src/modules/signing/submissions.ts');
    const subs = submissionsService(s.deps);
    const u = await signedInUser(s);
    const id = await readyToSign(u.client);
    await signAndSend(u.client, id);
    const row = await s.deps.db.one<{ id: number }>('SELECT id FROM submissions WHERE declaration_id = $1', [id]);
    const subId = row?.id ?? 0;
    // the same question asked twice (a duplicated job) after the answer is ready
    await s.deps.jobs.enqueue('taxoffice.answer', { submissionId: subId }, { runAt: s.clock.now() });
    await tick();
    const first = (await u.client.get(`/api/signing/${id}/submission`)).json().data;
    expect(first.status).toBe('accepted');
    const lettersBefore = (await lettersTo(u.email)).length;

    expect(
      await subs.apply(subId, {
        state: 'accepted',
        registrationNumber: 'OTHER-1',
        registeredAt: new Date().toISOString(),
        receiptPdf: null,
      }),
    ).toBe('replayed');
    expect(await subs.apply(subId, { state: 'rejected', reason: 'поздний ответ' })).toBe('replayed');
    expect(await subs.ask({ submissionId: subId })).toBe('replayed');
    const after = (await u.client.get(`/api/signing/${id}/submission`)).json().data;
    expect(after).toEqual(first);
    expect(await statusOf(id)).toBe(9);
    expect((await lettersTo(u.email)).length).toBe(lettersBefore);
  });

  it('refused on receipt (bad format) is Отклонено at once; the status stays 6', async () => {
    const u = await signedInUser(s);
    const id = await readyToSign(u.client);
    const real = s.deps.providers.taxOffice;
    s.deps.providers.taxOffice = {
      ...real,
      send: async () => {
        throw new ProviderRejected('taxoffice', 'Не указан код ОГД');
      },
    };
    try {
      const res = await signAndSend(u.client, id);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain('Не указан код ОГД');
    } finally {
      s.deps.providers.taxOffice = real;
    }
    expect(await statusOf(id)).toBe(6);
    expect((await cardOf(u.client, id)).submission).toMatchObject({ status: 'rejected', reason: 'Не указан код ОГД' });
  });
});

describe('Excel only with full_access', () => {
  it('download (and so the preview) is refused without full_access: 409 with a Russian message, the session kept', async () => {
    const plain = await signedInUser(s);
    const id = await readyToSign(plain.client, false);
    const res = await plain.client.get(`/api/declarations/${id}/export-excel/stream`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.excelNeedsFullAccess);
    expect((await plain.client.get('/api/declarations')).statusCode, 'still signed in').toBe(200);
    const full = await signedInUser(s, { full_access: true });
    const own = await readyToSign(full.client, false);
    const ok = await full.client.get(`/api/declarations/${own}/export-excel/stream`);
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    expect(ok.headers['content-type']).toContain('spreadsheetml');
    // another user's declaration stays a 404, full_access or not
    expect((await full.client.get(`/api/declarations/${id}/export-excel/stream`)).statusCode).toBe(404);
  });
});

describe('the real adapter against a local fake speaking protocol.ts', () => {
  let fake: Server;
  let url = '';
  let asks = 0;
  const seen: { auth?: string; body?: Record<string, unknown> } = {};
  beforeAll(async () => {
    fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const send = (code: number, body: unknown) => {
          res.writeHead(code, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'POST' && req.url === '/fno/send') {
          seen.auth = req.headers.authorization;
          seen.body = JSON.parse(raw);
          if (seen.body?.kgd_code === '9999') {
            return send(422, {
              error_info: { code: 'КОГД1', message: 'КОГД1. Введенное значение в справочнике отсутствует' },
            });
          }
          if (seen.body?.kgd_code === '0000') return send(503, {});
          return send(200, { document_id: 'doc-42', received_at: '2026-03-15T05:00:00Z' });
        }
        if (req.method === 'GET' && req.url === '/fno/doc-42/status') {
          asks += 1;
          if (asks === 1) return send(200, { status: 'IN_PROCESS' });
          return send(200, {
            status: 'ACCEPTED',
            registration_number: '0101-REAL-1',
            registered_at: '2026-03-15T05:03:00Z',
            talon_pdf: Buffer.from('%PDF-1.4 talon').toString('base64'),
          });
        }
        if (req.method === 'GET' && req.url === '/fno/doc-43/status') {
          return send(200, { status: 'REJECTED', reason: 'Дата подачи не совпадает с датой отправки' });
        }
        send(404, {});
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => fake.close(() => r())));

  it('sends base64 with the bearer token, then reads processing, accepted with the receipt, rejected', async () => {
    const gw = createHttpTaxOffice({ url, token: 'tkn' }, s.deps.clock);
    const ack = await gw.send({ signedXml: '<fno/>', form: 3, year: 2025, kgdCode: '0101' });
    expect(ack).toMatchObject({ ticket: 'doc-42', received_at: '2026-03-15T05:00:00Z', form_code: '270.00' });
    expect(seen.auth).toBe('Bearer tkn');
    expect(Buffer.from(String(seen.body?.document), 'base64').toString()).toBe('<fno/>');
    expect(await gw.answer('doc-42')).toEqual({ state: 'processing' });
    const accepted = await gw.answer('doc-42');
    expect(accepted).toMatchObject({ state: 'accepted', registrationNumber: '0101-REAL-1' });
    expect(accepted.state === 'accepted' && accepted.receiptPdf?.toString()).toBe('%PDF-1.4 talon');
    expect(await gw.answer('doc-43')).toEqual({
      state: 'rejected',
      reason: 'Дата подачи не совпадает с датой отправки',
    });
  });

  it('an ErrorInfo on sending is a refusal with its text; a 5xx means down', async () => {
    const gw = createHttpTaxOffice({ url }, s.deps.clock);
    await expect(gw.send({ signedXml: '<fno/>', form: 3, year: 2025, kgdCode: '9999' })).rejects.toMatchObject({
      reason: 'КОГД1. Введенное значение в справочнике отсутствует',
    });
    await expect(gw.send({ signedXml: '<fno/>', form: 3, year: 2025, kgdCode: '9999' })).rejects.toBeInstanceOf(
      ProviderRejected,
    );
    await expect(gw.send({ signedXml: '<fno/>', form: 3, year: 2025, kgdCode: '0000' })).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
  });
});
