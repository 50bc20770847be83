import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { ProviderUnavailable } from '../payment/errors.ts';
import type { TaxOfficeGateway } from './gateway.ts';
import { createHttpTaxOffice } from './http.ts';
import { createSandboxTaxOffice } from './sandbox.ts';

export type { TaxOfficeAnswer, TaxOfficeDocument, TaxOfficeGateway, TaxOfficeReceipt } from './gateway.ts';
export { createHttpTaxOffice } from './http.ts';
export { createSandboxTaxOffice, SANDBOX_REJECT_IIN, SANDBOX_REJECT_REASON } from './sandbox.ts';

export function createTaxOffice(config: Config, db: Db, clock: Clock): TaxOfficeGateway {
  if (config.taxOffice) return createHttpTaxOffice(config.taxOffice, clock);
  if (config.sandbox) return createSandboxTaxOffice(db, clock);
  const down = async (): Promise<never> => {
    throw new ProviderUnavailable('taxoffice', 'not configured');
  };
  return { mode: 'real', send: down, answer: down };
}
