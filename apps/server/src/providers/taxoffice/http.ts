import { createHash } from 'node:crypto';
import { FORM_CODES } from '@deklarant/contracts';
import server from '@deklarant/i18n/locales/ru/server.json';
import type { Clock } from '../../lib/clock.ts';
import { callProvider, ProviderRejected, ProviderUnavailable } from '../payment/errors.ts';
import type { TaxOfficeAnswer, TaxOfficeGateway, TaxOfficeReceipt } from './gateway.ts';
import { TAX_OFFICE_PROTOCOL as P } from './protocol.ts';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The real gateway over the intermediary's JSON API; every assumption about it is in protocol.ts. */
export function createHttpTaxOffice(
  cfg: { url: string; token?: string },
  clock: Clock,
  fetchImpl: typeof fetch = fetch,
): TaxOfficeGateway {
  const base = cfg.url.replace(/\/$/, '');
  const headers = {
    'content-type': 'application/json',
    ...(cfg.token ? { authorization: `Bearer ${cfg.token}` } : {}),
  };
  const json = async (res: Response) => (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const errorOf = (body: Record<string, unknown> | null) => {
    const info = body?.[P.field.error] as Record<string, unknown> | undefined;
    return str(info?.[P.field.errorMessage]) ?? str(body?.message);
  };

  return {
    mode: 'real',
    async send({ signedXml, form, year, kgdCode }): Promise<TaxOfficeReceipt> {
      const res = await callProvider(
        'taxoffice',
        `${base}${P.send}`,
        {
          method: 'POST',
          timeoutMs: 30_000,
          headers,
          body: JSON.stringify({
            form_code: FORM_CODES[form],
            year,
            kgd_code: kgdCode,
            document: Buffer.from(signedXml, 'utf8').toString('base64'),
          }),
        },
        fetchImpl,
      );
      const body = await json(res);
      const ticket = str(body?.[P.field.documentId]);
      if (!res.ok || !ticket) {
        if (res.status === 429) throw new ProviderUnavailable('taxoffice', 'http 429');
        throw new ProviderRejected('taxoffice', errorOf(body) ?? server.taxOffice.rejected);
      }
      return {
        ticket,
        received_at: str(body?.[P.field.receivedAt]) ?? clock.now().toISOString(),
        form_code: FORM_CODES[form],
        year,
        kgd_code: kgdCode,
        document_sha256: sha256(signedXml),
        receiver: P.receiver,
      };
    },

    async answer(ticket): Promise<TaxOfficeAnswer> {
      const res = await callProvider(
        'taxoffice',
        `${base}${P.status(ticket)}`,
        { method: 'GET', timeoutMs: 30_000, headers },
        fetchImpl,
      );
      const body = await json(res);
      if (!res.ok || !body) throw new ProviderUnavailable('taxoffice', `http ${res.status}`);
      const status = String(body[P.field.status] ?? '').toUpperCase();
      if ((P.accepted as readonly string[]).includes(status)) {
        const number = str(body[P.field.registrationNumber]);
        if (!number) throw new ProviderUnavailable('taxoffice', 'accepted without a registration number');
        const pdf = str(body[P.field.receipt]);
        return {
          state: 'accepted',
          registrationNumber: number,
          registeredAt: str(body[P.field.registeredAt]) ?? clock.now().toISOString(),
          receiptPdf: pdf ? Buffer.from(pdf, 'base64') : null,
        };
      }
      if ((P.rejected as readonly string[]).includes(status)) {
        return { state: 'rejected', reason: str(body[P.field.reason]) ?? errorOf(body) ?? server.taxOffice.noReason };
      }
      return { state: 'processing' };
    },
  };
}
