import { FORM_CODES, type ReportingFormId } from '@deklarant/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../db/db.ts';
import type { Deps } from '../../deps.ts';
import { languageOf } from '../../lib/language.ts';
import { letters } from '../../providers/mail/letters.ts';

/**
 * Where the provider's verified answer names the fiscal receipt (an https link under one of these keys),
 * the letter links it; ePay and Robokassa document none (Robokassa's fiscal service mails its own).
 */
const RECEIPT_KEYS = ['receiptUrl', 'receipt_url', 'fiscalReceiptUrl', 'ofdReceiptUrl'] as const;
export function fiscalReceiptUrl(payload: Record<string, unknown>): string | null {
  for (const k of RECEIPT_KEYS) {
    const v = payload[k];
    if (typeof v !== 'string') continue;
    try {
      if (new URL(v).protocol === 'https:') return v;
    } catch {
      // not a link
    }
  }
  return null;
}

/** '20 000' or '20 000,50': the tenge amount as the letter shows it (exact, from the stored decimal). */
export function tenge(amount: string): string {
  const d = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [int, frac] = d.toFixed(2).split('.');
  const grouped = (int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return frac === '00' ? grouped : `${grouped},${frac}`;
}

/** The 'Оплата получена' letter, inside the transaction that applied the payment. */
export async function sendPaymentLetter(
  deps: Deps,
  t: Db,
  p: { userId: number; declarationId: number; amount: string; payload: Record<string, unknown> },
): Promise<void> {
  const r = await t.one<{ email: string; language: string | null; reporting_form_id: number; year: number }>(
    'SELECT u.email, u.language, d.reporting_form_id, d.year FROM declarations d JOIN users u ON u.id = $2 WHERE d.id = $1',
    [p.declarationId, p.userId],
  );
  if (!r?.email) return;
  await deps.providers.mailer.send(
    letters.paymentReceived(languageOf(r.language), r.email, {
      amount: tenge(p.amount),
      declaration: { formCode: FORM_CODES[r.reporting_form_id as ReportingFormId] ?? '', year: r.year },
      fiscalReceiptUrl: fiscalReceiptUrl(p.payload),
      url: `${deps.config.publicUrl}/app/declaration?declaration_id=${p.declarationId}`,
    }),
    t,
  );
}
