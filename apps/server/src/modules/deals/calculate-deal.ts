import { type DealInput, validateDeal } from '@deklarant/contracts';
import { isGiven } from '@deklarant/tax';
import type { Actor } from '../../lib/actor.ts';
import { benefitFor, computeDeal, SALE_CODES, warningsOf } from './compute.ts';
import { type DealsContext, openSection } from './context.ts';
import { decimalsAsText, normalize } from './deal-fields.ts';
import { levelOf } from './deal-view.ts';

/** POST .../calculate-profit: the form's KZT equivalents, income, warnings and benefit, nothing stored. */
export async function calculateDeal(
  ctx: DealsContext,
  actor: Actor,
  declarationId: number,
  sectionRaw: string,
  body: DealInput,
) {
  const { deps } = ctx;
  const { decl, section, refs } = await openSection(ctx, actor, declarationId, sectionRaw, false);
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
    foreign_tax_in_tenge: pick('foreign_tax_in_tenge'),
    exchange_rate: computed.rate,
    purchase_exchange_rate: computed.purchaseRate !== computed.rate ? computed.purchaseRate : null,
    warnings,
    level: levelOf(warnings, SALE_CODES.has(section.code) ? f : undefined),
    tax_benefit: benefit ? { id: benefit.id, code: benefit.code, name: benefit.name, article: benefit.article } : null,
  };
}
