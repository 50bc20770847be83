import type { Profile } from '@deklarant/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './queryKeys.ts';

export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async ({ signal }) => (await api.get<{ data: Profile }>('/api/authenticated', undefined, signal)).data,
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQuery);
