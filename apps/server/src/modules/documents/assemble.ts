import {
  FORM,
  OPERATIONS_BY_SECTION,
  type ReportingFormId,
  type SectionCode,
  sectionByKey,
  sectionFieldOf,
} from '@deklarant/contracts';
import type { DeclarationDocument, DocumentDeal } from '@deklarant/documents';
import {
  amount,
  costKzt,
  type DealResult,
  dealAmountKzt,
  dec,
  flatIncomeTaxRate,
  saleKzt,
  type TaxDeal,
} from '@deklarant/tax';
import type { Db } from '../../db/db.ts';
import type { Computed } from '../calculation/index.ts';
import { nameOf, type Refs } from '../calculation/index.ts';

export interface DocumentContext {
  kgdCode: string;
  kgdName: string;
  typeName: string;
  /** the account's own data, used where the declaration's personal_data is blank (partner sessions) */
  user: {
    iin: string | null;
    surname: string | null;
    name: string | null;
    patronymic: string | null;
    phone: string | null;
    email: string | null;
    spouses_iin: string | null;
  };
  /**
   * The purchase lots each sale of the declaration consumed (deal_lots, written by FIFO over the purchase
   * section), summed: the currency when they share one (else null), the cost in it and in tenge.
   */
  lotCosts?: Map<string, { currency: string | null; cost: string; costKzt: string }>;
}

export async function loadDocumentContext(db: Db, row: Computed['row']): Promise<DocumentContext> {
  const [kgd, type, user, lots] = await Promise.all([
    db.one<{ code: string; name: string }>('SELECT code, name FROM kgd_codes WHERE id = $1', [row.kgd_code_id]),
    db.one<{ type_name: string }>('SELECT type_name FROM declaration_types WHERE id = $1', [row.type]),
    db.one<DocumentContext['user']>(
      'SELECT iin, surname, name, patronymic, phone, email, spouses_iin FROM users WHERE id = $1',
      [row.user_id],
    ),
    db.query<{ sale: number; currency: string | null; cost: string; cost_kzt: string }>(
      `SELECT l.sale_deal_id AS sale, CASE WHEN min(l.currency_code) = max(l.currency_code) THEN min(l.currency_code) END
         AS currency, sum(l.cost)::text AS cost, sum(l.cost_kzt)::text AS cost_kzt
       FROM deal_lots l JOIN deals d ON d.id = l.sale_deal_id WHERE d.declaration_id = $1 GROUP BY l.sale_deal_id`,
      [row.id],
    ),
  ]);
  return {
    kgdCode: kgd?.code ?? '',
    kgdName: kgd?.name ?? '',
    // i18n-ignore: the default kind's name in the declaration_types reference (matched as data)
    typeName: type?.type_name ?? 'Очередная',
    lotCosts: new Map(lots.map((l) => [String(l.sale), { currency: l.currency, cost: l.cost, costKzt: l.cost_kzt }])),
    user: user ?? {
      iin: null,
      surname: null,
      name: null,
      patronymic: null,
      phone: null,
      email: null,
      spouses_iin: null,
    },
  };
}

const blank = (v: unknown) => v === null || v === undefined || v === '' || v === 'null';
const text = (v: unknown): string | null => (blank(v) ? null : String(v));

type LotCost = NonNullable<DocumentContext['lotCosts']> extends Map<string, infer V> ? V : never;

/**
 * The acquisition cost in the sale's currency when the cost came from purchase lots, for the register's
 * «Стоимость приобретения в валюте»: the engine's FIFO over the sale's purchase history, or the FIFO over the
 * purchase section stored with the sale (its lots making the whole tenge cost). Only when every lot consumed is
 * in the sale's currency: lots in several currencies, or in KZT for a USD sale, have no one figure in the sale's
 * currency, and the column stays empty (the tenge cost is the one that counts).
 */
function fifoCostInSaleCurrency(
  deal: DocumentDeal,
  tax: TaxDeal,
  result: DealResult | undefined,
  stored: LotCost | undefined,
): string | null {
  const currency = (text(deal.currency_code) ?? 'KZT').toUpperCase();
  const history = result?.costInLotCurrency;
  if (history) return history.currency === currency ? history.amount : null;
  if (!stored || stored.currency !== currency || (tax as { cost_source?: unknown }).cost_source !== 'fifo') return null;
  const whole = dec(stored.costKzt)
    .minus(dec(text(deal.cost_in_tenge_currency)))
    .abs()
    .lt('0.01');
  return whole ? amount(dec(stored.cost)) : null;
}

/** KZT figures the renderers print, filled from the engine where the stored deal has none. */
function withKzt(
  deal: DocumentDeal,
  tax: TaxDeal,
  result: DealResult | undefined,
  code: string | undefined,
  lots: LotCost | undefined,
): DocumentDeal {
  const out = deal;
  const income = result?.income;
  const safe = (f: () => string): string | null => {
    try {
      return f();
    } catch {
      return null;
    }
  };
  if (code === '1A' || code === '2' || code === '1C') {
    if (blank(out.sales_cost_in_tenge_currency)) out.sales_cost_in_tenge_currency = safe(() => amount(saleKzt(tax)));
    if (blank(out.cost_in_tenge_currency) && income !== undefined && out.sales_cost_in_tenge_currency !== null) {
      out.cost_in_tenge_currency = safe(() => amount(saleKzt(tax).minus(income)));
    }
    // a sale's own purchase_opening_cost prints as given; 270.04 J reads the sale amount, never this one
    const fifoCost = blank(out.purchase_opening_cost) ? fifoCostInSaleCurrency(out, tax, result, lots) : null;
    if (fifoCost !== null) out.purchase_opening_cost = fifoCost;
  } else if (code === '1B' || code === '3' || code === '4' || code === 'rental') {
    if (blank(out.amount_in_tenge_currency)) out.amount_in_tenge_currency = safe(() => amount(saleKzt(tax)));
  } else if (code === 'purchase' || code === 'history') {
    if (blank(out.cost_in_tenge_currency)) out.cost_in_tenge_currency = safe(() => amount(costKzt(tax)));
  }
  // The foreign tax in tenge (at the deal rate), for deals saved before the dictionary converted it.
  if (blank(out.foreign_tax_in_tenge) && !blank(out.foreign_tax_credit))
    out.foreign_tax_in_tenge = safe(() => amount(dealAmountKzt(tax, tax.foreign_tax_credit)));
  if (income !== undefined && blank(out.value_added_income)) out.value_added_income = income;
  return out;
}

/** A section with one operation (III: dividends) stores none: its register still names it. */
const onlyOperation = (code: SectionCode | undefined) => {
  const names = code ? OPERATIONS_BY_SECTION[code]?.names : undefined;
  return names?.length === 1 ? names[0]! : null;
};

/** The section's form has a currency field (deal forms' currency_code, form 250's and debts' currency_code_id). */
const hasCurrency = (code: SectionCode | undefined) =>
  !code || !!sectionFieldOf(code, 'currency_code') || !!sectionFieldOf(code, 'currency_code_id');

/** One stored deal as the renderers want it: letter codes and reference names resolved. */
function toDocumentDeal(tax: TaxDeal, refs: Refs, code: SectionCode | undefined): DocumentDeal {
  const d = tax as unknown as Record<string, unknown>;
  return {
    ...(d as DocumentDeal),
    // a section without money (property, vehicles, shares in companies) has no currency: the stored default
    // KZT would print as one
    currency_code: hasCurrency(code) ? text(tax.currency_code) : null,
    country_code: text(tax.country_code),
    operation_name: nameOf(refs.operationById, d.operation_type_id) ?? onlyOperation(code),
    market_name: nameOf(refs.marketById, d.market_id),
    security_type_name: nameOf(refs.securityTypeById, d.type_of_security),
  };
}

/** The computed declaration as the renderers' input: the same figures for XML, PDF and XLSX. */
export function toDocument(c: Computed, ctx: DocumentContext, generatedAt: Date): DeclarationDocument {
  const { row, result, refs } = c;
  const resultById = new Map((result?.deals ?? []).map((r) => [r.id, r]));
  const sections: Record<string, DocumentDeal[]> = {};
  for (const [key, list] of Object.entries(c.taxDeals)) {
    if (list.length === 0) continue;
    const code = sectionByKey(key)?.code;
    sections[key] = list.map((t) =>
      withKzt(
        toDocumentDeal(t, refs, code),
        t,
        resultById.get(t.id ?? ''),
        code,
        ctx.lotCosts?.get(String(t.id ?? '')),
      ),
    );
  }
  const p = row.personal_data as Record<string, unknown>;
  const u = ctx.user;
  const pick = (k: keyof DocumentContext['user']) => text(p[k]) ?? text(u[k]);
  return {
    form: row.reporting_form_id as ReportingFormId,
    year: row.year,
    type: { id: row.type, name: ctx.typeName },
    kgdCode: ctx.kgdCode,
    kgdName: ctx.kgdName,
    personal: {
      iin: pick('iin') ?? '',
      surname: pick('surname') ?? '',
      name: pick('name') ?? '',
      patronymic: pick('patronymic'),
      phone: pick('phone'),
      email: pick('email'),
      spouses_iin: row.reporting_form_id === FORM.F270 ? text(p.spouses_iin) : null,
    },
    sections,
    ...(result
      ? {
          fifthSection: result.fifthSection,
          lines: result.lines.map((l) => ({ field: l.field, amount: l.amount, rule: l.rule, article: l.article })),
          taxRate: flatIncomeTaxRate(row.year),
        }
      : {}),
    generatedAt,
  };
}
