import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { HttpError } from '../src/lib/errors.ts';
import { createNbkClient, type NbkClient, NbkFeedError, parseNbkRates } from '../src/providers/rates/nbk-feed.ts';
import { createRatesService, RatesUnavailableError } from '../src/providers/rates/rates-service.ts';
import { sandboxRate } from '../src/providers/rates/sandbox-rates.ts';

type Item = [code: string, description: string, quant: string];

/** A get_rates.cfm answer as public fixtures show it (root <rates>, channel-like fields, then items). */
function feedXml(ruDate: string, items: Item[]): string {
  const body = items
    .map(
      ([code, description, quant]) =>
        `<item><fullname>${code} NAME</fullname><title>${code}</title><description>${description}</description>` +
        `<quant>${quant}</quant><index>UP</index><change>+0.02</change></item>`,
    )
    .join('\n  ');
  return `<?xml version="1.0" encoding="utf-8"?>
<rates>
  <generator>Alternate RSS Builder</generator>
  <title>Official exchange rates of National Bank of Republic Kazakhstan</title>
  <link>www.nationalbank.kz</link>
  <description>Official exchange rates of National Bank of Republic Kazakhstan</description>
  <copyright>www.nationalbank.kz</copyright>
  <date>${ruDate}</date>
  ${body}
</rates>`;
}

const INFO_XML = '<?xml version="1.0" encoding="utf-8"?><rates><info>No data for this date</info></rates>';
const ERROR_XML = '<?xml version="1.0" encoding="utf-8"?><rates><error>Incorrect date</error></rates>';

const ruToIso = (ru: string) => ru.split('.').reverse().join('-');

/** A fake feed: rates per ISO day; any other day answers <info>. Counts requested days. */
function fakeFeed(days: Record<string, Item[]>) {
  const calls: string[] = [];
  const answer = (fdate: string) => {
    const iso = ruToIso(fdate);
    calls.push(iso);
    const items = days[iso];
    return items ? feedXml(fdate, items) : INFO_XML;
  };
  return { calls, answer };
}

function fetchFrom(answer: (fdate: string) => string, headersSeen?: Headers[]) {
  return async (input: string, init?: RequestInit) => {
    headersSeen?.push(new Headers(init?.headers));
    const fdate = new URL(input).searchParams.get('fdate') ?? '';
    return new Response(answer(fdate), { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } });
  };
}

const unreachable: NbkClient = {
  fetchDay: async () => {
    throw new NbkFeedError('NBK feed unreachable: connect ECONNREFUSED');
  },
};

describe('NBK feed parser', () => {
  it('divides by quant, accepts a decimal comma and ignores the root description', () => {
    const day = parseNbkRates(
      feedXml('06.05.2024', [
        ['USD', '441.52', '1'],
        ['KRW', '32,46', '100'],
        ['IRR', '10.5', '1000'],
        ['EUR', ' 475,29 ', '1'],
      ]),
    );
    expect(day.kind).toBe('rates');
    if (day.kind !== 'rates') return;
    expect(day.date).toBe('2024-05-06');
    expect(Object.fromEntries(day.rates.map((r) => [r.currency, r.rate]))).toEqual({
      USD: '441.52',
      KRW: '0.3246',
      IRR: '0.0105',
      EUR: '475.29',
    });
    expect(day.rates.find((r) => r.currency === 'KRW')).toMatchObject({ value: '32.46', quant: '100' });
  });

  it('reads a single item as a list', () => {
    const day = parseNbkRates(feedXml('06.05.2024', [['USD', '441.52', '1']]));
    expect(day).toMatchObject({ kind: 'rates', rates: [{ currency: 'USD', rate: '441.52' }] });
  });

  it('answers no_data for an <info> day and error for <error>', () => {
    expect(parseNbkRates(INFO_XML)).toEqual({ kind: 'no_data', message: 'No data for this date' });
    expect(parseNbkRates(ERROR_XML)).toEqual({ kind: 'error', message: 'Incorrect date' });
    expect(parseNbkRates('<rates></rates>').kind).toBe('no_data');
  });

  it('skips items with unusable numbers', () => {
    const day = parseNbkRates(
      feedXml('06.05.2024', [
        ['USD', '441.52', '1'],
        ['GBP', '-', '1'],
        ['JPY', '2.87', '0'],
      ]),
    );
    expect(day.kind === 'rates' && day.rates.map((r) => r.currency)).toEqual(['USD']);
  });

  it('refuses a DOCTYPE and anything that is not the feed', () => {
    const evil =
      '<?xml version="1.0"?><!DOCTYPE rates [<!ENTITY x "y">]><rates><item><title>USD</title>' +
      '<description>&x;</description><quant>1</quant></item></rates>';
    expect(() => parseNbkRates(evil)).toThrow(NbkFeedError);
    expect(() => parseNbkRates('<html><body>Maintenance</body></html>')).toThrow(NbkFeedError);
  });
});

describe('rates service', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ memory: true });
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec('DELETE FROM exchange_rates; DELETE FROM exchange_rate_gaps;');
  });

  const clock = () => fixedClock(new Date('2025-06-01T06:00:00Z'));

  function nbkService(days: Record<string, Item[]>, allowSandboxFallback = false) {
    const feed = fakeFeed(days);
    const headers: Headers[] = [];
    const nbk = createNbkClient({ fetch: fetchFrom(feed.answer, headers), baseUrl: 'https://nbk.test' });
    const service = createRatesService({ db, source: 'nbk', nbk, allowSandboxFallback, clock: clock() });
    return { service, calls: feed.calls, headers };
  }

  it('previous working day: Monday takes Friday without asking the feed about the weekend', async () => {
    const { service, calls, headers } = nbkService({ '2024-05-03': [['USD', '444.97', '1']] });
    const r = await service.getRate({ currency: 'usd', date: '06.05.2024', rule: 'previous_working_day' });
    expect(headers[0]?.get('user-agent')).toMatch(/Deklarant/);
    expect(r).toEqual({
      rate: '444.97',
      currency_code: 'USD',
      date: '2024-05-06',
      rate_date: '2024-05-03',
      rule: 'previous_working_day',
      source: 'nbk',
      demo: false,
    });
    expect(calls).toEqual(['2024-05-03']);
  });

  it('on date: a Sunday steps back over the weekend <info> days to Friday', async () => {
    const { service, calls } = nbkService({ '2024-05-03': [['USD', '444.97', '1']] });
    const r = await service.getRate({ currency: 'USD', date: '2024-05-05', rule: 'on_date' });
    expect(r).toMatchObject({ rate: '444.97', date: '2024-05-05', rate_date: '2024-05-03', source: 'nbk' });
    expect(calls).toEqual(['2024-05-05', '2024-05-04', '2024-05-03']);
  });

  it('previous working day steps back over a holiday the feed has no rates for', async () => {
    // 07.05.2024 (Defender of the Fatherland Day) is a holiday: the feed answers <info>.
    const { service, calls } = nbkService({ '2024-05-06': [['EUR', '475.29', '1']] });
    const r = await service.getRate({ currency: 'EUR', date: '2024-05-08', rule: 'previous_working_day' });
    expect(r).toMatchObject({ rate: '475.29', rate_date: '2024-05-06' });
    expect(calls).toEqual(['2024-05-07', '2024-05-06']);
  });

  it('caches fetched days and gaps: the second call makes no fetch, even from a new service', async () => {
    const days: Record<string, Item[]> = { '2024-05-03': [['USD', '444.97', '1']] };
    const first = nbkService(days);
    await first.service.getRate({ currency: 'USD', date: '2024-05-05', rule: 'on_date' });
    expect(first.calls).toHaveLength(3);
    const again = await first.service.getRate({ currency: 'USD', date: '2024-05-05', rule: 'on_date' });
    expect(again.rate).toBe('444.97');
    expect(first.calls).toHaveLength(3);

    const second = nbkService(days);
    const r = await second.service.getRate({ currency: 'USD', date: '2024-05-04', rule: 'on_date' });
    expect(r).toMatchObject({ rate: '444.97', rate_date: '2024-05-03', source: 'nbk' });
    expect(second.calls).toEqual([]);
    const gaps = await db.query<{ d: string }>('SELECT rate_date::text AS d FROM exchange_rate_gaps ORDER BY 1');
    expect(gaps.map((g) => g.d)).toEqual(['2024-05-04', '2024-05-05']);
  });

  it('stores every currency of a fetched day, per unit', async () => {
    const { service, calls } = nbkService({
      '2024-05-03': [
        ['USD', '444.97', '1'],
        ['KRW', '32,46', '100'],
      ],
    });
    await service.getRate({ currency: 'USD', date: '2024-05-03', rule: 'on_date' });
    const krw = await service.getRate({ currency: 'KRW', date: '2024-05-03', rule: 'on_date' });
    expect(krw).toMatchObject({ rate: '0.3246', source: 'nbk' });
    expect(calls).toHaveLength(1);
  });

  it('year end takes the rate in force on 31.12 (a Sunday in 2023)', async () => {
    const { service } = nbkService({ '2023-12-29': [['USD', '454.56', '1']] });
    const r = await service.getRate({ currency: 'USD', date: '2023-06-15', rule: 'year_end' });
    expect(r).toMatchObject({ rate: '454.56', date: '2023-12-31', rate_date: '2023-12-29', rule: 'year_end' });
  });

  it('uses the verified bundled rates without a fetch, also when the feed is down in production', async () => {
    const service = createRatesService({
      db,
      source: 'nbk',
      nbk: unreachable,
      allowSandboxFallback: false,
      clock: clock(),
    });
    const r = await service.getRate({ currency: 'USD', date: '2024-04-24', rule: 'on_date' });
    expect(r).toMatchObject({ rate: '444.32', source: 'bundled', demo: false });
    const ye = await service.getRate({ currency: 'USD', date: '2024-03-01', rule: 'year_end' });
    expect(ye).toMatchObject({ rate: '525.11', rate_date: '2024-12-31', source: 'bundled' });
  });

  it('production: an unreachable feed with nothing cached is an error with its Russian text', async () => {
    const service = createRatesService({
      db,
      source: 'nbk',
      nbk: unreachable,
      allowSandboxFallback: false,
      clock: clock(),
    });
    const err = await service.getRate({ currency: 'USD', date: '2024-05-06', rule: 'on_date' }).catch((e) => e);
    expect(err).toBeInstanceOf(RatesUnavailableError);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as Error).message).toBe('Информация о курсах валют недоступна');
    expect((err as HttpError).statusCode).toBe(503);
  });

  it('production: a feed <error> and an unquoted currency are errors too', async () => {
    const nbk = createNbkClient({ fetch: fetchFrom(() => ERROR_XML), baseUrl: 'https://nbk.test' });
    const service = createRatesService({ db, source: 'nbk', nbk, allowSandboxFallback: false, clock: clock() });
    await expect(service.getRate({ currency: 'USD', date: '2024-05-06', rule: 'on_date' })).rejects.toThrow(
      'Информация о курсах валют недоступна',
    );
    const quoted = nbkService({ '2024-05-06': [['USD', '441.52', '1']] });
    await expect(quoted.service.getRate({ currency: 'ARS', date: '2024-05-06', rule: 'on_date' })).rejects.toThrow(
      'Информация о курсах валют недоступна',
    );
  });

  it('outside production an unreachable feed falls back to the sandbox, marked demo', async () => {
    const service = createRatesService({
      db,
      source: 'nbk',
      nbk: unreachable,
      allowSandboxFallback: true,
      clock: clock(),
    });
    const r = await service.getRate({ currency: 'USD', date: '2024-05-06', rule: 'previous_working_day' });
    expect(r).toEqual({
      rate: sandboxRate('USD', '2024-05-03'),
      currency_code: 'USD',
      date: '2024-05-06',
      rate_date: '2024-05-03',
      rule: 'previous_working_day',
      source: 'sandbox',
      demo: true,
    });
    const rows = await db.query('SELECT * FROM exchange_rates');
    expect(rows).toEqual([]);
  });

  it('the sandbox source is deterministic, smooth and never fetches', async () => {
    const service = createRatesService({ db, source: 'sandbox', allowSandboxFallback: true, clock: clock() });
    const a = await service.getRate({ currency: 'EUR', date: '2024-05-06', rule: 'on_date' });
    const b = await service.getRate({ currency: 'EUR', date: '2024-05-06', rule: 'on_date' });
    expect(a).toEqual(b);
    expect(a).toMatchObject({ source: 'sandbox', demo: true });
    const next = new Decimal(sandboxRate('EUR', '2024-05-07'));
    expect(next.minus(a.rate).abs().div(a.rate).lt('0.01')).toBe(true);
    expect(sandboxRate('USD', '2024-05-06')).not.toBe(sandboxRate('EUR', '2024-05-06'));
    const avg = await service.getRate({ currency: 'USD', date: '2024-07-01', rule: 'annual_average' });
    expect(avg).toMatchObject({ source: 'sandbox', demo: true, rate_date: '2024-12-31' });
  });

  it('KZT is always 1', async () => {
    const service = createRatesService({ db, source: 'nbk', nbk: unreachable, allowSandboxFallback: false });
    const r = await service.getRate({ currency: 'KZT', date: '2024-05-06', rule: 'previous_working_day' });
    expect(r).toMatchObject({ rate: '1', source: 'kzt', demo: false, rate_date: '2024-05-06' });
  });

  it('rejects a bad currency or date', async () => {
    const service = createRatesService({ db, source: 'sandbox', allowSandboxFallback: true });
    await expect(service.getRate({ currency: 'US', date: '2024-05-06', rule: 'on_date' })).rejects.toThrow(HttpError);
    await expect(service.getRate({ currency: 'USD', date: '31.02.2024', rule: 'on_date' })).rejects.toThrow(HttpError);
  });

  it('annual average: the exact mean of every working day rate of the year, holidays left out', async () => {
    const days: Record<string, Item[]> = {};
    const expected: string[] = [];
    let weekdays = 0;
    // 2023: no bundled rates fall in it, so every figure comes from the fake feed.
    for (let t = Date.UTC(2023, 0, 1); t <= Date.UTC(2023, 11, 31); t += 86_400_000) {
      const d = new Date(t);
      const iso = d.toISOString().slice(0, 10);
      const weekday = d.getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      weekdays++;
      if (iso === '2023-01-02' || iso === '2023-03-21') continue; // holidays: the feed answers <info>
      // 450.00 + day-of-month cents, quant 1; and JPY per 100.
      const usd = new Decimal(450).plus(new Decimal(d.getUTCDate()).div(100)).toFixed(2);
      days[iso] = [
        ['USD', usd, '1'],
        ['JPY', '310,5', '100'],
      ];
      expected.push(usd);
    }
    const { service, calls } = nbkService(days);
    const r = await service.getRate({ currency: 'USD', date: '2023-03-15', rule: 'annual_average' });
    const mean = expected
      .reduce((s, v) => s.plus(v), new Decimal(0))
      .div(expected.length)
      .toDecimalPlaces(6, Decimal.ROUND_HALF_UP)
      .toFixed();
    expect(r).toMatchObject({ rate: mean, rule: 'annual_average', rate_date: '2023-12-29', source: 'nbk' });
    expect(calls).toHaveLength(weekdays); // every weekday of the year, once
    expect(new Set(calls).size).toBe(weekdays);
    const jpy = await service.getRate({ currency: 'JPY', date: '2023-03-15', rule: 'annual_average' });
    expect(jpy.rate).toBe('3.105');
    expect(calls).toHaveLength(weekdays); // the second currency comes from the cache
  });
});

describe('NBK client against a local HTTP server', () => {
  let server: Server;
  let baseUrl = '';
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const feed = fakeFeed({
    '2024-05-03': [
      ['USD', '444.97', '1'],
      ['UZS', '3,49', '100'],
    ],
  });
  let hang = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      if (hang) return; // never answers: the client must time out
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== '/rss/get_rates.cfm') {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(feed.answer(url.searchParams.get('fdate') ?? ''));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fetches get_rates.cfm?fdate=DD.MM.YYYY with a User-Agent and serves the rate end to end', async () => {
    const db = await openDb({ memory: true });
    await migrate(db);
    try {
      const nbk = createNbkClient({ baseUrl, timeoutMs: 5000 });
      const day = await nbk.fetchDay('2024-05-03');
      expect(day.kind === 'rates' && day.rates.map((r) => r.rate)).toEqual(['444.97', '0.0349']);
      expect(seen.at(-1)?.url).toBe('/rss/get_rates.cfm?fdate=03.05.2024');
      expect(seen.at(-1)?.headers['user-agent']).toMatch(/Deklarant/);

      const service = createRatesService({
        db,
        source: 'nbk',
        nbk,
        allowSandboxFallback: false,
        clock: fixedClock(new Date('2025-06-01T06:00:00Z')),
      });
      const r = await service.getRate({ currency: 'UZS', date: '06.05.2024', rule: 'previous_working_day' });
      expect(r).toMatchObject({ rate: '0.0349', rate_date: '2024-05-03', source: 'nbk', demo: false });
      expect(seen.at(-1)?.url).toBe('/rss/get_rates.cfm?fdate=03.05.2024');
    } finally {
      await db.close();
    }
  });

  it('a feed that does not answer in time makes the rate unavailable in production', async () => {
    const db = await openDb({ memory: true });
    await migrate(db);
    hang = true;
    try {
      const nbk = createNbkClient({ baseUrl, timeoutMs: 200 });
      await expect(nbk.fetchDay('2024-05-03')).rejects.toThrow(NbkFeedError);
      const service = createRatesService({ db, source: 'nbk', nbk, allowSandboxFallback: false });
      await expect(service.getRate({ currency: 'USD', date: '2024-05-10', rule: 'on_date' })).rejects.toThrow(
        'Информация о курсах валют недоступна',
      );
    } finally {
      hang = false;
      await db.close();
    }
  });

  it('an HTTP error status is a feed failure', async () => {
    const nbk = createNbkClient({ baseUrl: `${baseUrl}/wrong`, timeoutMs: 2000 });
    await expect(nbk.fetchDay('2024-05-03')).rejects.toThrow(/HTTP 404/);
  });
});
