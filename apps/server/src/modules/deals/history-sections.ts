import { SECTIONS } from '@deklarant/contracts';
import type { Actor } from '../../lib/actor.ts';
import type { DealOut } from '../declarations/index.ts';
import { type DealAddress, type DealsContext, openDeal } from './context.ts';
import { pickCommon } from './deal-fields.ts';
import { dealView } from './deal-view.ts';
import { dealsModuleRepo } from './repo.ts';

/** Purchase-history rows of a sale (GET .../{section}/{dealId}/history-transaction-sections). */
export async function historySections(ctx: DealsContext, actor: Actor, address: DealAddress) {
  const { deps } = ctx;
  const { decl, section, refs, deal: sale } = await openDeal(ctx, actor, address, false);
  const history = SECTIONS.find((s) => s.code === 'history')!;
  const rows = await dealsModuleRepo(deps.db).historyOf(decl.id, [address.dealId]);
  return {
    deal: dealView(section, sale, decl, refs),
    [history.key]: rows.map((r) =>
      dealView(history, { ...r.fields, ...pickCommon(r), declaration_section: history.key } as DealOut, decl, refs),
    ),
  };
}
