import { orderCurrencies, rankBySearch } from '@deklarant/contracts';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** A select option that may also be found by its codes (a country's alpha-3 and alpha-2). */
export interface PickerOption extends ComboboxItem {
  codes?: string[];
}

type Row = Record<string, unknown>;

/**
 * The options of a reference picker (issue 18, item 5): currencies in deal forms start with KZT, USD,
 * EUR, RUB, GBP, CNY and leave out codes that are never a deal currency (XAU, XDR, ...); countries carry
 * their codes so the search finds 'USA' or 'US'. Other lists keep their order.
 */
export function pickerOptions(ref: string | undefined, rows: readonly Row[], option: (r: Row) => ComboboxItem) {
  if (ref === 'currency' || ref === 'currencyId')
    return orderCurrencies(rows, (r) => String(r.currency_code ?? ''), true).map(option);
  if (ref === 'country')
    return rows.map(
      (r): PickerOption => ({
        ...option(r),
        codes: [r.country_code, r.alpha2].filter((c): c is string => typeof c === 'string'),
      }),
    );
  return rows.map(option);
}

const isItem = (o: ComboboxParsedItem): o is PickerOption => 'value' in o;

/**
 * The search of every picker: an exact name or code first, then names that start with the text, then a
 * word that does, then the rest that contain it ('США' finds the United States before 'Виргинские
 * Острова (США)'). Plugs into Mantine Select's `filter`.
 */
export const rankedFilter: OptionsFilter = ({ options, search, limit }) =>
  rankBySearch(
    options.filter(isItem),
    search,
    (o) => o.label,
    (o) => o.codes ?? [],
  ).slice(0, limit);
