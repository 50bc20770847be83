import { MSG } from '@deklarant/contracts';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum profile (19 MiB, t=2, p=1): strong and still fast enough on 2 cores.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** The password rule (docs/accounts.md): at least 8 characters with a digit, an uppercase and a lowercase letter and a special character. */
export function passwordProblem(password: string): string | undefined {
  const ok =
    password.length >= 8 &&
    password.length <= 128 &&
    /\d/.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /[^\p{L}\d\s]/u.test(password);
  return ok ? undefined : MSG.passwordRule;
}
