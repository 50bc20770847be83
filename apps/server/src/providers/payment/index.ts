import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { createEpayClient, type EpayGateway } from './epay.ts';
import { ProviderUnavailable } from './errors.ts';
import { createRobokassa, type RobokassaGateway } from './robokassa.ts';
import { createSandboxEpay, type SandboxEpay } from './sandbox-epay.ts';

export const SANDBOX_ROBOKASSA_URL = '/api/sandbox/robokassa/pay';

export interface PaymentProviders {
  robokassa: RobokassaGateway;
  epay: EpayGateway;
  /** the offline ePay's own state (sandbox only) */
  sandboxEpay?: SandboxEpay;
}

/** A gateway that is not configured in production: every call is a clear, retryable refusal. */
function unconfigured<T extends object>(provider: string): T {
  return new Proxy({ mode: 'real' } as T, {
    get(target, prop) {
      if (prop === 'mode') return 'real';
      if (prop === 'then') return undefined;
      if (prop in target) return (target as Record<string | symbol, unknown>)[prop];
      return () => {
        throw new ProviderUnavailable(provider, 'not configured');
      };
    },
  });
}

/** Real adapters when their credentials are set; sandbox gateways otherwise (never in production). */
export function createPaymentProviders(config: Config, db: Db, clock: Clock): PaymentProviders {
  const derived = (label: string) => createHmac('sha256', config.secret).update(label).digest('hex').slice(0, 24);
  const robokassa = config.robokassa
    ? createRobokassa(config.robokassa, 'real')
    : config.sandbox
      ? createRobokassa(
          {
            login: 'deklarant-sandbox',
            password1: derived('robokassa-1'),
            password2: derived('robokassa-2'),
            url: SANDBOX_ROBOKASSA_URL,
            isTest: true,
          },
          'sandbox',
        )
      : unconfigured<RobokassaGateway>('robokassa');
  let sandboxEpay: SandboxEpay | undefined;
  let epay: EpayGateway;
  if (config.epay) epay = createEpayClient(config.epay);
  else if (config.sandbox) {
    sandboxEpay = createSandboxEpay(db, clock);
    epay = sandboxEpay;
  } else epay = unconfigured<EpayGateway>('epay');
  return { robokassa, epay, ...(sandboxEpay ? { sandboxEpay } : {}) };
}
