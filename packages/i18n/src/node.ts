import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Resource } from 'i18next';
import { LANGUAGES } from './languages.ts';
import { createTranslator, type Translator } from './translator.ts';

/** The catalogue folder: locales/<language>/<namespace>.json (read-only files shipped with the package). */
export const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

/** Every namespace of every language, read once. */
export function loadResources(dir = LOCALES_DIR): Resource {
  const out: Resource = {};
  for (const lng of LANGUAGES) {
    out[lng] = {};
    for (const file of readdirSync(join(dir, lng))
      .filter((f) => f.endsWith('.json'))
      .sort())
      out[lng][file.slice(0, -5)] = JSON.parse(readFileSync(join(dir, lng, file), 'utf8'));
  }
  return out;
}

let shared: Translator | undefined;
/** The process-wide translator over every catalogue. */
export function translator(): Translator {
  shared ??= createTranslator(loadResources());
  return shared;
}
