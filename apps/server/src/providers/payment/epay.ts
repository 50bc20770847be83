import { callProvider, ProviderRejected } from './errors.ts';

/**
 * Halyk Bank ePay (docs/formats.md). Server side: an OAuth token per payment (client credentials plus
 * invoiceID, secret_hash, amount, currency, terminal, postLink, failurePostLink; multipart form), the
 * browser widget `halyk.pay(paymentObject)`, the postLink callback (JSON, no signature: we check the
 * echoed secret_hash, invoice, amount, currency and terminal) and the status check API that confirms it.
 */
export interface EpayToken {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
  token_type: string;
}

export interface EpayTransaction {
  invoiceID: string;
  amount: number | string;
  currency: string;
  statusName: string;
  reference?: string;
  reason?: string;
}

/** resultCode: 100 ok, 101 rejected, 102 invoice not found, 103 error, 107 retry later. */
export interface EpayStatus {
  resultCode: string;
  resultMessage: string;
  transaction?: EpayTransaction;
}

export interface EpayGateway {
  readonly mode: 'sandbox' | 'real';
  readonly terminal: string;
  /** the widget script (payment-api.js) the browser loads */
  readonly scriptUrl: string;
  getToken(p: {
    invoiceId: string;
    amount: string;
    postLink: string;
    failurePostLink: string;
    secretHash: string;
  }): Promise<EpayToken>;
  checkStatus(invoiceId: string): Promise<EpayStatus>;
}

/** statusName values that mean the money was taken (AUTH = held, CHARGE = charged). */
export const EPAY_PAID_STATUSES = new Set(['AUTH', 'CHARGE', 'CHARGED', 'PAID']);

export interface EpayConfig {
  clientId: string;
  clientSecret: string;
  terminal: string;
  oauthUrl: string;
  apiUrl: string;
  scriptUrl: string;
}

const PAYMENT_SCOPE = 'webapi usermanagement email_send verification statement statistics payment';

export function createEpayClient(cfg: EpayConfig, fetchImpl: typeof fetch = fetch): EpayGateway {
  async function token(fields: Record<string, string>): Promise<EpayToken> {
    const form = new FormData();
    form.set('grant_type', 'client_credentials');
    form.set('scope', PAYMENT_SCOPE);
    form.set('client_id', cfg.clientId);
    form.set('client_secret', cfg.clientSecret);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await callProvider('epay', cfg.oauthUrl, { method: 'POST', body: form }, fetchImpl);
    const body = (await res.json().catch(() => null)) as Partial<EpayToken> | null;
    if (!res.ok || !body?.access_token) throw new ProviderRejected('epay', `token http ${res.status}`);
    return {
      access_token: body.access_token,
      expires_in: Number(body.expires_in ?? 0),
      refresh_token: body.refresh_token ?? '',
      scope: body.scope ?? '',
      token_type: body.token_type ?? 'Bearer',
    };
  }

  return {
    mode: 'real',
    terminal: cfg.terminal,
    scriptUrl: cfg.scriptUrl,
    getToken: ({ invoiceId, amount, postLink, failurePostLink, secretHash }) =>
      token({
        invoiceID: invoiceId,
        secret_hash: secretHash,
        amount,
        currency: 'KZT',
        terminal: cfg.terminal,
        postLink,
        failurePostLink,
      }),
    async checkStatus(invoiceId) {
      const t = await token({});
      const url = `${cfg.apiUrl.replace(/\/$/, '')}/check-status/payment/transaction/${encodeURIComponent(invoiceId)}`;
      const res = await callProvider(
        'epay',
        url,
        { method: 'GET', headers: { authorization: `Bearer ${t.access_token}` } },
        fetchImpl,
      );
      const body = (await res.json().catch(() => null)) as EpayStatus | null;
      if (!body || typeof body.resultCode !== 'string') throw new ProviderRejected('epay', `status http ${res.status}`);
      return body;
    },
  };
}
