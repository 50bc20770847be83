import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTranslator } from '@deklarant/i18n';
import catalogue from '@deklarant/i18n/locales/ru/importers.json';
import { translator } from '@deklarant/i18n/node';
import { describe, expect, it } from 'vitest';
import { type ImporterTextKey, ImportRefusedError, importerText, parseReport } from '../src/index.ts';
import { sample } from './helpers.ts';

/** Every key of the importers catalogue with its Russian text. */
function entries(node: Record<string, unknown> = catalogue, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[prefix + k, v] as [string, string]]
      : entries(v as Record<string, unknown>, `${prefix + k}.`),
  );
}

describe('the importers catalogue', () => {
  it('has plain {{name}} placeholders only: no formats, no plural forms (texts.ts fills them in itself)', () => {
    for (const [key, text] of entries()) {
      expect(key, key).not.toMatch(/_(zero|one|two|few|many|other)$/);
      for (const m of text.matchAll(/\{\{([^}]*)\}\}/g)) expect(m[1], `${key}: ${text}`).toMatch(/^\s*\w+\s*$/);
      expect(text, key).not.toContain('$t(');
    }
  });

  it('fills a text exactly as i18next does', () => {
    const ru = createTranslator({ ru: { importers: catalogue } });
    for (const [key, text] of entries()) {
      const values: Record<string, string | number> = {};
      for (const m of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) values[m[1]!] = m[1] === 'row' ? 14 : `«${m[1]}» 12.50`;
      expect(importerText(key as ImporterTextKey, values), key).toBe(ru.t('ru', `importers:${key}`, values));
    }
  });
});

const CYRILLIC = /[\u0400-\u04ff]/;
/** The English text without the values it quotes from a report (a Russian broker's own column or operation names). */
const ownWords = (en: string) => en.replace(/«[^»]*»|“[^”]*”/g, '');

describe('what the upload screen shows of every sample, in English', () => {
  const en = (text: string) => translator().localize('en', text);
  const samples = readdirSync(join(import.meta.dirname, '..', 'samples')).sort();

  for (const name of samples) {
    it(`${name}: refusal, skip reasons, row errors and notes leave no Russian of ours`, async () => {
      const texts: string[] = [];
      try {
        const r = await parseReport(sample(name), { filename: name });
        texts.push(...r.skipped.map((s) => s.reason), ...r.reconciliation.notes);
        // a row error is «Строка 5: …»: the server gives the row label and the rest apart (imports/texts.ts)
        for (const e of r.errors) texts.push(e.message.replace(/^Строка \d+: /, ''));
        for (const s of r.skipped) if (typeof s.row === 'string' && CYRILLIC.test(s.row)) texts.push(s.row);
      } catch (e) {
        if (!(e instanceof ImportRefusedError)) throw e;
        texts.push(e.message);
      }
      for (const text of texts) expect(ownWords(en(text)), text).not.toMatch(CYRILLIC);
    });
  }
});
