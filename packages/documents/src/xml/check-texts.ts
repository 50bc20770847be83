import { createTranslator, DEFAULT_LANGUAGE, type Language, type Translator } from '@deklarant/i18n';
import checks from '@deklarant/i18n/locales/ru/checks.json';
import { translator } from '@deklarant/i18n/node';
import type { FormTemplate } from '../template/model.ts';

/**
 * The texts of the checks before signing (template-check.ts, value-rules.ts): whole sentences of the `checks`
 * catalogue, one key per sentence (a page with or without a printed title is a separate sentence, so that each
 * language builds its own). Russian is read from the Russian catalogue itself (its one home) and is the default;
 * the server asks for the reader's language.
 */
export interface CheckLanguage {
  /** ru (default), kk or en */
  lang?: Language;
  /** the catalogues; default: every catalogue of packages/i18n (translator() of '@deklarant/i18n/node') */
  tr?: Translator;
}

const RU = createTranslator({ ru: { checks } });

export interface CheckTexts {
  lang: Language;
  /** a `checks` text */
  t(key: string, params?: Record<string, unknown>): string;
  /**
   * A label of the form template (a field's name, a page's title) in the language: Kazakh from the template's
   * Kazakh list where it has one; otherwise the Russian label given in the language when a catalogue has that
   * very text (a line's name, «ИИН»); otherwise the Russian label as printed on the form (the official form is
   * Kazakh and Russian only). Russian: the template's label untouched.
   */
  label(t: FormTemplate, code: string | undefined): string | undefined;
}

export function checkTexts(opts: CheckLanguage = {}): CheckTexts {
  const lang = opts.lang ?? DEFAULT_LANGUAGE;
  if (lang === DEFAULT_LANGUAGE)
    return {
      lang,
      t: (key, params) => RU.t(lang, `checks:${key}`, params),
      label: (t, code) => t.labels.get(code ?? ''),
    };
  const tr = opts.tr ?? translator();
  return {
    lang,
    t: (key, params) => tr.t(lang, `checks:${key}`, params),
    label(t, code) {
      const kk = lang === 'kk' ? t.kazakhLabels?.get(code ?? '')?.trim() : undefined;
      if (kk) return kk;
      const ru = t.labels.get(code ?? '');
      return ru ? tr.localize(lang, ru) : ru;
    },
  };
}
