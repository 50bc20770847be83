import { describe, expect, it } from 'vitest';
import { translator } from '../src/node.ts';

// The engine cites the Tax Code in Russian ("НК-2018 ст. 331 п.1 пп.8"); readers of other languages see the same
// citation in their words, numbers unchanged. Expected texts written by hand from the citation.* keys.
describe('Tax Code citations in other languages', () => {
  const tr = translator();

  it.each([
    ['НК-2018 ст. 366', 'СК-2018 366-бап', 'Tax Code 2018 art. 366'],
    [
      'НК-2018 ст. 331 п.1 пп.8, ст. 332',
      'СК-2018 331-бап 1-тармақ 8) тармақша, 332-бап',
      'Tax Code 2018 art. 331 para. 1 subpara. 8, art. 332',
    ],
    [
      'НК-2018 ст. 332 (в ред. Закона от 15.07.2025)',
      'СК-2018 332-бап (15.07.2025 Заңының редакциясында)',
      'Tax Code 2018 art. 332 (as amended by the Law of 15.07.2025)',
    ],
    [
      'НК-2018 ст. 341 п.1 (паи ПИФ)',
      'СК-2018 341-бап 1-тармақ (ПИҚ пайлары)',
      'Tax Code 2018 art. 341 para. 1 (mutual fund units)',
    ],
    [
      'НК-2026 (статья о зачете иностранного налога)',
      'СК-2026 (шетелдік салықты есепке жатқызу туралы бап)',
      'Tax Code 2026 (article on the foreign tax credit)',
    ],
  ])('%s', (ru, kk, en) => {
    expect(tr.localize('kk', ru)).toBe(kk);
    expect(tr.localize('en', ru)).toBe(en);
    expect(tr.localize('ru', ru)).toBe(ru);
  });

  it('keeps a citation with a part it does not know as written, never half translated', () => {
    const odd = 'НК-2018 ст. 331, 332: прирост по каждой сделке';
    expect(tr.localize('kk', odd)).toBe(odd);
    expect(tr.localize('en', 'НК-2018 ст. 341 (неизвестная пометка)')).toBe('НК-2018 ст. 341 (неизвестная пометка)');
  });
});
