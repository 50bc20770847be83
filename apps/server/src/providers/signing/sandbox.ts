import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { ProviderRejected } from '../payment/errors.ts';
import type { SigningProvider } from './types.ts';
import { sandboxTestKeyPair, signXml } from './xmldsig.ts';

export const SANDBOX_SIGNER_AUTHORIZE = '/api/sandbox/signer/authorize';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** codes live 10 minutes, like an OAuth authorization code */
const CODE_TTL_MS = 10 * 60 * 1000;

/**
 * The offline signer: its own authorization page (modules/signing/sandbox-routes.ts) with
 * 'Подписать' / 'Отмена', a single-use code, a token, and the declaration XML signed with XMLDSig
 * using the TEST-ONLY certificate, so the signed file verifies in tests.
 */
export function createSandboxSigner(db: Db, clock: Clock) {
  const keys = sandboxTestKeyPair();
  const signer: SigningProvider & {
    document(signableId: string): Promise<{ signable_id: string; name: string } | undefined>;
    approve(p: { signableIds: string[]; redirectUri: string }): Promise<string>;
  } = {
    mode: 'sandbox',
    name: 'sandbox-signer',
    trustedCert: keys.cert,
    async upload({ name, xml }) {
      const signableId = randomBytes(12).toString('hex');
      await db.query(
        'INSERT INTO sandbox_signer_documents (signable_id, name, xml, created_at) VALUES ($1, $2, $3, $4)',
        [signableId, name, xml, clock.now()],
      );
      return { signableId };
    },
    authorizeUrl({ redirectUri, state, signableIds }) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: 'deklarant-sandbox',
        redirect_uri: redirectUri,
        state,
        scope: `openid sign.${signableIds.join(',')}`,
        locale: 'ru',
      });
      return `${SANDBOX_SIGNER_AUTHORIZE}?${q.toString()}`;
    },
    document: (signableId) =>
      db.one('SELECT signable_id, name FROM sandbox_signer_documents WHERE signable_id = $1', [signableId]),
    /** The user pressed 'Подписать': sign every document, issue a code. */
    async approve({ signableIds, redirectUri }) {
      const code = randomBytes(20).toString('hex');
      await db.tx(async (t) => {
        for (const id of signableIds) {
          const doc = await t.one<{ xml: string }>('SELECT xml FROM sandbox_signer_documents WHERE signable_id = $1', [
            id,
          ]);
          if (!doc) throw new ProviderRejected('sandbox-signer', 'unknown document');
          await t.query('UPDATE sandbox_signer_documents SET signed_xml = $2 WHERE signable_id = $1', [
            id,
            signXml(doc.xml, keys),
          ]);
        }
        await t.query(
          'INSERT INTO sandbox_signer_codes (code_hash, redirect_uri, signable_ids, created_at) VALUES ($1, $2, $3, $4)',
          [sha256(code), redirectUri, JSON.stringify(signableIds), clock.now()],
        );
      });
      return code;
    },
    async exchangeCode({ code, redirectUri }) {
      const token = randomBytes(24).toString('hex');
      return db.tx(async (t) => {
        const row = await t.one<{ redirect_uri: string; used_at: Date | null; created_at: Date }>(
          'SELECT redirect_uri, used_at, created_at FROM sandbox_signer_codes WHERE code_hash = $1 FOR UPDATE',
          [sha256(code)],
        );
        if (!row) throw new ProviderRejected('sandbox-signer', 'code_invalid');
        if (row.used_at) throw new ProviderRejected('sandbox-signer', 'code_used');
        if (row.redirect_uri !== redirectUri) throw new ProviderRejected('sandbox-signer', 'code_invalid');
        if (clock.now().getTime() - row.created_at.getTime() > CODE_TTL_MS) {
          throw new ProviderRejected('sandbox-signer', 'code_invalid');
        }
        await t.query('UPDATE sandbox_signer_codes SET used_at = $2, access_token_hash = $3 WHERE code_hash = $1', [
          sha256(code),
          clock.now(),
          sha256(token),
        ]);
        return { accessToken: token };
      });
    },
    async signedDocuments(accessToken) {
      const row = await db.one<{ signable_ids: string[] }>(
        'SELECT signable_ids FROM sandbox_signer_codes WHERE access_token_hash = $1',
        [sha256(accessToken)],
      );
      if (!row) throw new ProviderRejected('sandbox-signer', 'token_invalid');
      const docs = await db.query<{ signable_id: string; signed_xml: string | null }>(
        'SELECT signable_id, signed_xml FROM sandbox_signer_documents WHERE signable_id = ANY($1::text[])',
        [row.signable_ids],
      );
      return docs
        .filter((d) => d.signed_xml)
        .map((d) => ({ signableId: d.signable_id, signedXml: d.signed_xml as string }));
    },
  };
  return signer;
}
export type SandboxSigner = ReturnType<typeof createSandboxSigner>;
