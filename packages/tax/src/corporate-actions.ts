import type { CorporateActionKind } from '@deklarant/contracts';
import { dateKey } from './deal.ts';
import { type DecimalLike, dec, TaxEngineError } from './money.ts';
import { type Figure, SUPPORTED_YEARS } from './year-rules.ts';

/**
 * How a corporate action is declared, one named rule per action and tax year. The importers say what
 * happened (packages/importers, `CorporateActionKind`); this table says how the law treats it. Rules whose
 * treatment the Code does not spell out carry `uncertain: true`: the imported deal is then left with
 * status 1 and the rule's name in its comment, so that a person confirms it.
 */
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

/** A split of one security as FIFO applies it: on `date` every share became `ratio` shares. */
export interface SplitEvent {
  /** dd.mm.yyyy: deals dated before it are in pre-split units */
  date: string;
  /** new shares per old share ("10 for 1" → "10", "1 for 10" → "0.1") */
  ratio: DecimalLike;
}

/** decimals a restated quantity keeps (a "1 for 3" reverse split gives 300 × 0.333… = 100) */
const SPLIT_QUANTITY_DECIMALS = 8;

/**
 * The quantity of a lot or sale dated `date` in the units of the latest split that matters: multiplied
 * by the ratio of every split dated after it (rule `split`: quantity changes, total cost kept). The same
 * quantity (not a copy) when no split is after it.
 */
export function quantityAfterSplits<Q extends DecimalLike>(
  quantity: Q,
  date: string,
  splits: readonly SplitEvent[],
): Q | string {
  const at = dateKey(date);
  let factor = null as ReturnType<typeof dec> | null;
  for (const s of splits) {
    if (at >= dateKey(s.date)) continue;
    factor = (factor ?? dec(1)).times(dec(s.ratio));
  }
  if (factor === null || factor.eq(1)) return quantity;
  return dec(quantity).times(factor).toDecimalPlaces(SPLIT_QUANTITY_DECIMALS).toFixed();
}

/**
 * Lots and sales of one security put in post-split units before FIFO matches them, whichever import or
 * declaration they come from (formats/corporate-actions.md). Only the splits that some lot or sale is
 * dated on or after matter: a split after all of them changes no proportion, and the lots keep the units
 * their deals show. Costs are not touched, so a split never changes the total cost.
 */
type Dated = { date: string; quantity: DecimalLike };

export function restateForSplits<L extends Dated, S extends Dated>(
  lots: readonly L[],
  sales: readonly S[],
  splits: readonly SplitEvent[] | undefined,
): { lots: L[]; sales: S[] } {
  if (!splits || splits.length === 0) return { lots: lots as L[], sales: sales as S[] };
  let latest = 0;
  for (const i of lots) latest = Math.max(latest, dateKey(i.date));
  for (const i of sales) latest = Math.max(latest, dateKey(i.date));
  const relevant = splits.filter((s) => dateKey(s.date) <= latest && !dec(s.ratio).eq(1));
  if (relevant.length === 0) return { lots: lots as L[], sales: sales as S[] };
  const restate = <T extends Dated>(i: T): T => {
    const quantity = quantityAfterSplits(i.quantity, i.date, relevant);
    return quantity === i.quantity ? i : { ...i, quantity };
  };
  return { lots: lots.map(restate), sales: sales.map(restate) };
}

export type { CorporateActionKind };
