import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../src/languages.ts';
import { LOCALES_DIR, loadResources } from '../src/node.ts';
import type { Catalogue } from '../src/reverse.ts';

/**
 * Every text exists in Russian, Kazakh and English with the same placeholders; plural texts have every form
 * the language's plural rules ask for (CLDR: ru one/few/many/other, kk and en one/other).
 */
const resources = loadResources();
const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)/g;

function flat(cat: Catalogue, prefix = '', out = new Map<string, string>()) {
  for (const [k, v] of Object.entries(cat)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else flat(v, `${prefix + k}.`, out);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(PLACEHOLDER)].map((m) => m[1] as string).sort();
const namespaces = (lng: Language) => readdirSync(join(LOCALES_DIR, lng)).sort();
const entries = (lng: Language, ns: string) => flat((resources[lng]?.[ns] ?? {}) as Catalogue);

/** base key -> the placeholders of each of its forms */
function byBase(texts: Map<string, string>) {
  const out = new Map<string, { forms: Set<string>; names: Set<string> }>();
  for (const [key, text] of texts) {
    const m = PLURAL.exec(key);
    const base = m ? key.slice(0, m.index) : key;
    const e = out.get(base) ?? { forms: new Set(), names: new Set() };
    if (m) e.forms.add(m[1] as string);
    for (const n of placeholders(text)) e.names.add(n);
    out.set(base, e);
  }
  return out;
}

describe('catalogues', () => {
  it('every language has the same namespaces', () => {
    for (const lng of LANGUAGES) expect(namespaces(lng)).toEqual(namespaces('ru'));
  });

  for (const ns of namespaces('ru').map((f) => f.replace(/\.json$/, ''))) {
    it(`${ns}: every key in ru, kk and en, with the same placeholders and every plural form`, () => {
      const ru = byBase(entries('ru', ns));
      for (const lng of LANGUAGES) {
        const other = byBase(entries(lng, ns));
        expect([...other.keys()].sort(), `${lng}/${ns} keys`).toEqual([...ru.keys()].sort());
        const rules = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
        for (const [base, e] of other) {
          expect([...e.names].sort(), `${lng}/${ns}:${base} placeholders`).toEqual(
            [...(ru.get(base)?.names ?? [])].sort(),
          );
          if (ru.get(base)?.forms.size)
            expect([...e.forms].sort(), `${lng}/${ns}:${base} plural forms`).toEqual([...rules].sort());
        }
        for (const [key, text] of entries(lng, ns)) expect(text.trim(), `${lng}/${ns}:${key} is empty`).not.toBe('');
      }
    });

    it(`${ns}: Kazakh and English are translations, not copies of the Russian`, () => {
      const ru = entries('ru', ns);
      for (const [key, text] of entries('en', ns))
        expect(/[\u0400-\u04FF]/.test(text), `en/${ns}:${key} has Cyrillic: ${text}`).toBe(false);
      for (const [key, text] of entries('kk', ns)) {
        // a single word may be the same in both (Декларация, Менеджер, Брокер); a phrase may not
        const same = text === ru.get(key) && /[а-яё]{3,}\s+[а-яё]{3,}/i.test(text);
        expect(same, `kk/${ns}:${key} is the Russian text: ${text}`).toBe(false);
      }
    });
  }

  it('a Russian message id has one translation wherever the text appears (the API translates by the Russian text)', () => {
    // Texts of the namespaces whose Russian texts travel as message ids (reverse.ts) come first; a screen label
    // elsewhere may translate a short word by its context («Срок» of a card is not «Срок» of a consent).
    const ids = ['errors', 'server', 'fields', 'importers'];
    const order = [
      ...ids,
      ...namespaces('ru')
        .map((f) => f.replace(/\.json$/, ''))
        .filter((n) => !ids.includes(n)),
    ];
    for (const lng of ['kk', 'en'] as const) {
      const seen = new Map<string, string>();
      for (const ns of order)
        for (const [key, text] of entries('ru', ns)) {
          // plural forms differ in number between languages (ru four, kk and en two): compared by base key above
          if (PLURAL.test(key)) continue;
          const tr = entries(lng, ns).get(key) as string;
          const before = seen.get(text);
          if (before !== undefined) expect(tr, `${lng} ${ns}:${key} («${text}»)`).toBe(before);
          else if (ids.includes(ns)) seen.set(text, tr);
        }
    }
  });
});
