import type { ReportingFormId } from '@deklarant/contracts';

/** What is sent: the signed declaration XML and where it goes. */
export interface TaxOfficeDocument {
  signedXml: string;
  form: ReportingFormId;
  year: number;
  kgdCode: string;
}

/** What we keep about a sending (stored as submissions.receipt; never personal data). */
export interface TaxOfficeReceipt {
  /** the tax office's own id of the received document: the answer is asked for with it */
  ticket: string;
  received_at: string;
  form_code: string;
  year: number;
  kgd_code: string;
  document_sha256: string;
  receiver: string;
  /** set once accepted */
  registration_number?: string;
  registered_at?: string;
}

/** The tax office's answer about a received document. */
export type TaxOfficeAnswer =
  | { state: 'processing' }
  | { state: 'accepted'; registrationNumber: string; registeredAt: string; receiptPdf: Buffer | null }
  | { state: 'rejected'; reason: string };

/**
 * Electronic submission of the signed declaration XML (ARCHITECTURE.md, providers). Like the state
 * gateway (SONO_FNO_SEND / SONO_FNO_GET_STATUS, research/kz-tax.md §5.1) it answers in two steps: the
 * sending is acknowledged with a ticket, the verdict comes later and is asked for with the ticket.
 */
export interface TaxOfficeGateway {
  readonly mode: 'sandbox' | 'real';
  /** ProviderRejected with a Russian reason when refused on receipt; ProviderUnavailable when down */
  send(doc: TaxOfficeDocument): Promise<TaxOfficeReceipt>;
  /** ProviderUnavailable when down (the caller asks again later) */
  answer(ticket: string): Promise<TaxOfficeAnswer>;
}
