import { translator } from '@deklarant/i18n/node';
import { importerText } from '@deklarant/importers';
import { describe, expect, it } from 'vitest';
import { localizeJoined } from '../src/lib/language.ts';

// A deal's comment is an import's sentences joined with spaces (packages/importers assemble.ts joinComments):
// each sentence is a catalogue text, the whole is not. Readers of kk and en get every known sentence translated.
describe('a comment made of several catalogue texts', () => {
  const t = (lng: 'kk' | 'en', key: string, params?: Record<string, unknown>) =>
    translator().t(lng, `importers:${key}`, params);
  const corporate = (lng: 'ru' | 'kk' | 'en') => {
    const tr = (key: string, params?: Record<string, unknown>) =>
      lng === 'ru' ? importerText(key as never, params as never) : t(lng, key, params);
    return tr('corporate.comment', {
      what: tr('corporate.what.maturity'),
      description: 'US912797 T-BILL. Matured', // the broker's text, a full stop inside
      how: tr('comment.maturityNoCost'),
    });
  };
  const ru = `${corporate('ru')} ${importerText('comment.mergerNoCost')}`;

  it('translates each sentence, the broker description as written', () => {
    for (const lng of ['kk', 'en'] as const)
      expect(localizeJoined(lng, ru)).toBe(`${corporate(lng)} ${t(lng, 'comment.mergerNoCost')}`);
  });

  it('keeps a sentence no catalogue has, translates the known one after it; Russian unchanged', () => {
    const mixed = `Моя заметка. ${importerText('comment.maturityNoCost')}`;
    expect(localizeJoined('en', mixed)).toBe(`Моя заметка. ${t('en', 'comment.maturityNoCost')}`);
    expect(localizeJoined('ru', ru)).toBe(ru);
    expect(localizeJoined('kk', 'Просто текст')).toBe('Просто текст');
  });
});
