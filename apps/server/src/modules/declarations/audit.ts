import type { Db } from '../../db/db.ts';
import type { Actor } from '../../lib/actor.ts';

export type DeclarationAuditAction =
  | 'create'
  | 'delete'
  | 'delete_all_deals'
  | 'status'
  | 'draft_removed'
  | 'deal_create'
  | 'deal_update'
  | 'deal_delete';

export interface AuditEntry {
  actor: Actor | null;
  declarationId: number;
  action: DeclarationAuditAction;
  at: Date;
  entity?: 'declaration' | 'deal';
  entityId?: number | string;
  details?: Record<string, unknown>;
}

/** Who, on what, what and when: every column of an audit row but the entity id. */
const auditValues = (entry: AuditEntry) => ({
  who: [
    entry.actor?.user.id ?? null,
    entry.actor?.managerId ?? null,
    entry.declarationId,
    entry.entity ?? 'declaration',
  ],
  what: [entry.action, entry.details ? JSON.stringify(entry.details) : null, entry.at],
});

const COLUMNS = '(actor_user_id, actor_manager_id, declaration_id, entity, entity_id, action, details, created_at)';

/**
 * The audit trail of a declaration (audit_log): who (user, and manager when acting for them),
 * when (the injected clock), what (action + details). System actions (the draft sweep) have no actor.
 */
export async function auditDeclaration(db: Db, entry: AuditEntry): Promise<void> {
  const { who, what } = auditValues(entry);
  await db.query(`INSERT INTO audit_log ${COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    ...who,
    String(entry.entityId ?? entry.declarationId),
    ...what,
  ]);
}

/**
 * The audit row of a change made by the same statement, as a part of a common table expression:
 * `INSERT ... SELECT ... FROM {rows}`, the entity id being `{rows}.id`. Its parameters are numbered
 * from `first`; append `params` to the statement's own.
 */
export function auditOfRows(
  entry: Omit<AuditEntry, 'entityId'>,
  rows: string,
  first: number,
): { sql: string; params: unknown[] } {
  const { who, what } = auditValues(entry);
  const p = (i: number) => `$${first + i}`;
  return {
    sql: `INSERT INTO audit_log ${COLUMNS}
      SELECT ${p(0)}::int, ${p(1)}::int, ${p(2)}::int, ${p(3)}, ${rows}.id::text, ${p(4)}, ${p(5)}::jsonb, ${p(6)}::timestamptz
      FROM ${rows}`,
    params: [...who, ...what],
  };
}
