export { allColumns, COLUMNS, type ColumnDef, SECTION_COLUMNS } from './columns.ts';
export { DocumentError, type DocumentErrorCode } from './errors.ts';
export { type FnoCode as FormCode, FORM_FACTS, type FormFacts } from './forms/uncertain.ts';
export { type DocumentLanguage, documentTexts, type Texts } from './i18n.ts';
export { indicatorLabel } from './indicators.ts';
export {
  type ComputedLine,
  computeLines,
  LINES_240_00,
  LINES_270_01,
  type LineDef,
  type LineOptions,
  lines240,
  lines270,
} from './lines.ts';
export { BOLD as PDF_FONT_BOLD, pdfDocument, REGULAR as PDF_FONT_REGULAR } from './pdf/kit.ts';
export { registerBlocks, renderFormPdf, renderPdf } from './pdf/render.ts';
export { readTemplateDir, readTemplateFile } from './template/load.ts';
export type { FormTemplate, TemplateField, TemplatePage } from './template/model.ts';
export { parseKazakhLabels, parseLabels, parseTemplate } from './template/read.ts';
export { ensureTemplateDir, SUPPORTED_FORMS, templateFor, useTemplateDir } from './template/registry.ts';
export type { DecimalString, DeclarationDocument, DocumentDeal, DocumentLine, DocumentPersonal } from './types.ts';
export { assertRenderable } from './validate-input.ts';
export { safeText } from './xlsx/cells.ts';
export { renderXlsx, writeXlsxStream } from './xlsx/render.ts';
export { type CheckLanguage, checkTexts } from './xml/check-texts.ts';
export { type FnoCode, FORMAT_VERSIONS, type FormatVersion, formatVersion } from './xml/format-versions.ts';
export type { FnoDocument, FnoField, FnoForm, FnoSheet } from './xml/model.ts';
export { parseFno } from './xml/parse.ts';
export { buildFno, renderXml } from './xml/render.ts';
export { checkAgainstTemplate, FILLED_BY_TAX_OFFICE, type TemplateCheckOptions } from './xml/template-check.ts';
export { validateXml, type XmlValidation, xsdFor } from './xml/validate.ts';
