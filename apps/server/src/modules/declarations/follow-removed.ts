import type { Db } from '../../db/db.ts';
import { onwardKeysSql } from '../../db/renames.ts';
import { FOLLOW_LOTS_JOB, type FollowLotsPayload } from '../../jobs/kinds.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { DeclarationRow } from './repo.ts';

/**
 * In the transaction that removes a declaration's deals (all of them, or the declaration itself): the
 * securities whose lots go with them (and what a split into a new ISIN made of them) that the person's
 * later declarations sell are queued for the follow-up (deals module), which re-matches those sales' FIFO.
 * Without it they would keep the cost of purchases that no longer exist (their consumed-lot rows go with
 * the purchases). Read before the delete.
 */
export async function queueFollowRemoved(t: Db, jobs: JobQueue, decl: DeclarationRow): Promise<void> {
  const rows = await t.query<{ key: string }>(
    `WITH gone AS (
       SELECT security_key AS key FROM deals WHERE declaration_id = $1 AND security_key IS NOT NULL
       UNION SELECT security_key FROM security_splits WHERE declaration_id = $1
       UNION SELECT renamed_to FROM security_splits WHERE declaration_id = $1 AND renamed_to IS NOT NULL
     )
     SELECT DISTINCT d.security_key AS key FROM declarations c JOIN deals d ON d.declaration_id = c.id
     WHERE c.user_id = $2 AND c.year > $3
       AND d.security_key = ANY(${onwardKeysSql('$2::int', 'ARRAY(SELECT key FROM gone)')}::text[])
     ORDER BY 1`,
    [decl.id, decl.user_id, decl.year],
  );
  if (rows.length === 0) return;
  const payload: FollowLotsPayload = { userId: decl.user_id, year: decl.year, keys: rows.map((r) => r.key) };
  await jobs.enqueue(FOLLOW_LOTS_JOB, payload, { db: t });
}
