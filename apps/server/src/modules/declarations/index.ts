// The public surface of the declarations module: other modules import only from here (scripts/module-index.mjs).
export { auditDeclaration, type DeclarationAuditAction } from './audit.ts';
export { addDays, isoDate, ruDate } from './dates.ts';
export { assertCanUploadReport, assertDealsEditable, blocked, isArchived } from './lifecycle.ts';
export {
  assertCanChooseTariff,
  assertCanPay,
  assertCanSign,
  PAYMENT_TRANSITION,
  type PaymentKind,
} from './paid-states.ts';
export { type DealOut, type DeclarationRow, dealsRepo, declarationsRepo, NEW_DEAL, type SaveFifo } from './repo.ts';
export { declarationRoutes } from './routes.ts';
export { askerOf, declarationsService } from './service.ts';
