/**
 * The one mapping of declaration sections: storage key, web route, API slug, tile label,
 * the forms that have it and the line of the declaration it feeds. The engine, the forms
 * and the documents all read this table (ARCHITECTURE.md renders it for humans).
 */

export const FORM = { F240: 1, F250: 2, F270: 3 } as const;
export type ReportingFormId = (typeof FORM)[keyof typeof FORM];

export const FORM_CODES: Record<ReportingFormId, string> = { 1: '240.00', 2: '250.00', 3: '270.00' };

/** Short code used by the required-field table of docs/sections.md. */
export type SectionCode =
  | '1A'
  | '1B'
  | '1C'
  | '2'
  | '3'
  | '4'
  | 'rental'
  | 'purchase'
  | 'history'
  | '5-1'
  | '5-2'
  | '7'
  | '250-1'
  | '250-2'
  | '250-3'
  | '250-4'
  | '250-5'
  | '250-6'
  | '250-7'
  | '250-8'
  | '250-9';

export type SectionStep = 'income' | 'assets' | 'form250';

export interface SectionDef {
  /** key in the declaration payload (docs/sections.md) */
  key: string;
  /** web route segment under /app */
  route: string;
  /** API slug under /api/declarations/{id}/deals/ */
  slug: string;
  code: SectionCode;
  /** tile label on the income/assets step */
  tile: string;
  title: string;
  step: SectionStep;
  forms: readonly ReportingFormId[];
  /** first tax year the section applies to */
  fromYear?: number;
  /** what belongs there, in Russian, shown on the list screen ('О регистре') */
  about: string;
  /** line of the declaration this section feeds */
  feeds: string;
  /** add-button row limit (docs/sections.md) */
  rowLimit?: number;
  /** FIFO (sales), weighted average (purchases) or none */
  costMethod?: 'fifo' | 'weighted_average';
}

const INCOME_FORMS = [FORM.F240, FORM.F270] as const;

export const SECTIONS: readonly SectionDef[] = [
  {
    key: 'first_section_a',
    route: 'securities-transactions',
    slug: 'first-section-a',
    code: '1A',
    tile: 'I.A',
    title: 'Реализация ценных бумаг в РК',
    step: 'income',
    forms: INCOME_FORMS,
    about: 'Продажа, обмен и безвозмездная передача ценных бумаг через казахстанского брокера.',
    feeds: '270.01 A_1_1 / 240.00 имущественный доход',
    costMethod: 'fifo',
  },
  {
    key: 'first_section_b',
    route: 'income-dividends',
    slug: 'first-section-b',
    code: '1B',
    tile: 'I.B',
    title: 'Дивиденды, вознаграждения и погашения в РК',
    step: 'income',
    forms: INCOME_FORMS,
    about: 'Дивиденды, купоны и погашение облигаций по ценным бумагам, учитываемым в РК.',
    feeds: '270.01 A_1_1 (погашение) / B_1_4, B_1_5',
  },
  {
    key: 'first_section_c',
    route: 'securities-transactions-reverse',
    slug: 'first-section-c',
    code: '1C',
    tile: 'I.C',
    title: 'Операции обратного РЕПО и производные инструменты',
    step: 'income',
    forms: INCOME_FORMS,
    about: 'Доход по операциям обратного РЕПО и производным финансовым инструментам.',
    feeds: '270.01 B_1_9',
  },
  {
    key: 'second_section',
    route: 'securities-transactions-outside',
    slug: 'second-section',
    code: '2',
    tile: 'II',
    title: 'Реализация ценных бумаг за рубежом',
    step: 'income',
    forms: INCOME_FORMS,
    about: 'Продажа ценных бумаг и цифровых активов через иностранного брокера или биржу.',
    feeds: '270.01 A_1_2',
    costMethod: 'fifo',
  },
  {
    key: 'third_section',
    route: 'income-dividends-outside',
    slug: 'third-section',
    code: '3',
    tile: 'III',
    title: 'Дивиденды из источников за пределами РК',
    step: 'income',
    forms: INCOME_FORMS,
    about: 'Дивиденды иностранных эмитентов, в том числе с удержанным за рубежом налогом.',
    feeds: '270.01 B_1_4',
  },
  {
    key: 'fourth_section',
    route: 'reward-dividends-outside',
    slug: 'fourth-section',
    code: '4',
    tile: 'IV',
    title: 'Вознаграждения из источников за пределами РК',
    step: 'income',
    forms: INCOME_FORMS,
    about: 'Купоны, проценты и погашение иностранных облигаций, проценты по зарубежным счетам.',
    feeds: '270.01 B_1_5',
  },
  {
    key: 'income_from_rental',
    route: 'income-rental-property',
    slug: 'income-from-rental',
    code: 'rental',
    tile: 'V-VII',
    title: 'Доход от сдачи имущества в аренду',
    step: 'income',
    forms: INCOME_FORMS,
    about: 'Арендная плата, полученная не от налоговых агентов.',
    feeds: '270.01 A_3 (270.02.I)',
  },
  {
    key: 'purchase_transaction_section',
    route: 'purchase-transactions',
    slug: 'purchase-transaction-section',
    code: 'purchase',
    tile: 'Сделки покупки',
    title: 'Сделки по приобретению',
    step: 'income',
    forms: [FORM.F270],
    about: 'Покупки ценных бумаг и иного имущества за отчетный год (приложение 270.04).',
    feeds: '270.04 раздел B',
    costMethod: 'weighted_average',
  },
  {
    key: 'purchase_transaction_currency_section',
    route: 'purchase-transactions-currency',
    slug: 'history-section',
    code: 'history',
    tile: 'История покупок',
    title: 'История сделок',
    step: 'income',
    forms: INCOME_FORMS,
    about: 'Покупки, из которых сложилась стоимость приобретения проданной бумаги.',
    feeds: 'стоимость приобретения сделок I.A и II',
  },
  {
    key: 'sixth_section_first_part',
    route: 'foreign-property',
    slug: 'sixth-section-first-part',
    code: '5-1',
    tile: 'V',
    title: 'Имущество за рубежом',
    step: 'assets',
    forms: INCOME_FORMS,
    about: 'Иностранные ценные бумаги, доли и иное имущество за пределами РК на конец периода.',
    feeds: '270.04 раздел E',
  },
  {
    key: 'sixth_section_second_part',
    route: 'foreign-money',
    slug: 'sixth-section-second-part',
    code: '5-2',
    tile: 'VI',
    title: 'Деньги на счетах в иностранных банках',
    step: 'assets',
    forms: INCOME_FORMS,
    fromYear: 2023,
    about: 'Остатки на счетах в иностранных банках, если в сумме они превышают 1000 МРП.',
    feeds: '270.06',
  },
  {
    key: 'seventh_section',
    route: 'debt',
    slug: 'seventh-section',
    code: '7',
    tile: 'VII',
    title: 'Дебиторская и кредиторская задолженность',
    step: 'assets',
    forms: [FORM.F270],
    about: 'Долги, выданные и полученные по нотариальным договорам займа (270.02.I).',
    feeds: '270.07',
  },
  ...form250([
    ['1', 'first', 'Наличные деньги', 'I', 4],
    ['2', 'second', 'Ценные бумаги и цифровые активы', 'I', undefined],
    ['3', 'third', 'Паи инвестиционных фондов и доли', 'I', 6],
    ['4', 'fourth', 'Недвижимость за рубежом', 'II', 6],
    ['5', 'fifth', 'Транспортные средства за рубежом', 'II', 5],
    ['6', 'sixth', 'Деньги в иностранных банках', 'II', 6],
    ['7', 'seventh', 'Доли в иностранных юридических лицах', 'II', 6],
    ['8', 'eighth', 'Иное имущество', 'III', 6],
    ['9', 'ninth', 'Дебиторская и кредиторская задолженность', 'III', undefined],
  ]),
];

function form250(rows: [string, string, string, string, number | undefined][]): SectionDef[] {
  return rows.map(([n, ordinal, title, group, rowLimit]) => ({
    key: `form_250_${ordinal}_section`,
    route: `250-${n}`,
    slug: `form-250-${ordinal}-section`,
    code: `250-${n}` as SectionCode,
    tile: n,
    title,
    step: 'form250' as const,
    forms: [FORM.F250],
    about: `Раздел ${n} формы 250.00 (группа ${group}): ${title.toLowerCase()}.`,
    feeds: `250.00 раздел ${n}`,
    ...(rowLimit ? { rowLimit } : {}),
  }));
}

export const FORM_250_GROUPS = [
  { id: 'I', title: 'Ценные бумаги и денежные средства', sections: ['250-1', '250-2', '250-3'] },
  { id: 'II', title: 'Имущество и деньги за рубежом', sections: ['250-4', '250-5', '250-6', '250-7'] },
  { id: 'III', title: 'Иное имущество', sections: ['250-8', '250-9'] },
] as const;

export const sectionByKey = (key: string) => SECTIONS.find((s) => s.key === key);
export const sectionBySlug = (slug: string) => SECTIONS.find((s) => s.slug === slug || s.key === slug);
export const sectionByRoute = (route: string) => SECTIONS.find((s) => s.route === route);

/** Whether a declaration of this form and year has the section. */
export function sectionApplies(section: SectionDef, form: number, year: number): boolean {
  if (!(section.forms as readonly number[]).includes(form)) return false;
  return section.fromYear === undefined || year >= section.fromYear;
}

export const SECTION_KEYS = SECTIONS.map((s) => s.key);
