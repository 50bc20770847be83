import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language, pickLanguage } from '@deklarant/i18n';
import { translator } from '@deklarant/i18n/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** the language this request is answered in (LANGUAGE_COOKIE, else Accept-Language, else Russian) */
    lang: Language;
  }
}

/** The web app's `lang` cookie when it names a language we offer, else the Accept-Language header. */
export function requestLanguage(req: Pick<FastifyRequest, 'cookies' | 'headers'>): Language {
  const chosen = req.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  return pickLanguage(req.headers['accept-language']);
}

/** A person's profile language where they chose one, else the given one (the request's, or Russian). */
export const languageOf = (stored: string | null | undefined, fallback: Language = DEFAULT_LANGUAGE): Language =>
  isLanguage(stored) ? stored : fallback;

/** A Russian catalogue text (a message id) in `lng`; a text the catalogues do not have passes unchanged. */
export const localize = (lng: Language, text: string): string => translator().localize(lng, text);

/**
 * Catalogue texts joined into one (a deal's comment: an import's sentences put together) in `lng`: the longest
 * leading run of sentences the catalogue has, then the rest the same way; the whole text when no shorter run
 * is known (one message of several sentences). A sentence no catalogue has (a note) stays as written.
 */
export function localizeJoined(lng: Language, text: string): string {
  if (lng === DEFAULT_LANGUAGE) return text;
  const cuts = [...text.matchAll(/[.!?»)] (?=\S)/g)].map((m) => (m.index ?? 0) + 1);
  const rest = (cut: number) => localizeJoined(lng, text.slice(cut + 1));
  for (const cut of [...cuts].reverse()) {
    const head = localize(lng, text.slice(0, cut));
    if (head !== text.slice(0, cut)) return `${head} ${rest(cut)}`;
  }
  const whole = localize(lng, text);
  if (whole !== text || cuts.length === 0) return whole;
  const first = cuts[0] as number;
  return `${text.slice(0, first)} ${rest(first)}`;
}

/** A catalogue text by key (`ns:key`) in `lng`. */
export const t = (lng: Language, key: string, params?: Record<string, unknown>): string =>
  translator().t(lng, key, params);

/** A Russian text of the server catalogue with values (plain ones are read from the JSON itself). */
export const serverText = (key: string, params: Record<string, unknown>): string =>
  translator().t(DEFAULT_LANGUAGE, `server:${key}`, params);

const isRecord = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** A list of messages: texts, or issues (import rows) each with its `message`. */
function localizeList(lng: Language, list: unknown[]): unknown[] {
  return list.map((m) => {
    if (typeof m === 'string') return localize(lng, m);
    if (isRecord(m) && typeof m.message === 'string') return { ...m, message: localize(lng, m.message) };
    return m;
  });
}

/**
 * An answer's user-visible texts in `lng`: its `message`, the field lists of `errors` (or an `errors` /
 * `skipped` list of issues). The error handler, 404, 429, XSRF and the `message` of successful answers all
 * pass here. Russian answers are not touched.
 */
export function localizeAnswer<T>(lng: Language, payload: T): T {
  if (lng === DEFAULT_LANGUAGE || !isRecord(payload)) return payload;
  const { message, errors, skipped } = payload;
  if (typeof message !== 'string' && errors === undefined && skipped === undefined) return payload;
  const out: Record<string, unknown> = { ...payload };
  if (typeof message === 'string') out.message = localize(lng, message);
  if (Array.isArray(errors)) out.errors = localizeList(lng, errors);
  else if (isRecord(errors))
    out.errors = Object.fromEntries(
      Object.entries(errors).map(([field, list]) => [field, Array.isArray(list) ? localizeList(lng, list) : list]),
    );
  if (Array.isArray(skipped)) out.skipped = localizeList(lng, skipped);
  return out as T;
}

/**
 * Each request's language on `req.lang`, and every JSON answer's messages given in it. Registered after the
 * cookie plugin (the cookie is read) and before any hook that may answer (XSRF).
 */
export function requestLanguages(app: FastifyInstance) {
  translator(); // the catalogues are read at start, not on the first foreign-language request
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = requestLanguage(req);
    done();
  });
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    done(null, localizeAnswer(req.lang, payload));
  });
}
