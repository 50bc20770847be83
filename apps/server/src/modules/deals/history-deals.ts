import { amount, dec, isGiven } from '@deklarant/tax';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/errors.ts';
import { dealsRepo } from '../declarations/index.ts';
import { DEAL_TEXT, type DealsContext } from './context.ts';
import { dealsModuleRepo } from './repo.ts';

/** Which purchase lots a sale consumed (GET .../deals/{dealId}/history-deals). */
export async function historyDeals(ctx: DealsContext, actor: Actor, declarationId: number, dealId: number) {
  const { deps } = ctx;
  const decl = await ctx.declarations.loadOwn(actor, declarationId);
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
}
