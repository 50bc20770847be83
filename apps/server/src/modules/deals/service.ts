import { type DealInput, SECTIONS } from '@deklarant/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { calculateDeal } from './calculate-deal.ts';
import { benefitFor } from './compute.ts';
import { dealsContext, resolveSection } from './context.ts';
import { runFollow } from './follow.ts';
import { getDeal } from './get-deal.ts';
import { historyDeals } from './history-deals.ts';
import { historySections } from './history-sections.ts';
import { listSection } from './list-section.ts';
import { removeDeal } from './remove-deal.ts';
import { saveDeal } from './save-deal.ts';

/** The deals use cases (one file each) over one shared context: what the routes and the demo seed call. */
export function dealsService(deps: Deps) {
  const ctx = dealsContext(deps);
  return {
    create: (actor: Actor, id: number, section: string, body: DealInput) => saveDeal(ctx, actor, id, section, body),
    update: (actor: Actor, id: number, section: string, dealId: number, body: DealInput) =>
      saveDeal(ctx, actor, id, section, body, dealId),
    remove: (actor: Actor, id: number, section: string, dealId: number) =>
      removeDeal(ctx, actor, { declarationId: id, section, dealId }),
    get: (actor: Actor, id: number, section: string, dealId: number) =>
      getDeal(ctx, actor, { declarationId: id, section, dealId }),
    list: (actor: Actor, id: number, section: string, opts: Parameters<typeof listSection>[4]) =>
      listSection(ctx, actor, id, section, opts),
    calculate: (actor: Actor, id: number, section: string, body: DealInput) =>
      calculateDeal(ctx, actor, id, section, body),
    historySections: (actor: Actor, id: number, section: string, dealId: number) =>
      historySections(ctx, actor, { declarationId: id, section, dealId }),
    historyDeals: (actor: Actor, id: number, dealId: number) => historyDeals(ctx, actor, id, dealId),

    /** GET /api/common/get-tax-benefit */
    benefit: async (query: Parameters<typeof benefitFor>[1] & { section: string }) => {
      const section = resolveSection(query.section) ?? SECTIONS.find((s) => s.code === query.section);
      if (!section) return null;
      return benefitFor(section, query, await ctx.refs.get());
    },
    references: () => ctx.refs.get(),
    /** the FOLLOW_LOTS_JOB handler (follow.ts) */
    follow: (payload: unknown) => runFollow(ctx, payload),
  };
}
