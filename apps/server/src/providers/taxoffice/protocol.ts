/**
 * THE UNCERTAIN PART of the real tax-office adapter, in one place.
 *
 * What is documented (research/kz-tax.md §5.1, fno-xml.md S5): KGD's "API-сервис по приёму форм налоговой
 * отчётности" has two transport calls, SONO_FNO_SEND (the signed form XML travels as an opaque document;
 * the answer `RecvFnoResponce` carries the received document's id or an `ErrorInfo`) and
 * SONO_FNO_GET_STATUS (the processing status and its history). On acceptance the signature is checked, the
 * IIN must equal the certificate's, `submit_date` must be the day of submission, the office code must be
 * valid. The WSDL/XSD themselves ("Документация.7z") are not public, and access needs KGD's permission.
 *
 * So the adapter talks JSON to an intermediary (TAX_OFFICE_URL, bearer TAX_OFFICE_TOKEN) that is assumed
 * to wrap those two calls one-to-one. Everything below is UNVERIFIED and is the only thing to change when
 * the real contract is known: paths, field names and the status values.
 */
export const TAX_OFFICE_PROTOCOL = {
  /** SONO_FNO_SEND: POST {url}{send} {form_code, year, kgd_code, document: base64 signed XML} */
  send: '/fno/send',
  /** SONO_FNO_GET_STATUS: GET {url}{status}/{document_id} */
  status: (documentId: string) => `/fno/${encodeURIComponent(documentId)}/status`,
  /** RecvFnoResponce: the received document's id, or ErrorInfo {code, message} */
  field: {
    documentId: 'document_id',
    receivedAt: 'received_at',
    error: 'error_info',
    errorMessage: 'message',
    status: 'status',
    registrationNumber: 'registration_number',
    registeredAt: 'registered_at',
    reason: 'reason',
    /** the receipt (талон) PDF, base64 */
    receipt: 'talon_pdf',
  },
  /** status values of the processing history, grouped by what they mean for us */
  processing: ['RECEIVED', 'IN_PROCESS', 'PROCESSING'],
  accepted: ['ACCEPTED', 'REGISTERED'],
  rejected: ['REJECTED', 'REFUSED', 'ERROR'],
  receiver: 'КГД МФ РК',
} as const;
