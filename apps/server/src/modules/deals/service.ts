import {
  type DealInput,
  MSG,
  SECTIONS,
  type SectionDef,
  sectionApplies,
  sectionByRoute,
  sectionBySlug,
  validateDeal,
} from '@deklarant/contracts';
import {
  amount,
  amountLevel,
  dec,
  foreignBalancesWarnings,
  isGiven,
  securityKey,
  type TaxWarning,
  weightedAverage,
} from '@deklarant/tax';
import type { Db } from '../../db/db.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import type { Actor } from '../auth/guard.ts';
import { auditDeclaration } from '../declarations/audit.ts';
import { ruDate } from '../declarations/dates.ts';
import { assertDealsEditable } from '../declarations/lifecycle.ts';
import { type DealOut, type DeclarationRow, dealsRepo, NEW_DEAL } from '../declarations/repo.ts';
import { askerOf, declarationsService } from '../declarations/service.ts';
import { benefitFor, CONVERSIONS, computeDeal, currencyOf, SALE_CODES, taxDealOf, warningsOf } from './compute.ts';
import { contentionMemory } from './contention.ts';
import { fifoWrite, noChanges, planSecurity, rematchSecurity, withDeal } from './fifo.ts';
import { ID_FIELD_TABLE, type ReferenceSets, referenceCache } from './references.ts';
import { dealsModuleRepo, fifoReader, type LotRow } from './repo.ts';

export const DEAL_TEXT = {
  sectionUnavailable: MSG.sectionUnavailable,
  dealNotFound: MSG.dealNotFound,
  rowLimit: MSG.sectionRowLimit,
  saleRequired: MSG.historySaleRequired,
} as const;

/** A deal as the API returns it: stored fields, the engine's warnings and the card level. */
export type DealView = DealOut & { warnings: TaxWarning[]; level: 'default' | 'warning' | 'error' };

const COMMON = ['status', 'comment', 'transaction_date', 'currency_code'] as const;
const SECURITY_SECTIONS = new Set(['1A', '2', 'purchase', 'history']);

/** Section by slug, key or web route. */
export function resolveSection(raw: string): SectionDef | undefined {
  return sectionBySlug(raw) ?? sectionByRoute(raw);
}

/** Trims text, turns a decimal comma into a dot and drops blanks, so stored values compare exactly. */
function normalize(input: DealInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') {
      const t = v.trim();
      if (t === '' || t === 'null') continue;
      out[k] = k === 'isin_security' ? t.toUpperCase() : t;
    } else out[k] = v;
  }
  return out;
}

/** Each decimal value as a string with a dot (amounts may be posted as numbers or with a comma). */
function decimalsAsText(input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'number' && !k.endsWith('_id') && !ID_FIELD_TABLE[k] && k !== 'status') out[k] = String(v);
    if (typeof v === 'string' && /^-?\d+,\d+$/.test(v)) out[k] = v.replace(',', '.');
  }
  return out;
}

const RANK = { default: 0, warning: 1, error: 2 } as const;

/**
 * Card level: the worst of the engine's warnings and, for sales, the section warning levels of SPEC
 * section 4 (cost against sales and sales against cost, amountLevel).
 */
function levelOf(warnings: readonly TaxWarning[], deal?: Record<string, unknown>): DealView['level'] {
  let level: DealView['level'] = warnings.some((w) => w.level === 'error')
    ? 'error'
    : warnings.length > 0
      ? 'warning'
      : 'default';
  if (deal && isGiven(deal.sales_cost_in_tenge_currency as string) && isGiven(deal.cost_in_tenge_currency as string)) {
    const sale = deal.sales_cost_in_tenge_currency as string;
    const cost = deal.cost_in_tenge_currency as string;
    for (const l of [amountLevel(cost, sale), amountLevel(sale, cost)]) if (RANK[l] > RANK[level]) level = l;
  }
  return level;
}

/** Reference ids and currency codes that do not exist: 422 with the field. */
function referenceErrors(input: Record<string, unknown>, refs: ReferenceSets): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, table] of Object.entries(ID_FIELD_TABLE)) {
    const v = input[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !refs.ids[table]?.has(v)) errors[field] = [MSG.checkSelected];
  }
  const code = input.currency_code;
  if (typeof code === 'string' && !refs.currencyCodes.has(code.toUpperCase()))
    errors.currency_code = [MSG.checkSelected];
  return errors;
}

export function dealsService(deps: Deps) {
  const declarations = declarationsService(deps);
  const contention = contentionMemory();
  const refsCache = referenceCache(deps.db);
  const now = () => deps.clock.now();

  async function context(actor: Actor, declarationId: number, sectionRaw: string, write: boolean) {
    const decl = await declarations.loadOwn(actor, declarationId);
    const section = resolveSection(sectionRaw);
    if (!section || !sectionApplies(section, decl.reporting_form_id, decl.year)) {
      throw new HttpError(422, DEAL_TEXT.sectionUnavailable);
    }
    if (write) assertDealsEditable(decl, now(), askerOf(actor));
    return { decl, section, refs: await refsCache.get() };
  }

  function view(section: SectionDef, deal: DealOut, decl: DeclarationRow, refs: ReferenceSets): DealView {
    const warnings = warningsOf(section, deal, { form: decl.reporting_form_id, year: decl.year, refs });
    const sale = SALE_CODES.has(section.code) ? deal : undefined;
    return { ...deal, warnings, level: levelOf(warnings, sale) };
  }

  /** Validation of SPEC section 5 (shared with the web form), reference ids, row limits, 250-1 limit. */
  async function prepare(
    decl: DeclarationRow,
    section: SectionDef,
    body: DealInput,
    refs: ReferenceSets,
    existingId?: number,
  ) {
    const input = decimalsAsText(normalize(body));
    const rules = { form: decl.reporting_form_id, year: decl.year };
    let errors = { ...validateDeal(section.code, input, rules), ...referenceErrors(input, refs) };
    if (section.code === 'history') {
      const parent = Number(input.first_a_and_second_section_deal_id);
      const sale = parent ? await dealsRepo(deps.db).byId(decl.id, parent) : undefined;
      if (!sale || !['first_section_a', 'second_section'].includes(sale.declaration_section)) {
        errors.first_a_and_second_section_deal_id = [DEAL_TEXT.saleRequired];
      }
    }
    if (Object.keys(errors).length > 0) throw unprocessable(MSG.checkInput, errors);

    const computed = await computeDeal(section, input, { year: decl.year, rates: deps.providers.rates, refs });
    if (section.code === '250-1' && computed.rate) {
      // The 34,500,000 KZT limit is checked on the KZT equivalent at the year-end rate.
      errors = validateDeal(section.code, input, { ...rules, rate: computed.rate.rate });
      if (Object.keys(errors).length > 0) throw unprocessable(MSG.checkInput, errors);
    }
    if (section.rowLimit !== undefined && existingId === undefined) {
      const count = await dealsModuleRepo(deps.db).countInSection(decl.id, section.key);
      if (count >= section.rowLimit) throw unprocessable(DEAL_TEXT.rowLimit(section.rowLimit));
    }
    return { input, computed };
  }

  function splitCommon(fields: Record<string, unknown>) {
    const own = { ...fields };
    for (const c of COMMON) delete own[c];
    return own;
  }

  const keyOf = (section: SectionDef, fields: Record<string, unknown>) =>
    SECURITY_SECTIONS.has(section.code)
      ? securityKey(fields as { isin_security?: string; name_security?: string })
      : '';

  /**
   * Keeps FIFO figures right after a sale, purchase or purchase-history row changed; returns the
   * fields of the sales it re-figured.
   */
  async function rematch(t: typeof deps.db, decl: DeclarationRow, keys: Iterable<string>, refs: ReferenceSets) {
    const refigured = new Map<number, Record<string, unknown>>();
    for (const key of new Set(keys)) {
      if (key) for (const [id, fields] of await rematchSecurity(t, decl, key, refs)) refigured.set(id, fields);
    }
    return refigured;
  }

  /**
   * The deal form's save: validated and converted (SPEC section 5), then stored together with FIFO
   * re-matched for every security it touches, in one statement. FIFO is planned in memory from one read
   * of the deals, with the saved deal in place; the write takes effect only if the declaration's deals
   * are still as read. Otherwise (another save or an import got there first) the save runs once more
   * holding the declaration, and so do the next saves into that declaration for a while: where saves
   * collide, planning from an unheld read is work thrown away.
   */
  async function save(actor: Actor, declarationId: number, sectionRaw: string, body: DealInput, dealId?: number) {
    const { decl, section, refs } = await context(actor, declarationId, sectionRaw, true);
    const dealKeyed = SECURITY_SECTIONS.has(section.code);
    const parentId =
      section.code === 'history' ? Number(normalize(body).first_a_and_second_section_deal_id) || undefined : undefined;
    const read = (db: Db, key: string) => {
      const q = { decl, key, dealId, dealKeyed, parentId };
      // outside a transaction the reads of the saves in flight together share one statement
      return (db === deps.db ? fifoReader(db)(q) : dealsModuleRepo(db).fifoInputs(decl, q)).then((r) => {
        if (dealId !== undefined && r.before?.section !== section.key) throw new HttpError(404, DEAL_TEXT.dealNotFound);
        return r;
      });
    };
    const readKey = keyOf(section, normalize(body));
    const first = await read(deps.db, readKey);
    const { computed } = await prepare(decl, section, body, refs, dealId);
    const f = computed.fields;
    const write = {
      status: typeof f.status === 'number' ? f.status : null,
      comment: (f.comment as string | undefined) ?? null,
      transaction_date: (f.transaction_date as string | undefined) ?? null,
      currency_code: currencyOf(f, refs),
      main_amount: computed.mainAmount,
      amount_kzt: computed.amountKzt,
      fields: splitCommon(f),
    };
    const row: LotRow = {
      id: dealId ?? NEW_DEAL,
      declaration_id: decl.id,
      section: section.key,
      transaction_date: ruDate(write.transaction_date),
      currency_code: write.currency_code,
      status: write.status,
      fields: write.fields,
      previous_period: false,
      key: keyOf(section, f),
    };
    const audit = {
      actor,
      action: dealId === undefined ? 'deal_create' : 'deal_update',
      at: now(),
      details: { section: section.key },
    } as const;

    const attempt = (db: Db, r: Awaited<ReturnType<typeof read>>, revision: string | number) => {
      const state = withDeal(r.state, row);
      const changes = noChanges();
      for (const key of new Set([row.key, dealKeyed ? r.before?.key : '', r.parentKey])) {
        if (key) planSecurity(state, decl, key, refs, changes);
      }
      // the saved deal's own new figures (a sale's cost and income) are part of its write
      const own = changes.figures.get(row.id);
      changes.figures.delete(row.id);
      const stored = own ? { ...write, fields: own.fields, amount_kzt: own.amountKzt } : write;
      return dealsRepo(db).save(decl.id, section.key, stored, audit, fifoWrite(changes, revision), dealId);
    };
    // Unheld: planned from a read without locks, written only while the deals are still as read. A
    // collision is tried once more from a fresh read; a second one within the hold marks the declaration.
    const unheld = async (r: Awaited<ReturnType<typeof read>>) => {
      const res = await attempt(deps.db, r, r.revision ?? decl.deals_revision);
      if (res.conflict) contention.saw(decl.id);
      return res;
    };
    let result: Awaited<ReturnType<typeof attempt>> | undefined;
    if (row.key === readKey && !contention.busy(decl.id)) {
      result = await unheld(first);
      if (result.conflict && !contention.busy(decl.id)) result = await unheld(await read(deps.db, row.key ?? ''));
    }
    if (!result || result.conflict) {
      result = await deps.db.tx(async (t) => {
        const revision = await dealsRepo(t).lockDeals(decl.id);
        if (revision === undefined) throw new HttpError(404, DEAL_TEXT.dealNotFound);
        return attempt(t, await read(t, row.key ?? ''), revision);
      });
      contention.held(decl.id);
    }
    if (result.conflict) throw new Error('the deals changed while their declaration was held');
    if (!result.deal) throw new HttpError(404, DEAL_TEXT.dealNotFound);
    return view(section, result.deal, decl, refs);
  }

  async function saleKeyOf(db: typeof deps.db, declarationId: number, saleId: number): Promise<string> {
    const sale = saleId ? await dealsRepo(db).byId(declarationId, saleId) : undefined;
    return sale ? securityKey(sale as { isin_security?: string; name_security?: string }) : '';
  }

  return {
    create: (actor: Actor, id: number, section: string, body: DealInput) => save(actor, id, section, body),
    update: (actor: Actor, id: number, section: string, dealId: number, body: DealInput) =>
      save(actor, id, section, body, dealId),

    async remove(actor: Actor, declarationId: number, sectionRaw: string, dealId: number): Promise<void> {
      const { decl, section, refs } = await context(actor, declarationId, sectionRaw, true);
      const before = await dealsRepo(deps.db).byId(decl.id, dealId);
      if (!before || before.declaration_section !== section.key) throw new HttpError(404, DEAL_TEXT.dealNotFound);
      const at = now();
      await deps.db.tx(async (t) => {
        const parentKey =
          section.code === 'history'
            ? await saleKeyOf(t, decl.id, Number(before.first_a_and_second_section_deal_id))
            : '';
        await dealsRepo(t).remove(decl.id, dealId);
        await auditDeclaration(t, {
          actor,
          declarationId: decl.id,
          action: 'deal_delete',
          at,
          entity: 'deal',
          entityId: dealId,
          details: { section: section.key },
        });
        await rematch(t, decl, [keyOf(section, before), parentKey], refs);
      });
    },

    async get(actor: Actor, declarationId: number, sectionRaw: string, dealId: number) {
      const { decl, section, refs } = await context(actor, declarationId, sectionRaw, false);
      const deal = await dealsRepo(deps.db).byId(decl.id, dealId);
      if (!deal || deal.declaration_section !== section.key) throw new HttpError(404, DEAL_TEXT.dealNotFound);
      const hideHistory = await dealsModuleRepo(deps.db).brokerHidesHistory(decl.broker);
      return { data: view(section, deal, decl, refs), meta: { hide_history_link: hideHistory } };
    },

    /** The section list with its totals; `previous` adds purchases of earlier declarations (purchase section). */
    async list(actor: Actor, declarationId: number, sectionRaw: string, opts: { previous?: boolean; dealId?: number }) {
      const { decl, section, refs } = await context(actor, declarationId, sectionRaw, false);
      let deals = await dealsRepo(deps.db).listBySection(decl.id, section.key);
      if (section.code === 'history' && opts.dealId !== undefined) {
        deals = deals.filter((d) => Number(d.first_a_and_second_section_deal_id) === opts.dealId);
      }
      const data: (DealView & { previous_period?: boolean })[] = deals.map((d) => view(section, d, decl, refs));
      if (section.code === 'purchase' && opts.previous) {
        for (const row of await dealsModuleRepo(deps.db).previousPurchases(decl)) {
          data.push({
            ...view(
              section,
              { ...row.fields, ...pickCommon(row), declaration_section: section.key } as DealOut,
              decl,
              refs,
            ),
            previous_period: true,
          });
        }
      }
      const hideHistory = await dealsModuleRepo(deps.db).brokerHidesHistory(decl.broker);
      const rules = { form: decl.reporting_form_id as 1 | 2 | 3, year: decl.year, kzCountryId: refs.kzCountryId };
      const sectionWarnings =
        section.code === '5-2'
          ? foreignBalancesWarnings(
              data.map((d) => taxDealOf(d, refs)),
              rules,
            )
          : [];
      return {
        data,
        totals: totalsOf(section, data, decl.year),
        section_warnings: sectionWarnings,
        meta: { hide_history_link: hideHistory },
      };
    },

    /** POST .../calculate-profit: the form's KZT equivalents, income, warnings and benefit, nothing stored. */
    async calculate(actor: Actor, declarationId: number, sectionRaw: string, body: DealInput) {
      const { decl, section, refs } = await context(actor, declarationId, sectionRaw, false);
      const input = decimalsAsText(normalize(body));
      const errors = validateDeal(section.code, input, { form: decl.reporting_form_id, year: decl.year });
      // Only well-formed amounts are converted; a half-typed form gets what can be computed.
      const usable = { ...input };
      for (const field of Object.keys(errors)) delete usable[field];
      const computed = await computeDeal(section, usable, { year: decl.year, rates: deps.providers.rates, refs });
      const f = computed.fields;
      const warnings = warningsOf(section, f, { form: decl.reporting_form_id, year: decl.year, refs });
      const benefit = benefitFor(section, f, refs);
      const pick = (k: string) => (isGiven(f[k] as string) ? String(f[k]) : null);
      return {
        value_added_income: pick('value_added_income') ?? '0',
        sales_cost_in_tenge_currency: pick('sales_cost_in_tenge_currency'),
        cost_in_tenge_currency: pick('cost_in_tenge_currency'),
        amount_in_tenge_currency: pick('amount_in_tenge_currency'),
        exchange_rate: computed.rate,
        purchase_exchange_rate: computed.purchaseRate !== computed.rate ? computed.purchaseRate : null,
        warnings,
        level: levelOf(warnings, SALE_CODES.has(section.code) ? f : undefined),
        tax_benefit: benefit
          ? { id: benefit.id, code: benefit.code, name: benefit.name, article: benefit.article }
          : null,
      };
    },

    /** Purchase-history rows of a sale (GET .../{section}/{dealId}/history-transaction-sections). */
    async historySections(actor: Actor, declarationId: number, sectionRaw: string, dealId: number) {
      const { decl, section, refs } = await context(actor, declarationId, sectionRaw, false);
      const sale = await dealsRepo(deps.db).byId(decl.id, dealId);
      if (!sale || sale.declaration_section !== section.key) throw new HttpError(404, DEAL_TEXT.dealNotFound);
      const history = SECTIONS.find((s) => s.code === 'history')!;
      const rows = await dealsModuleRepo(deps.db).historyOf(decl.id, [dealId]);
      return {
        deal: view(section, sale, decl, refs),
        [history.key]: rows.map((r) =>
          view(history, { ...r.fields, ...pickCommon(r), declaration_section: history.key } as DealOut, decl, refs),
        ),
      };
    },

    /** Which purchase lots a sale consumed (GET .../deals/{dealId}/history-deals). */
    async historyDeals(actor: Actor, declarationId: number, dealId: number) {
      const decl = await declarations.loadOwn(actor, declarationId);
      const sale = await dealsRepo(deps.db).byId(decl.id, dealId);
      if (!sale) throw new HttpError(404, DEAL_TEXT.dealNotFound);
      const lots = await dealsModuleRepo(deps.db).lotsOfSale(dealId);
      const qty = lots.reduce((s, l) => s.plus(dec(l.quantity)), dec(0));
      const saleQty = isGiven(sale.quantity as string) ? dec(sale.quantity as string) : qty;
      return {
        data: lots.map((l) => ({
          purchase_deal_id: l.purchase_deal_id,
          section: l.section,
          transaction_date: l.transaction_date,
          name_security: (l.fields.name_security as string | undefined) ?? null,
          isin_security: (l.fields.isin_security as string | undefined) ?? null,
          quantity: dec(l.quantity).toFixed(),
          cost: dec(l.cost).toFixed(),
          cost_in_tenge_currency: dec(l.cost_kzt).toFixed(),
          currency_code: l.currency_code,
          rate: dec(l.rate).toFixed(),
          previous_period: l.previous_period,
        })),
        meta: {
          is_ready_purchase_price: sale.is_ready_purchase_price === true,
          cost_source: (sale.cost_source as string | undefined) ?? 'declared',
          matched_quantity: qty.toFixed(),
          unmatched_quantity: saleQty.gt(qty) ? saleQty.minus(qty).toFixed() : '0',
          total_cost_in_tenge_currency: amount(lots.reduce((s, l) => s.plus(dec(l.cost_kzt)), dec(0))),
        },
      };
    },

    /** GET /api/common/get-tax-benefit */
    benefit: async (query: Parameters<typeof benefitFor>[1] & { section: string }) => {
      const section = resolveSection(query.section) ?? SECTIONS.find((s) => s.code === query.section);
      if (!section) return null;
      return benefitFor(section, query, await refsCache.get());
    },
    references: () => refsCache.get(),
  };
}

function pickCommon(r: {
  id: number;
  status: number | null;
  transaction_date: string | null;
  currency_code: string | null;
  declaration_id: number;
}) {
  return {
    id: r.id,
    status: r.status,
    transaction_date: r.transaction_date,
    currency_code: r.currency_code,
    declaration_id: r.declaration_id,
  };
}

/** Section totals of the list screen, exact decimals (status 1 deals are not counted, SPEC section 4). */
function totalsOf(section: SectionDef, deals: readonly DealView[], year: number) {
  const counted = deals.filter((d) => d.status !== 1);
  const sumOf = (field: string) =>
    amount(counted.reduce((s, d) => (isGiven(d[field] as string) ? s.plus(dec(d[field] as string)) : s), dec(0)));
  const out: Record<string, string> = {};
  for (const c of CONVERSIONS[section.code]) out[c.to] = sumOf(c.to);
  if (SALE_CODES.has(section.code) || ['1B', '1C', '3', '4', 'rental'].includes(section.code)) {
    out.value_added_income = sumOf('value_added_income');
  }
  if (section.code === 'purchase') {
    // Weighted average acquisition cost per security (SPEC section 9).
    const bySecurity = new Map<string, { quantity: string; cost: string; currency: string; rate: string | null }[]>();
    for (const d of counted) {
      if (!isGiven(d.quantity as string) || !isGiven(d.purchase_opening_cost as string)) continue;
      const k = securityKey(d as { isin_security?: string; name_security?: string });
      const list = bySecurity.get(k) ?? [];
      list.push({
        quantity: String(d.quantity),
        cost: String(d.purchase_opening_cost),
        currency: String(d.currency_code ?? 'KZT'),
        rate: (d.exchange_rate as string | undefined) ?? null,
      });
      bySecurity.set(k, list);
    }
    let i = 0;
    for (const [k, purchases] of bySecurity) {
      try {
        const avg = weightedAverage(purchases, { year });
        out[`average:${k}`] = avg.averageCostKzt;
      } catch {
        /* a purchase without a rate has no average */
      }
      if (++i > 50) break;
    }
  }
  return out;
}
