import { TaxEngineError } from './money.ts';

/**
 * One row of data per tax year. The engine reads figures from here and never branches on a year
 * number itself, so a new year is a new row, not an edited formula.
 * `uncertain: true` marks figures whose source could not be confirmed or is still open (docs/tax-years.md).
 */
export interface Figure<T> {
  value: T;
  source: string;
  uncertain?: true;
}

export type FxRule = 'previous_working_day' | 'annual_average';
export type TaxCode = 'НК-2018' | 'НК-2026';

/** A rate that rises above a threshold expressed in МРП; `threshold: null` means a flat rate. */
export interface RateScale {
  rate: string;
  threshold: number | null;
  rateAbove: string | null;
}

export interface YearRules {
  year: number;
  code: TaxCode;
  /** Reporting forms that exist for the year: 1 = 240.00, 3 = 270.00 (250.00 is not a tax calculation). */
  incomeForms: Figure<readonly (1 | 3)[]>;
  mrp: Figure<number>;
  /** Property income, interest, rent, foreign income. */
  incomeScale: Figure<RateScale>;
  dividendScale: Figure<RateScale>;
  /** Foreign-registered securities: the year's net result (floor 0) instead of per-deal gains. */
  lossNetting: Figure<boolean>;
  commissionsInCost: Figure<boolean>;
  fxRule: Figure<FxRule>;
  /** Foreign tax credit: article and its cap as a share of the income (up to 10 %). */
  foreignTaxCredit: Figure<{ article: string; capRate: string }>;
  /** Capital-gain and income rules of the Code for the explanation lines. */
  articles: {
    rate: Figure<string>;
    capitalGain: Figure<string>;
    netting: Figure<string>;
    adjustment: Figure<string>;
  };
}

const S = {
  mrp: 'research/kz-tax.md §3 (egov.kz, gov.kz; Law on the republican budget)',
  rate2018: 'НК-2018 ст. 320 п.1 (research/kz-tax.md §1.1, fayllar.org translation)',
  div5: 'НК-2018 ст. 320 п.2 until 31.12.2022 (regfollower.com, KGD 11.11.2022)',
  div10: 'Law No. 135-VII of 11.07.2022: dividends 10 % from 01.01.2023 (regfollower.com)',
  perDeal: 'НК-2018 ст. 331, 332: gain per deal, losses not netted (itsx.kz, research §1.1)',
  netting2025: 'Law of 15.07.2025 amending НК-2018, from 01.01.2025 (mintax.kz/en/news/12045, KPMG 07.2025)',
  fxOld: 'Market (NBK) rate of the last working day before receipt (research §6.1)',
  fxNew: 'NBK annual average rate from 2025 (KPMG 07.2025, research §1.2)',
  progressive: 'НК-2026 (Code No. 214-VIII of 18.07.2025): 10 % up to 8 500 МРП, 15 % above (PwC 12.2025, KGD)',
  div2026: 'НК-2026: dividends 5 % up to 230 000 МРП, 15 % above (KGD Abay 28.11.2025, Moore)',
  ftc: 'Foreign tax credit limited to the Kazakh tax on that income; SPEC §5 cites ст. 359, research §2 believes ст. 366',
} as const;

const flat = (rate: string): RateScale => ({ rate, threshold: null, rateAbove: null });

const FTC_2018 = {
  value: { article: 'НК-2018 ст. 366', capRate: '0.10' },
  source: S.ftc,
  uncertain: true,
} as const;

const ARTICLES_2018: YearRules['articles'] = {
  rate: { value: 'НК-2018 ст. 320 п.1', source: S.rate2018 },
  capitalGain: { value: 'НК-2018 ст. 331 п.1 пп.8, ст. 332', source: S.perDeal },
  netting: { value: 'НК-2018 ст. 332 (в ред. Закона от 15.07.2025)', source: S.netting2025, uncertain: true },
  adjustment: { value: 'НК-2018 ст. 341', source: 'kzconsult.kz summary of ст. 341 (research §2)' },
};

export const YEAR_RULES: Readonly<Record<number, YearRules>> = {
  2021: {
    year: 2021,
    code: 'НК-2018',
    incomeForms: { value: [1, 3], source: 'research §4.1: 240.00 and 270.00 filed for 2021' },
    mrp: { value: 2917, source: S.mrp },
    incomeScale: { value: flat('0.10'), source: S.rate2018 },
    dividendScale: { value: flat('0.05'), source: S.div5 },
    lossNetting: { value: false, source: S.perDeal },
    commissionsInCost: { value: false, source: S.perDeal },
    fxRule: { value: 'previous_working_day', source: S.fxOld },
    foreignTaxCredit: FTC_2018,
    articles: ARTICLES_2018,
  },
  2022: {
    year: 2022,
    code: 'НК-2018',
    incomeForms: { value: [1, 3], source: 'research §4.1' },
    mrp: { value: 3063, source: `${S.mrp}; 3 063 (not 3 180) applies to taxes` },
    incomeScale: { value: flat('0.10'), source: S.rate2018 },
    dividendScale: { value: flat('0.05'), source: S.div5 },
    lossNetting: { value: false, source: S.perDeal },
    commissionsInCost: { value: false, source: S.perDeal },
    fxRule: { value: 'previous_working_day', source: S.fxOld },
    foreignTaxCredit: FTC_2018,
    articles: ARTICLES_2018,
  },
  2023: {
    year: 2023,
    code: 'НК-2018',
    incomeForms: { value: [1, 3], source: 'research §4.1' },
    mrp: { value: 3450, source: S.mrp },
    incomeScale: { value: flat('0.10'), source: S.rate2018 },
    dividendScale: { value: flat('0.10'), source: S.div10 },
    lossNetting: { value: false, source: S.perDeal },
    commissionsInCost: { value: false, source: S.perDeal },
    fxRule: { value: 'previous_working_day', source: S.fxOld },
    foreignTaxCredit: FTC_2018,
    articles: ARTICLES_2018,
  },
  2024: {
    year: 2024,
    code: 'НК-2018',
    incomeForms: { value: [1, 3], source: 'research §4.1: 240.00 abolished from 01.01.2025' },
    mrp: { value: 3692, source: S.mrp },
    incomeScale: { value: flat('0.10'), source: S.rate2018 },
    dividendScale: { value: flat('0.10'), source: S.div10 },
    lossNetting: { value: false, source: S.perDeal },
    commissionsInCost: { value: false, source: S.perDeal },
    fxRule: { value: 'previous_working_day', source: S.fxOld },
    foreignTaxCredit: FTC_2018,
    articles: ARTICLES_2018,
  },
  2025: {
    year: 2025,
    code: 'НК-2018',
    incomeForms: { value: [3], source: 'SPEC §1: 240.00 abolished from 1 January 2025' },
    mrp: { value: 3932, source: S.mrp },
    incomeScale: { value: flat('0.10'), source: S.rate2018 },
    dividendScale: { value: flat('0.10'), source: S.div10 },
    lossNetting: { value: true, source: S.netting2025 },
    commissionsInCost: {
      value: true,
      source: 'KPMG 07.2025, kursiv.media 23.07.2025: brokerage fees in cost from 2025',
    },
    fxRule: { value: 'annual_average', source: `${S.fxNew}; research asks to check 2025 vs 2026`, uncertain: true },
    foreignTaxCredit: FTC_2018,
    articles: ARTICLES_2018,
  },
  2026: {
    year: 2026,
    code: 'НК-2026',
    incomeForms: { value: [3], source: 'SPEC §1; 270.00 under the new rules (research §0: TBD)', uncertain: true },
    mrp: { value: 4325, source: S.mrp },
    incomeScale: { value: { rate: '0.10', threshold: 8500, rateAbove: '0.15' }, source: S.progressive },
    dividendScale: { value: { rate: '0.05', threshold: 230000, rateAbove: '0.15' }, source: S.div2026 },
    lossNetting: { value: true, source: 'research §0: netting carried over into НК-2026 [R]', uncertain: true },
    commissionsInCost: { value: true, source: 'assumed carried over from 2025 [R]', uncertain: true },
    fxRule: { value: 'annual_average', source: 'research §0: [R] same as 2025', uncertain: true },
    foreignTaxCredit: {
      value: { article: 'НК-2026 (статья о зачете иностранного налога)', capRate: '0.10' },
      source: `${S.ftc}; article number in НК-2026 not found`,
      uncertain: true,
    },
    articles: {
      rate: { value: 'НК-2026 ст. 363 п.1', source: 'Morgan Lewis 06.2025 (draft numbering)', uncertain: true },
      capitalGain: {
        value: 'НК-2026 ст. 371 п.2 пп.12',
        source: 'Morgan Lewis 06.2025 (draft numbering)',
        uncertain: true,
      },
      netting: { value: 'НК-2026 (сальдирование финансового результата)', source: 'research §0 [R]', uncertain: true },
      adjustment: { value: 'НК-2026 (корректировка дохода)', source: 'research §7 q.1: not found', uncertain: true },
    },
  },
};

export const SUPPORTED_YEARS = Object.keys(YEAR_RULES).map(Number);

export function yearRules(year: number): YearRules {
  const rules = YEAR_RULES[year];
  if (!rules) throw new TaxEngineError(`Tax year ${year} is not supported (${SUPPORTED_YEARS.join(', ')})`, 'year');
  return rules;
}

/**
 * The one ИПН rate of the year when every income the form adds up is taxed at it (the form's tax line is then
 * the taxable income times this rate, НК-2018 ст. 320: 10 %); null when rates differ by kind or amount
 * (НК-2026: a progressive scale, dividends at their own rates) or the year is not supported.
 */
export function flatIncomeTaxRate(year: number): string | null {
  const rules = YEAR_RULES[year];
  if (!rules) return null;
  const income = rules.incomeScale.value;
  const dividend = rules.dividendScale.value;
  const flat = income.threshold === null && dividend.threshold === null;
  return flat && income.rate === dividend.rate ? income.rate : null;
}

/**
 * Limits that do not change with the year (docs/tax-years.md). Thresholds in МРП are converted with
 * the year's МРП by `mrpAmount`.
 */
export const LIMITS = {
  acquisitionWarningShare: { value: '0.5', source: 'SPEC §5 warnings: cost more than 50 % below sale' },
  acquisitionErrorShare: { value: '0.2', source: 'SPEC §5 warnings: cost more than 80 % below sale' },
  sectionMinimum: { value: '100', source: 'SPEC §4 section warning levels: a value under 100 is an error' },
  foreignMoneyKzt: { value: '400000', source: 'SPEC §9: foreign bank balance 400,000 warning' },
  foreignBalancesMrp: { value: 1000, source: 'SPEC §9; research §4.1 (1 000 МРП in total)' },
  /** 250-1: cash above this many МРП of the year cannot be saved (34 500 000 ₸ was the 2023 figure) */
  cashMrp: {
    value: 10000,
    source: 'SPEC §9 (cash 10,000 MRP; 34,500,000 = 10 000 × 3 450 of 2023); research §4.1 [R: "exceeding"]',
    uncertain: true,
  },
  /** 250-8: other property is declared (optionally) above this many МРП of the year */
  otherPropertyMrp: {
    value: 1000,
    source: 'SPEC §9 (other property 1000 MRP); research §4.1 (mondaq: optionally other property > 1 000 MRP)',
  },
  isinGainKzt: {
    value: '100000000',
    source: 'SPEC §5 (isin for 1B type 1); research §7 q.4: no legal trace',
    uncertain: true,
  },
} as const;

/**
 * Whose FX rule an amount of a declaration takes (packages/tax/src/fx.ts, docs/tax-years.md «Rates»):
 * the rule of the report year, for every amount of the declaration, the purchase cost of a security
 * bought in an earlier year included; the date is the amount's own. Uncertain: no public text found says
 * whether a 2024 purchase declared with a 2025 sale keeps the 2024 rule for its cost.
 */
export const FX_RULE_SCOPE: Figure<'report_year'> = {
  value: 'report_year',
  source:
    'Reading of the 2025 amendment (KPMG 07.2025, research §1.2): the annual average converts the income of the tax year, whose cost is part of it; not confirmed for a purchase in an earlier year',
  uncertain: true,
};

/** A threshold given in МРП as tenge of the declaration's year (whole tenge: the МРП is whole). */
export const mrpAmount = (year: number, mrps: number): string =>
  String(BigInt(mrps) * BigInt(yearRules(year).mrp.value));

/** 250-1: the cash limit of the year, 10 000 МРП (docs/tax-years.md, limits). */
export const cashLimitKzt = (year: number): string => mrpAmount(year, LIMITS.cashMrp.value);

/** 250-8: other property at or under this (1 000 МРП of the year) need not be declared. */
export const otherPropertyLimitKzt = (year: number): string => mrpAmount(year, LIMITS.otherPropertyMrp.value);
