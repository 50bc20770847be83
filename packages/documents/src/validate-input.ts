import { FORM_CODES, IDENTITY_TEXT, isValidIin } from '@deklarant/contracts';
import { DocumentError } from './errors.ts';
import { isBlank } from './format.ts';
import type { DeclarationDocument } from './types.ts';

const IIN = /^\d{12}$/;
const KGD = /^\d{4}$/;

const REQUIRED: [keyof DeclarationDocument['personal'], string][] = [
  ['iin', 'ИИН'],
  ['surname', 'фамилия'],
  ['name', 'имя'],
];

/** Throws a DocumentError (Russian message) when the document cannot become a declaration. */
export function assertRenderable(doc: DeclarationDocument): void {
  if (!(doc.form in FORM_CODES)) {
    throw new DocumentError('UNSUPPORTED_FORM', `Неизвестная форма декларации: ${String(doc.form)}`, 'form');
  }
  const p = doc.personal ?? {};
  const missing = REQUIRED.filter(([k]) => isBlank(p[k])).map(([, label]) => label);
  if (missing.length) {
    throw new DocumentError(
      'MISSING_PERSONAL_DATA',
      `Заполните персональные данные: ${missing.join(', ')}`,
      `personal.${REQUIRED.find(([, l]) => l === missing[0])?.[0]}`,
    );
  }
  const iin = String(p.iin).trim();
  if (!IIN.test(iin)) {
    throw new DocumentError('INVALID_IIN', 'ИИН должен состоять из 12 цифр', 'personal.iin');
  }
  // KGD refuses a declaration whose IIN has no real birth date or a wrong control digit.
  if (!isValidIin(iin)) throw new DocumentError('INVALID_IIN', IDENTITY_TEXT.iinInvalid, 'personal.iin');
  if (!isBlank(p.spouses_iin)) {
    const spouse = String(p.spouses_iin).trim();
    if (!IIN.test(spouse)) {
      throw new DocumentError('INVALID_IIN', 'ИИН супруга(и) должен состоять из 12 цифр', 'personal.spouses_iin');
    }
    if (!isValidIin(spouse)) {
      throw new DocumentError('INVALID_IIN', IDENTITY_TEXT.spouseIinInvalid, 'personal.spouses_iin');
    }
  }
  if (!KGD.test(String(doc.kgdCode ?? '').trim())) {
    throw new DocumentError('INVALID_KGD_CODE', 'Укажите код органа государственных доходов (4 цифры)', 'kgdCode');
  }
  if (!Number.isInteger(doc.year) || doc.year < 2000 || doc.year > 2100) {
    throw new DocumentError('UNSUPPORTED_FORM', 'Укажите налоговый период (год)', 'year');
  }
}
