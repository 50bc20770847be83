import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { fromIsoDate, toNbkDate } from './dates.ts';

/**
 * The National Bank of Kazakhstan daily feed `get_rates.cfm?fdate=DD.MM.YYYY` (docs/formats.md,
 * docs/tax-years.md). No official schema exists; the shape below is the one public fixtures agree on:
 *
 *   <rates><date>24.04.2024</date>
 *     <item><fullname>ДОЛЛАР США</fullname><title>USD</title><description>444.32</description><quant>1</quant>…</item>
 *   </rates>
 *
 * `description` is tenge per `quant` units, so the per-unit rate is description / quant (quant is data: 10, 100,
 * 1000, 10 000 all occur). A day without rates answers `<rates><info>…</info></rates>`; a refused request answers
 * `<rates><error>…</error></rates>`.
 */

export interface NbkRate {
  /** ISO 4217 code from `<title>` */
  currency: string;
  /** tenge per one unit, decimal string (description / quant, at most 6 decimals as stored) */
  rate: string;
  /** the published figure and its unit count, kept for audits */
  value: string;
  quant: string;
  fullname?: string;
}

export type NbkDay =
  /** `date` is the feed's own `<date>` in ISO form when present */
  | { kind: 'rates'; date: string | null; rates: NbkRate[] }
  /** no rates for the date (weekend, holiday, not yet published) */
  | { kind: 'no_data'; message: string }
  /** the feed refused the request */
  | { kind: 'error'; message: string };

/** The feed could not be read: network failure, timeout, HTTP error, or a body that is not the feed. */
export class NbkFeedError extends Error {
  override name = 'NbkFeedError';
}

/** Rates are stored as numeric(20, 6). */
export const RATE_DECIMALS = 6;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name, jpath) => jpath === 'rates.item' || name === 'item',
});

const NUMBER = /^\d+(\.\d+)?$/;

/** Normalises a published number: trims, drops spaces (thousands) and turns a decimal comma into a point. */
function normaliseNumber(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const s = String(raw)
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  return NUMBER.test(s) ? s : null;
}

function text(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  return '';
}

/** Parses one feed answer. Throws NbkFeedError for anything that is not the feed (or carries a DOCTYPE). */
export function parseNbkRates(xml: string): NbkDay {
  // A DOCTYPE can declare entities (billion laughs, external entities): the real feed never has one.
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new NbkFeedError('NBK feed: DOCTYPE is refused');
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch (err) {
    throw new NbkFeedError(`NBK feed: not XML (${(err as Error).message})`);
  }
  const root = doc.rates;
  if (root === '' || root === undefined || root === null) {
    if ('rates' in doc) return { kind: 'no_data', message: 'empty <rates>' };
    throw new NbkFeedError('NBK feed: no <rates> root');
  }
  if (typeof root !== 'object') return { kind: 'no_data', message: text(root) };
  const r = root as Record<string, unknown>;
  if (r.error !== undefined) return { kind: 'error', message: text(r.error) };
  const items = Array.isArray(r.item) ? (r.item as Record<string, unknown>[]) : [];
  if (r.info !== undefined && items.length === 0) return { kind: 'no_data', message: text(r.info) };

  const rates: NbkRate[] = [];
  for (const item of items) {
    const currency = text(item.title).toUpperCase();
    const value = normaliseNumber(item.description);
    const quant = normaliseNumber(item.quant ?? '1') ?? null;
    if (!/^[A-Z]{3}$/.test(currency) || value === null || quant === null) continue;
    const q = new Decimal(quant);
    if (q.lte(0)) continue;
    const rate = new Decimal(value).div(q).toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP);
    if (rate.lte(0)) continue;
    const fullname = text(item.fullname);
    rates.push({ currency, rate: rate.toFixed(), value, quant, ...(fullname ? { fullname } : {}) });
  }
  if (rates.length === 0) return { kind: 'no_data', message: text(r.info) || 'no items' };
  return { kind: 'rates', date: feedDate(r.date), rates };
}

function feedDate(v: unknown): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text(v));
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return fromIsoDate(iso) ? iso : null;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface NbkClientOptions {
  fetch?: FetchLike;
  /** site origin, e.g. https://nationalbank.kz (the feed path is appended) or the full get_rates.cfm URL */
  baseUrl?: string;
  timeoutMs?: number;
  userAgent?: string;
}

export interface NbkClient {
  /** Rates published for one ISO date (YYYY-MM-DD). Throws NbkFeedError when the feed cannot be read. */
  fetchDay(isoDate: string): Promise<NbkDay>;
}

export const NBK_DEFAULT_URL = 'https://nationalbank.kz';
const FEED_PATH = '/rss/get_rates.cfm';
const USER_AGENT = 'Deklarant/0.1 (+exchange rates for tax declarations)';

export function feedUrl(baseUrl: string, isoDate: string): string {
  const base = baseUrl.includes('get_rates.cfm') ? baseUrl : baseUrl.replace(/\/+$/, '') + FEED_PATH;
  const url = new URL(base);
  url.searchParams.set('fdate', toNbkDate(isoDate));
  return url.toString();
}

export function createNbkClient(opts: NbkClientOptions = {}): NbkClient {
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = opts.baseUrl ?? NBK_DEFAULT_URL;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const userAgent = opts.userAgent ?? USER_AGENT;
  return {
    async fetchDay(isoDate) {
      const url = feedUrl(baseUrl, isoDate);
      let body: string;
      try {
        const res = await doFetch(url, {
          headers: { 'User-Agent': userAgent, Accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'follow',
        });
        if (!res.ok) throw new NbkFeedError(`NBK feed: HTTP ${res.status}`);
        body = await res.text();
      } catch (err) {
        if (err instanceof NbkFeedError) throw err;
        throw new NbkFeedError(`NBK feed unreachable: ${(err as Error).message}`);
      }
      return parseNbkRates(body);
    },
  };
}
