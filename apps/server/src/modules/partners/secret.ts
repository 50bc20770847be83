import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Partner API keys at rest: AES-256-GCM with a key derived from APP_SECRET. The stored form is
 * v1:<iv>:<tag>:<ciphertext> (base64url). The key is never returned by the API nor logged.
 */
const keyFrom = (secret: string) => createHash('sha256').update(`partner-api-key:${secret}`).digest();

export function encryptApiKey(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ct]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** The plain key, or undefined when it cannot be decrypted (another APP_SECRET, tampered). */
export function decryptApiKey(stored: string, secret: string): string | undefined {
  const [v, iv, tag, ct] = stored.split(':');
  if (v !== 'v1' || !iv || !tag || !ct) return undefined;
  try {
    const d = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
