import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Clock } from '../lib/clock.ts';
import { type Captcha, createCaptcha } from './captcha/captcha.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMessenger, type Messenger } from './messenger/index.ts';
import { createPartnerProvider, type PartnerProvider } from './partner/index.ts';
import { createPaymentProviders, type PaymentProviders } from './payment/index.ts';
import { createRatesProvider, type RatesProvider } from './rates/index.ts';
import { createSigningProvider, type SigningProvider } from './signing/index.ts';
import type { SandboxSigner } from './signing/sandbox.ts';
import { type FileStorage, localStorage, memoryStorage } from './storage/storage.ts';
import { createTaxOffice, type TaxOfficeGateway } from './taxoffice/index.ts';

export type { RateAnswer, RatesProvider } from './rates/index.ts';

/** Every outside service behind an interface; sandboxes by default, real adapters by configuration. */
export interface Providers {
  rates: RatesProvider;
  mailer: Mailer;
  captcha: Captcha;
  storage: FileStorage;
  /** partner broker/bank API (get-data-from-bank): sandbox unless PARTNER_API_URL/KEY are set */
  partner: PartnerProvider;
  /** Halyk ePay and Robokassa (issue 7) */
  payment: PaymentProviders;
  signer: SigningProvider;
  /** the offline signer's own pages need it (sandbox only) */
  sandboxSigner?: SandboxSigner;
  taxOffice: TaxOfficeGateway;
  /** the consultant tariff's bot (issue 9): sandbox records messages unless MESSENGER_BOT_* are set */
  messenger: Messenger;
}

export async function createProviders(config: Config, db: Db, clock: Clock, memory = false): Promise<Providers> {
  return {
    storage: memory ? memoryStorage() : localStorage(join(config.dataDir, 'files')),
    rates: createRatesProvider(config, db, clock),
    mailer: createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom }),
    captcha: createCaptcha({ mode: config.captcha, secret: config.secret, db, recaptcha: config.recaptcha }),
    partner: createPartnerProvider(config),
    payment: createPaymentProviders(config, db, clock),
    ...createSigningProvider(config, db, clock),
    taxOffice: createTaxOffice(config, db, clock),
    messenger: createMessenger(config, db, clock),
  };
}
