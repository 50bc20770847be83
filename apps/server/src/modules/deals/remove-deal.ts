import { securityKey } from '@deklarant/tax';
import type { Db } from '../../db/db.ts';
import type { DeclarationRow } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { auditDeclaration, dealsRepo } from '../declarations/index.ts';
import { type DealAddress, type DealsContext, openDeal } from './context.ts';
import { keyOf } from './deal-fields.ts';
import { rematchSecurity } from './fifo.ts';
import { queueFollow } from './follow.ts';
import type { ReferenceSets } from './references.ts';

/**
 * Keeps FIFO figures right after a sale, purchase or purchase-history row changed; returns the
 * fields of the sales it re-figured.
 */
async function rematch(t: Db, decl: DeclarationRow, keys: Iterable<string>, refs: ReferenceSets) {
  const refigured = new Map<number, Record<string, unknown>>();
  for (const key of new Set(keys)) {
    if (key) for (const [id, fields] of await rematchSecurity(t, decl, key, refs)) refigured.set(id, fields);
  }
  return refigured;
}

async function saleKeyOf(db: Db, declarationId: number, saleId: number): Promise<string> {
  const sale = saleId ? await dealsRepo(db).byId(declarationId, saleId) : undefined;
  return sale ? securityKey(sale as { isin_security?: string; name_security?: string }) : '';
}

/** DELETE a deal: removed with its audit row, FIFO re-matched for its security (and its sale's, for a history row). */
export async function removeDeal(ctx: DealsContext, actor: Actor, address: DealAddress): Promise<void> {
  const { deps } = ctx;
  const { dealId } = address;
  const { decl, section, refs, deal: before } = await openDeal(ctx, actor, address, true);
  const at = ctx.now();
  await deps.db.tx(async (t) => {
    const parentKey =
      section.code === 'history' ? await saleKeyOf(t, decl.id, Number(before.first_a_and_second_section_deal_id)) : '';
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
  await queueFollow(ctx, decl, [keyOf(section, before)]);
}
