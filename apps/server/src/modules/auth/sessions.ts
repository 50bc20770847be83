import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';

export type SessionKind = 'B2C' | 'B2B' | 'manager';

const SESSION_DAYS = 30;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Issues a random bearer token; only its hash is stored. */
export async function createSession(db: Db, clock: Clock, userId: number, kind: SessionKind): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(clock.now().getTime() + SESSION_DAYS * 86_400_000);
  await db.query(
    'INSERT INTO sessions (user_id, token_hash, kind, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [userId, sha256(token), kind, clock.now(), expires],
  );
  return token;
}

export interface SessionRow {
  session_id: number;
  user_id: number;
  kind: SessionKind;
}

export async function findSession(db: Db, clock: Clock, token: string): Promise<SessionRow | undefined> {
  return db.one<SessionRow>(
    `SELECT id AS session_id, user_id, kind FROM sessions
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [sha256(token), clock.now()],
  );
}

export async function revokeSession(db: Db, clock: Clock, sessionId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, clock.now()]);
}

/** Password change and reset revoke every session of the user except, optionally, the current one. */
export async function revokeUserSessions(
  db: Db,
  clock: Clock,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND id <> COALESCE($3, -1)',
    [userId, clock.now(), exceptSessionId ?? null],
  );
}
