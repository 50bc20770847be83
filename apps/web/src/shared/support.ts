import { useQuery } from '@tanstack/react-query';
import { api } from './api/client.ts';

/**
 * Support messenger link until the configured one (GET /api/common/get-contacts, server config
 * SUPPORT_CONTACT_URL) has answered.
 */
export const SUPPORT_MESSENGER_URL = 'https://t.me/deklarant_support';

export interface Contacts {
  consultant_url: string;
  support_url: string;
}

/** The messenger contacts, named in one place: the server's configuration. */
export function useContacts() {
  return useQuery({
    queryKey: ['reference', 'get-contacts'],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Contacts }>('/api/common/get-contacts', undefined, signal)).data,
    staleTime: 30 * 60_000,
  });
}

/** The support chat: the configured address, or the fallback while it loads. */
export const useSupportUrl = () => useContacts().data?.support_url ?? SUPPORT_MESSENGER_URL;
