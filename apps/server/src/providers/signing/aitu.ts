import { callProvider, ProviderRejected } from '../payment/errors.ts';
import type { SigningProvider } from './types.ts';

export interface AituConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Aitu Passport OAuth-style signing (docs/formats.md; from two public clients, no official docs):
 * POST /api/v2/oauth/signable/xml (Basic) {name, bytes} -> {signableId}; browser to
 * /oauth2/auth?response_type=code&client_id&redirect_uri&state&scope=openid sign.<ids>&locale=ru;
 * POST /oauth2/token (Basic, form grant_type=authorization_code) -> {access_token};
 * GET /api/v2/oauth/signatures (Bearer) -> [{signableId, signature}] where, for the XML variant, the
 * signature is taken as the base64 of the signed XML (unverified; confirm with BTS Digital).
 */
export function createAituSigner(cfg: AituConfig, fetchImpl: typeof fetch = fetch): SigningProvider {
  const base = cfg.baseUrl.replace(/\/$/, '');
  const basic = `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64')}`;
  return {
    mode: 'real',
    name: 'aitu',
    async upload({ name, xml }) {
      const res = await callProvider(
        'aitu',
        `${base}/api/v2/oauth/signable/xml`,
        {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/json', 'user-agent': 'Other' },
          body: JSON.stringify({ name, bytes: Buffer.from(xml, 'utf8').toString('base64') }),
        },
        fetchImpl,
      );
      const body = (await res.json().catch(() => null)) as { signableId?: string } | null;
      if (!res.ok || !body?.signableId) throw new ProviderRejected('aitu', `upload http ${res.status}`);
      return { signableId: body.signableId };
    },
    authorizeUrl({ redirectUri, state, signableIds }) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: cfg.clientId,
        redirect_uri: redirectUri,
        state,
        scope: `openid sign.${signableIds.join(',')}`,
        locale: 'ru',
      });
      return `${base}/oauth2/auth?${q.toString()}`;
    },
    async exchangeCode({ code, redirectUri }) {
      const res = await callProvider(
        'aitu',
        `${base}/oauth2/token`,
        {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
        },
        fetchImpl,
      );
      const body = (await res.json().catch(() => null)) as { access_token?: string; error?: string } | null;
      if (!res.ok || !body?.access_token) {
        throw new ProviderRejected('aitu', body?.error === 'invalid_grant' ? 'code_used' : 'code_invalid');
      }
      return { accessToken: body.access_token };
    },
    async signedDocuments(accessToken) {
      const res = await callProvider(
        'aitu',
        `${base}/api/v2/oauth/signatures`,
        { method: 'GET', headers: { authorization: `Bearer ${accessToken}` } },
        fetchImpl,
      );
      const body = (await res.json().catch(() => null)) as { signableId: string; signature: string }[] | null;
      if (!res.ok || !Array.isArray(body)) throw new ProviderRejected('aitu', `signatures http ${res.status}`);
      return body.map((s) => ({
        signableId: s.signableId,
        signedXml: Buffer.from(s.signature, 'base64').toString('utf8'),
      }));
    },
  };
}
