import {
  type Catalogue,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  LOCALE_TAG,
  localize,
  type MessageIndex,
  messageIndex,
} from '@deklarant/i18n';
import ruCommon from '@deklarant/i18n/locales/ru/common.json';
import ruErrors from '@deklarant/i18n/locales/ru/errors.json';
import dayjs from 'dayjs';
import 'dayjs/locale/kk';
import 'dayjs/locale/ru';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The web app's i18next. Catalogues live in packages/i18n/locales/<language>/<namespace>.json; each is its own
 * chunk, fetched when a screen first asks for its namespace in the active language only (the login page loads
 * common, errors and auth of one language). The choice is kept in local storage and in a cookie (pages the
 * browser opens itself, such as the sandboxes, follow it), and sent with every API call.
 */
const catalogues = import.meta.glob<Catalogue>('../../../../../packages/i18n/locales/*/*.json', { import: 'default' });

const catalogue = (lng: string, ns: string) => catalogues[`../../../../../packages/i18n/locales/${lng}/${ns}.json`];

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, done) {
    // Russian, the default, needs no round trip before the first screen: its errors come with the rules (MSG)
    // anyway, and its common texts are small
    if (lng === DEFAULT_LANGUAGE && ns === 'errors') return done(null, ruErrors);
    if (lng === DEFAULT_LANGUAGE && ns === 'common') return done(null, ruCommon);
    const load = catalogue(lng, ns);
    if (!load) return done(new Error(`no catalogue ${lng}/${ns}`), false);
    Promise.all([load(), ns === 'fields' && lng !== DEFAULT_LANGUAGE ? indexFieldMessages() : undefined]).then(
      ([data]) => done(null, data),
      (err: Error) => done(err, false),
    );
  },
};

const STORAGE_KEY = 'deklarant.language';

function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(lng: Language) {
  document.documentElement.lang = lng;
  // the server answers each request in this language (letters, documents): a plain cookie it reads
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
  dayjs.locale(lng);
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {}
}

/** Loads the active language's common and error catalogues before the first render. */
export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  applyLanguage(lng);
  await i18next
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: ['ru', 'kk', 'en'],
      ns: ['common', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnEmptyString: false,
    });
}

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

/**
 * The BCP 47 tag of the active language, for Intl and Mantine. A browser whose ICU lacks Kazakh (Chromium
 * builds ship a reduced set) would fall back to English separators; Kazakh writes numbers and dates as
 * Russian does (1 234,5; 31.12.2025), so ru-RU stands in there.
 */
let kazakhData: boolean | undefined;
export const currentLocale = (): string => {
  const lng = currentLanguage();
  if (lng !== 'kk') return LOCALE_TAG[lng];
  // Chromium may claim kk-KZ yet format 1,234.5: probe the decimal separator (Kazakh writes a comma)
  kazakhData ??= new Intl.NumberFormat(LOCALE_TAG.kk).format(1.5).includes(',');
  return kazakhData ? LOCALE_TAG.kk : LOCALE_TAG.ru;
};

export async function changeLanguage(lng: Language): Promise<void> {
  applyLanguage(lng);
  await i18next.changeLanguage(lng);
}

// Russian texts of the errors catalogue, read back to their keys. The rule messages of the section dictionary
// (fields: rule.*, suggest.*) join with the first screen that loads `fields` in another language, so the
// Russian fields catalogue stays out of the login page.
// Built on first use: a Russian reader never needs it, and the start of every page stays free of the work.
let errorIndex: MessageIndex | undefined;
async function indexFieldMessages(): Promise<void> {
  const ruFields = await (catalogue(DEFAULT_LANGUAGE, 'fields') as () => Promise<Catalogue>)();
  errorIndex = messageIndex({ errors: ruErrors, fields: ruFields });
}

/**
 * A Russian text of the error catalogue (a zod rule's message, a client-side check) in the active language;
 * server answers already come translated (Accept-Language), other texts pass through.
 */
export function localizeMessage(text: string): string {
  if (currentLanguage() === DEFAULT_LANGUAGE) return text;
  // a namespace not loaded yet (fields on a screen that did not ask for it) keeps the text and is fetched
  errorIndex ??= messageIndex({ errors: ruErrors });
  return localize(
    errorIndex,
    (key, params) => {
      if (i18next.exists(key)) return tKey(key, params);
      void i18next.loadNamespaces(key.split(':')[0] as string);
      return text;
    },
    text,
  );
}

/**
 * A screen's code and its catalogues fetched together: otherwise the screen loads, then suspends on its
 * namespaces, a second round trip before it can show.
 */
export const withCatalogues =
  <T>(load: () => Promise<T>, ns: readonly string[]) =>
  (): Promise<T> =>
    Promise.all([load(), i18next.loadNamespaces([...ns])]).then(([m]) => m);

/** The catalogue's text for `key` when it has one, else `fallback` (the server's or the dictionary's Russian). */
export const tOr = (key: string, fallback: string, params?: Record<string, unknown>): string =>
  i18next.exists(key) ? tKey(key, params) : fallback;

/** t for a key computed at run time (catalogue data such as a section's field list); typed keys elsewhere. */
export const tKey = (key: string, params?: Record<string, unknown>): string =>
  (i18next.t as unknown as (k: string, p?: Record<string, unknown>) => string)(key, params);

export { i18next };
