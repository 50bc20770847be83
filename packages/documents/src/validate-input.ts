import { FORM_CODES, IDENTITY_TEXT, isValidIin } from '@deklarant/contracts';
import { DocumentError } from './errors.ts';
import { isBlank } from './format.ts';
import { russian } from './i18n.ts';
import type { DeclarationDocument } from './types.ts';

const IIN = /^\d{12}$/;
const KGD = /^\d{4}$/;

const REQUIRED: [keyof DeclarationDocument['personal'], string][] = [
  ['iin', russian('workbook.iin')],
  ['surname', russian('refusal.surname')],
  ['name', russian('refusal.name')],
];

/** Throws a DocumentError (Russian message) when the document cannot become a declaration. */
export function assertRenderable(doc: DeclarationDocument): void {
  if (!(doc.form in FORM_CODES)) {
    throw new DocumentError('UNSUPPORTED_FORM', russian('refusal.unknownFormId', { form: String(doc.form) }), 'form');
  }
  const p = doc.personal ?? {};
  const missing = REQUIRED.filter(([k]) => isBlank(p[k])).map(([, label]) => label);
  if (missing.length) {
    throw new DocumentError(
      'MISSING_PERSONAL_DATA',
      russian('refusal.personalData', { fields: missing.join(', ') }),
      `personal.${REQUIRED.find(([, l]) => l === missing[0])?.[0]}`,
    );
  }
  const iin = String(p.iin).trim();
  if (!IIN.test(iin)) {
    throw new DocumentError('INVALID_IIN', russian('refusal.iinDigits'), 'personal.iin');
  }
  // KGD refuses a declaration whose IIN has no real birth date or a wrong control digit.
  if (!isValidIin(iin)) throw new DocumentError('INVALID_IIN', IDENTITY_TEXT.iinInvalid, 'personal.iin');
  if (!isBlank(p.spouses_iin)) {
    const spouse = String(p.spouses_iin).trim();
    if (!IIN.test(spouse)) {
      throw new DocumentError('INVALID_IIN', russian('refusal.spouseIinDigits'), 'personal.spouses_iin');
    }
    if (!isValidIin(spouse)) {
      throw new DocumentError('INVALID_IIN', IDENTITY_TEXT.spouseIinInvalid, 'personal.spouses_iin');
    }
  }
  if (!KGD.test(String(doc.kgdCode ?? '').trim())) {
    throw new DocumentError('INVALID_KGD_CODE', russian('refusal.officeCode'), 'kgdCode');
  }
  if (!Number.isInteger(doc.year) || doc.year < 2000 || doc.year > 2100) {
    throw new DocumentError('UNSUPPORTED_FORM', russian('refusal.period'), 'year');
  }
}
