import { describe, expect, it } from 'vitest';
import { isDealCurrency, orderCurrencies, rankBySearch, searchRank } from '../src/pickers.ts';

describe('currency pickers (issue 18, item 5)', () => {
  it('start with KZT, USD, EUR, RUB, GBP, CNY, then the rest alphabetically', () => {
    const codes = ['AED', 'CNY', 'XAU', 'USD', 'CHF', 'RUB', 'KZT', 'GBP', 'EUR', 'XOF', 'XDR'];
    expect(orderCurrencies(codes, (c) => c, false)).toEqual([
      'KZT',
      'USD',
      'EUR',
      'RUB',
      'GBP',
      'CNY',
      'AED',
      'CHF',
      'XAU',
      'XDR',
      'XOF',
    ]);
  });

  it('deal forms leave out metals, units of account, fund and test codes, but keep real X-currencies', () => {
    const codes = ['USD', 'XAU', 'XAG', 'XPT', 'XPD', 'XSU', 'XDR', 'XBA', 'XTS', 'XXX', 'USN', 'CLF', 'XOF', 'XCD'];
    expect(orderCurrencies(codes, (c) => c, true)).toEqual(['USD', 'XCD', 'XOF']);
    expect(isDealCurrency('xau')).toBe(false);
    expect(isDealCurrency('KZT')).toBe(true);
  });
});

describe('country search (issue 18, item 5)', () => {
  const countries = [
    { name: 'Виргинские Острова (США)', codes: ['VIR', 'VI'] },
    { name: 'Внешние малые острова (США)', codes: ['UMI', 'UM'] },
    { name: 'Россия', codes: ['RUS', 'RU'] },
    { name: 'США', codes: ['USA', 'US'] },
    { name: 'Объединенные Арабские Эмираты', codes: ['ARE', 'AE'] },
  ];
  const find = (q: string) =>
    rankBySearch(
      countries,
      q,
      (c) => c.name,
      (c) => c.codes,
    ).map((c) => c.name);

  it("'США' finds the United States before the islands whose names contain it", () => {
    expect(find('США')[0]).toBe('США');
    expect(find('сша')).toEqual(['США', 'Виргинские Острова (США)', 'Внешние малые острова (США)']);
  });

  it('an exact alpha-3 or alpha-2 code comes first', () => {
    expect(find('usa')).toEqual(['США']);
    expect(find('RU')[0]).toBe('Россия');
    expect(find('ARE')[0]).toBe('Объединенные Арабские Эмираты');
  });

  it('a name start beats a word start, which beats a match inside a word', () => {
    expect(searchRank('рос', 'Россия')).toBe(1);
    expect(searchRank('араб', 'Объединенные Арабские Эмираты')).toBe(2);
    expect(searchRank('сси', 'Россия')).toBe(3);
    expect(searchRank('xyz', 'Россия')).toBeNull();
  });
});
