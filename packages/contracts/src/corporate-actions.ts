/**
 * What happened to a security: the importers say which (packages/importers), packages/tax says how the law
 * treats it (corporate-actions.ts there). Both read this one list.
 */
export type CorporateActionKind =
  | 'split'
  | 'cash_merger'
  | 'tender'
  | 'stock_merger'
  | 'spinoff'
  | 'maturity'
  | 'coupon'
  | 'stock_dividend'
  | 'delisted';
