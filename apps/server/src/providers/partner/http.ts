import type { ImportedDeal } from '@deklarant/importers';
import {
  CLIENT_ID_RE,
  PARTNER_MSG,
  PartnerAnswer,
  PartnerError,
  type PartnerProvider,
  type PartnerQuery,
  type PartnerReport,
} from './partner.ts';

/** Answers larger than this are refused (a year of deals of one client is far smaller). */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

/**
 * The real partner adapter: `GET {baseUrl}/v1/clients/{clientId}/deals?year=YYYY[&bank_name=...]`
 * with `Authorization: Bearer {apiKey}`, answering JSON `{ broker, client_id, deals: ImportedDeal[],
 * errors?, skipped? }` (the importers' normalized shape). 404 means an unknown client; anything else
 * that is not 200 + valid JSON is "unavailable". The key and the answer are never logged.
 */
export function httpPartner(opts: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): PartnerProvider {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    kind: 'http',
    async fetchDeals(q: PartnerQuery): Promise<PartnerReport> {
      if (!CLIENT_ID_RE.test(q.clientId)) throw new PartnerError(404, PARTNER_MSG.clientNotFound);
      const url = new URL(`${base}/v1/clients/${encodeURIComponent(q.clientId)}/deals`);
      url.searchParams.set('year', String(q.year));
      if (q.bankName) url.searchParams.set('bank_name', q.bankName);
      let res: Response;
      try {
        res = await doFetch(url, {
          headers: { authorization: `Bearer ${opts.apiKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
          redirect: 'error',
        });
      } catch {
        throw new PartnerError(503, PARTNER_MSG.unavailable);
      }
      if (res.status === 404) throw new PartnerError(404, PARTNER_MSG.clientNotFound);
      if (res.status !== 200) throw new PartnerError(503, PARTNER_MSG.unavailable);
      const length = Number(res.headers.get('content-length') ?? '0');
      if (length > MAX_ANSWER_BYTES) throw new PartnerError(502, PARTNER_MSG.badAnswer);
      let body: unknown;
      try {
        const text = await res.text();
        if (text.length > MAX_ANSWER_BYTES) throw new Error('too large');
        body = JSON.parse(text);
      } catch {
        throw new PartnerError(502, PARTNER_MSG.badAnswer);
      }
      const parsed = PartnerAnswer.safeParse(body);
      if (!parsed.success) throw new PartnerError(502, PARTNER_MSG.badAnswer);
      const a = parsed.data;
      return {
        broker: a.broker,
        clientId: a.client_id,
        // Keys from the partner are namespaced so they never collide with a report's own keys.
        deals: a.deals.map((d) => ({ ...d, source_key: `partner-${d.source_key}` }) as ImportedDeal),
        errors: a.errors,
        skipped: a.skipped,
      };
    },
  };
}
