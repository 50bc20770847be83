export { classifyIncome, classifyTrade, marketOf, OP, securityKindOf } from './classify.ts';
export { splitLot, splitRatioOf } from './corporate.ts';
export { alpha3, countryFromIsin } from './countries.ts';
export { detectFormat } from './detect.ts';
export { ImportRefusedError, type RefusalCode } from './errors.ts';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_UNCOMPRESSED } from './guard.ts';
export { ACCEPTED_FORMATS, parseReport } from './parse.ts';
export { buildTemplateCsv, buildTemplateXlsx, TEMPLATE_COLUMNS } from './template.ts';
export { type TextKey as ImporterTextKey, tx as importerText } from './texts.ts';
export type {
  CorporateActionKind,
  CurrencyTotals,
  DealKind,
  Detection,
  FormatId,
  ImportedDeal,
  ImportedSplit,
  ImportResult,
  MarketKind,
  MoneyKind,
  ParseOptions,
  Reconciliation,
  RowError,
  SectionKey,
  SecurityKind,
  SkippedRow,
} from './types.ts';
