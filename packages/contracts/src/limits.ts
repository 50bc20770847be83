/**
 * Capacity limits (issue 15): figures a real investor never meets but an abuser hits at once. One
 * place for the server's checks and the web's paging; the Russian texts are in MSG.
 */
export const LIMITS = {
  /** deals one declaration may hold, whatever adds them (import, partner bank, the deal form) */
  dealsPerDeclaration: 50_000,
  /** deals one import (all files of an upload, or one partner answer) may bring */
  rowsPerImport: 50_000,
  /** imports of one person queued or running at a time */
  importsInFlightPerUser: 1,
  /** an import still unfinished after this long no longer counts as in flight (its job died) */
  importStaleAfterMs: 60 * 60 * 1000,
  /** GET /api/declarations/{id} lists the deals themselves up to this many; above, counts and totals only */
  inlineDeals: 2_000,
  /** a section list page: default and largest page size */
  sectionPageSize: 50,
  sectionPageSizeMax: 200,
} as const;
