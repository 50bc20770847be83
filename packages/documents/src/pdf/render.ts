import type { DeclarationDocument } from '../types.ts';
import { assertRenderable } from '../validate-input.ts';
import { pdfBuffer } from './engine.ts';
import { footerText, pdfDefinition, sectionBlocks } from './layout.ts';
import { drawTablesAndFooters } from './tables.ts';

/** The printable declaration: title page, computation with line codes, section tables, page numbers. */
export async function renderPdf(doc: DeclarationDocument): Promise<Buffer> {
  assertRenderable(doc);
  return pdfBuffer(pdfDefinition(doc), (pdf) => drawTablesAndFooters(pdf, sectionBlocks(doc), footerText(doc)));
}
