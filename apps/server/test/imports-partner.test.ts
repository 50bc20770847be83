import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpPartner, PARTNER_MSG, PartnerError, sandboxPartner } from '../src/providers/partner/index.ts';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';

// The test clock starts at 2026-03-15: 2025 is a selectable year.
const NEW_270 = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };
const API_KEY = 'partner-test-key-123';

/** A local fake of the partner API: bearer key, JSON, one known client. */
function fakePartner(): Promise<{ server: Server; url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer(async (req, res) => {
    seen.push(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      res.writeHead(401).end();
      return;
    }
    const m = /^\/v1\/clients\/([^/]+)\/deals$/.exec(url.pathname);
    if (!m || m[1] === 'nobody') {
      res.writeHead(404).end('{}');
      return;
    }
    if (m[1] === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"deals": [{"section": "nonsense"}]}');
      return;
    }
    // Reuse the sandbox portfolio as the partner's answer (the wire shape is the normalized deal).
    const report = await sandboxPartner().fetchDeals({
      clientId: '10001',
      bankName: 'demo',
      year: Number(url.searchParams.get('year')),
    });
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ broker: 'Partner Bank', client_id: m[1], deals: report.deals, errors: [], skipped: [] }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

describe('sandbox partner', () => {
  it('is deterministic and returns the normalized shape for demo clients', async () => {
    const p = sandboxPartner();
    const a = await p.fetchDeals({ clientId: '10001', bankName: 'demo', year: 2025 });
    const b = await p.fetchDeals({ clientId: '10001', bankName: 'demo', year: 2025 });
    expect(a).toEqual(b);
    const sections = new Set(a.deals.map((d) => d.section));
    for (const s of [
      'purchase_transaction_section',
      'first_section_a',
      'second_section',
      'first_section_b',
      'third_section',
      'fourth_section',
    ]) {
      expect(sections, s).toContain(s);
    }
    const dividend = a.deals.find((d) => d.kind === 'dividend' && d.ticker === 'AAPL');
    expect(dividend).toMatchObject({ section: 'third_section', foreign_tax_credit: '0.50', sale_closing_cost: '5.00' });
    expect(a.deals.some((d) => d.kind === 'repayment')).toBe(true);
    expect(a.deals.some((d) => d.type_of_security === 'digital_asset')).toBe(true);
    for (const id of ['10002', '10003'])
      expect((await p.fetchDeals({ clientId: id, bankName: 'demo', year: 2025 })).deals.length).toBeGreaterThan(5);
    const halyk = await p.fetchDeals({ clientId: '10001', bankName: 'HalykFinance', year: 2025 });
    expect(halyk.broker).toBe('Halyk Finance');
    expect(halyk.deals[0]?.source_key).not.toBe(a.deals[0]?.source_key);
    await expect(p.fetchDeals({ clientId: '99999', bankName: 'demo', year: 2025 })).rejects.toThrow(
      PARTNER_MSG.clientNotFound,
    );
  });
});

describe('HTTP partner adapter against a local fake server', () => {
  let fake: Awaited<ReturnType<typeof fakePartner>>;
  beforeAll(async () => {
    fake = await fakePartner();
  });
  afterAll(() => {
    fake.server.close();
  });

  it('sends the bearer key and reads the JSON answer', async () => {
    const p = httpPartner({ baseUrl: fake.url, apiKey: API_KEY });
    const r = await p.fetchDeals({ clientId: 'C-42', bankName: 'demo', year: 2025 });
    expect(r.broker).toBe('Partner Bank');
    expect(r.deals.length).toBeGreaterThan(10);
    expect(r.deals.every((d) => d.source_key.startsWith('partner-'))).toBe(true);
    const last = fake.seen.at(-1);
    expect(last?.url).toBe('/v1/clients/C-42/deals?year=2025&bank_name=demo');
    expect(last?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('maps 404, a wrong key, a bad answer and an unreachable host to Russian refusals', async () => {
    const ok = httpPartner({ baseUrl: fake.url, apiKey: API_KEY });
    await expect(ok.fetchDeals({ clientId: 'nobody', bankName: null, year: 2025 })).rejects.toMatchObject({
      status: 404,
      message: PARTNER_MSG.clientNotFound,
    });
    await expect(ok.fetchDeals({ clientId: 'garbage', bankName: null, year: 2025 })).rejects.toMatchObject({
      message: PARTNER_MSG.badAnswer,
    });
    await expect(ok.fetchDeals({ clientId: '../../admin', bankName: null, year: 2025 })).rejects.toBeInstanceOf(
      PartnerError,
    );
    const wrongKey = httpPartner({ baseUrl: fake.url, apiKey: 'wrong-key-000' });
    await expect(wrongKey.fetchDeals({ clientId: 'C-42', bankName: null, year: 2025 })).rejects.toMatchObject({
      message: PARTNER_MSG.unavailable,
    });
    const down = httpPartner({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, timeoutMs: 1000 });
    await expect(down.fetchDeals({ clientId: 'C-42', bankName: null, year: 2025 })).rejects.toMatchObject({
      message: PARTNER_MSG.unavailable,
    });
  });

  it('the server uses the real adapter when PARTNER_API_URL and PARTNER_API_KEY are set', async () => {
    const s = await createTestServer({ PARTNER_API_URL: fake.url, PARTNER_API_KEY: API_KEY });
    try {
      expect(s.deps.providers.partner.kind).toBe('http');
      const u = await signedInUser(s);
      await s.deps.db.query("UPDATE users SET broker_client_id = 'C-77' WHERE id = $1", [u.id]);
      const id = (await u.client.post('/api/declarations', NEW_270)).json().data.common_data.id;
      const res = await u.client.post(`/api/declarations/${id}/get-data-from-bank`);
      expect(res.statusCode, res.body).toBe(202);
      await s.deps.jobs.runOnce();
      const st = (await u.client.get(`/api/imports/${res.json().import_id}`)).json().data;
      expect(st.status).toBe('done');
      expect(st.counts.added).toBeGreaterThan(10);
    } finally {
      await s.close();
    }
  }, 120_000);
});

describe('POST /api/declarations/{id}/get-data-from-bank (sandbox partner)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  async function userWithClient(clientId: string | null, bankName: string | null = 'demo') {
    const u = await signedInUser(s, bankName ? { bank_name: bankName } : {});
    await s.deps.db.query('UPDATE users SET broker_client_id = $2 WHERE id = $1', [u.id, clientId]);
    const id = (await u.client.post('/api/declarations', NEW_270)).json().data.common_data.id as number;
    return { u, id };
  }

  it('fetches the demo client, applies it as a job: sections, KZT, FIFO across the previous-year lot', async () => {
    const { u, id } = await userWithClient('10001');
    const res = await u.client.post(`/api/declarations/${id}/get-data-from-bank`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      success: true,
      message: MSG.importPartnerAccepted,
      broker: 'Демо-брокер (песочница)',
    });
    await s.deps.jobs.runOnce();
    const st = (await u.client.get(`/api/imports/${res.json().import_id}`)).json().data;
    expect(st.status, JSON.stringify(st)).toBe('done');
    expect(st.formats).toEqual(['partner_api']);
    const deals = (await u.client.get(`/api/declarations/${id}`)).json().data.deals;
    const aaplSale = deals.second_section.find((d: { isin_security: string }) => d.isin_security === 'US0378331005');
    // 2025: the sale's commission reduces its proceeds (broker expenses are part of the cost): 2584.80 − 1.10 = 2583.70
    expect(aaplSale).toMatchObject({ quantity: '12', sale_closing_cost: '2583.70', cost_source: 'fifo' });
    expect(Number(aaplSale.cost_in_tenge_currency)).toBeGreaterThan(0);
    // The lot bought in December of the previous year pays for the sale (purchase history).
    const lots = await s.deps.db.query<{ quantity: string; date: string }>(
      `SELECT l.quantity::text AS quantity, to_char(p.transaction_date, 'DD.MM.YYYY') AS date
       FROM deal_lots l JOIN deals p ON p.id = l.purchase_deal_id WHERE l.sale_deal_id = $1`,
      [aaplSale.id],
    );
    expect(lots.map((l) => [Number(l.quantity), l.date])).toEqual([[12, '15.12.2024']]);
    const kaspi = deals.first_section_a[0];
    // 2025: proceeds less the broker's commission, 2 080 000.00 − 1 040.00 = 2 078 960.00
    expect(kaspi).toMatchObject({ currency_code: 'KZT', sale_closing_cost: '2078960.00', market_id: 1 });
    expect(deals.third_section.map((d: { foreign_tax_credit: string }) => d.foreign_tax_credit).sort()).toEqual([
      '0.50',
      '0.83',
    ]);
    expect(deals.fourth_section.some((d: { operation_type_id: number }) => d.operation_type_id === 7)).toBe(true);
    expect(deals.second_section.some((d: { market_id: number }) => d.market_id === 14)).toBe(true); // crypto

    // Fetching again adds nothing.
    const again = await u.client.post(`/api/declarations/${id}/get-data-from-bank`);
    await s.deps.jobs.runOnce();
    const st2 = (await u.client.get(`/api/imports/${again.json().import_id}`)).json().data;
    expect(st2.counts.added).toBe(0);
    expect(st2.message).toBe(MSG.importNothingNew);
  });

  it('the halykfinance variant and the other demo clients', async () => {
    for (const [client, bank] of [
      ['10002', 'halykfinance'],
      ['10003', 'demo'],
    ] as const) {
      const { u, id } = await userWithClient(client, bank);
      const res = await u.client.post(`/api/declarations/${id}/get-data-from-bank`);
      expect(res.statusCode, res.body).toBe(202);
      await s.deps.jobs.runOnce();
      const st = (await u.client.get(`/api/imports/${res.json().import_id}`)).json().data;
      expect(st.status).toBe('done');
      expect(st.counts.added).toBeGreaterThan(5);
    }
  });

  it('without a broker client id: 422 in Russian; an unknown client: 404 in Russian; nothing saved', async () => {
    const none = await userWithClient(null);
    const r1 = await none.u.client.post(`/api/declarations/${none.id}/get-data-from-bank`);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().message).toBe(MSG.importNoBrokerClient);
    const unknown = await userWithClient('55555');
    const r2 = await unknown.u.client.post(`/api/declarations/${unknown.id}/get-data-from-bank`);
    expect(r2.statusCode).toBe(404);
    expect(r2.json().message).toBe(PARTNER_MSG.clientNotFound);
    const files = await s.deps.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM files WHERE declaration_id = ANY($1::int[])',
      [[none.id, unknown.id]],
    );
    expect(files?.n).toBe(0);
  });
});
