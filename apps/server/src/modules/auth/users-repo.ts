import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';

export type { UserRow } from '../../db/rows.ts';

export function usersRepo(db: Db) {
  return {
    byId: (id: number) => db.one<UserRow>('SELECT * FROM users WHERE id = $1', [id]),
    byEmail: (email: string) => db.one<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email.trim()]),
  };
}
