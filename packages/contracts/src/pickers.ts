/**
 * How the reference pickers order and search their lists (issue 18, item 5): the currencies people
 * actually trade in first, codes that are never a deal currency left out of deal forms, and a search
 * that puts an exact name or code before names that merely contain the words.
 */

/** The deal currencies most users need, in this order, ahead of the rest (alphabetical). */
export const POPULAR_CURRENCIES = ['KZT', 'USD', 'EUR', 'RUB', 'GBP', 'CNY'] as const;

/**
 * ISO 4217 codes that are not money a deal is settled in: precious metals (XAU, XAG, XPT, XPD),
 * IMF and regional units of account (XDR, XSU, XUA, XBA..XBD bond-market units), the testing code
 * XTS and the "no currency" XXX, and the ISO fund codes that are indexation or settlement units, not
 * cash (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW). Other X-codes (XOF, XAF, XCD, XPF) are real
 * currencies and stay.
 */
const NOT_DEAL_CURRENCIES = new Set([
  'XAU',
  'XAG',
  'XPT',
  'XPD',
  'XDR',
  'XSU',
  'XUA',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XTS',
  'XXX',
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
]);

/** False for a code no deal is ever made in (precious metals, units of account, test codes). */
export const isDealCurrency = (code: string): boolean => !NOT_DEAL_CURRENCIES.has(code.trim().toUpperCase());

/** Sort key of a currency code: the popular ones by their place, then the rest alphabetically. */
export function compareCurrencyCodes(a: string, b: string): number {
  const rank = (c: string) => {
    const i = (POPULAR_CURRENCIES as readonly string[]).indexOf(c.trim().toUpperCase());
    return i === -1 ? POPULAR_CURRENCIES.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** Rows of a currency list in picker order; `dealOnly` leaves out what is never a deal currency. */
export function orderCurrencies<T>(rows: readonly T[], codeOf: (row: T) => string, dealOnly: boolean): T[] {
  return rows
    .filter((r) => !dealOnly || isDealCurrency(codeOf(r)))
    .sort((a, b) => compareCurrencyCodes(codeOf(a), codeOf(b)));
}

const fold = (s: string) => s.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/**
 * How well an entry matches what was typed, lower is better, null when it does not match at all:
 * 0 the name or one of the codes exactly ('США', 'USA', 'US'), 1 the name starts with the text,
 * 2 a word of the name starts with it, 3 the name contains it anywhere. So 'США' finds the United
 * States before 'Виргинские Острова (США)'.
 */
export function searchRank(query: string, name: string, codes: readonly string[] = []): number | null {
  const q = fold(query);
  if (q === '') return 3;
  const n = fold(name);
  if (n === q || codes.some((c) => fold(c) === q)) return 0;
  if (n.startsWith(q)) return 1;
  if (n.split(/[\s(),.-]+/).some((w) => w.startsWith(q))) return 2;
  if (n.includes(q)) return 3;
  return null;
}

/** The entries matching `query`, best first; equally good ones keep their list order. */
export function rankBySearch<T>(
  items: readonly T[],
  query: string,
  nameOf: (item: T) => string,
  codesOf: (item: T) => readonly string[] = () => [],
): T[] {
  return items
    .map((item, i) => ({ item, i, rank: searchRank(query, nameOf(item), codesOf(item)) }))
    .filter((x): x is { item: T; i: number; rank: number } => x.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.item);
}
