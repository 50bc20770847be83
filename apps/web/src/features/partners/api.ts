import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { STORAGE_KEYS, session } from '../../shared/session/storage.ts';

export interface PartnerLinks {
  download?: string;
  mobile_download?: string;
  register?: string;
  messenger?: string;
}

/** A partner's public settings (GET /api/partners/current): theme, price, links and flags. */
export interface Partner {
  id: number;
  name: string;
  title: string;
  theme: 'default' | 'halyk';
  price: string | null;
  links: PartnerLinks;
  allow_upload: boolean;
  pdf_preview: boolean;
  skip_personal_data: boolean;
  redirect_to_mobile: boolean;
}

export interface PartnerState {
  partner: Partner | null;
  session: 'B2C' | 'B2B' | 'manager';
  has_email: boolean;
  has_name: boolean;
  declarations: number;
  /** docs/accounts.md: B2B without email or name -> 1; with declarations -> 2; otherwise 3 */
  initial_step: 1 | 2 | 3;
}

export const partnerQuery = queryOptions({
  queryKey: ['partners', 'current'],
  queryFn: async ({ signal }) =>
    (await api.get<{ data: PartnerState }>('/api/partners/current', undefined, signal)).data,
  staleTime: 60_000,
});

export const usePartnerState = () => useQuery(partnerQuery);

/** POST /api/auth/login-via-broker, then the B2B session in local storage ('B2B', B2B_id, bank_name). */
export async function loginViaBroker(id: string, bankName: string | null) {
  const res = await api.post<{ success: boolean; token: string; broker: string }>(
    '/api/auth/login-via-broker',
    { id, ...(bankName ? { bank_name: bankName } : {}) },
    { skipSessionErrors: true },
  );
  session.signIn(res.token, 'B2B');
  localStorage.setItem(STORAGE_KEYS.b2bId, id);
  session.setBankName(bankName);
  return res;
}

export const b2bApi = {
  requestCode: (email: string) => api.post<{ user_exist: boolean }>('/api/partners/b2b/get-code', { email }),
  register: (body: {
    name: string;
    surname: string;
    phone: string;
    email: string;
    personalDataCheck: boolean;
    publicOfferCheck: boolean;
    code: string;
  }) => api.post<{ success: boolean }>('/api/partners/b2b/register', body),
  /** 401 is 'Неверный пароль' here, not a lost session. */
  connect: (email: string, password: string) =>
    api.post<{ success: boolean; token: string }>(
      '/api/auth/connect-client-to-account',
      { email, password },
      { skipSessionErrors: true },
    ),
};
