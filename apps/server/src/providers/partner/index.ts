import { httpPartner } from './http.ts';
import { PARTNER_MSG, PartnerError, type PartnerProvider } from './partner.ts';
import { sandboxPartner } from './sandbox.ts';

export { httpPartner } from './http.ts';
export * from './partner.ts';
export { sandboxPartner } from './sandbox.ts';

/**
 * The real partner API when PARTNER_API_URL and PARTNER_API_KEY are set; otherwise the sandbox
 * partner outside production, and in production a partner that answers "unavailable" (demo data
 * must never reach a real declaration).
 */
export function createPartnerProvider(cfg: {
  partnerApiUrl?: string;
  partnerApiKey?: string;
  sandbox: boolean;
}): PartnerProvider {
  if (cfg.partnerApiUrl && cfg.partnerApiKey)
    return httpPartner({ baseUrl: cfg.partnerApiUrl, apiKey: cfg.partnerApiKey });
  if (cfg.sandbox) return sandboxPartner();
  return {
    kind: 'http',
    fetchDeals: async () => {
      throw new PartnerError(503, PARTNER_MSG.unavailable);
    },
  };
}
