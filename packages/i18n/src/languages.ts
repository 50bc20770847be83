/** The product's languages: Russian stays the default; Kazakh is the state language; English for foreigners. */
export const LANGUAGES = ['ru', 'kk', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/** BCP 47 tags for Intl, dayjs and Mantine. */
export const LOCALE_TAG: Record<Language, string> = { ru: 'ru-RU', kk: 'kk-KZ', en: 'en' };

/** Each language by its own name: the switcher shows these whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = { ru: 'Русский', kk: 'Қазақша', en: 'English' };
export const LANGUAGE_SHORT: Record<Language, string> = { ru: 'РУС', kk: 'ҚАЗ', en: 'ENG' };

/** The cookie the web app keeps the choice in, so that pages the browser opens itself (sandboxes) follow it. */
export const LANGUAGE_COOKIE = 'lang';

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

/** 'kz' is the country code people type for Kazakh; the language code is 'kk'. */
function fromTag(tag: string): Language | undefined {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'kz') return 'kk';
  return isLanguage(base) ? base : undefined;
}

/**
 * The language an Accept-Language header asks for, by its q-values; one we do not offer is passed over and
 * Russian is the answer when nothing matches (RFC 9110 §12.5.4).
 */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: fromTag(tag), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r): r is { lang: Language; q: number; i: number } => !!r.lang && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.lang ?? DEFAULT_LANGUAGE;
}
