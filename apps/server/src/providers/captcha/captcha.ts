import { createChallenge, verifySolution } from 'altcha-lib';
import type { Db } from '../../db/db.ts';

export interface CaptchaConfigAnswer {
  provider: 'altcha' | 'recaptcha' | 'off';
  siteKey?: string;
  challengeUrl?: string;
}

export interface Captcha {
  config(): CaptchaConfigAnswer;
  /** A new proof-of-work challenge (altcha only). */
  challenge(): Promise<unknown>;
  /** True when the solution is valid and was not used before; marks it used. */
  verify(solution: string | undefined, ip: string): Promise<boolean>;
}

const CHALLENGE_MINUTES = 10;

export function createCaptcha(opts: {
  mode: 'altcha' | 'recaptcha' | 'off';
  secret: string;
  db: Db;
  recaptcha?: { siteKey?: string; secretKey?: string };
  fetch?: typeof fetch;
}): Captcha {
  const doFetch = opts.fetch ?? fetch;
  if (opts.mode === 'off') {
    return { config: () => ({ provider: 'off' }), challenge: async () => ({}), verify: async () => true };
  }
  if (opts.mode === 'recaptcha') {
    return {
      config: () => ({ provider: 'recaptcha', siteKey: opts.recaptcha?.siteKey }),
      challenge: async () => ({}),
      async verify(solution, ip) {
        if (!solution) return false;
        const body = new URLSearchParams({ secret: opts.recaptcha?.secretKey ?? '', response: solution, remoteip: ip });
        try {
          const r = await doFetch('https://www.google.com/recaptcha/api/siteverify', { method: 'POST', body });
          return ((await r.json()) as { success?: boolean }).success === true;
        } catch {
          return false;
        }
      },
    };
  }
  return {
    config: () => ({ provider: 'altcha', challengeUrl: '/api/captcha/challenge' }),
    challenge: () =>
      createChallenge({
        hmacKey: opts.secret,
        maxNumber: 50_000,
        // altcha-lib checks expiry against the system clock, so the challenge uses it too.
        expires: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      }),
    async verify(solution) {
      if (!solution || solution.length > 2000) return false;
      let ok = false;
      try {
        ok = await verifySolution(solution, opts.secret, true);
      } catch {
        return false;
      }
      if (!ok) return false;
      // One use per solution: the signature is the identity of a solved challenge.
      let signature = '';
      try {
        signature = String(
          (JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as { signature?: string }).signature ?? '',
        );
      } catch {
        return false;
      }
      const now = new Date();
      await opts.db.query('DELETE FROM captcha_used WHERE expires_at < $1', [now]);
      const inserted = await opts.db.query(
        'INSERT INTO captcha_used (signature, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING signature',
        [signature, new Date(now.getTime() + (CHALLENGE_MINUTES + 1) * 60_000)],
      );
      return inserted.length === 1;
    },
  };
}
