import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Robokassa (docs/formats.md): a payment URL signed with MD5 of
 * `MerchantLogin:OutSum:InvId:Password#1[:Shp_a=…:Shp_b=…]`, a ResultURL server notification signed
 * with `OutSum:InvId:Password#2[:Shp_…]` (answered `OK{InvId}`), and a SuccessURL browser return signed
 * with `OutSum:InvId:Password#1[:Shp_…]`. Shp_ parameters are sorted by name; hex compared case-insensitively.
 * The sandbox gateway uses the same functions with its own passwords.
 */
export interface RobokassaCredentials {
  login: string;
  password1: string;
  password2: string;
  /** payment page: https://auth.robokassa.kz/Merchant/Index.aspx, or the sandbox page */
  url: string;
  isTest: boolean;
}

export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** `Shp_a=1:Shp_b=2` from any Shp_* keys of params, sorted by name (case-insensitive prefix). */
export function shpPart(params: Record<string, string | undefined>): string[] {
  return Object.keys(params)
    .filter((k) => /^shp_/i.test(k))
    .sort()
    .map((k) => `${k}=${params[k] ?? ''}`);
}

export function initSignatureBase(p: {
  login: string;
  outSum: string;
  invId?: string;
  password1: string;
  shp?: Record<string, string>;
}): string {
  return [p.login, p.outSum, p.invId ?? '', p.password1, ...shpPart(p.shp ?? {})].join(':');
}

export function resultSignatureBase(p: {
  outSum: string;
  invId: string;
  password: string;
  shp?: Record<string, string | undefined>;
}): string {
  return [p.outSum, p.invId, p.password, ...shpPart(p.shp ?? {})].join(':');
}

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

export type RobokassaVerdict =
  | { ok: true; invId: string; outSum: string; shp: Record<string, string> }
  | { ok: false; reason: 'missing_fields' | 'bad_signature' };

export interface RobokassaGateway {
  readonly mode: 'sandbox' | 'real';
  readonly login: string;
  /** the signed payment page URL (InvId, OutSum with a dot, Description, Culture ru, IsTest) */
  paymentUrl(p: { invId: string; outSum: string; description: string; shp?: Record<string, string> }): string;
  /** ResultURL notification: Password#2 signature over the exact OutSum string received */
  verifyResult(params: Record<string, string | undefined>): RobokassaVerdict;
  /** SuccessURL browser return: Password#1 signature (never proof of payment on its own) */
  verifySuccess(params: Record<string, string | undefined>): RobokassaVerdict;
  /** what the sandbox gateway needs to produce the same signatures */
  readonly credentials?: RobokassaCredentials;
}

function verify(params: Record<string, string | undefined>, password: string): RobokassaVerdict {
  const outSum = params.OutSum;
  const invId = params.InvId;
  const sig = params.SignatureValue;
  if (!outSum || !invId || !sig) return { ok: false, reason: 'missing_fields' };
  const expected = md5(resultSignatureBase({ outSum, invId, password, shp: params }));
  if (!sameHex(expected, sig)) return { ok: false, reason: 'bad_signature' };
  const shp: Record<string, string> = {};
  for (const k of Object.keys(params)) if (/^shp_/i.test(k)) shp[k] = params[k] ?? '';
  return { ok: true, invId, outSum, shp };
}

export function createRobokassa(c: RobokassaCredentials, mode: 'sandbox' | 'real'): RobokassaGateway {
  return {
    mode,
    login: c.login,
    ...(mode === 'sandbox' ? { credentials: c } : {}),
    paymentUrl({ invId, outSum, description, shp = {} }) {
      const signature = md5(initSignatureBase({ login: c.login, outSum, invId, password1: c.password1, shp }));
      const q = new URLSearchParams({
        MerchantLogin: c.login,
        OutSum: outSum,
        InvId: invId,
        Description: description,
        SignatureValue: signature,
        Culture: 'ru',
        Encoding: 'utf-8',
        ...(c.isTest ? { IsTest: '1' } : {}),
        ...shp,
      });
      return `${c.url}?${q.toString()}`;
    },
    verifyResult: (params) => verify(params, c.password2),
    verifySuccess: (params) => verify(params, c.password1),
  };
}
