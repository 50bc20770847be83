export type DocumentErrorCode =
  | 'MISSING_PERSONAL_DATA'
  | 'INVALID_IIN'
  | 'INVALID_KGD_CODE'
  | 'UNSUPPORTED_FORM'
  | 'TEMPLATE_INVALID'
  | 'TEMPLATE_CHECK_FAILED';

/** Raised when a document cannot be rendered; `message` is Russian and safe to show to the user. */
export class DocumentError extends Error {
  override readonly name = 'DocumentError';
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    /** the offending input field, e.g. 'personal.iin' */
    readonly field?: string,
  ) {
    super(message);
  }
}
