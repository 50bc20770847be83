import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ESM script without types
import { lintI18n } from '../scripts/lint-i18n.mjs';

// The lint rule of issue 20: no Cyrillic or English text literals in the web app; every text from the catalogues.
const ROOT = new URL('..', import.meta.url).pathname;
type Hit = { file: string; line: number; kind: string; text: string };
const lint = (path: string): Hit[] => lintI18n([join(ROOT, path)]);

describe('lint: text literals in the web app', () => {
  it('reports each planted literal, and not the allowed ones', () => {
    const hits = lint('test/fixtures/i18n-literals').map(
      (h) => `${h.file.split('/').pop()}:${h.line} ${h.kind}: ${h.text}`,
    );
    expect(hits.sort()).toEqual(
      [
        'Planted.tsx:6 cyrillic: Декларация сохранена',
        'Planted.tsx:9 jsx-text: Мои декларации',
        'Planted.tsx:10 jsx-text: Save your declaration',
        'Planted.tsx:11 english: Close dialog',
        'Planted.tsx:14 cyrillic: Введите',
        'plain-module.ts:2 cyrillic: Выбор формы',
        'plain-module.ts:2 cyrillic: Расчет',
        'plain-module.ts:3 english: Payment received',
      ].sort(),
    );
  });

  it('the web app has none', () => {
    const hits = lint('apps/web/src').map((h) => `${h.file.slice(ROOT.length)}:${h.line} ${h.kind}: ${h.text}`);
    expect(hits).toEqual([]);
  });
});
