import type { DeclarationRow, UserRow } from '../db/rows.ts';

/** How a session was opened: a user who signed up, a partner's client, a manager. */
export type SessionKind = 'B2C' | 'B2B' | 'manager';

/** Who is acting: the user whose data it is, and the manager acting for them on /management. */
export interface Actor {
  user: UserRow;
  sessionId: number;
  kind: SessionKind;
  managerId?: number;
  /**
   * The declaration of the route (/api/declarations/:id/...) read together with the session: the
   * row if it is the user's, null if not. Taken once by `loadOwn`; later loads read again.
   */
  declaration?: { id: number; row: DeclarationRow | null };
}
