import {
  conversionsOf,
  isoToRu,
  isRuDateShape,
  ruToIso,
  type SectionCode,
  type SectionDef,
} from '@deklarant/contracts';
import {
  calculateProfit,
  dealWarnings,
  findBenefit,
  fxRuleOf,
  isGiven,
  kztAmount,
  ratePlan,
  type TaxDeal,
  TaxEngineError,
  type TaxWarning,
} from '@deklarant/tax';
import type { RatesProvider } from '../../providers/index.ts';
import type { ReferenceSets } from './references.ts';

type Fields = Record<string, unknown>;
type RateRule = 'previous_working_day' | 'annual_average' | 'year_end';

/*
 * Which amounts of a section get a KZT equivalent and at which rate basis: `conversionsOf` of the
 * section dictionary (packages/contracts sections/), in screen order; the first is the section's main
 * amount. The rate itself is chosen by `ratePlan` of packages/tax.
 */

/** Sections whose income the engine computes (POST .../calculate-profit). */
export const PROFIT_CODES = new Set<SectionCode>(['1A', '1B', '1C', '2', '3', '4', 'rental', 'purchase', 'history']);
export const SALE_CODES = new Set<SectionCode>(['1A', '2']);

/** The rate facts stored with a deal and shown beside its KZT equivalent. */
export interface RateUsed {
  rate: string;
  currency_code: string;
  rate_date: string;
  rule: string;
  demo: boolean;
}

export interface Computed {
  fields: Fields;
  rate: RateUsed | null;
  purchaseRate: RateUsed | null;
  /** the KZT figure the section's tiles total (deals.amount_kzt) */
  amountKzt: string | null;
  mainAmount: string | null;
}

const validRuDate = isRuDateShape;

/** The deal's currency as an ISO code: currency_code (deal forms, 5-2) or currency_code_id (debt, form 250). */
export function currencyOf(input: Fields, refs: ReferenceSets): string | null {
  if (typeof input.currency_code === 'string' && input.currency_code.trim())
    return input.currency_code.trim().toUpperCase();
  if (typeof input.currency_code_id === 'number') return refs.currencyById.get(input.currency_code_id) ?? null;
  return input.rent_amount !== undefined || input.property_name !== undefined ? 'KZT' : null;
}

/**
 * Small memo per rates provider: the same currency and day are asked for again and again while a form
 * is edited. Failures are not kept.
 */
const memos = new WeakMap<RatesProvider, Map<string, { at: number; value: Promise<RateUsed>; settled?: RateUsed }>>();
const MEMO_TTL_MS = 10 * 60_000;

/**
 * The rate, or a promise of it. An answer the memo already holds comes back as it is, without a
 * promise: an import of 50,000 deals asks for the same few hundred rates again and again, and awaiting
 * each of them cost a fifth of the import's KZT step.
 */
export function lookupRate(
  rates: RatesProvider,
  currency: string,
  ruDate: string,
  rule: RateRule,
  now = Date.now(),
): RateUsed | Promise<RateUsed> {
  if (currency === 'KZT') {
    return { rate: '1', currency_code: 'KZT', rate_date: ruDate, rule, demo: false };
  }
  let memo = memos.get(rates);
  if (!memo) {
    memo = new Map();
    memos.set(rates, memo);
  }
  const cache = memo;
  const key = `${currency}|${ruDate}|${rule}`;
  const hit = memo.get(key);
  if (hit && now - hit.at < MEMO_TTL_MS) return hit.settled ?? hit.value;
  if (memo.size > 5000) memo.clear();
  const value = rates.getRate({ currency, date: ruToIso(ruDate), rule }).then((a) => ({
    rate: a.rate,
    currency_code: a.currency_code,
    rate_date: isoToRu(a.rate_date),
    rule: a.rule,
    demo: a.demo,
  }));
  const entry: { at: number; value: Promise<RateUsed>; settled?: RateUsed } = { at: now, value };
  memo.set(key, entry);
  value.then(
    (rate) => {
      entry.settled = rate;
    },
    () => cache.delete(key),
  );
  return value;
}

export type DealRates = { deal: RateUsed | null; purchase: RateUsed | null };

/**
 * Fetches the rates `ratePlan` of packages/tax asks for (the server decides no rate itself). Without a
 * promise when the memo holds them all (see `lookupRate`).
 */
function ratesFor(
  code: SectionCode,
  input: Fields,
  year: number,
  currency: string | null,
  rates: RatesProvider,
): DealRates | Promise<DealRates> {
  const bases = conversionsOf(code).map((c) => c.rate);
  if (!currency || bases.length === 0) return { deal: null, purchase: null };
  const plan = ratePlan(bases, input, year);
  if (currency === 'KZT') {
    const kzt = {
      rate: '1',
      currency_code: 'KZT',
      rate_date: plan.deal?.date ?? '',
      rule: plan.deal?.rule ?? fxRuleOf(year),
      demo: false,
    };
    return { deal: kzt, purchase: kzt };
  }
  const deal = plan.deal ? lookupRate(rates, currency, plan.deal.date, plan.deal.rule) : null;
  const purchase = plan.purchase ? lookupRate(rates, currency, plan.purchase.date, plan.purchase.rule) : deal;
  if (deal instanceof Promise || purchase instanceof Promise)
    return Promise.all([deal, purchase]).then(([d, p]) => ({ deal: d, purchase: p }));
  return { deal, purchase };
}

/** The engine's view of a stored or posted deal (rates and country resolved). */
export function taxDealOf(fields: Fields, refs: ReferenceSets): TaxDeal {
  const country =
    typeof fields.country_code_registration_id === 'number'
      ? refs.countryAlpha3.get(fields.country_code_registration_id)
      : undefined;
  const deal = copyFields(fields) as TaxDeal;
  deal.rate = (fields.exchange_rate as string | undefined) ?? null;
  deal.purchase_rate = (fields.purchase_exchange_rate as string | undefined) ?? null;
  if (country) deal.country_code = country;
  return deal;
}

/**
 * A shallow copy to add properties to. Not `{ ...fields }`: Node 20's V8 gives a spread copy a map outside
 * the transition tree, so each property added afterwards builds a new map (≈2 µs a store, a third of the
 * import's KZT step for 50,000 deals). `Object.assign` would call the `__proto__` setter for an own
 * `__proto__` key (JSON input can have one), so such an object is still copied by spreading.
 */
function copyFields(fields: Fields): Fields {
  return Object.hasOwn(fields, '__proto__') ? { ...fields } : Object.assign({}, fields);
}

/**
 * KZT equivalents, rates used and value_added_income of one deal. Client-sent tenge figures are
 * replaced: the server computes them from the amounts and the National Bank rate of the year's rule.
 * `fifoCostKzt` (purchase lots the sale consumed) replaces the declared acquisition cost.
 */
export async function computeDeal(
  section: SectionDef,
  input: Fields,
  ctx: { year: number; rates: RatesProvider; refs: ReferenceSets; fifoCostKzt?: string | null },
): Promise<Computed> {
  const needed = dealRates(section, input, ctx);
  return computeWithRates(section, input, ctx, needed instanceof Promise ? await needed : needed);
}

/**
 * The rates `computeDeal` needs for this input: without a promise when the memo holds them all, so a
 * caller with many deals (the import) can go on without awaiting each one (see `lookupRate`).
 */
export function dealRates(
  section: SectionDef,
  input: Fields,
  ctx: { year: number; rates: RatesProvider; refs: ReferenceSets },
): DealRates | Promise<DealRates> {
  return ratesFor(section.code, input, ctx.year, currencyOf(input, ctx.refs), ctx.rates);
}

/** `computeDeal` once the rates are known (`dealRates`). */
export function computeWithRates(
  section: SectionDef,
  input: Fields,
  ctx: { year: number; refs: ReferenceSets; fifoCostKzt?: string | null },
  { deal, purchase }: DealRates,
): Computed {
  const code = section.code;
  const fields = copyFields(input);
  for (const c of conversionsOf(code)) delete fields[c.to];
  for (const f of ['value_added_income', 'declared_cost_in_tenge_currency', 'cost_source']) delete fields[f];

  for (const c of conversionsOf(code)) {
    const rate = c.rate === 'purchase' ? purchase : deal;
    if (!rate || !isGiven(input[c.from] as string)) continue;
    fields[c.to] = kztAmount(input[c.from] as string, rate.rate);
  }
  if (deal) {
    fields.exchange_rate = deal.rate;
    fields.exchange_rate_date = deal.rate_date;
    fields.exchange_rate_rule = deal.rule;
    fields.exchange_rate_demo = deal.demo;
  }
  if (purchase && purchase !== deal) {
    fields.purchase_exchange_rate = purchase.rate;
    fields.purchase_exchange_rate_date = purchase.rate_date;
  }
  if (SALE_CODES.has(code) && isGiven(fields.cost_in_tenge_currency as string)) {
    fields.declared_cost_in_tenge_currency = fields.cost_in_tenge_currency;
  }
  if (SALE_CODES.has(code) && isGiven(ctx.fifoCostKzt) && input.is_ready_purchase_price !== true) {
    fields.cost_in_tenge_currency = ctx.fifoCostKzt;
    fields.cost_source = 'fifo';
  }

  if (PROFIT_CODES.has(code) && code !== 'purchase' && code !== 'history') {
    try {
      fields.value_added_income = calculateProfit(section.slug, taxDealOf(fields, ctx.refs), {
        year: ctx.year,
        kzCountryId: ctx.refs.kzCountryId,
      });
    } catch (e) {
      if (!(e instanceof TaxEngineError)) throw e;
    }
  }
  return { fields, rate: deal, purchaseRate: purchase, ...tileAmounts(code, fields, input) };
}

/** Not a closure in `tileAmounts`: tsx keeps function names, which costs a call per closure made. */
const textOrNull = (v: unknown) => (isGiven(v as string) ? String(v) : null);

function tileAmounts(
  code: SectionCode,
  fields: Fields,
  input: Fields,
): { amountKzt: string | null; mainAmount: string | null } {
  const main = conversionsOf(code)[0]?.from;
  const mainAmount = main ? textOrNull(input[main]) : null;
  if (code === 'purchase' || code === 'history')
    return { amountKzt: textOrNull(fields.cost_in_tenge_currency), mainAmount };
  if (PROFIT_CODES.has(code)) return { amountKzt: textOrNull(fields.value_added_income), mainAmount };
  return { amountKzt: textOrNull(fields.amount_in_tenge_currency), mainAmount };
}

/** Warnings of the engine for a stored or computed deal. */
export function warningsOf(
  section: SectionDef,
  fields: Fields,
  ctx: { form: number; year: number; refs: ReferenceSets },
): TaxWarning[] {
  const deal = taxDealOf(fields, ctx.refs);
  return dealWarnings(section.key, deal, {
    form: ctx.form as 1 | 2 | 3,
    year: ctx.year,
    kzCountryId: ctx.refs.kzCountryId,
    ...(isGiven(fields.exchange_rate as string) ? { rate: fields.exchange_rate as string } : {}),
  });
}

/** The tax benefit that applies to the deal (GET /api/common/get-tax-benefit and the form refresh). */
export function benefitFor(section: SectionDef, fields: Fields, refs: ReferenceSets) {
  if (!validRuDate(fields.transaction_date)) return null;
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const country =
    typeof fields.country_code_registration_id === 'number'
      ? (refs.countryAlpha3.get(fields.country_code_registration_id) ?? null)
      : null;
  return findBenefit({
    date: fields.transaction_date,
    section: section.code,
    operation_type: num(fields.operation_type_id),
    security_type: num(fields.type_of_security),
    market: num(fields.market_id),
    bidding_method: num(fields.type_of_bidding_method),
    country,
    isin: typeof fields.isin_security === 'string' ? fields.isin_security : null,
    amount: (fields.value_added_income as string | undefined) ?? null,
  });
}
