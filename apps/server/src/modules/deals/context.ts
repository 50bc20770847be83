import { MSG, type SectionDef, sectionApplies, sectionByRoute, sectionBySlug } from '@deklarant/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/errors.ts';
import { askerOf, assertDealsEditable, dealsRepo, declarationsService } from '../declarations/index.ts';
import { contentionMemory } from './contention.ts';
import { referenceCache } from './references.ts';

export const DEAL_TEXT = {
  sectionUnavailable: MSG.sectionUnavailable,
  dealNotFound: MSG.dealNotFound,
  rowLimit: MSG.sectionRowLimit,
  saleRequired: MSG.historySaleRequired,
} as const;

/** Section by slug, key or web route. */
export function resolveSection(raw: string): SectionDef | undefined {
  return sectionBySlug(raw) ?? sectionByRoute(raw);
}

/** What the deals use cases share for the life of the service: one reference cache, one contention memory. */
export interface DealsContext {
  deps: Deps;
  declarations: ReturnType<typeof declarationsService>;
  contention: ReturnType<typeof contentionMemory>;
  refs: ReturnType<typeof referenceCache>;
  now: () => Date;
}

export function dealsContext(deps: Deps): DealsContext {
  return {
    deps,
    declarations: declarationsService(deps),
    contention: contentionMemory(),
    refs: referenceCache(deps.db),
    now: () => deps.clock.now(),
  };
}

/**
 * The actor's declaration, the section asked for (it must apply to the declaration's form and year) and the
 * reference sets; `write` also checks that the declaration's deals may change.
 */
export async function openSection(
  ctx: DealsContext,
  actor: Actor,
  declarationId: number,
  sectionRaw: string,
  write: boolean,
) {
  const decl = await ctx.declarations.loadOwn(actor, declarationId);
  const section = resolveSection(sectionRaw);
  if (!section || !sectionApplies(section, decl.reporting_form_id, decl.year)) {
    throw new HttpError(422, DEAL_TEXT.sectionUnavailable);
  }
  if (write) assertDealsEditable(decl, ctx.now(), askerOf(actor));
  return { decl, section, refs: await ctx.refs.get() };
}

/** One deal as a request names it: its declaration, its section (slug, key or web route) and its id. */
export interface DealAddress {
  declarationId: number;
  section: string;
  dealId: number;
}

/** `openSection` and the deal the address names (404 when the declaration has no such deal in that section). */
export async function openDeal(ctx: DealsContext, actor: Actor, address: DealAddress, write: boolean) {
  const opened = await openSection(ctx, actor, address.declarationId, address.section, write);
  const deal = await dealsRepo(ctx.deps.db).byId(opened.decl.id, address.dealId);
  if (!deal || deal.declaration_section !== opened.section.key) throw new HttpError(404, DEAL_TEXT.dealNotFound);
  return { ...opened, deal };
}
