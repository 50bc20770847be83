import { createHmac, randomInt } from 'node:crypto';
import { CODE_RESEND_SECONDS, MSG } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/errors.ts';
import { serverText } from '../../lib/language.ts';

/** Purposes of email codes (the API's `type`): 1 register, 2 reset, 3 set-password link, 4 change email. */
export const CODE_PURPOSE = { register: 1, reset: 2, setPassword: 3, changeEmail: 4 } as const;
export type CodePurpose = (typeof CODE_PURPOSE)[keyof typeof CODE_PURPOSE];

const LIFETIME_MINUTES = 15;
const LINK_LIFETIME_HOURS = 24;
const MAX_ATTEMPTS = 5;

export function codesService(db: Db, clock: Clock, secret: string) {
  const digest = (value: string) => createHmac('sha256', secret).update(value).digest('hex');

  /** A fresh code replaces earlier ones; the previous one must be at least 60 s old (resend countdown). */
  async function issue(email: string, purpose: CodePurpose, payload?: unknown, value?: string): Promise<string> {
    const now = clock.now();
    const last = await db.one<{ created_at: Date }>(
      `SELECT created_at FROM verification_codes WHERE lower(email) = lower($1) AND purpose = $2
       ORDER BY id DESC LIMIT 1`,
      [email, purpose],
    );
    if (
      last &&
      purpose !== CODE_PURPOSE.setPassword &&
      now.getTime() - new Date(last.created_at).getTime() < CODE_RESEND_SECONDS * 1000
    ) {
      const wait = Math.ceil(
        (CODE_RESEND_SECONDS * 1000 - (now.getTime() - new Date(last.created_at).getTime())) / 1000,
      );
      throw new HttpError(429, serverText('auth.codeRetryIn', { wait }));
    }
    const code = value ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
    const lifetime = purpose === CODE_PURPOSE.setPassword ? LINK_LIFETIME_HOURS * 60 : LIFETIME_MINUTES;
    await db.query(
      `UPDATE verification_codes SET used_at = $3 WHERE lower(email) = lower($1) AND purpose = $2 AND used_at IS NULL`,
      [email, purpose, now],
    );
    await db.query(
      `INSERT INTO verification_codes (email, purpose, code_hash, payload, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        email,
        purpose,
        digest(code),
        payload === undefined ? null : JSON.stringify(payload),
        now,
        new Date(now.getTime() + lifetime * 60_000),
      ],
    );
    return code;
  }

  /**
   * Checks the latest live code of the email. Wrong guesses count; after 5 the code is dead.
   * `consume` marks it used so it cannot be replayed.
   */
  async function check(
    email: string,
    purpose: CodePurpose,
    code: string,
    consume: boolean,
  ): Promise<{ ok: true; payload: unknown } | { ok: false }> {
    const now = clock.now();
    const row = await db.one<{ id: number; code_hash: string; attempts: number; payload: unknown }>(
      `SELECT id, code_hash, attempts, payload FROM verification_codes
       WHERE lower(email) = lower($1) AND purpose = $2 AND used_at IS NULL AND expires_at > $3
       ORDER BY id DESC LIMIT 1`,
      [email, purpose, now],
    );
    if (!row || row.attempts >= MAX_ATTEMPTS) return { ok: false };
    if (row.code_hash !== digest(code.trim())) {
      await db.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
      return { ok: false };
    }
    if (consume) {
      const done = await db.query(
        'UPDATE verification_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
        [row.id, now],
      );
      if (done.length !== 1) return { ok: false };
    }
    return { ok: true, payload: row.payload };
  }

  /** Set-password links carry a random hash; the email is found from it. */
  async function consumeLink(hash: string): Promise<string | undefined> {
    const now = clock.now();
    const row = await db.one<{ id: number; email: string }>(
      `UPDATE verification_codes SET used_at = $3
       WHERE id = (SELECT id FROM verification_codes WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 LIMIT 1)
       RETURNING id, email`,
      [digest(hash), CODE_PURPOSE.setPassword, now],
    );
    return row?.email;
  }

  return { issue, check, consumeLink };
}

export const wrongCode = () => new HttpError(422, MSG.wrongCode, { code: [MSG.wrongCode] });
