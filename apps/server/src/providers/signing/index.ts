import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { ProviderUnavailable } from '../payment/errors.ts';
import { createAituSigner } from './aitu.ts';
import { createSandboxSigner, type SandboxSigner } from './sandbox.ts';
import type { SigningProvider } from './types.ts';

export type { SigningProvider } from './types.ts';

export function createSigningProvider(
  config: Config,
  db: Db,
  clock: Clock,
): { signer: SigningProvider; sandboxSigner?: SandboxSigner } {
  if (config.signing) return { signer: createAituSigner(config.signing) };
  if (config.sandbox) {
    const sandboxSigner = createSandboxSigner(db, clock);
    return { signer: sandboxSigner, sandboxSigner };
  }
  const down = () => {
    throw new ProviderUnavailable('signing', 'not configured');
  };
  return {
    signer: {
      mode: 'real',
      name: 'unconfigured',
      upload: down,
      authorizeUrl: down,
      exchangeCode: down,
      signedDocuments: down,
    },
  };
}
