import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { DECLARATION_COLUMNS, type DeclarationRow } from '../../db/rows.ts';
import type { SessionKind } from '../../lib/actor.ts';
import { batched } from '../../lib/batch.ts';
import type { Clock } from '../../lib/clock.ts';

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

/** Declaration columns ride along with the session under this prefix (users and declarations share names). */
const DECL = 'decl__';
const declarationSelect = DECLARATION_COLUMNS.map((c) => `d.${c} AS ${DECL}${c}`).join(', ');

/** What a request asks of its token: the hash, its time, and the declaration of its route if any. */
interface SessionQuery {
  hash: string;
  at: Date;
  declarationId: number | null;
}

type Found = { session: SessionRow; user: Record<string, unknown>; declaration?: DeclarationRow | null } | undefined;

/**
 * The sessions, users and declarations of many requests in one statement: a row per query that found
 * a live session, numbered by its place (`n_`). The hashes are bpchar like sessions.token_hash: compared
 * as text, the column would be cast row by row and its index never used (every request a full scan).
 */
export const SESSIONS_SQL = `SELECT q.n AS n_, s.id AS session_id_, s.kind AS session_kind_, u.*, ${declarationSelect}
  FROM unnest($1::bpchar[], $2::timestamptz[], $3::int[]) WITH ORDINALITY AS q(token_hash, at, declaration_id, n)
  JOIN sessions s ON s.token_hash = q.token_hash AND s.revoked_at IS NULL AND s.expires_at > q.at
  JOIN users u ON u.id = s.user_id
  LEFT JOIN declarations d ON d.id = q.declaration_id AND d.user_id = u.id`;

async function readSessions(db: Db, queries: SessionQuery[]): Promise<Found[]> {
  const rows = await db.query<Record<string, unknown>>(SESSIONS_SQL, [
    queries.map((q) => q.hash),
    queries.map((q) => q.at),
    queries.map((q) => q.declarationId),
  ]);
  const byPlace = new Map(rows.map((r) => [Number(r.n_), r]));
  return queries.map((q, i) => {
    const row = byPlace.get(i + 1);
    if (!row) return undefined;
    const { n_, session_id_, session_kind_, ...rest } = row;
    const user: Record<string, unknown> = {};
    const declaration: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rest)) {
      if (k.startsWith(DECL)) declaration[k.slice(DECL.length)] = v;
      else user[k] = v;
    }
    return {
      session: { session_id: session_id_ as number, user_id: user.id as number, kind: session_kind_ as SessionKind },
      user,
      ...(q.declarationId === null
        ? {}
        : { declaration: declaration.id == null ? null : (declaration as unknown as DeclarationRow) }),
    };
  });
}

/** One batching reader per database: the requests of a server share its round trips. */
const readers = new WeakMap<Db, (q: SessionQuery) => Promise<Found>>();

/**
 * The live session of a token with its user (every authenticated request asks this first, so it is
 * the hottest query of the server). With `declarationId`, also that declaration if it is the user's
 * (`declaration`: null when it is not, or missing): the first thing every route of one declaration
 * needs. The requests in flight together are answered by one statement (`batched`).
 */
export async function findSessionUser<U extends { id: number }>(
  db: Db,
  clock: Clock,
  token: string,
  declarationId?: number,
): Promise<{ session: SessionRow; user: U; declaration?: DeclarationRow | null } | undefined> {
  let read = readers.get(db);
  if (!read) {
    read = batched((queries: SessionQuery[]) => readSessions(db, queries));
    readers.set(db, read);
  }
  const found = await read({ hash: sha256(token), at: clock.now(), declarationId: declarationId ?? null });
  return found as { session: SessionRow; user: U; declaration?: DeclarationRow | null } | undefined;
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
