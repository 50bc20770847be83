import type { FifthSectionField, SectionCode } from '@deklarant/contracts';
import { SECTIONS, sectionByKey, sectionBySlug } from '@deklarant/contracts';
import { type DecimalLike, dec } from './money.ts';
import { BIDDING, KAZAKHSTAN, MARKET, OPERATION, SECURITY } from './vocabulary.ts';

/**
 * Tax benefits (income adjustments) as data. A benefit matches when every condition it lists holds;
 * an absent condition matches anything. Sub-paragraph numbers of НК-2018 ст. 341 other than пп.7 are
 * unverified (docs/tax-years.md), and the НК-2026 numbering was not found: both are
 * marked `uncertain`. Ids equal those of the server's adjustment_types reference (1 = no adjustment),
 * so a stored availability_tax_benefit and an adjustment type name the same rule.
 */
export type AdjustmentField = Extract<
  FifthSectionField,
  | 'adjustment_of_income_341_part_1_value'
  | 'adjustment_of_income_341_part_2_value'
  | 'adjustment_of_income_point7_amount'
>;

export interface ArticleForYears {
  from: number;
  to: number;
  article: string;
  uncertain?: true;
}

export interface BenefitRule {
  id: number;
  code: string;
  name: string;
  articles: readonly ArticleForYears[];
  sections: readonly SectionCode[];
  operationTypes?: readonly number[];
  securityTypes?: readonly number[];
  markets?: readonly number[];
  biddingMethods?: readonly number[];
  /** Issuer must be Kazakh: country KAZ, or an ISIN starting with KZ when no country is given. */
  kazakhIssuer?: true;
  /** The fifth-section adjustment line this benefit feeds. */
  adjustment: AdjustmentField;
}

const NEW_CODE = (what: string): ArticleForYears => ({
  from: 2026,
  to: 2026,
  article: `НК-2026, освобождение ${what} (номер статьи уточняется)`,
  uncertain: true,
});

export const BENEFIT_RULES: readonly BenefitRule[] = [
  {
    id: 2,
    code: 'KZ_LISTED_OPEN_TRADING',
    name: 'Прирост стоимости при реализации ценных бумаг официального списка биржи РК (KASE, AIX) методом открытых торгов',
    articles: [
      { from: 2021, to: 2025, article: 'НК-2018 ст. 341 п.1 пп.10', uncertain: true },
      NEW_CODE('прироста стоимости по бумагам официального списка биржи РК'),
    ],
    sections: ['1A', '2'],
    operationTypes: [OPERATION.SALE, OPERATION.EXCHANGE_OUT],
    markets: [MARKET.KASE, MARKET.AIX],
    biddingMethods: [BIDDING.OPEN],
    adjustment: 'adjustment_of_income_341_part_1_value',
  },
  {
    id: 3,
    code: 'KZ_GOVERNMENT_SECURITIES_GAIN',
    name: 'Прирост стоимости при реализации и погашении государственных ценных бумаг РК',
    articles: [
      { from: 2021, to: 2025, article: 'НК-2018 ст. 341 п.1 пп.9', uncertain: true },
      NEW_CODE('прироста стоимости по государственным ценным бумагам'),
    ],
    sections: ['1A', '1B', '2', '4'],
    operationTypes: [OPERATION.SALE, OPERATION.EXCHANGE_OUT, OPERATION.REPAYMENT],
    securityTypes: [SECURITY.GOVERNMENT],
    kazakhIssuer: true,
    adjustment: 'adjustment_of_income_341_part_1_value',
  },
  {
    id: 4,
    code: 'KZ_GOVERNMENT_SECURITIES_REWARD',
    name: 'Вознаграждение по государственным ценным бумагам РК',
    articles: [
      { from: 2021, to: 2025, article: 'НК-2018 ст. 341 п.1 пп.8', uncertain: true },
      NEW_CODE('вознаграждения по государственным ценным бумагам'),
    ],
    sections: ['1B', '4'],
    operationTypes: [OPERATION.REMUNERATION],
    securityTypes: [SECURITY.GOVERNMENT],
    kazakhIssuer: true,
    adjustment: 'adjustment_of_income_341_part_2_value',
  },
  {
    id: 5,
    code: 'KZ_LISTED_DIVIDENDS_REWARDS',
    name: 'Дивиденды и вознаграждения по ценным бумагам официального списка биржи РК (KASE, AIX)',
    articles: [
      { from: 2021, to: 2025, article: 'НК-2018 ст. 341 п.1 пп.7' },
      NEW_CODE('дивидендов и вознаграждений по бумагам официального списка биржи РК'),
    ],
    sections: ['1B'],
    operationTypes: [OPERATION.DIVIDEND, OPERATION.REMUNERATION],
    markets: [MARKET.KASE, MARKET.AIX],
    adjustment: 'adjustment_of_income_point7_amount',
  },
  {
    id: 6,
    code: 'KZ_FUND_UNITS_GAIN',
    name: 'Прирост стоимости при реализации паев открытых и интервальных паевых инвестиционных фондов',
    articles: [
      { from: 2021, to: 2025, article: 'НК-2018 ст. 341 п.1 (паи ПИФ)', uncertain: true },
      NEW_CODE('прироста стоимости паев ПИФ'),
    ],
    sections: ['1A'],
    operationTypes: [OPERATION.SALE, OPERATION.EXCHANGE_OUT],
    securityTypes: [SECURITY.FUND_UNIT],
    adjustment: 'adjustment_of_income_341_part_1_value',
  },
];

export interface BenefitQuery {
  /** dd.mm.yyyy; its year chooses the article */
  date: string;
  /** section code ('1A'), key ('first_section_a') or slug ('first-section-a') */
  section: string;
  operation_type?: number | null;
  security_type?: number | null;
  market?: number | null;
  /** alpha-3 country code of registration */
  country?: string | null;
  bidding_method?: number | null;
  isin?: string | null;
  amount?: DecimalLike | null;
}

/** Same shape as the contracts' TaxBenefit reference row. */
export interface TaxBenefitRow {
  id: number;
  code: string;
  name: string;
  article: string;
}

export interface BenefitMatch extends TaxBenefitRow {
  adjustment: AdjustmentField;
  uncertain: boolean;
}

const allows = (list: readonly number[] | undefined, value: number | null | undefined) =>
  list === undefined || (value !== null && value !== undefined && list.includes(value));

function isKazakhIssuer(q: BenefitQuery): boolean {
  if (q.country) return q.country.toUpperCase() === KAZAKHSTAN;
  return (q.isin ?? '').toUpperCase().startsWith('KZ');
}

const CODES = new Set<string>(SECTIONS.map((s) => s.code));
/** Slugs and keys already looked up (a fixed, small set): the lookup runs once per deal. */
const codeByName = new Map<string, SectionCode | undefined>();
export function sectionCodeOf(section: string): SectionCode | undefined {
  if (CODES.has(section)) return section as SectionCode;
  if (codeByName.has(section)) return codeByName.get(section);
  const code = (sectionBySlug(section) ?? sectionByKey(section))?.code;
  if (codeByName.size < 1000) codeByName.set(section, code);
  return code;
}

export const articleFor = (rule: BenefitRule, year: number) =>
  rule.articles.find((a) => year >= a.from && year <= a.to);

/** The first benefit whose conditions all hold, or null. A non-positive amount has nothing to exempt. */
export function findBenefit(query: BenefitQuery): BenefitMatch | null {
  const year = Number(query.date.slice(-4));
  const code = sectionCodeOf(query.section);
  if (query.amount !== null && query.amount !== undefined && query.amount !== '' && !dec(query.amount).gt(0))
    return null;
  for (const rule of BENEFIT_RULES) {
    const article = articleFor(rule, year);
    if (!article || !code || !rule.sections.includes(code)) continue;
    if (!allows(rule.operationTypes, query.operation_type)) continue;
    if (!allows(rule.securityTypes, query.security_type)) continue;
    if (!allows(rule.markets, query.market)) continue;
    if (!allows(rule.biddingMethods, query.bidding_method)) continue;
    if (rule.kazakhIssuer && !isKazakhIssuer(query)) continue;
    return {
      id: rule.id,
      code: rule.code,
      name: rule.name,
      article: article.article,
      adjustment: rule.adjustment,
      uncertain: article.uncertain === true,
    };
  }
  return null;
}

export const benefitById = (id: number | null | undefined) => BENEFIT_RULES.find((r) => r.id === id);

/** Rows for the server's tax_benefit reference table (article of НК-2018; the year's article comes from findBenefit). */
export const TAX_BENEFITS: readonly TaxBenefitRow[] = BENEFIT_RULES.map((r) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  article: r.articles.map((a) => `${a.from}-${a.to}: ${a.article}`).join('; '),
}));
