import { type Catalogue, createTranslator } from '@deklarant/i18n';
import fields from '@deklarant/i18n/locales/ru/fields.json';

/**
 * The Russian texts of the section dictionary (field labels, section titles and help, operations,
 * statuses, rule messages) live in one place: packages/i18n/locales/ru/fields.json (namespace `fields`).
 * Contracts read them from there, so the server and the documents keep Russian labels, and the web shows
 * the same key in the reader's language (t('fields:field.<name>.label')).
 */
const ru = createTranslator({ ru: { fields } });

function lookup(key: string): string | Catalogue | undefined {
  let node: string | Catalogue | undefined = fields as Catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

/** A Russian text of the `fields` catalogue; throws at load time when the key is missing (a typo, not a gap). */
export function fieldsText(key: string): string {
  const found = lookup(key);
  if (typeof found !== 'string') throw new Error(`fields catalogue has no text ${key}`);
  return found;
}

/** The text of `key` when the catalogue has one (a section's own label), else undefined. */
export function fieldsTextOrNone(key: string): string | undefined {
  const found = lookup(key);
  return typeof found === 'string' ? found : undefined;
}

/** The keys under `key` whose values are texts (a section's own labels), as a record. */
export function fieldsTexts(key: string): Record<string, string> {
  const found = lookup(key);
  if (!found || typeof found === 'string') return {};
  return Object.fromEntries(Object.entries(found).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** A Russian text with values ({{year}}, {{tile}}). */
export const fieldsFormat = (key: string, params: Record<string, unknown>): string => {
  fieldsText(key);
  return ru.t('ru', `fields:${key}`, params);
};
