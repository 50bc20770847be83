import { LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';

/** Failed-login counting: after 5 failures in a row the account is blocked for 60 minutes. */
export function loginGuard(db: Db, clock: Clock) {
  return {
    isBlocked: (u: { blocked_until: Date | null }) =>
      u.blocked_until !== null && new Date(u.blocked_until).getTime() > clock.now().getTime(),
    async recordFailure(userId: number): Promise<boolean> {
      const row = await db.one<{ failed_logins: number }>(
        `UPDATE users SET failed_logins = failed_logins + 1,
           blocked_until = CASE WHEN failed_logins + 1 >= $2 THEN $3::timestamptz ELSE blocked_until END
         WHERE id = $1 RETURNING failed_logins`,
        [userId, LOGIN_MAX_FAILURES, new Date(clock.now().getTime() + LOGIN_BLOCK_MINUTES * 60_000)],
      );
      return (row?.failed_logins ?? 0) >= LOGIN_MAX_FAILURES;
    },
    async recordSuccess(userId: number) {
      await db.query('UPDATE users SET failed_logins = 0, blocked_until = NULL WHERE id = $1', [userId]);
    },
    async visit(userId: number | null, ip: string, success: boolean) {
      if (userId === null) return;
      await db.query('INSERT INTO visit_log (user_id, ip, is_success, created_at) VALUES ($1, $2, $3, $4)', [
        userId,
        ip,
        success,
        clock.now(),
      ]);
    },
  };
}
