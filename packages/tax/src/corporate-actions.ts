import { TaxEngineError } from './money.ts';
import { type Figure, SUPPORTED_YEARS } from './year-rules.ts';

/**
 * How a corporate action is declared, one named rule per action and tax year. The importers say what
 * happened (packages/importers, `CorporateActionKind`); this table says how the law treats it. Rules whose
 * treatment the Code does not spell out carry `uncertain: true`: the imported deal is then left with
 * status 1 and the rule's name in its comment, so that a person confirms it.
 */
export type CorporateActionKind =
  | 'split'
  | 'cash_merger'
  | 'tender'
  | 'stock_merger'
  | 'spinoff'
  | 'maturity'
  | 'coupon'
  | 'stock_dividend'
  | 'delisted';

export type CorporateTreatment =
  /** lots keep their total cost; quantity and unit cost change by the ratio; no income */
  | 'no_event'
  /** a disposal for money: proceeds against the FIFO cost of the lots given up */
  | 'disposal'
  /** the new security takes over the cost of the old one in the broker's proportion; no income */
  | 'carryover'
  /** bond repayment: remuneration = repayment − cost (operation «Погашение облигации») */
  | 'repayment'
  /** income (remuneration) in full */
  | 'income'
  /** the new shares are acquired at zero cost; income arises only when they are sold */
  | 'zero_cost'
  /** the lots are given up for nothing: a disposal with proceeds 0 */
  | 'worthless';

export interface CorporateRule {
  /** Russian name of the rule, shown in the deal comment */
  name: string;
  treatment: CorporateTreatment;
}

const S = {
  realisation:
    'НК-2018 ст. 331 п.1 пп.8, ст. 332: доход от прироста стоимости возникает при реализации ценных бумаг (research/kz-tax.md §1.1)',
  split:
    'Сплит не является реализацией: число бумаг меняется, имущество и затраты на его приобретение нет (общий принцип ст. 331, 332; прямой нормы не найдено)',
  exchange:
    'Обмен бумаг при слиянии и выделении прямо не урегулирован; по ст. 331 обмен может считаться реализацией. Принят перенос стоимости в пропорции брокера (как в практике брокеров РК) — требует подтверждения',
  repayment:
    'Погашение облигации: вознаграждение = сумма погашения − стоимость приобретения (SPEC, tax profit rule «repayment»; sections 1B/4)',
  coupon: 'Купон — вознаграждение по долговой ценной бумаге, доход в полной сумме (НК-2018 ст. 341 п.1; research §1.1)',
  stockDividend:
    'Дивиденд акциями: доход в натуральной форме или бесплатное получение — норма для иностранных бумаг не найдена; принята нулевая стоимость — требует подтверждения',
  delisted: 'Бумаги списаны без выплаты: выбытие с нулевой выручкой (убыток); учет убытка зависит от года (ст. 332)',
} as const;

const RULES: Readonly<Record<CorporateActionKind, Figure<CorporateRule>>> = {
  split: {
    value: { name: 'Сплит / обратный сплит: пересчет лотов без дохода', treatment: 'no_event' },
    source: S.split,
  },
  cash_merger: {
    value: { name: 'Слияние с выплатой денег: реализация бумаг', treatment: 'disposal' },
    source: S.realisation,
  },
  tender: {
    value: { name: 'Тендерное предложение (выкуп): реализация бумаг', treatment: 'disposal' },
    source: S.realisation,
  },
  stock_merger: {
    value: { name: 'Слияние с обменом бумаг: перенос стоимости на новые бумаги', treatment: 'carryover' },
    source: S.exchange,
    uncertain: true,
  },
  spinoff: {
    value: { name: 'Выделение (spin-off): часть стоимости переносится на новые бумаги', treatment: 'carryover' },
    source: S.exchange,
    uncertain: true,
  },
  maturity: { value: { name: 'Погашение облигации', treatment: 'repayment' }, source: S.repayment },
  coupon: { value: { name: 'Купон (вознаграждение по облигации)', treatment: 'income' }, source: S.coupon },
  stock_dividend: {
    value: { name: 'Дивиденд акциями: получение по нулевой стоимости', treatment: 'zero_cost' },
    source: S.stockDividend,
    uncertain: true,
  },
  delisted: {
    value: { name: 'Списание бумаг без выплаты: выбытие с нулевой выручкой', treatment: 'worthless' },
    source: S.delisted,
    uncertain: true,
  },
};

/** The rule of a corporate action for a tax year; an unsupported year throws TaxEngineError 'year'. */
export function corporateActionRule(kind: CorporateActionKind, year: number): Figure<CorporateRule> {
  if (!SUPPORTED_YEARS.includes(year)) {
    throw new TaxEngineError(`Tax year ${year} is not supported (${SUPPORTED_YEARS.join(', ')})`, 'year');
  }
  // The same treatment every supported year so far; a year that changes one gets its own table.
  return RULES[kind];
}
