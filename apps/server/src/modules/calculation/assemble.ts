import { DEAL_STATUS_NEEDS_INFO, FORM, MSG } from '@deklarant/contracts';
import { type RateLookup, ratesNeeded, SUPPORTED_YEARS, type TaxDeal, TaxEngineError } from '@deklarant/tax';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { slices } from '../../lib/slices.ts';
import { type DealOut, type DeclarationRow, dealsRepo } from '../declarations/index.ts';
import { calculateOffThread, type EngineResult } from './engine-pool.ts';
import { countryOf, currencyOf, loadRefs, type Refs } from './refs.ts';

/** Sections the tax engine reads (form 270.00 / 240.00); the rest are assets and form 250.00. */
export const ENGINE_SECTIONS = [
  'first_section_a',
  'first_section_b',
  'first_section_c',
  'second_section',
  'third_section',
  'fourth_section',
  'income_from_rental',
  'purchase_transaction_section',
  'purchase_transaction_currency_section',
] as const;

/** How many exchange-rate lookups run at once (each may reach the National Bank feed). */
const RATE_CONCURRENCY = 8;

/** The 503/422 every missing exchange rate ends in: nothing is stored, nothing rendered. */
export const ratesUnavailable = (status = 422) => new HttpError(status, MSG.ratesUnavailable);

export interface Computed {
  row: DeclarationRow;
  /** the stored deals by section key, as the API returns them */
  deals: Record<string, DealOut[]>;
  /** what the engine read: the stored deals with letter currency, country and rates resolved */
  taxDeals: Record<string, TaxDeal[]>;
  /** null for form 250.00 (no tax calculation) */
  result: EngineResult | null;
  refs: Refs;
  /** deals with status 1 (ignored), in every section */
  ignored: DealOut[];
}

/** A stored deal as the engine reads it (no rates yet). */
export function toTaxDeal(d: DealOut, refs: Refs): TaxDeal {
  const currency = currencyOf(d, refs);
  const country = countryOf(d, refs);
  return {
    ...(d as unknown as TaxDeal),
    id: d.id,
    status: d.status ?? undefined,
    currency_code: currency ?? 'KZT',
    country_code: country,
  };
}

/** One fetch per currency and day (per currency and year for the annual average). */
const lookupKey = (q: RateLookup) =>
  q.rule === 'annual_average' ? `${q.currency}|${q.date.slice(6)}` : `${q.currency}|${q.date}`;

/**
 * Fills `rate` (and `purchase_rate` when the purchase has its own date) for foreign-currency deals
 * that need a conversion and carry no rate: the rates `ratesNeeded` of packages/tax asks for, under the
 * report year's FX rule, the same as the deal form saves (deals/compute.ts). A rate the provider cannot
 * give throws the Russian 'Информация о курсах валют недоступна' (503 when the source is down).
 */
export async function fillRates(deps: Deps, deals: TaxDeal[], year: number): Promise<void> {
  const wanted = new Map<string, RateLookup>();
  const tasks: { deal: TaxDeal; field: 'rate' | 'purchase_rate'; key: string }[] = [];
  for (const deal of deals) {
    if (deal.status === DEAL_STATUS_NEEDS_INFO) continue;
    for (const q of ratesNeeded(deal, year)) {
      const key = lookupKey(q);
      if (!wanted.has(key)) wanted.set(key, q);
      tasks.push({ deal, field: q.role === 'sale' ? 'rate' : 'purchase_rate', key });
    }
  }
  if (tasks.length === 0) return;

  const rates = new Map<string, string>();
  const entries = [...wanted.entries()];
  for (let i = 0; i < entries.length; i += RATE_CONCURRENCY) {
    await Promise.all(
      entries.slice(i, i + RATE_CONCURRENCY).map(async ([key, q]) => {
        try {
          const date = q.rule === 'annual_average' ? `31.12.${q.date.slice(6)}` : q.date;
          const answer = await deps.providers.rates.getRate({ currency: q.currency, date, rule: q.rule });
          rates.set(key, answer.rate);
        } catch (err) {
          if (err instanceof HttpError && err.statusCode === 503) throw ratesUnavailable(503);
          throw ratesUnavailable(422);
        }
      }),
    );
  }
  for (const t of tasks) {
    const rate = rates.get(t.key);
    if (rate) t.deal[t.field] = rate;
  }
}

/**
 * Loads the declaration's deals, resolves what the engine needs (letter currency, country, rates by
 * the year's rule) and runs the tax engine. Pure reads: nothing is written here.
 */
export async function computeDeclaration(deps: Deps, row: DeclarationRow): Promise<Computed> {
  const [deals, refs] = await Promise.all([dealsRepo(deps.db).groupedByDeclaration(row.id), loadRefs(deps.db)]);
  const ignored = Object.values(deals)
    .flat()
    .filter((d) => d.status === DEAL_STATUS_NEEDS_INFO);
  const taxDeals: Record<string, TaxDeal[]> = {};
  // 50,000 deals take a few hundred milliseconds to map: in slices, other requests answered between
  const turn = slices();
  for (const [key, list] of Object.entries(deals)) {
    const out: TaxDeal[] = [];
    for (const d of list) {
      out.push(toTaxDeal(d, refs));
      if (turn.due()) await turn.pause();
    }
    taxDeals[key] = out;
  }

  if (row.reporting_form_id === FORM.F250) return { row, deals, taxDeals, result: null, refs, ignored };
  if (!(SUPPORTED_YEARS as readonly number[]).includes(row.year)) {
    throw new HttpError(422, MSG.calculationYearUnsupported);
  }
  const engineDeals = ENGINE_SECTIONS.flatMap((k) => taxDeals[k] ?? []);
  await fillRates(deps, engineDeals, row.year);
  const sections = Object.fromEntries(ENGINE_SECTIONS.map((k) => [k, taxDeals[k] ?? []]));
  try {
    const result = await calculateOffThread({
      form: row.reporting_form_id as 1 | 3,
      year: row.year,
      sections,
      kzCountryId: refs.kzCountryId,
    });
    return { row, deals, taxDeals, result, refs, ignored };
  } catch (err) {
    if (err instanceof TaxEngineError) {
      if (err.code === 'rate_missing') throw ratesUnavailable(422);
      if (err.code === 'year' || err.code === 'form') throw new HttpError(422, MSG.calculationYearUnsupported);
      throw new HttpError(422, MSG.calculationFailed);
    }
    throw err;
  }
}
