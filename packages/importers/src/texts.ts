/**
 * Every Russian text the importers produce (refusals, row errors, skip reasons, reconciliation notes, deal
 * comments, the template's instructions) is read from the Russian catalogue
 * packages/i18n/locales/ru/importers.json, its one home. The server gives them in the reader's language by
 * the Russian text (packages/i18n reverse.ts: a text found in the catalogue, values read back).
 *
 * Values are filled in here, not by i18next: a skip reason or a comment may be made for each of 50,000 rows,
 * and a compiled template fills in well under a microsecond (i18next takes tens). So the importers catalogue
 * uses plain {{name}} placeholders only, no formats and no plural forms (test/texts.test.ts keeps it so).
 */
import catalogue from '@deklarant/i18n/locales/ru/importers.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the importers catalogue: `skip.fxConversion`, `corporate.what.split`… */
export type TextKey = Leaves<typeof catalogue>;
export type TextValues = Record<string, string | number>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** literal, name, literal, name, …, literal */
const compiled = new Map<string, string[]>();

function compile(key: string): string[] {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`importers catalogue: no text ${key}`);
  const parts = node.split(PLACEHOLDER);
  compiled.set(key, parts);
  return parts;
}

/** The Russian text `key` of the importers catalogue with its values. */
export function tx(key: TextKey, values?: TextValues): string {
  const parts = compiled.get(key) ?? compile(key);
  if (parts.length === 1) return parts[0]!;
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const v = values?.[parts[i]!];
    out += (v === undefined ? `{{${parts[i]}}}` : String(v)) + parts[i + 1]!;
  }
  return out;
}

/** The catalogue itself (the template's column descriptions are looked up by column name). */
export const IMPORTER_TEXTS = catalogue;
