import { MSG, DECLARATION_STATUS as S, TARIFF } from '@deklarant/contracts';
import { blocked, isArchived } from './lifecycle.ts';
import type { DeclarationRow } from './repo.ts';

/**
 * The paid end of the status machine (docs/statuses.md), for tariffs, payments and signing:
 * 1 draft / 2 awaiting payment -> choose tariff; 2 -> 3 on a verified initial payment (or a 100 %
 * promo code); 4 -> 5 on a verified additional payment; 6 -> 9 when signed (and sent).
 * A refused action is 409 with a Russian message.
 */
export type PaymentKind = 'initial' | 'additional';

export const PAYMENT_TRANSITION: Record<PaymentKind, { from: number; to: number }> = {
  initial: { from: S.AWAITING_PAYMENT, to: S.PAID },
  additional: { from: S.ADDITIONAL_PAYMENT, to: S.ENTER_DATA },
};

type Row = Pick<DeclarationRow, 'status' | 'tariff_type' | 'declaration_expired_date' | 'archived_at'>;

export function assertCanChooseTariff(row: Row, now: Date): void {
  if (isArchived(row, now)) throw blocked(MSG.archivedReadOnly);
  if (row.status !== S.DRAFT && row.status !== S.AWAITING_PAYMENT) throw blocked(MSG.tariffAlreadyPaid);
}

export function assertCanPay(row: Row, kind: PaymentKind, now: Date): void {
  if (isArchived(row, now)) throw blocked(MSG.archivedReadOnly);
  if (kind === 'initial') {
    if (row.tariff_type === TARIFF.CONSULTANT) throw blocked(MSG.consultantNoPayment);
    if (row.status === S.DRAFT || row.tariff_type === null) throw blocked(MSG.chooseTariffFirst);
    if (row.status !== S.AWAITING_PAYMENT) throw blocked(MSG.paymentAlreadyDone);
  } else if (row.status !== S.ADDITIONAL_PAYMENT) {
    throw blocked(MSG.additionalNotNeeded);
  }
}

export function assertCanSign(row: Row, now: Date): void {
  if (isArchived(row, now)) throw blocked(MSG.archivedReadOnly);
  if (row.status === S.READY) throw blocked(MSG.alreadyReady);
  if (row.status !== S.SIGN) throw blocked(MSG.signingWrongStatus);
}
