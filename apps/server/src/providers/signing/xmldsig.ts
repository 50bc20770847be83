import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignedXml } from 'xml-crypto';

/**
 * XML digital signature (XMLDSig, enveloped, RSA-SHA256, exclusive c14n) for the sandbox signer and the
 * sandbox tax office. Real Kazakh signatures use GOST keys on the user's side; xml-crypto is for the
 * sandbox only (docs/adr/2026-11-22-sandboxes.md).
 */
const CERT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'sandbox-test-cert');

let material: { key: string; cert: string } | undefined;
/** The committed TEST-ONLY key pair (see sandbox-test-cert/README.md). */
export function sandboxTestKeyPair(): { key: string; cert: string } {
  material ??= {
    key: readFileSync(join(CERT_DIR, 'TEST-ONLY-signer-key.pem'), 'utf8'),
    cert: readFileSync(join(CERT_DIR, 'TEST-ONLY-signer-cert.pem'), 'utf8'),
  };
  return material;
}

const SIG_ALG = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const DIGEST_ALG = 'http://www.w3.org/2001/04/xmlenc#sha256';
const C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** Signs the whole document; the Signature (with the certificate in KeyInfo) goes last inside the root. */
export function signXml(xml: string, keyPair: { key: string; cert: string }): string {
  const sig = new SignedXml({
    privateKey: keyPair.key,
    publicCert: keyPair.cert,
    signatureAlgorithm: SIG_ALG,
    canonicalizationAlgorithm: C14N,
  });
  sig.addReference({
    xpath: '/*',
    digestAlgorithm: DIGEST_ALG,
    transforms: [ENVELOPED, C14N],
    uri: '',
    isEmptyUri: true,
  });
  sig.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return sig.getSignedXml();
}

const SIGNATURE_RE =
  /<(?:[A-Za-z_][\w.-]*:)?Signature\b[^>]*xmlns(?::[\w.-]+)?="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"[\s\S]*?<\/(?:[A-Za-z_][\w.-]*:)?Signature>/;

/** The document without its enveloped signature (what was signed). */
export function stripSignature(xml: string): string {
  return xml.replace(SIGNATURE_RE, '');
}

export interface SignatureCheck {
  valid: boolean;
  reason?: 'no_signature' | 'untrusted_certificate' | 'invalid';
}

/** Verifies the enveloped signature with the trusted certificate (the certificate in KeyInfo must be it). */
export function verifyXmlSignature(xml: string, trustedCertPem: string): SignatureCheck {
  const m = xml.match(SIGNATURE_RE);
  if (!m) return { valid: false, reason: 'no_signature' };
  const embedded = m[0].match(/<(?:\w+:)?X509Certificate>([\s\S]*?)<\/(?:\w+:)?X509Certificate>/)?.[1];
  const trustedBody = trustedCertPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  if (embedded !== undefined && embedded.replace(/\s+/g, '') !== trustedBody) {
    return { valid: false, reason: 'untrusted_certificate' };
  }
  try {
    const sig = new SignedXml({ publicCert: trustedCertPem });
    sig.loadSignature(m[0]);
    return sig.checkSignature(xml) ? { valid: true } : { valid: false, reason: 'invalid' };
  } catch {
    return { valid: false, reason: 'invalid' };
  }
}
