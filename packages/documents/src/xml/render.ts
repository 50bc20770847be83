import { FORM } from '@deklarant/contracts';
import { DocumentError } from '../errors.ts';
import type { DeclarationDocument } from '../types.ts';
import { assertRenderable } from '../validate-input.ts';
import { build240 } from './form-240.ts';
import { build250 } from './form-250.ts';
import { build270 } from './form-270.ts';
import { type FnoDocument, serialize } from './model.ts';

/** The ФНО model for the document's form (throws DocumentError on bad input). */
export function buildFno(doc: DeclarationDocument): FnoDocument {
  assertRenderable(doc);
  switch (doc.form) {
    case FORM.F270:
      return build270(doc);
    case FORM.F250:
      return build250(doc);
    case FORM.F240:
      return build240(doc);
    default:
      throw new DocumentError('UNSUPPORTED_FORM', 'Неизвестная форма декларации', 'form');
  }
}

/** ФНО XML (UTF-8 text) for import into the taxpayer cabinet / СОНО. */
export function renderXml(doc: DeclarationDocument): string {
  return serialize(buildFno(doc));
}
