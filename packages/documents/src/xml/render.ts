import { FORM, FORM_CODES } from '@deklarant/contracts';
import { DocumentError } from '../errors.ts';
import type { FnoCode } from '../forms/uncertain.ts';
import { russian } from '../i18n.ts';
import { templateFor } from '../template/registry.ts';
import type { DeclarationDocument } from '../types.ts';
import { assertRenderable } from '../validate-input.ts';
import { conform } from './conform.ts';
import { build240 } from './form-240.ts';
import { build250 } from './form-250.ts';
import { build270 } from './form-270.ts';
import { type FnoDocument, serialize } from './model.ts';

/** The values the form builder computed, before the template shapes them. */
function values(doc: DeclarationDocument): FnoDocument {
  switch (doc.form) {
    case FORM.F270:
      return build270(doc);
    case FORM.F250:
      return build250(doc);
    case FORM.F240:
      return build240(doc);
    default:
      throw new DocumentError('UNSUPPORTED_FORM', russian('refusal.unknownForm'), 'form');
  }
}

/** The year the form itself carries in period_year (250.00: the assets' year + 1, S3). */
export const periodYear = (doc: DeclarationDocument) => String(doc.form === FORM.F250 ? doc.year + 1 : doc.year);

/**
 * The ФНО model for the document's form, shaped by its template (ours, or the operator's KGD template):
 * the template decides which forms, pages and fields are written and in what order.
 */
export function buildFnoWithReport(doc: DeclarationDocument): { fno: FnoDocument; dropped: string[] } {
  assertRenderable(doc);
  const v = values(doc);
  const t = templateFor(FORM_CODES[doc.form] as FnoCode, doc.year);
  return conform(v, t, { iin: doc.personal.iin.trim(), period_year: periodYear(doc), page_number: '1' });
}

export const buildFno = (doc: DeclarationDocument): FnoDocument => buildFnoWithReport(doc).fno;

/** ФНО XML (UTF-8 text) for import into the taxpayer cabinet / СОНО. */
export function renderXml(doc: DeclarationDocument): string {
  return serialize(buildFno(doc));
}
