import i18next, { type Resource } from 'i18next';
import { translateCitation } from './citation.ts';
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
  // citation.* are parts of a citation (translateCitation), not whole messages: a Russian text beginning
  // «ст. » must not be read as one
  const { citation: parts, ...engine } = (resources[DEFAULT_LANGUAGE]?.engine ?? {}) as Catalogue;
  const index = messageIndex({ ...(resources[DEFAULT_LANGUAGE] ?? {}), engine } as Record<string, Catalogue>);
  const notes = messageIndex({ engine: { citation: { note: (parts as Catalogue | undefined)?.note ?? {} } } });
  const cache = Object.fromEntries(LANGUAGES.map((l) => [l, new Map<string, string>()])) as Record<
    Language,
    Map<string, string>
  >;
  const t = (lng: Language, key: string, params?: Params): string => fixed[lng](key, params);
  return {
    t,
    /** A Russian catalogue text or Tax Code citation in `lng` (cached: the same skip reason may repeat on thousands of rows). */
    localize(lng: Language, text: string): string {
      if (lng === DEFAULT_LANGUAGE || !text) return text;
      const seen = cache[lng].get(text);
      if (seen !== undefined) return seen;
      const tr = (k: string, p?: Params) => t(lng, k, p);
      // a Tax Code citation is read part by part; one with a part unknown here stays as written
      const out = text.startsWith('НК-')
        ? (translateCitation(text, tr, (note) => {
            const found = notes.find(note);
            return found ? tr(found.key, found.params) : undefined;
          }) ?? text)
        : localize(index, tr, text);
      if (cache[lng].size < 10_000) cache[lng].set(text, out);
      return out;
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
