import { conversionsOf, LIMITS, type SectionDef } from '@deklarant/contracts';
import { amount, dec, foreignBalancesWarnings, isGiven, securityKey, weightedAverage } from '@deklarant/tax';
import type { Actor } from '../../lib/actor.ts';
import { type DealOut, dealsRepo } from '../declarations/index.ts';
import { SALE_CODES, taxDealOf } from './compute.ts';
import { type DealsContext, openSection } from './context.ts';
import { pickCommon } from './deal-fields.ts';
import { type DealView, dealView } from './deal-view.ts';
import { dealsModuleRepo } from './repo.ts';

/**
 * The section list with its totals, a page at a time (`perPage` deals, at most
 * `LIMITS.sectionPageSizeMax`; without a page, the first `LIMITS.inlineDeals`); `previous` adds
 * purchases of earlier declarations (purchase section) after the last page. Totals cover the whole
 * section: computed here when the page holds all of it, by the database otherwise.
 */
export async function listSection(
  ctx: DealsContext,
  actor: Actor,
  declarationId: number,
  sectionRaw: string,
  opts: { previous?: boolean; dealId?: number; page?: number; perPage?: number },
) {
  const { deps } = ctx;
  const { decl, section, refs } = await openSection(ctx, actor, declarationId, sectionRaw, false);
  const page = opts.page ?? 1;
  const perPage = opts.page === undefined ? LIMITS.inlineDeals : (opts.perPage ?? LIMITS.sectionPageSize);
  const repo = dealsRepo(deps.db);
  const { rows, total } = await repo.pageOfSection(decl.id, section.key, {
    limit: perPage,
    offset: (page - 1) * perPage,
    ...(section.code === 'history' && opts.dealId !== undefined ? { historyOf: opts.dealId } : {}),
  });
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data: (DealView & { previous_period?: boolean })[] = rows.map((d) => dealView(section, d, decl, refs));
  if (section.code === 'purchase' && opts.previous && page >= lastPage) {
    for (const row of await dealsModuleRepo(deps.db).previousPurchases(decl)) {
      data.push({
        ...dealView(
          section,
          { ...row.fields, ...pickCommon(row), declaration_section: section.key } as DealOut,
          decl,
          refs,
        ),
        previous_period: true,
      });
    }
  }
  const whole = page === 1 && rows.length === total;
  const hideHistory = await dealsModuleRepo(deps.db).brokerHidesHistory(decl.broker);
  const rules = { form: decl.reporting_form_id as 1 | 2 | 3, year: decl.year, kzCountryId: refs.kzCountryId };
  const sectionWarnings =
    section.code === '5-2'
      ? foreignBalancesWarnings(
          data.map((d) => taxDealOf(d, refs)),
          rules,
        )
      : [];
  let totals: Record<string, string>;
  if (whole) totals = totalsOf(section, data, decl.year);
  else {
    const fields = summedFields(section);
    const sums = await repo.sectionSums(decl.id, section.key, fields);
    totals = Object.fromEntries(fields.map((f, i) => [f, amount(dec(sums[i] ?? '0'))]));
    if (section.code === 'purchase') {
      const purchases = await repo.purchasesOfFirstSecurities(decl.id, section.key, AVERAGED_SECURITIES);
      Object.assign(totals, averagesOf(purchases, decl.year));
    }
  }
  return {
    data,
    totals,
    section_warnings: sectionWarnings,
    meta: { hide_history_link: hideHistory, total, page, per_page: perPage, last_page: lastPage },
  };
}

/** The fields a section's totals sum: its KZT equivalents, and the income where the section has one. */
function summedFields(section: SectionDef): string[] {
  const out = conversionsOf(section.code).map((c) => c.to);
  if (SALE_CODES.has(section.code) || ['1B', '1C', '3', '4', 'rental'].includes(section.code)) {
    out.push('value_added_income');
  }
  return out;
}

/** Securities of the purchase section whose weighted average cost the totals show. */
const AVERAGED_SECURITIES = 51;

type Purchase = {
  key: string;
  quantity: string | null;
  cost: string | null;
  currency: string | null;
  rate: string | null;
};

/** Weighted average acquisition cost per security (docs/sections.md, cost basis), `average:<security>` → KZT. */
function averagesOf(purchases: readonly Purchase[], year: number): Record<string, string> {
  const bySecurity = new Map<string, { quantity: string; cost: string; currency: string; rate: string | null }[]>();
  for (const p of purchases) {
    if (!isGiven(p.quantity as string) || !isGiven(p.cost as string)) continue;
    const list = bySecurity.get(p.key) ?? [];
    list.push({
      quantity: String(p.quantity),
      cost: String(p.cost),
      currency: String(p.currency ?? 'KZT'),
      rate: p.rate,
    });
    bySecurity.set(p.key, list);
  }
  const out: Record<string, string> = {};
  let i = 0;
  for (const [k, list] of bySecurity) {
    try {
      out[`average:${k}`] = weightedAverage(list, { year }).averageCostKzt;
    } catch {
      /* a purchase without a rate has no average */
    }
    if (++i >= AVERAGED_SECURITIES) break;
  }
  return out;
}

/** Section totals of the list screen, exact decimals (status 1 deals are not counted, docs/statuses.md). */
function totalsOf(section: SectionDef, deals: readonly DealView[], year: number) {
  const counted = deals.filter((d) => d.status !== 1);
  const sumOf = (field: string) =>
    amount(counted.reduce((s, d) => (isGiven(d[field] as string) ? s.plus(dec(d[field] as string)) : s), dec(0)));
  const out: Record<string, string> = {};
  for (const f of summedFields(section)) out[f] = sumOf(f);
  if (section.code === 'purchase') {
    const purchases = counted.map((d) => ({
      key: securityKey(d as { isin_security?: string; name_security?: string }),
      quantity: (d.quantity as string | undefined) ?? null,
      cost: (d.purchase_opening_cost as string | undefined) ?? null,
      currency: (d.currency_code as string | undefined) ?? null,
      rate: (d.exchange_rate as string | undefined) ?? null,
    }));
    Object.assign(out, averagesOf(purchases, year));
  }
  return out;
}
