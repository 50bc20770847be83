import type { Actor } from '../../lib/actor.ts';
import { type DealAddress, type DealsContext, openDeal } from './context.ts';
import { dealView } from './deal-view.ts';
import { dealsModuleRepo } from './repo.ts';

/** GET one deal of a section. */
export async function getDeal(ctx: DealsContext, actor: Actor, address: DealAddress) {
  const { deps } = ctx;
  const { decl, section, refs, deal } = await openDeal(ctx, actor, address, false);
  const hideHistory = await dealsModuleRepo(deps.db).brokerHidesHistory(decl.broker);
  return { data: dealView(section, deal, decl, refs), meta: { hide_history_link: hideHistory } };
}
