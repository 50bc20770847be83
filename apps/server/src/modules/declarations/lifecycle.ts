import { DECLARATION_STATUS, MSG, TARIFF } from '@deklarant/contracts';
import { HttpError } from '../../lib/errors.ts';
import type { DeclarationRow } from './repo.ts';

/**
 * The declaration lifecycle rules of docs/statuses.md, as pure functions of the row and the time
 * (always from deps.clock). Every module that changes a declaration or its deals calls these
 * guards first, so the rules hold on the server, not only in the UI.
 *
 * Archiving: declaration_expired_date is set to created_at + 10 days at creation (payment may
 * move it). Once it has passed the form is archived and read-only; drafts are removed instead.
 */

type Row = Pick<
  DeclarationRow,
  'status' | 'tariff_type' | 'broker' | 'referral_code' | 'declaration_expired_date' | 'archived_at'
>;

/** Who asks: a manager acting for the user may do what the user may not (tariff 2 editing). */
export interface Asker {
  fullAccess: boolean;
  manager: boolean;
}

/** A refused state change: 409 with the Russian text of MSG (never 403, which ends a session). */
export const blocked = (message: string) => new HttpError(409, message);

export function isArchived(row: Pick<Row, 'declaration_expired_date' | 'archived_at'>, now: Date): boolean {
  if (row.archived_at) return true;
  return row.declaration_expired_date !== null && row.declaration_expired_date.getTime() <= now.getTime();
}

/** Coupon: a partner broker and a referral code, on the self-service tariff. */
export function hasCoupon(row: Pick<Row, 'broker' | 'referral_code' | 'tariff_type'>): boolean {
  return Boolean(row.broker) && Boolean(row.referral_code) && row.tariff_type !== TARIFF.CONSULTANT;
}

/** Whether a draft is due to be removed (drafts are never archived). */
export function isExpiredDraft(row: Row, now: Date): boolean {
  return row.status === DECLARATION_STATUS.DRAFT && isArchived(row, now);
}

/** Deleting the declaration: drafts, and unpaid self-service forms (the 'Удалить' menu items). */
export function assertDeletable(row: Row, now: Date): void {
  if (isArchived(row, now)) throw blocked(MSG.archivedReadOnly);
  const unpaidSelfService = row.status === DECLARATION_STATUS.AWAITING_PAYMENT && row.tariff_type !== TARIFF.CONSULTANT;
  if (row.status !== DECLARATION_STATUS.DRAFT && !unpaidSelfService) throw blocked(MSG.deleteNotAllowed);
}

/**
 * Changing the deals (create, edit, delete): not when archived; not while a manager fills a
 * consultant-tariff form (unless the manager asks); not once signed/ready unless full_access.
 */
export function assertDealsEditable(row: Row, now: Date, asker: Asker): void {
  if (isArchived(row, now)) throw blocked(MSG.archivedReadOnly);
  if (row.tariff_type === TARIFF.CONSULTANT && row.status === DECLARATION_STATUS.AWAITING_PAYMENT && !asker.manager) {
    throw blocked(MSG.managerEditing);
  }
  const done = row.status === DECLARATION_STATUS.SIGN || row.status === DECLARATION_STATUS.READY;
  if (done && !asker.fullAccess && !asker.manager) throw blocked(MSG.declarationLocked);
}

/** POST .../deals/delete-all: archive and coupon blocks first, then the editing rules. */
export function assertCanDeleteAllDeals(row: Row, now: Date, asker: Asker): void {
  if (isArchived(row, now)) throw blocked(MSG.archivedDeleteAll);
  if (hasCoupon(row)) throw blocked(MSG.couponDeleteAll);
  assertDealsEditable(row, now, asker);
}

/** Uploading a broker report (the import module calls this): archive and coupon blocks. */
export function assertCanUploadReport(row: Row, now: Date, asker: Asker, bank: string | null): void {
  if (isArchived(row, now)) throw blocked(MSG.archivedUpload);
  if (hasCoupon(row) && bank !== null && bank.toLowerCase() !== (row.broker ?? '').toLowerCase()) {
    throw blocked(MSG.couponUpload);
  }
  assertDealsEditable(row, now, asker);
}
