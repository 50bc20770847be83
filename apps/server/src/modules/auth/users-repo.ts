import type { Db } from '../../db/db.ts';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  name: string;
  surname: string;
  patronymic: string | null;
  phone: string | null;
  iin: string | null;
  spouses_iin: string | null;
  role: 'user' | 'manager' | 'admin';
  full_access: boolean;
  bank_name: string | null;
  broker_client_id: string | null;
  is_onboarding_completed: boolean;
  must_change_password: boolean;
  failed_logins: number;
  blocked_until: Date | null;
}

export function usersRepo(db: Db) {
  return {
    byId: (id: number) => db.one<UserRow>('SELECT * FROM users WHERE id = $1', [id]),
    byEmail: (email: string) => db.one<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email.trim()]),
  };
}
