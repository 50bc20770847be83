import { MSG } from '@deklarant/contracts';
import { describe, expect, it } from 'vitest';
import {
  assertCanDeleteAllDeals,
  assertCanUploadReport,
  assertDealsEditable,
  hasCoupon,
  isArchived,
  isExpiredDraft,
} from '../src/modules/declarations/lifecycle.ts';

const NOW = new Date('2026-03-15T09:00:00Z');
const row = (over: Partial<Parameters<typeof assertDealsEditable>[0]> = {}) => ({
  status: 3,
  tariff_type: 1 as number | null,
  broker: null as string | null,
  referral_code: null as string | null,
  declaration_expired_date: new Date('2026-03-20T00:00:00Z') as Date | null,
  archived_at: null as Date | null,
  ...over,
});
const user = { fullAccess: false, manager: false };
const refusal = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    return { status: (e as { statusCode: number }).statusCode, message: (e as Error).message };
  }
};

describe('lifecycle rules', () => {
  it('archives at the expiry date or when archived explicitly', () => {
    expect(isArchived(row(), NOW)).toBe(false);
    expect(isArchived(row({ declaration_expired_date: NOW }), NOW)).toBe(true);
    expect(isArchived(row({ archived_at: NOW, declaration_expired_date: null }), NOW)).toBe(true);
    expect(isExpiredDraft(row({ status: 1, declaration_expired_date: NOW }), NOW)).toBe(true);
    expect(isExpiredDraft(row({ status: 2, declaration_expired_date: NOW }), NOW)).toBe(false);
  });

  it('a coupon is a broker plus a referral code, not on the consultant tariff', () => {
    expect(hasCoupon(row({ broker: 'Halyk Finance', referral_code: 'A' }))).toBe(true);
    expect(hasCoupon(row({ broker: 'Halyk Finance', referral_code: 'A', tariff_type: 2 }))).toBe(false);
    expect(hasCoupon(row({ broker: 'Halyk Finance' }))).toBe(false);
  });

  it('refuses other brokers’ reports with a coupon, and any report when archived', () => {
    const coupon = row({ broker: 'Halyk Finance', referral_code: 'A' });
    expect(refusal(() => assertCanUploadReport(coupon, NOW, user, 'Jusan Invest'))).toEqual({
      status: 409,
      message: MSG.couponUpload,
    });
    expect(refusal(() => assertCanUploadReport(coupon, NOW, user, 'halyk finance'))).toBeNull();
    expect(refusal(() => assertCanUploadReport(row({ declaration_expired_date: NOW }), NOW, user, null))).toEqual({
      status: 409,
      message: MSG.archivedUpload,
    });
  });

  it('archived blocks delete-all before the coupon does', () => {
    const both = row({ broker: 'Halyk Finance', referral_code: 'A', declaration_expired_date: NOW });
    expect(refusal(() => assertCanDeleteAllDeals(both, NOW, user))?.message).toBe(MSG.archivedDeleteAll);
  });

  it('a manager may edit a consultant-tariff form the user may not', () => {
    const consultant = row({ status: 2, tariff_type: 2 });
    expect(refusal(() => assertDealsEditable(consultant, NOW, user))?.message).toBe(MSG.managerEditing);
    expect(refusal(() => assertDealsEditable(consultant, NOW, { fullAccess: false, manager: true }))).toBeNull();
  });
});
