/**
 * The signing provider (docs/formats.md): upload the document, send the
 * browser to the provider's authorization page, come back to /aitu-process?code=…, exchange the code
 * for a token (single use), fetch the signed document.
 */
export interface SigningProvider {
  readonly mode: 'sandbox' | 'real';
  readonly name: string;
  upload(doc: { name: string; xml: string }): Promise<{ signableId: string }>;
  authorizeUrl(p: { redirectUri: string; state: string; signableIds: string[] }): string;
  /** refused (ProviderRejected 'code_used' / 'code_invalid') when the code was used or is unknown */
  exchangeCode(p: { code: string; redirectUri: string }): Promise<{ accessToken: string }>;
  signedDocuments(accessToken: string): Promise<{ signableId: string; signedXml: string }[]>;
  /** the certificate signatures are checked against (the sandbox test certificate); real: undefined */
  readonly trustedCert?: string;
}
