import { MSG } from './messages.ts';
import { fieldsText } from './texts.ts';

/** Declaration statuses (docs/statuses.md). Below PAID means unpaid. */
export const DECLARATION_STATUS = {
  DRAFT: 1,
  AWAITING_PAYMENT: 2,
  PAID: 3,
  ADDITIONAL_PAYMENT: 4,
  ENTER_DATA: 5,
  SIGN: 6,
  READY: 9,
} as const;
export type DeclarationStatus = (typeof DECLARATION_STATUS)[keyof typeof DECLARATION_STATUS];

/** Status names: status.<id> of the `fields` catalogue (the web shows t('fields:status.<id>')). */
export const DECLARATION_STATUS_NAMES = Object.fromEntries(
  Object.values(DECLARATION_STATUS).map((id) => [id, fieldsText(`status.${id}`)]),
) as Record<DeclarationStatus, string>;

export const TARIFF = { OPTIMAL: 1, CONSULTANT: 2 } as const;
export type TariffType = (typeof TARIFF)[keyof typeof TARIFF];
export const CONSULTANT_STATUS_LABEL = MSG.managerNotice;

/** Deal status 1: the deal needs more information and is ignored by the calculation. */
export const DEAL_STATUS_NEEDS_INFO = 1;
export const DEAL_NEEDS_INFO_LABEL = MSG.dealNeedsInfo;

export const isPaid = (status: number) => status >= DECLARATION_STATUS.PAID;

/**
 * The tax office's answer to a sent declaration (docs/statuses.md, "After sending"): 'sent' once it
 * acknowledged the document, then 'accepted' (registration number, date, receipt) or 'rejected' (reason).
 */
export const SUBMISSION_STATUS = { SENT: 'sent', ACCEPTED: 'accepted', REJECTED: 'rejected' } as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUS)[keyof typeof SUBMISSION_STATUS];

/** status.sent, status.accepted, status.rejected of the `fields` catalogue. */
export const SUBMISSION_STATUS_NAMES = Object.fromEntries(
  Object.values(SUBMISSION_STATUS).map((s) => [s, fieldsText(`status.${s}`)]),
) as Record<SubmissionStatus, string>;
