/** ISO 3166 alpha-2 → alpha-3 for the countries whose securities KZ investors usually hold. */
const ALPHA3: Record<string, string> = {
  AE: 'ARE',
  AR: 'ARG',
  AT: 'AUT',
  AU: 'AUS',
  AZ: 'AZE',
  BE: 'BEL',
  BG: 'BGR',
  BM: 'BMU',
  BR: 'BRA',
  BS: 'BHS',
  BY: 'BLR',
  CA: 'CAN',
  CH: 'CHE',
  CL: 'CHL',
  CN: 'CHN',
  CO: 'COL',
  CW: 'CUW',
  CY: 'CYP',
  CZ: 'CZE',
  DE: 'DEU',
  DK: 'DNK',
  EE: 'EST',
  ES: 'ESP',
  FI: 'FIN',
  FR: 'FRA',
  GB: 'GBR',
  GE: 'GEO',
  GG: 'GGY',
  GI: 'GIB',
  GR: 'GRC',
  HK: 'HKG',
  HU: 'HUN',
  ID: 'IDN',
  IE: 'IRL',
  IL: 'ISR',
  IM: 'IMN',
  IN: 'IND',
  IS: 'ISL',
  IT: 'ITA',
  JE: 'JEY',
  JP: 'JPN',
  KG: 'KGZ',
  KR: 'KOR',
  KY: 'CYM',
  KZ: 'KAZ',
  LI: 'LIE',
  LT: 'LTU',
  LU: 'LUX',
  LV: 'LVA',
  MC: 'MCO',
  MH: 'MHL',
  MT: 'MLT',
  MU: 'MUS',
  MX: 'MEX',
  MY: 'MYS',
  NL: 'NLD',
  NO: 'NOR',
  NZ: 'NZL',
  PA: 'PAN',
  PE: 'PER',
  PH: 'PHL',
  PL: 'POL',
  PR: 'PRI',
  PT: 'PRT',
  RO: 'ROU',
  RU: 'RUS',
  SA: 'SAU',
  SE: 'SWE',
  SG: 'SGP',
  SI: 'SVN',
  SK: 'SVK',
  TH: 'THA',
  TJ: 'TJK',
  TR: 'TUR',
  TW: 'TWN',
  UA: 'UKR',
  US: 'USA',
  UZ: 'UZB',
  VG: 'VGB',
  ZA: 'ZAF',
};

const ALPHA3_CODES = new Set(Object.values(ALPHA3));

/** alpha-2 (or an alpha-3 already) → alpha-3; null for unknown and supranational codes (XS, EU). */
export function alpha3(code: string | null | undefined): string | null {
  if (!code) return null;
  const c = code.trim().toUpperCase();
  if (c.length === 3 && ALPHA3_CODES.has(c)) return c;
  return Object.hasOwn(ALPHA3, c) ? ALPHA3[c]! : null;
}

/** alpha-3 by the two capital letters of an ISIN prefix, as `(first - 65) * 26 + (second - 65)` */
const BY_PREFIX = new Map<number, string | null>();

/** Country of registration from the ISIN prefix (once per prefix: it runs for every imported row). */
export const countryFromIsin = (isin: string | null): string | null => {
  if (!isin) return null;
  const a = isin.charCodeAt(0) - 65;
  const b = isin.charCodeAt(1) - 65;
  if (!(a >= 0 && a < 26 && b >= 0 && b < 26)) return alpha3(isin.slice(0, 2));
  let country = BY_PREFIX.get(a * 26 + b);
  if (country === undefined) {
    country = alpha3(isin.slice(0, 2));
    BY_PREFIX.set(a * 26 + b, country);
  }
  return country;
};
