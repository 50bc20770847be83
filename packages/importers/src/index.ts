export { classifyIncome, classifyTrade, marketOf, OP, securityKindOf } from './classify.ts';
export { alpha3, countryFromIsin } from './countries.ts';
export { detectFormat } from './detect.ts';
export { ImportRefusedError, type RefusalCode } from './errors.ts';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_UNCOMPRESSED } from './guard.ts';
export { ACCEPTED_FORMATS, parseReport } from './parse.ts';
export { buildTemplateCsv, buildTemplateXlsx, TEMPLATE_COLUMNS } from './template.ts';
export type {
  DealKind,
  Detection,
  FormatId,
  ImportedDeal,
  ImportResult,
  MarketKind,
  ParseOptions,
  RowError,
  SectionKey,
  SecurityKind,
  SkippedRow,
} from './types.ts';
