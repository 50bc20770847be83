import {
  DEAL_STATUS_NEEDS_INFO,
  FIFTH_SECTION_FIELDS,
  type FifthSectionField,
  type SectionCode,
  sectionByKey,
} from '@deklarant/contracts';
import { type AdjustmentField, articleFor, type BenefitMatch, benefitById, findBenefit } from './benefits.ts';
import { type DealContext, dealAmountKztExact, hasCost, securityKey, type TaxDeal } from './deal.ts';
import { amountOf, type Exact, toDecimal } from './exact.ts';
import {
  type Lot,
  type LotCurrencyCost,
  matchFifo,
  type Sale,
  type SaleMatch,
  saleCostExact,
  saleCostInLotCurrency,
} from './fifo.ts';
import { amount, type Decimal, dec, isGiven, max0, minDec, sum, TaxEngineError, ZERO } from './money.ts';
import { type IncomeLine, profitBreakdownExact } from './profit.ts';
import { LINE_TEXT } from './texts.ts';
import { type RateScale, type YearRules, yearRules } from './year-rules.ts';

export type DealId = string | number;

export interface DeclarationInput {
  /** 1 = 240.00, 3 = 270.00 */
  form: 1 | 3;
  year: number;
  /** deals by section key (first_section_a, ..., purchase_transaction_currency_section) */
  sections: Partial<Record<string, readonly TaxDeal[]>>;
  /** lots left over from earlier declarations (FifoResult.remaining of last year) */
  previousLots?: readonly Lot[];
  kzCountryId?: number;
}

export interface CalculationLine {
  field: FifthSectionField;
  amount: string;
  rule: string;
  article: string;
  dealIds: DealId[];
  uncertain?: boolean;
}

export interface DealResult {
  id: DealId;
  section: SectionCode;
  line: IncomeLine;
  /** signed income of the deal */
  income: string;
  /** what enters the line (0 for a loss that does not count; netted deals count through the net) */
  counted: string;
  benefit: BenefitMatch | null;
  foreignTaxKzt: string;
  creditKzt: string;
  /**
   * A sale whose cost FIFO took from purchase lots: that cost in the lots' currency (an engine amount: at most 4 decimals), when every
   * lot it consumed is in one currency; absent otherwise (its KZT cost is the one that counts).
   */
  costInLotCurrency?: { currency: string; amount: string };
}

export interface DeclarationResult {
  fifthSection: Record<FifthSectionField, string>;
  lines: CalculationLine[];
  ignoredDeals: DealId[];
  deals: DealResult[];
  fifo: SaleMatch[];
  remainingLots: Lot[];
}

const INCOME_SECTIONS = [
  'first_section_a',
  'first_section_b',
  'first_section_c',
  'second_section',
  'third_section',
  'fourth_section',
  'income_from_rental',
] as const;
const HISTORY = 'purchase_transaction_currency_section';

interface Work {
  id: DealId;
  lotCost: LotCurrencyCost | undefined;
  code: SectionCode;
  deal: TaxDeal;
  line: IncomeLine;
  income: Decimal;
  counted: Decimal;
  netted: boolean;
  benefit: BenefitMatch | null;
  foreignTax: Decimal;
  credit: Decimal;
}

const dealId = (deal: TaxDeal, fallback: string): DealId => deal.id ?? fallback;

/** Tax on `base` under a flat or two-step scale; the threshold is in МРП of the year. */
export function scaleTax(base: Decimal, scale: RateScale, mrp: number): Decimal {
  if (!base.gt(0)) return ZERO;
  if (scale.threshold === null || scale.rateAbove === null) return base.times(scale.rate);
  const limit = dec(scale.threshold).times(mrp);
  if (base.lessThanOrEqualTo(limit)) return base.times(scale.rate);
  return limit.times(scale.rate).plus(base.minus(limit).times(scale.rateAbove));
}

/** FIFO cost for sales with purchase history; a sale left partly uncovered keeps its own cost. */
function fifoCosts(input: DeclarationInput, active: (key: string) => TaxDeal[]) {
  const sales = [...active('first_section_a'), ...active('second_section')].filter(
    (d) => d.is_ready_purchase_price !== true && isGiven(d.quantity),
  );
  const saleById = new Map(sales.map((d, i) => [dealId(d, `sale-${i}`), d]));
  const lots: Lot[] = [...(input.previousLots ?? [])];
  active(HISTORY).forEach((h, i) => {
    const linked = isGiven(h.first_a_and_second_section_deal_id)
      ? saleById.get(h.first_a_and_second_section_deal_id)
      : undefined;
    const tenge = isGiven(h.cost_in_tenge_currency);
    const currency = (h.currency_code ?? 'KZT').toUpperCase();
    const lot: Lot = {
      id: dealId(h, `lot-${i}`),
      key: securityKey(linked ?? h),
      date: h.transaction_date ?? '',
      quantity: h.quantity ?? 0,
      cost: (tenge ? h.cost_in_tenge_currency : h.purchase_opening_cost) ?? 0,
      currency: tenge ? 'KZT' : currency,
      rate: tenge ? 1 : (h.purchase_rate ?? h.rate),
      commission: tenge ? null : h.commission,
    };
    // A stored tenge figure is the lot's KZT cost; with its price in a foreign currency the lot keeps that
    // currency too, so that a sale can tell what its lots cost in it (the KZT figures are the same).
    if (tenge && currency !== 'KZT' && isGiven(h.purchase_opening_cost)) {
      lot.cost = h.purchase_opening_cost;
      lot.currency = currency;
      lot.rate = h.purchase_rate ?? h.rate ?? null;
      lot.costKzt = h.cost_in_tenge_currency;
    }
    lots.push(lot);
  });
  const lotKeys = new Set(lots.map((l) => l.key));
  const fifoSales: Sale[] = sales
    .map((d, i) => ({
      id: dealId(d, `sale-${i}`),
      key: securityKey(d),
      date: d.transaction_date ?? '',
      quantity: d.quantity!,
    }))
    .filter((s) => lotKeys.has(s.key));
  const result = matchFifo(fifoSales, lots, { year: input.year });
  const costs = new Map<DealId, Exact>();
  const lotCosts = new Map<DealId, LotCurrencyCost>();
  for (const m of result.matches) {
    const sale = saleById.get(m.saleId)!;
    // unmatchedQuantity is '0' exactly when nothing is left uncovered
    const covered = m.unmatchedQuantity === '0' && m.consumed.length > 0;
    if (covered || !hasCost(sale)) {
      costs.set(m.saleId, saleCostExact(m));
      const inCurrency = saleCostInLotCurrency(m);
      if (inCurrency) lotCosts.set(m.saleId, inCurrency);
    }
  }
  return { costs, lotCosts, result };
}

function benefitOf(code: SectionCode, deal: TaxDeal, income: Decimal, year: number): BenefitMatch | null {
  if (deal.is_offshore === true || !income.gt(0)) return null;
  const stored = benefitById(deal.availability_tax_benefit);
  if (stored) {
    const article = articleFor(stored, year);
    if (article)
      return {
        ...stored,
        article: article.article,
        adjustment: stored.adjustment,
        uncertain: article.uncertain === true,
      };
  }
  return findBenefit({
    date: deal.transaction_date ?? `31.12.${year}`,
    section: code,
    operation_type: deal.operation_type_id,
    security_type: deal.type_of_security,
    market: deal.market_id,
    country: deal.country_code ?? null,
    bidding_method: deal.type_of_bidding_method,
    isin: deal.isin_security,
    amount: income,
  });
}

/**
 * The fifth section (ИПН calculation) of a 270.00 / 240.00 declaration, with one explained line
 * per figure. Deals with status 1 ("needs more information") are left out and listed.
 */
export function calculateDeclaration(input: DeclarationInput): DeclarationResult {
  const rules = yearRules(input.year);
  if (!rules.incomeForms.value.includes(input.form))
    throw new TaxEngineError(`Form ${input.form} does not exist for ${input.year}`, 'form');
  const ctx: DealContext = { year: input.year, form: input.form, kzCountryId: input.kzCountryId };

  const ignoredDeals: DealId[] = [];
  const activeCache = new Map<string, TaxDeal[]>();
  const active = (key: string): TaxDeal[] => {
    let list = activeCache.get(key);
    if (!list) {
      list = [];
      for (const d of input.sections[key] ?? []) {
        if (d.status === DEAL_STATUS_NEEDS_INFO) ignoredDeals.push(dealId(d, `${key}-${list.length}`));
        else list.push(d);
      }
      activeCache.set(key, list);
    }
    return list;
  };
  // Touch every section once so that ignored deals are listed even where the engine reads nothing.
  for (const key of Object.keys(input.sections)) active(key);

  const { costs, lotCosts, result: fifo } = fifoCosts(input, active);
  const netting = rules.lossNetting.value;

  const work: Work[] = [];
  for (const key of INCOME_SECTIONS) {
    const code = sectionByKey(key)!.code;
    active(key).forEach((deal, i) => {
      const id = dealId(deal, `${key}-${i}`);
      const b = profitBreakdownExact(code, deal, ctx, costs.get(id));
      if (!b.line) return;
      const income = toDecimal(b.income);
      const benefit = benefitOf(code, deal, income, input.year);
      // 2025 on: foreign-registered (section II) non-exempt securities count through the year's net result.
      const netted = netting && code === '2' && benefit === null && b.rule !== 'offshore';
      const counted = netted ? income : max0(income);
      const foreignTax = toDecimal(dealAmountKztExact(deal, deal.foreign_tax_credit));
      const lotCost = lotCosts.get(id);
      work.push({ id, lotCost, code, deal, line: b.line, income, counted, netted, benefit, foreignTax, credit: ZERO });
    });
  }

  return assemble(input, rules, work, ignoredDeals, fifo);
}

function assemble(
  input: DeclarationInput,
  rules: YearRules,
  work: Work[],
  ignoredDeals: DealId[],
  fifo: ReturnType<typeof matchFifo>,
): DeclarationResult {
  const mrp = rules.mrp.value;
  const of = (line: IncomeLine) => work.filter((w) => w.line === line);
  const idsOf = (ws: Work[]) => ws.map((w) => w.id);

  const lineTotal = (line: IncomeLine): Decimal => {
    const ws = of(line);
    const netted = sum(ws.filter((w) => w.netted).map((w) => w.counted));
    return max0(netted).plus(sum(ws.filter((w) => !w.netted).map((w) => w.counted)));
  };
  const incomeLines: IncomeLine[] = [
    'value_income_amount',
    'from_sale_property_outside_rk',
    'income_from_rental',
    'dividends',
    'rewards',
    'other_income_not_from_tax_agent',
  ];
  const totals = Object.fromEntries(incomeLines.map((l) => [l, lineTotal(l)])) as Record<IncomeLine, Decimal>;

  const exempt = work.filter((w) => w.benefit !== null);
  const adjustmentFields: AdjustmentField[] = [
    'adjustment_of_income_341_part_1_value',
    'adjustment_of_income_341_part_2_value',
    'adjustment_of_income_point7_amount',
  ];
  const adjustments = Object.fromEntries(
    adjustmentFields.map((f) => [f, sum(exempt.filter((w) => w.benefit!.adjustment === f).map((w) => w.counted))]),
  ) as Record<AdjustmentField, Decimal>;

  const propertyIncome = totals.value_income_amount
    .plus(totals.from_sale_property_outside_rk)
    .plus(totals.income_from_rental);
  const otherIncome = totals.dividends.plus(totals.rewards).plus(totals.other_income_not_from_tax_agent);
  const total = propertyIncome.plus(otherIncome);
  const adjustmentTotal = sum(Object.values(adjustments));
  const taxable = max0(total.minus(adjustmentTotal));

  // Dividends have their own scale: split the taxable income by what the exemptions took from each part.
  const dividendAdjust = sum(exempt.filter((w) => w.line === 'dividends').map((w) => w.counted));
  const taxableDividends = minDec(max0(totals.dividends.minus(dividendAdjust)), taxable);
  const taxableOther = taxable.minus(taxableDividends);
  const incomeScale = rules.incomeScale.value;
  const dividendScale = rules.dividendScale.value;
  const taxOther = scaleTax(taxableOther, incomeScale, mrp);
  const taxDividends = scaleTax(taxableDividends, dividendScale, mrp);
  const calculated = taxOther.plus(taxDividends);

  // Foreign tax credit: per deal at most the Kazakh tax on that deal's income (the category's
  // effective rate, capped at capRate), per line at most the tax on the line, overall at most the tax.
  const effective = (base: Decimal, tax: Decimal) => (base.gt(0) ? tax.dividedBy(base) : ZERO);
  const rateOther = effective(taxableOther, taxOther);
  const rateDividends = effective(taxableDividends, taxDividends);
  const capRate = dec(rules.foreignTaxCredit.value.capRate);
  for (const line of incomeLines) {
    const rate = minDec(line === 'dividends' ? rateDividends : rateOther, capRate);
    let lineRoom = totals[line].times(rate);
    for (const w of of(line)) {
      if (!w.foreignTax.gt(0) || w.benefit) continue;
      const own = max0(w.income).times(rate);
      w.credit = minDec(minDec(w.foreignTax, own), lineRoom);
      lineRoom = lineRoom.minus(w.credit);
    }
  }
  const taxAbroad = sum(work.map((w) => w.foreignTax));
  const credit = minDec(sum(work.map((w) => w.credit)), calculated);
  const final = max0(calculated.minus(credit));

  const art = rules.articles;
  const lines: CalculationLine[] = [];
  const push = (
    field: FifthSectionField,
    value: Decimal,
    rule: string,
    article: string,
    ids: DealId[],
    uncertain?: boolean,
  ) => lines.push({ field, amount: amount(value), rule, article, dealIds: ids, ...(uncertain ? { uncertain } : {}) });

  const netLine = of('from_sale_property_outside_rk');
  const anyNetted = netLine.some((w) => w.netted);
  push(
    'value_income_amount',
    totals.value_income_amount,
    LINE_TEXT.value_income_amount,
    art.capitalGain.value,
    idsOf(of('value_income_amount')),
  );
  push(
    'from_sale_property_outside_rk',
    totals.from_sale_property_outside_rk,
    anyNetted
      ? LINE_TEXT.from_sale_property_outside_rk_netted(
          amount(sum(netLine.filter((w) => w.netted).map((w) => w.income))),
        )
      : LINE_TEXT.from_sale_property_outside_rk,
    anyNetted ? art.netting.value : art.capitalGain.value,
    idsOf(netLine),
    anyNetted ? art.netting.uncertain : art.capitalGain.uncertain,
  );
  push(
    'income_from_rental',
    totals.income_from_rental,
    LINE_TEXT.income_from_rental,
    art.rate.value,
    idsOf(of('income_from_rental')),
  );
  push('dividends', totals.dividends, LINE_TEXT.dividends, art.rate.value, idsOf(of('dividends')));
  push('rewards', totals.rewards, LINE_TEXT.rewards, art.rate.value, idsOf(of('rewards')));
  push(
    'other_income_not_from_tax_agent',
    totals.other_income_not_from_tax_agent,
    LINE_TEXT.other_income_not_from_tax_agent,
    art.rate.value,
    idsOf(of('other_income_not_from_tax_agent')),
  );
  const propertyIds = idsOf(
    work.filter((w) => ['value_income_amount', 'from_sale_property_outside_rk', 'income_from_rental'].includes(w.line)),
  );
  const otherIds = idsOf(
    work.filter((w) => ['dividends', 'rewards', 'other_income_not_from_tax_agent'].includes(w.line)),
  );
  push('property_income', propertyIncome, LINE_TEXT.property_income, art.rate.value, propertyIds);
  push('other_income_amount', otherIncome, LINE_TEXT.other_income_amount, art.rate.value, otherIds);
  const totalField = input.form === 1 ? 'total_income_to_declaration' : 'total_income_tax';
  push(totalField, total, LINE_TEXT.total, art.rate.value, idsOf(work));
  for (const f of adjustmentFields) {
    const ws = exempt.filter((w) => w.benefit!.adjustment === f);
    const names = [...new Set(ws.map((w) => `${w.benefit!.name} (${w.benefit!.article})`))].join('; ');
    push(
      f,
      adjustments[f],
      LINE_TEXT.adjustment(names),
      art.adjustment.value,
      idsOf(ws),
      ws.some((w) => w.benefit!.uncertain) || undefined,
    );
  }
  push('adjustment_of_income_amount', adjustmentTotal, LINE_TEXT.adjustment_total, art.adjustment.value, idsOf(exempt));
  push('taxable_amount_of_income', taxable, LINE_TEXT.taxable, art.rate.value, idsOf(work));
  const taxRule =
    incomeScale.threshold !== null
      ? LINE_TEXT.progressiveTax(
          amount(dec(incomeScale.threshold).times(mrp)),
          amount(dec(dividendScale.threshold ?? 0).times(mrp)),
        )
      : LINE_TEXT.flatTax(percent(incomeScale.rate), percent(dividendScale.rate));
  push(
    'calculated_amount_of_income_tax',
    calculated,
    taxRule,
    art.rate.value,
    idsOf(work),
    rules.incomeScale.uncertain,
  );
  const abroad = work.filter((w) => w.foreignTax.gt(0));
  const ftc = rules.foreignTaxCredit;
  push(
    'amount_of_personal_income_tax_from_outside_rk',
    taxAbroad,
    LINE_TEXT.taxAbroad,
    ftc.value.article,
    idsOf(abroad),
    ftc.uncertain,
  );
  push('foreign_tax_credit', credit, LINE_TEXT.credit, ftc.value.article, idsOf(abroad), ftc.uncertain);
  push('amount_of_IPN_final', final, LINE_TEXT.final, art.rate.value, idsOf(work));

  const fifthSection = Object.fromEntries(FIFTH_SECTION_FIELDS.map((f) => [f, '0'])) as Record<
    FifthSectionField,
    string
  >;
  for (const l of lines) fifthSection[l.field] = l.amount;

  return {
    fifthSection,
    lines,
    ignoredDeals,
    deals: work.map((w) => ({
      id: w.id,
      section: w.code,
      line: w.line,
      income: amount(w.income),
      counted: amount(w.counted),
      benefit: w.benefit,
      foreignTaxKzt: amount(w.foreignTax),
      creditKzt: amount(w.credit),
      ...(w.lotCost ? { costInLotCurrency: { currency: w.lotCost.currency, amount: amountOf(w.lotCost.cost) } } : {}),
    })),
    fifo: fifo.matches,
    remainingLots: fifo.remaining,
  };
}

const percent = (rate: string) => `${dec(rate).times(100).toFixed()}%`;
