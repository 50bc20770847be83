import type { SectionDef } from '@deklarant/contracts';
import { createTranslator, DEFAULT_LANGUAGE, type Language, type Translator } from '@deklarant/i18n';
import registers from '@deklarant/i18n/locales/ru/registers.json';
import { translator } from '@deklarant/i18n/node';
import type { ColumnDef } from './columns.ts';

/**
 * The language a document is printed in and the catalogues it is printed from (namespace `registers` for the
 * documents' own texts; `fields` for the section dictionary's field labels and section titles). Russian stays
 * the default and prints exactly as before. Only the app's own texts are translated: the official form's
 * labels come from its template (see pdf/form-pages.ts), and what the person typed prints as typed.
 */
export interface DocumentLanguage {
  /** ru (default), kk or en */
  lang?: Language;
  /** the catalogues; default: every catalogue of packages/i18n (translator() of '@deklarant/i18n/node') */
  tr?: Translator;
}

export type Params = Record<string, unknown>;

const RU = createTranslator({ ru: { registers } });
/**
 * A Russian text of the `registers` catalogue: the renderers' refusals (DocumentError messages) are Russian
 * message ids that the server gives in the reader's language at the edge.
 */
export const russian = (key: string, params?: Params): string => RU.t(DEFAULT_LANGUAGE, `registers:${key}`, params);

/** Texts of one document in one language: looked up once per table or sheet, never per cell. */
export interface Texts {
  lang: Language;
  /** a `registers` text */
  t(key: string, params?: Params): string;
  /** a register column's header: the section dictionary's label in the document's language */
  column(col: ColumnDef, sectionKey?: string): string;
  /** a section's title */
  sectionTitle(s: Pick<SectionDef, 'key' | 'title'>): string;
  /** the form lines a section feeds, e.g. '270.01 A_1_2' */
  sectionFeeds(s: Pick<SectionDef, 'key' | 'feeds'>): string;
  /**
   * A Russian value the server or the engine filled in (an operation type, a declaration kind, an
   * explanation of a rule) in the document's language when a catalogue has it; other text as it is.
   */
  value(text: string): string;
  /** a grouped Russian-style number ('1 234,56') in the language's style (en: '1,234.56') */
  number(grouped: string): string;
}

const RU_NUMBER = /^-?\d{1,3}(?: \d{3})*(?:,\d+)?$/;

export function documentTexts(opts: DocumentLanguage = {}): Texts {
  const lang = opts.lang ?? DEFAULT_LANGUAGE;
  const tr = opts.tr ?? translator();
  const ru = lang === DEFAULT_LANGUAGE;
  /**
   * The dictionary's Russian text under the first of `keys` whose Russian catalogue text is exactly it, in
   * `lang`; else the Russian text given in `lang` by its text (a label the catalogue keeps under another key),
   * else as it is. Russian prints the dictionary's own text, untouched.
   */
  const dictionary = (russian: string, keys: string[]): string => {
    if (ru || !russian) return russian;
    for (const key of keys) if (tr.t(DEFAULT_LANGUAGE, key) === russian) return tr.t(lang, key);
    return tr.localize(lang, russian);
  };
  return {
    lang,
    t: (key, params) => tr.t(lang, `registers:${key}`, params),
    column: (col, sectionKey) =>
      dictionary(col.label, [
        ...(sectionKey ? [`fields:section.${sectionKey}.column.${col.key}`] : []),
        `fields:field.${col.key}.column`,
        `fields:field.${col.key}.label`,
      ]),
    sectionTitle: (s) => dictionary(s.title, [`fields:section.${s.key}.title`]),
    sectionFeeds: (s) => dictionary(s.feeds, [`fields:section.${s.key}.feeds`]),
    value: (text) => (ru ? text : tr.localize(lang, text)),
    number: (g) => (lang === 'en' && RU_NUMBER.test(g) ? g.replace(',', '.').replaceAll(' ', ',') : g),
  };
}
