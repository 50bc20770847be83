/** Local storage keys, in one place. */
export const STORAGE_KEYS = {
  token: 'access_token',
  session: 'session',
  bankName: 'bank_name',
  b2bId: 'B2B_id',
  currentDeclarationId: 'currentDeclarationId',
  payment: 'payment',
  returnBack: 'returnBackRouteAndDealCurrencyCode',
  systemNotice: 'system_use_notice_seen',
} as const;

export type SessionKind = 'B2C' | 'B2B';

const read = (k: string) => {
  const v = localStorage.getItem(k);
  return v === null || v === 'null' || v === '' ? null : v;
};

export const session = {
  token: () => read(STORAGE_KEYS.token),
  kind: () => read(STORAGE_KEYS.session) as SessionKind | null,
  bankName: () => read(STORAGE_KEYS.bankName),
  b2bId: () => read(STORAGE_KEYS.b2bId),
  currentDeclarationId: () => read(STORAGE_KEYS.currentDeclarationId),
  isB2B: () => read(STORAGE_KEYS.session) === 'B2B',
  isHalyk: () => (read(STORAGE_KEYS.bankName) ?? '').toLowerCase() === 'halykfinance',
  signIn(token: string, kind: SessionKind) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.session, kind);
  },
  setCurrentDeclaration(id: number | string | null) {
    if (id === null) localStorage.removeItem(STORAGE_KEYS.currentDeclarationId);
    else localStorage.setItem(STORAGE_KEYS.currentDeclarationId, String(id));
  },
  setBankName(name: string | null) {
    if (name) localStorage.setItem(STORAGE_KEYS.bankName, name);
    else localStorage.removeItem(STORAGE_KEYS.bankName);
  },
  /** What a lost session clears (docs/accounts.md): token, current declaration id and payment. */
  clearAfterSessionError() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.currentDeclarationId);
    localStorage.removeItem(STORAGE_KEYS.payment);
  },
  /** Logout clears user, token and session (docs/accounts.md). */
  logout() {
    for (const k of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.session,
      STORAGE_KEYS.currentDeclarationId,
      STORAGE_KEYS.payment,
      STORAGE_KEYS.b2bId,
    ]) {
      localStorage.removeItem(k);
    }
  },
};
