/**
 * What happened to a security: the importers say which (packages/importers), packages/tax says how the law
 * treats it (corporate-actions.ts there). Both read this one list.
 */
export const CORPORATE_ACTION_KINDS = [
  'split',
  'cash_merger',
  'tender',
  'stock_merger',
  'spinoff',
  'maturity',
  'coupon',
  'stock_dividend',
  'delisted',
] as const;
export type CorporateActionKind = (typeof CORPORATE_ACTION_KINDS)[number];
