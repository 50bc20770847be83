import { createHash } from 'node:crypto';
import { FORM_CODES, type ReportingFormId } from '@deklarant/contracts';
import { validateXml } from '@deklarant/documents';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { callProvider, ProviderRejected, ProviderUnavailable } from '../payment/errors.ts';
import { sandboxTestKeyPair, stripSignature, verifyXmlSignature } from '../signing/xmldsig.ts';

export interface TaxOfficeReceipt {
  registration_number: string;
  accepted_at: string;
  form_code: string;
  year: number;
  kgd_code: string;
  document_sha256: string;
  receiver: string;
}

/** Electronic submission of the signed declaration XML (ARCHITECTURE.md, providers). */
export interface TaxOfficeGateway {
  readonly mode: 'sandbox' | 'real';
  /** ProviderRejected with a Russian reason when the document is refused; ProviderUnavailable when down */
  submit(p: { signedXml: string; form: ReportingFormId; year: number; kgdCode: string }): Promise<TaxOfficeReceipt>;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * The offline receiver: checks the XMLDSig signature against the sandbox test certificate, validates
 * the declaration XML (XSD + value rules of packages/documents), then registers it with a number.
 */
export function createSandboxTaxOffice(db: Db, clock: Clock): TaxOfficeGateway {
  const { cert } = sandboxTestKeyPair();
  return {
    mode: 'sandbox',
    async submit({ signedXml, form, year, kgdCode }) {
      const sig = verifyXmlSignature(signedXml, cert);
      if (!sig.valid) throw new ProviderRejected('taxoffice', 'Подпись документа недействительна');
      const check = await validateXml(stripSignature(signedXml), form);
      if (!check.valid) {
        throw new ProviderRejected(
          'taxoffice',
          `Документ не прошел проверку формата: ${check.errors.slice(0, 3).join('; ')}`,
        );
      }
      const next = await db.one<{ last: number }>(
        `INSERT INTO sandbox_tax_office_seq (id, last) VALUES (1, 1)
         ON CONFLICT (id) DO UPDATE SET last = sandbox_tax_office_seq.last + 1 RETURNING last`,
      );
      const now = clock.now();
      const ymd = now.toISOString().slice(0, 10).replace(/-/g, '');
      const registration_number = `${kgdCode}-${ymd}-${String(next?.last ?? 1).padStart(6, '0')}`;
      return {
        registration_number,
        accepted_at: now.toISOString(),
        form_code: FORM_CODES[form],
        year,
        kgd_code: kgdCode,
        document_sha256: sha256(signedXml),
        receiver: 'Тестовый прием отчетности (песочница)',
      };
    },
  };
}

/**
 * The real gateway: POST {TAX_OFFICE_URL}/submissions with the signed XML (base64), bearer
 * TAX_OFFICE_TOKEN -> {registration_number, accepted_at, ...}. The state gateway's own protocol was not
 * found in public material; this is the adapter's contract with an intermediary (see README).
 */
export function createHttpTaxOffice(
  cfg: { url: string; token?: string },
  clock: Clock,
  fetchImpl: typeof fetch = fetch,
): TaxOfficeGateway {
  return {
    mode: 'real',
    async submit({ signedXml, form, year, kgdCode }) {
      const res = await callProvider(
        'taxoffice',
        `${cfg.url.replace(/\/$/, '')}/submissions`,
        {
          method: 'POST',
          timeoutMs: 30_000,
          headers: {
            'content-type': 'application/json',
            ...(cfg.token ? { authorization: `Bearer ${cfg.token}` } : {}),
          },
          body: JSON.stringify({
            form_code: FORM_CODES[form],
            year,
            kgd_code: kgdCode,
            document: Buffer.from(signedXml, 'utf8').toString('base64'),
          }),
        },
        fetchImpl,
      );
      const body = (await res.json().catch(() => null)) as (Partial<TaxOfficeReceipt> & { message?: string }) | null;
      if (!res.ok || !body?.registration_number) {
        throw new ProviderRejected('taxoffice', body?.message ?? 'Документ отклонен налоговым органом');
      }
      return {
        registration_number: body.registration_number,
        accepted_at: body.accepted_at ?? clock.now().toISOString(),
        form_code: FORM_CODES[form],
        year,
        kgd_code: kgdCode,
        document_sha256: sha256(signedXml),
        receiver: body.receiver ?? 'КГД МФ РК',
      };
    },
  };
}

export function createTaxOffice(config: Config, db: Db, clock: Clock): TaxOfficeGateway {
  if (config.taxOffice) return createHttpTaxOffice(config.taxOffice, clock);
  if (config.sandbox) return createSandboxTaxOffice(db, clock);
  return {
    mode: 'real',
    submit: async () => {
      throw new ProviderUnavailable('taxoffice', 'not configured');
    },
  };
}
