import { MSG } from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import Decimal from 'decimal.js';
import type { Db } from '../../db/db.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/errors.ts';
import { bundledRate } from './bundled-rates.ts';
import { addDays, isWeekend, kzToday, normaliseDate } from './dates.ts';
import { type NbkClient, type NbkDay, NbkFeedError, RATE_DECIMALS } from './nbk-feed.ts';
import { sandboxRate } from './sandbox-rates.ts';

/**
 * Official tenge rates for the tax engine and the deal forms.
 *
 * Rules (docs/tax-years.md, fxRule and rates):
 * - previous_working_day: the rate of the last working day BEFORE the date (foreign income up to tax year 2024);
 * - on_date: the rate in force on the date (a day without a published rate takes the last one before it);
 * - year_end: the rate in force on 31.12 of the date's year (form 250.00 items);
 * - annual_average: the average of the year's daily rates (foreign income from tax year 2025).
 *
 * Where a rate comes from, in order: KZT is 1; the database cache of fetched feed days; the verified bundled
 * rates; the National Bank feed (each fetched day is cached, each day without rates is remembered as a gap).
 * When the feed cannot answer: production throws RatesUnavailableError ('Информация о курсах валют
 * недоступна'); elsewhere the answer comes from the sandbox and says `demo: true`.
 */

export type RateRule = 'previous_working_day' | 'on_date' | 'year_end' | 'annual_average';
export type RateSource = 'nbk' | 'bundled' | 'sandbox' | 'kzt';

export interface RateQuery {
  /** ISO 4217 code, e.g. USD */
  currency: string;
  /** YYYY-MM-DD or DD.MM.YYYY */
  date: string;
  rule: RateRule;
}

/** Same shape as `ExchangeRate` of @deklarant/contracts. */
export interface RateAnswer {
  /** tenge per one unit of the currency, decimal string */
  rate: string;
  currency_code: string;
  /** the date the rule asked for: the request date, or 31.12 of its year for year_end (ISO) */
  date: string;
  /** the date of the National Bank rate used; for annual_average the last day averaged (ISO) */
  rate_date: string;
  rule: RateRule;
  source: RateSource;
  /** true for sandbox rates that must never be used for a real declaration */
  demo: boolean;
}

export interface RatesService {
  getRate(query: RateQuery): Promise<RateAnswer>;
}

export interface RatesServiceOptions {
  db: Db;
  /** 'sandbox' never calls the feed (development, tests); 'nbk' is the real source */
  source: 'nbk' | 'sandbox';
  nbk?: NbkClient;
  /** false in production: an unavailable rate is an error, never a made-up number */
  allowSandboxFallback: boolean;
  clock?: Clock;
  /** how many calendar days to step back over days without rates (default 15: the longest holiday runs) */
  maxStepBack?: number;
  /** parallel feed requests while filling a year for annual_average (default 4) */
  concurrency?: number;
}

/** The client-facing error: HTTP 503 with its Russian text. */
export class RatesUnavailableError extends HttpError {
  override name = 'RatesUnavailableError';
  constructor() {
    super(503, MSG.ratesUnavailable);
  }
}

/** No rate for the currency: not quoted by the National Bank, or too many days without rates. */
class RateNotFound extends Error {
  override name = 'RateNotFound';
}

const RULES: readonly RateRule[] = ['previous_working_day', 'on_date', 'year_end', 'annual_average'];
const FEED = 'nbk';

type DayRate = { kind: 'rate'; rate: string; source: 'nbk' | 'bundled'; rateDate: string };
type DayResult = DayRate | { kind: 'gap' };

const norm = (v: string) => new Decimal(v).toFixed();

export function createRatesService(opts: RatesServiceOptions): RatesService {
  const { db } = opts;
  const clock = opts.clock ?? systemClock;
  const maxStepBack = opts.maxStepBack ?? 15;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const inFlight = new Map<string, Promise<void>>();

  const today = () => kzToday(clock.now());

  async function cachedRate(currency: string, day: string): Promise<string | undefined> {
    const row = await db.one<{ rate: string }>(
      'SELECT rate::text AS rate FROM exchange_rates WHERE currency_code = $1 AND rate_date = $2 AND source = $3',
      [currency, day, FEED],
    );
    return row ? norm(row.rate) : undefined;
  }

  async function isGap(day: string): Promise<boolean> {
    return Boolean(
      await db.one('SELECT 1 AS x FROM exchange_rate_gaps WHERE rate_date = $1 AND source = $2', [day, FEED]),
    );
  }

  async function dayFetched(day: string): Promise<boolean> {
    return Boolean(
      await db.one('SELECT 1 AS x FROM exchange_rates WHERE rate_date = $1 AND source = $2 LIMIT 1', [day, FEED]),
    );
  }

  async function storeRates(day: string, result: Extract<NbkDay, { kind: 'rates' }>): Promise<void> {
    const params: unknown[] = [];
    const values = result.rates.map((r) => {
      params.push(r.currency, day, r.rate, FEED);
      const n = params.length;
      return `($${n - 3}, $${n - 2}::date, $${n - 1}::numeric, $${n})`;
    });
    await db.query(
      `INSERT INTO exchange_rates (currency_code, rate_date, rate, source) VALUES ${values.join(', ')}
       ON CONFLICT (currency_code, rate_date, source) DO UPDATE SET rate = EXCLUDED.rate, fetched_at = now()`,
      params,
    );
  }

  async function storeGap(day: string): Promise<void> {
    // A day that has not ended yet may still get its rate: only past days are remembered as gaps.
    if (day >= today()) return;
    await db.query('INSERT INTO exchange_rate_gaps (rate_date, source) VALUES ($1::date, $2) ON CONFLICT DO NOTHING', [
      day,
      FEED,
    ]);
  }

  /** Fetches one day from the feed into the cache (once, even when asked concurrently). */
  function loadDay(day: string): Promise<void> {
    const running = inFlight.get(day);
    if (running) return running;
    const job = (async () => {
      if (!opts.nbk) throw new NbkFeedError('NBK feed client is not configured');
      const result = await opts.nbk.fetchDay(day);
      if (result.kind === 'error') throw new NbkFeedError(`NBK feed error for ${day}: ${result.message}`);
      if (result.kind === 'no_data') return storeGap(day);
      // The feed may answer a day off with the last published day: file the rates under that day.
      if (result.date && result.date < day) {
        await storeRates(result.date, result);
        return storeGap(day);
      }
      return storeRates(day, result);
    })().finally(() => inFlight.delete(day));
    inFlight.set(day, job);
    return job;
  }

  /** The rate of one currency published for one day, or a gap (no rates that day). */
  async function resolveDay(currency: string, day: string): Promise<DayResult> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const cached = await cachedRate(currency, day);
      if (cached) return { kind: 'rate', rate: cached, source: 'nbk', rateDate: day };
      if (await isGap(day)) return { kind: 'gap' };
      const bundled = bundledRate(currency, day);
      if (bundled) return { kind: 'rate', rate: norm(bundled.rate), source: 'bundled', rateDate: day };
      if (await dayFetched(day)) throw new RateNotFound(`${currency} is not quoted by the National Bank on ${day}`);
      if (attempt === 0) await loadDay(day);
    }
    // Fetched, yet neither rates nor a remembered gap: a day without rates that has not ended yet.
    return { kind: 'gap' };
  }

  /** Steps back from `from` (inclusive) over days without rates; `workingDaysOnly` also skips weekends. */
  async function stepBack(currency: string, from: string, workingDaysOnly: boolean): Promise<DayRate> {
    let day = from;
    for (let i = 0; i <= maxStepBack; i++, day = addDays(day, -1)) {
      if (workingDaysOnly && isWeekend(day)) continue;
      const r = await resolveDay(currency, day);
      if (r.kind === 'rate') return r;
    }
    throw new RateNotFound(`no ${currency} rate within ${maxStepBack} days before ${from}`);
  }

  /**
   * Average of the daily rates of every working day of the year (up to today for the running year). It needs all
   * working days of the year: days missing from the cache are fetched (a cold year is ~250 feed requests, cached
   * afterwards); holidays are the days the feed has no rates for.
   */
  async function annualAverage(currency: string, year: number): Promise<DayRate> {
    const first = `${year}-01-01`;
    const yearEnd = `${year}-12-31`;
    const last = yearEnd < today() ? yearEnd : today();
    if (last < first) throw new RateNotFound(`year ${year} has not started`);
    const days: string[] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) if (!isWeekend(d)) days.push(d);

    const read = async () => {
      const rates = await db.query<{ d: string; rate: string }>(
        `SELECT rate_date::text AS d, rate::text AS rate FROM exchange_rates
         WHERE currency_code = $1 AND source = $2 AND rate_date BETWEEN $3::date AND $4::date`,
        [currency, FEED, first, last],
      );
      const fetched = await db.query<{ d: string }>(
        `SELECT DISTINCT rate_date::text AS d FROM exchange_rates
         WHERE source = $1 AND rate_date BETWEEN $2::date AND $3::date`,
        [FEED, first, last],
      );
      const gaps = await db.query<{ d: string }>(
        'SELECT rate_date::text AS d FROM exchange_rate_gaps WHERE source = $1 AND rate_date BETWEEN $2::date AND $3::date',
        [FEED, first, last],
      );
      return {
        rates: new Map(rates.map((r) => [r.d, norm(r.rate)])),
        fetched: new Set(fetched.map((r) => r.d)),
        gaps: new Set(gaps.map((r) => r.d)),
      };
    };

    let known = await read();
    const missing = days.filter(
      (d) => !known.rates.has(d) && !known.gaps.has(d) && !known.fetched.has(d) && !bundledRate(currency, d),
    );
    if (missing.length > 0) {
      let next = 0;
      const worker = async () => {
        while (next < missing.length) {
          const day = missing[next++];
          if (day) await loadDay(day);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
      known = await read();
    }

    let sum = new Decimal(0);
    let count = 0;
    let lastDay = '';
    let fromFeed = false;
    for (const d of days) {
      const cached = known.rates.get(d);
      const bundled = cached ? undefined : bundledRate(currency, d);
      if (cached || bundled) {
        sum = sum.plus(cached ?? bundled?.rate ?? '0');
        count++;
        lastDay = d;
        if (cached) fromFeed = true;
      } else if (!known.gaps.has(d) && known.fetched.has(d)) {
        throw new RateNotFound(`${currency} is not quoted by the National Bank on ${d}`);
      }
      // Otherwise a holiday (gap) or today's not yet published rate: not part of the average.
    }
    if (count === 0) throw new RateNotFound(`no ${currency} rates in ${year}`);
    return {
      kind: 'rate',
      rate: sum.div(count).toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed(),
      source: fromFeed ? 'nbk' : 'bundled',
      rateDate: lastDay,
    };
  }

  function sandboxAnswer(currency: string, date: string, rule: RateRule): RateAnswer {
    const answer = (rate: string, rateDate: string, asked = date): RateAnswer => ({
      rate,
      currency_code: currency,
      date: asked,
      rate_date: rateDate,
      rule,
      source: 'sandbox',
      demo: true,
    });
    const year = Number(date.slice(0, 4));
    switch (rule) {
      case 'previous_working_day': {
        let d = addDays(date, -1);
        while (isWeekend(d)) d = addDays(d, -1);
        return answer(sandboxRate(currency, d), d);
      }
      case 'on_date':
        return answer(sandboxRate(currency, date), date);
      case 'year_end':
        return answer(sandboxRate(currency, `${year}-12-31`), `${year}-12-31`, `${year}-12-31`);
      case 'annual_average': {
        const yearEnd = `${year}-12-31`;
        const last = yearEnd < today() ? yearEnd : today();
        let sum = new Decimal(0);
        let count = 0;
        let lastDay = `${year}-01-01`;
        for (let d = `${year}-01-01`; d <= last; d = addDays(d, 1)) {
          if (isWeekend(d)) continue;
          sum = sum.plus(sandboxRate(currency, d));
          count++;
          lastDay = d;
        }
        // A year that has not started has nothing to average: its first day stands in.
        if (!count) return answer(sandboxRate(currency, lastDay), lastDay);
        return answer(sum.div(count).toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed(), lastDay);
      }
    }
  }

  async function feedAnswer(currency: string, date: string, rule: RateRule): Promise<RateAnswer> {
    const year = Number(date.slice(0, 4));
    // Rates exist up to tomorrow at most (the National Bank sets the next day's rate in the afternoon).
    const latest = addDays(today(), 1);
    let asked = date;
    let found: DayRate;
    switch (rule) {
      case 'previous_working_day': {
        const start = addDays(date, -1);
        if (start > latest) throw new RateNotFound(`no rates published for ${date} yet`);
        found = await stepBack(currency, start, true);
        break;
      }
      case 'on_date':
        if (date > latest) throw new RateNotFound(`no rates published for ${date} yet`);
        found = await stepBack(currency, date, false);
        break;
      case 'year_end':
        asked = `${year}-12-31`;
        if (asked > latest) throw new RateNotFound(`no rates published for ${asked} yet`);
        found = await stepBack(currency, asked, false);
        break;
      case 'annual_average':
        found = await annualAverage(currency, year);
        break;
    }
    return {
      rate: found.rate,
      currency_code: currency,
      date: asked,
      rate_date: found.rateDate,
      rule,
      source: found.source,
      demo: false,
    };
  }

  return {
    async getRate(query) {
      const currency = query.currency.trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) throw new HttpError(422, server.rates.checkCurrency);
      const date = normaliseDate(query.date);
      if (!date) throw new HttpError(422, server.rates.checkDate);
      if (!RULES.includes(query.rule)) throw new HttpError(422, server.rates.checkRule);
      const { rule } = query;

      if (currency === 'KZT') {
        const asked = rule === 'year_end' ? `${date.slice(0, 4)}-12-31` : date;
        return { rate: '1', currency_code: 'KZT', date: asked, rate_date: asked, rule, source: 'kzt', demo: false };
      }
      if (opts.source === 'sandbox') return sandboxAnswer(currency, date, rule);
      try {
        return await feedAnswer(currency, date, rule);
      } catch (err) {
        // Database failures and bugs propagate; only "the feed cannot give this rate" falls back.
        if (!(err instanceof NbkFeedError || err instanceof RateNotFound)) throw err;
        if (opts.allowSandboxFallback) return sandboxAnswer(currency, date, rule);
        throw new RatesUnavailableError();
      }
    },
  };
}
