import type { ComboboxItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { pickerOptions, rankedFilter } from './pickers.ts';

const currency = (r: Record<string, unknown>): ComboboxItem => ({ value: String(r.id), label: `${r.currency_code}` });
const country = (r: Record<string, unknown>): ComboboxItem => ({ value: String(r.id), label: String(r.name) });

describe('deal-form pickers (issue 18, item 5)', () => {
  it('currencies: the popular six first, metals and units of account left out', () => {
    const rows = ['AED', 'XAU', 'CNY', 'GBP', 'RUB', 'EUR', 'USD', 'KZT', 'XDR'].map((c, i) => ({
      id: i + 1,
      currency_code: c,
    }));
    expect(pickerOptions('currencyId', rows, currency).map((o) => o.label)).toEqual([
      'KZT',
      'USD',
      'EUR',
      'RUB',
      'GBP',
      'CNY',
      'AED',
    ]);
  });

  it("countries: searching 'США' or 'USA' puts the United States first", () => {
    const rows = [
      { id: 1, name: 'Виргинские Острова (США)', country_code: 'VIR', alpha2: 'VI' },
      { id: 2, name: 'Внешние малые острова (США)', country_code: 'UMI', alpha2: 'UM' },
      { id: 3, name: 'США', country_code: 'USA', alpha2: 'US' },
    ];
    const options = pickerOptions('country', rows, country);
    const found = (search: string) =>
      rankedFilter({ options, search, limit: 10 }).map((o) => ('label' in o ? o.label : ''));
    expect(found('США')).toEqual(['США', 'Виргинские Острова (США)', 'Внешние малые острова (США)']);
    expect(found('usa')).toEqual(['США']);
    expect(found('острова')).toEqual(['Виргинские Острова (США)', 'Внешние малые острова (США)']);
  });
});
