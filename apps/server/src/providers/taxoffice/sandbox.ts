import { createHash, randomUUID } from 'node:crypto';
import { FORM_CODES } from '@deklarant/contracts';
import { validateXml } from '@deklarant/documents';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { serverText } from '../../lib/language.ts';
import { ProviderRejected } from '../payment/errors.ts';
import { sandboxTestKeyPair, stripSignature, verifyXmlSignature } from '../signing/xmldsig.ts';
import type { TaxOfficeAnswer, TaxOfficeGateway } from './gateway.ts';
import { sandboxReceiptPdf } from './receipt-pdf.ts';

/** The sandbox answers this long after receiving a document (the real one takes minutes). */
export const SANDBOX_ANSWER_DELAY_MS = 3000;

/**
 * The sandbox's documented test trigger (docs/statuses.md): every declaration of this IIN is rejected,
 * with the reason the real tax office gives when the IIN is not the signer's.
 */
export const SANDBOX_REJECT_IIN = '770707300012';
export const SANDBOX_REJECT_REASON = server.taxOffice.sandboxIinMismatch;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const iinOf = (xml: string) => /<field name="iin">\s*(\d{12})\s*<\/field>/.exec(xml)?.[1];

interface SandboxDocument {
  ticket: string;
  kgd_code: string;
  form_code: string;
  year: number;
  document_sha256: string;
  verdict: 'accepted' | 'rejected';
  reason: string | null;
  registration_number: string | null;
  received_at: Date;
  answer_at: Date;
}

/**
 * The offline receiver, answering like the real one: on receipt it checks the XMLDSig signature against
 * the sandbox test certificate and the XML (XSD and value rules of packages/documents) and refuses at once
 * when they fail; otherwise it acknowledges with a ticket and, SANDBOX_ANSWER_DELAY_MS later, answers
 * 'accepted' with a registration number and a receipt PDF, or 'rejected' (the test IIN above).
 */
export function createSandboxTaxOffice(db: Db, clock: Clock): TaxOfficeGateway {
  const { cert } = sandboxTestKeyPair();
  return {
    mode: 'sandbox',
    async send({ signedXml, form, year, kgdCode }) {
      const sig = verifyXmlSignature(signedXml, cert);
      if (!sig.valid) throw new ProviderRejected('taxoffice', server.taxOffice.sandboxBadSignature);
      const unsigned = stripSignature(signedXml);
      const check = await validateXml(unsigned, form);
      if (!check.valid) {
        throw new ProviderRejected(
          'taxoffice',
          serverText('taxOffice.sandboxBadFormat', { errors: check.errors.slice(0, 3).join('; ') }),
        );
      }
      const rejected = iinOf(unsigned) === SANDBOX_REJECT_IIN;
      const now = clock.now();
      let number: string | null = null;
      if (!rejected) {
        const next = await db.one<{ last: number }>(
          `INSERT INTO sandbox_tax_office_seq (id, last) VALUES (1, 1)
           ON CONFLICT (id) DO UPDATE SET last = sandbox_tax_office_seq.last + 1 RETURNING last`,
        );
        // the day of receipt in Almaty, as the tax office dates it
        const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(now).replace(/-/g, '');
        number = `${kgdCode}-${ymd}-${String(next?.last ?? 1).padStart(6, '0')}`;
      }
      const ticket = randomUUID();
      const docHash = sha256(signedXml);
      await db.query(
        `INSERT INTO sandbox_tax_office_documents (ticket, kgd_code, form_code, year, document_sha256, verdict, reason,
           registration_number, received_at, answer_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          ticket,
          kgdCode,
          FORM_CODES[form],
          year,
          docHash,
          rejected ? 'rejected' : 'accepted',
          rejected ? SANDBOX_REJECT_REASON : null,
          number,
          now,
          new Date(now.getTime() + SANDBOX_ANSWER_DELAY_MS),
        ],
      );
      return {
        ticket,
        received_at: now.toISOString(),
        form_code: FORM_CODES[form],
        year,
        kgd_code: kgdCode,
        document_sha256: docHash,
        receiver: server.taxOffice.sandboxReceiver,
      };
    },

    async answer(ticket): Promise<TaxOfficeAnswer> {
      const d = await db.one<SandboxDocument>('SELECT * FROM sandbox_tax_office_documents WHERE ticket = $1', [ticket]);
      if (!d) return { state: 'rejected', reason: server.taxOffice.sandboxUnknownTicket };
      if (clock.now().getTime() < d.answer_at.getTime()) return { state: 'processing' };
      if (d.verdict === 'rejected') return { state: 'rejected', reason: d.reason ?? SANDBOX_REJECT_REASON };
      const registeredAt = d.answer_at.toISOString();
      const registrationNumber = d.registration_number ?? '';
      return {
        state: 'accepted',
        registrationNumber,
        registeredAt,
        receiptPdf: await sandboxReceiptPdf({
          registrationNumber,
          formCode: d.form_code,
          year: d.year,
          kgdCode: d.kgd_code,
          receivedAt: d.received_at.toISOString(),
          registeredAt,
          documentSha256: d.document_sha256,
        }),
      };
    },
  };
}
