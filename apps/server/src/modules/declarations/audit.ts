import type { Db } from '../../db/db.ts';
import type { Actor } from '../auth/guard.ts';

export type DeclarationAuditAction =
  | 'create'
  | 'delete'
  | 'delete_all_deals'
  | 'status'
  | 'draft_removed'
  | 'deal_create'
  | 'deal_update'
  | 'deal_delete';

/**
 * The audit trail of a declaration (audit_log): who (user, and manager when acting for them),
 * when (the injected clock), what (action + details). System actions (the draft sweep) have no actor.
 */
export async function auditDeclaration(
  db: Db,
  entry: {
    actor: Actor | null;
    declarationId: number;
    action: DeclarationAuditAction;
    at: Date;
    entity?: 'declaration' | 'deal';
    entityId?: number | string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_user_id, actor_manager_id, declaration_id, entity, entity_id, action, details, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.actor?.user.id ?? null,
      entry.actor?.managerId ?? null,
      entry.declarationId,
      entry.entity ?? 'declaration',
      String(entry.entityId ?? entry.declarationId),
      entry.action,
      entry.details ? JSON.stringify(entry.details) : null,
      entry.at,
    ],
  );
}
