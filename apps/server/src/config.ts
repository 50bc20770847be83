import { resolve } from 'node:path';
import { z } from 'zod';

/** Environment configuration (the table in README.md), validated once at start. */
const Env = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** connections per server process to PostgreSQL (each instance has its own pool) */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  CAPTCHA: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Декларант <no-reply@deklarant.local>'),
  /** Secret for captcha HMAC and signed cookies; generated per process outside production. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RATES_SOURCE: z.enum(['nbk', 'sandbox']).optional(),
  NBK_URL: z.string().url().default('https://nationalbank.kz'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
  /** partner broker/bank API (get-data-from-bank, issue 8); the sandbox partner is used when unset */
  PARTNER_API_URL: z.string().url().optional(),
  PARTNER_API_KEY: z.string().min(8).optional(),
  // Payments (issue 7): real adapters when their credentials are set, sandbox gateways otherwise.
  EPAY_CLIENT_ID: z.string().optional(),
  EPAY_CLIENT_SECRET: z.string().optional(),
  EPAY_TERMINAL: z.string().optional(),
  EPAY_OAUTH_URL: z.string().url().default('https://test-epay-oauth.epayment.kz/oauth2/token'),
  EPAY_API_URL: z.string().url().default('https://test-epay-api.epayment.kz'),
  EPAY_SCRIPT_URL: z.string().url().default('https://test-epay.homebank.kz/payform/payment-api.js'),
  ROBOKASSA_LOGIN: z.string().optional(),
  ROBOKASSA_PASSWORD1: z.string().optional(),
  ROBOKASSA_PASSWORD2: z.string().optional(),
  ROBOKASSA_URL: z.string().url().default('https://auth.robokassa.kz/Merchant/Index.aspx'),
  ROBOKASSA_TEST: z.enum(['true', 'false']).default('false'),
  // Signing (Aitu Passport OAuth-style flow) and the tax office gateway.
  SIGNING_URL: z.string().url().optional(),
  SIGNING_CLIENT_ID: z.string().optional(),
  SIGNING_CLIENT_SECRET: z.string().optional(),
  TAX_OFFICE_URL: z.string().url().optional(),
  TAX_OFFICE_TOKEN: z.string().optional(),
  /** the automatic submission option of the Optimal tariff is offered on the test host only */
  OFFER_AUTO_SUBMISSION: z.enum(['true', 'false']).optional(),
  /**
   * The messenger contact of the consultant tariff: the one place that names it. The web app reads it
   * from GET /api/common/get-contacts, the tariff and bot answers carry it as contact_url.
   */
  CONSULTANT_CONTACT_URL: z.string().url().default('https://t.me/deklarant_manager_bot'),
  /** the support chat linked from the profile and error screens */
  SUPPORT_CONTACT_URL: z.string().url().default('https://t.me/deklarant_support'),
  // Messenger bot for the consultant tariff (issue 9); the sandbox records messages when unset.
  MESSENGER_BOT_URL: z.string().url().optional(),
  MESSENGER_BOT_TOKEN: z.string().min(8).optional(),
  MESSENGER_CHAT_ID: z.string().min(1).optional(),
  /** folder with KGD's official form templates (issue 17); they replace the bundled ones, checked at start */
  FORM_TEMPLATES_DIR: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = Env.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.APP_ENV === 'production';
  if (production && e.CAPTCHA === 'off')
    throw new ConfigError('Invalid configuration:\n  CAPTCHA: off is refused in production');
  if (production && !e.APP_SECRET)
    throw new ConfigError('Invalid configuration:\n  APP_SECRET: required in production');
  const weakSecret = production && e.APP_SECRET ? secretWeakness(e.APP_SECRET) : null;
  if (weakSecret) {
    throw new ConfigError(
      `Invalid configuration:\n  APP_SECRET: ${weakSecret}; generate one with \`openssl rand -hex 32\``,
    );
  }
  if (e.CAPTCHA === 'recaptcha' && (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  CAPTCHA: recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY',
    );
  }
  if (production && e.RATES_SOURCE === 'sandbox') {
    throw new ConfigError('Invalid configuration:\n  RATES_SOURCE: sandbox rates are refused in production');
  }
  if (Boolean(e.PARTNER_API_URL) !== Boolean(e.PARTNER_API_KEY)) {
    throw new ConfigError('Invalid configuration:\n  PARTNER_API_URL and PARTNER_API_KEY must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    formTemplatesDir: e.FORM_TEMPLATES_DIR ? resolve(e.FORM_TEMPLATES_DIR) : undefined,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appEnv: e.APP_ENV,
    production,
    captcha: e.CAPTCHA,
    recaptcha: { siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secret: e.APP_SECRET ?? randomSecret(),
    ratesSource: e.RATES_SOURCE ?? 'nbk',
    nbkUrl: e.NBK_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitScale: e.RATE_LIMIT_SCALE,
    partnerApiUrl: e.PARTNER_API_URL,
    partnerApiKey: e.PARTNER_API_KEY,
    epay:
      e.EPAY_CLIENT_ID && e.EPAY_CLIENT_SECRET && e.EPAY_TERMINAL
        ? {
            clientId: e.EPAY_CLIENT_ID,
            clientSecret: e.EPAY_CLIENT_SECRET,
            terminal: e.EPAY_TERMINAL,
            oauthUrl: e.EPAY_OAUTH_URL,
            apiUrl: e.EPAY_API_URL,
            scriptUrl: e.EPAY_SCRIPT_URL,
          }
        : undefined,
    robokassa:
      e.ROBOKASSA_LOGIN && e.ROBOKASSA_PASSWORD1 && e.ROBOKASSA_PASSWORD2
        ? {
            login: e.ROBOKASSA_LOGIN,
            password1: e.ROBOKASSA_PASSWORD1,
            password2: e.ROBOKASSA_PASSWORD2,
            url: e.ROBOKASSA_URL,
            isTest: e.ROBOKASSA_TEST === 'true',
          }
        : undefined,
    signing:
      e.SIGNING_URL && e.SIGNING_CLIENT_ID && e.SIGNING_CLIENT_SECRET
        ? { baseUrl: e.SIGNING_URL, clientId: e.SIGNING_CLIENT_ID, clientSecret: e.SIGNING_CLIENT_SECRET }
        : undefined,
    taxOffice: e.TAX_OFFICE_URL ? { url: e.TAX_OFFICE_URL, token: e.TAX_OFFICE_TOKEN } : undefined,
    offerAutoSubmission: e.OFFER_AUTO_SUBMISSION ? e.OFFER_AUTO_SUBMISSION === 'true' : !production,
    consultantContactUrl: e.CONSULTANT_CONTACT_URL,
    supportContactUrl: e.SUPPORT_CONTACT_URL,
    messenger:
      e.MESSENGER_BOT_URL && e.MESSENGER_BOT_TOKEN && e.MESSENGER_CHAT_ID
        ? { url: e.MESSENGER_BOT_URL, token: e.MESSENGER_BOT_TOKEN, chatId: e.MESSENGER_CHAT_ID }
        : undefined,
    /** sandboxes, demo data and the dev mailbox exist only outside production */
    sandbox: !production,
  };
}

/** Fewest different characters a production APP_SECRET may have (a random 32-character hex string has about 14). */
export const SECRET_MIN_DISTINCT = 10;

/**
 * Why a secret has too little entropy to sign and encrypt with, or null: fewer than
 * SECRET_MIN_DISTINCT different characters ('aaaa…'), or one piece repeated ('0123012301230123…',
 * 'secret-secret-…').
 */
export function secretWeakness(secret: string): string | null {
  const distinct = new Set(secret).size;
  if (distinct < SECRET_MIN_DISTINCT) {
    return `too little entropy: only ${distinct} different characters (at least ${SECRET_MIN_DISTINCT})`;
  }
  for (let period = 1; period <= secret.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < secret.length && repeats; i++) repeats = secret[i] === secret[i - period];
    if (repeats) return `too little entropy: the same ${period} characters repeated`;
  }
  return null;
}

/** An outside service running on its sandbox or not at all because its variables are unset. */
export interface UnconfiguredService {
  service: string;
  variables: string;
  effect: string;
}

/** Outside services left unconfigured, for the start-up warnings an operator sees before a user does. */
export function unconfiguredServices(config: Config): UnconfiguredService[] {
  const out: UnconfiguredService[] = [];
  const add = (unset: boolean, service: string, variables: string, effect: string) => {
    if (unset) out.push({ service, variables, effect });
  };
  const off = config.production ? 'users who need it are told it is unavailable' : 'the sandbox stands in';
  add(!config.smtpUrl, 'email', 'SMTP_URL', 'letters (codes, notices) stay in the outbox table and are not delivered');
  add(!config.robokassa, 'Robokassa payments', 'ROBOKASSA_LOGIN, ROBOKASSA_PASSWORD1, ROBOKASSA_PASSWORD2', off);
  add(!config.epay, 'Halyk ePay payments', 'EPAY_CLIENT_ID, EPAY_CLIENT_SECRET, EPAY_TERMINAL', off);
  add(!config.signing, 'signing (Aitu Passport)', 'SIGNING_URL, SIGNING_CLIENT_ID, SIGNING_CLIENT_SECRET', off);
  add(!config.taxOffice, 'tax office submission', 'TAX_OFFICE_URL, TAX_OFFICE_TOKEN', off);
  add(!config.partnerApiUrl, 'partner API (data from the bank)', 'PARTNER_API_URL, PARTNER_API_KEY', off);
  add(!config.messenger, 'consultant bot', 'MESSENGER_BOT_URL, MESSENGER_BOT_TOKEN, MESSENGER_CHAT_ID', off);
  return out;
}

/** One line per unconfigured outside service: a warning in production, a note elsewhere (sandboxes by design). */
export function logUnconfiguredServices(
  config: Config,
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
): void {
  for (const s of unconfiguredServices(config)) {
    const line = `${s.service} is not configured (${s.variables}): ${s.effect}`;
    if (config.production) log.warn({ service: s.service }, line);
    else log.info({ service: s.service }, line);
  }
}

function randomSecret() {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
}
