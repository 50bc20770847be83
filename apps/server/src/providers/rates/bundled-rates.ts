/**
 * Official National Bank of Kazakhstan rates we could verify in a published source (docs/tax-years.md, rates;
 * marked [V] there). They answer without a network call and survive an unreachable feed in production.
 * Figures that could not be verified in a published source (e.g. year ends 2021–2023 and EUR/RUB 31.12.2024)
 * are deliberately NOT here: they must come from the feed.
 */
export interface BundledRate {
  currency: string;
  /** ISO date the rate is in force */
  date: string;
  /** tenge per one unit */
  rate: string;
  source: string;
}

const NBK_PAGE_2024_04_24 =
  'NBK daily official rates page, 24.04.2024 (https://nationalbank.kz/kz/exchangerates/ezhednevnye-oficialnye-rynochnye-kursy-valyut), research kz-tax.md §6.2 [V]';
const DDN_2025_12_25 = 'ddn.kz header with NBK official rates, 25.12.2025, research kz-tax.md §6.2 [V]';
const BCC_2024_12_31 =
  'BCC Invest review (https://www.bcc.kz/en/posts/fx-posts/review-course-usd-kzt-03-18-2025): official rate 525.11 on 01.01.2025, a holiday, i.e. the rate set for 31.12.2024; research kz-tax.md §6.2 [V]';

export const BUNDLED_RATES: readonly BundledRate[] = [
  { currency: 'USD', date: '2024-04-24', rate: '444.32', source: NBK_PAGE_2024_04_24 },
  { currency: 'EUR', date: '2024-04-24', rate: '473.33', source: NBK_PAGE_2024_04_24 },
  { currency: 'RUB', date: '2024-04-24', rate: '4.76', source: NBK_PAGE_2024_04_24 },
  { currency: 'GBP', date: '2024-04-24', rate: '548.78', source: NBK_PAGE_2024_04_24 },
  { currency: 'CNY', date: '2024-04-24', rate: '61.31', source: NBK_PAGE_2024_04_24 },
  { currency: 'JPY', date: '2024-04-24', rate: '2.87', source: NBK_PAGE_2024_04_24 },
  { currency: 'USD', date: '2024-12-31', rate: '525.11', source: BCC_2024_12_31 },
  { currency: 'USD', date: '2025-12-25', rate: '512.81', source: DDN_2025_12_25 },
  { currency: 'EUR', date: '2025-12-25', rate: '604.19', source: DDN_2025_12_25 },
  { currency: 'CNY', date: '2025-12-25', rate: '73.2', source: DDN_2025_12_25 },
  { currency: 'RUB', date: '2025-12-25', rate: '6.57', source: DDN_2025_12_25 },
];

const byKey = new Map(BUNDLED_RATES.map((r) => [`${r.currency}:${r.date}`, r]));

export function bundledRate(currency: string, isoDate: string): BundledRate | undefined {
  return byKey.get(`${currency}:${isoDate}`);
}
