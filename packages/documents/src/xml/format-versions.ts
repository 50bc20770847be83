import { DocumentError } from '../errors.ts';
import { type FnoCode, FORM_FACTS, type FormFacts } from '../forms/uncertain.ts';
import { russian } from '../i18n.ts';

export type { FnoCode };
export type FormatVersion = FormFacts;

/** The per-form, per-year facts (src/forms/uncertain.ts), under their former name. */
export const FORMAT_VERSIONS = FORM_FACTS;

export function formatVersion(code: FnoCode, year: number): FormFacts {
  const row = FORM_FACTS.find((r) => r.code === code && year >= r.fromYear && year <= r.toYear);
  if (!row) {
    throw new DocumentError('UNSUPPORTED_FORM', russian('refusal.xmlFormat', { code, year }), 'year');
  }
  return row;
}
