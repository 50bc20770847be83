import i18next, { type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import { type Catalogue, localize, messageIndex } from './reverse.ts';

export type Params = Record<string, unknown>;

/**
 * A translator over loaded catalogues (the server loads all of them; a test may load a few): `t` by key,
 * `localize` for a Russian text used as a message id (see reverse.ts). Missing keys fall back to Russian;
 * the catalogue test keeps that from happening.
 */
export function createTranslator(resources: Resource) {
  const inst = i18next.createInstance();
  void inst.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const fixed = Object.fromEntries(LANGUAGES.map((l) => [l, inst.getFixedT(l)])) as Record<
    Language,
    (key: string, params?: Params) => string
  >;
  const index = messageIndex((resources[DEFAULT_LANGUAGE] ?? {}) as Record<string, Catalogue>);
  const cache = Object.fromEntries(LANGUAGES.map((l) => [l, new Map<string, string>()])) as Record<
    Language,
    Map<string, string>
  >;
  const t = (lng: Language, key: string, params?: Params): string => fixed[lng](key, params);
  return {
    t,
    /** A Russian catalogue text in `lng` (cached: the same skip reason may repeat on thousands of rows). */
    localize(lng: Language, text: string): string {
      if (lng === DEFAULT_LANGUAGE || !text) return text;
      const seen = cache[lng].get(text);
      if (seen !== undefined) return seen;
      const out = localize(index, (k, p) => t(lng, k, p), text);
      if (cache[lng].size < 10_000) cache[lng].set(text, out);
      return out;
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
