import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiError } from '../shared/api/client.ts';
import { i18next } from '../shared/i18n/index.ts';
import { useLayout } from '../shared/layout/useBreakpoint.ts';
import { Loading } from '../shared/ui/Loading.tsx';
import { NotificationsHost } from '../shared/ui/NotificationsHost.tsx';
import { router } from './router.tsx';
import { theme } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

// Reference lists and answers come in the active language (Accept-Language, lang cookie): a new language
// fetches them again.
let answeredLanguage = i18next.language;
i18next.on('languageChanged', (lng: string) => {
  if (lng === answeredLanguage) return;
  answeredLanguage = lng;
  void queryClient.invalidateQueries();
});

/** Exposes the breakpoint on <html data-breakpoint> for CSS hooks and tests. */
function useBreakpointAttribute() {
  const { breakpoint } = useLayout();
  useEffect(() => {
    document.documentElement.dataset.breakpoint = breakpoint;
  }, [breakpoint]);
}

function Shell() {
  useBreakpointAttribute();
  return <RouterProvider router={router} />;
}

/** Mantine's dates in the active language (dayjs locales ru, kk, en). */
function LocalizedProviders() {
  const { i18n } = useTranslation('common');
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        <Shell />
      </QueryClientProvider>
    </DatesProvider>
  );
}

export function Providers() {
  return (
    <MantineProvider theme={theme}>
      {/* a screen's catalogue is fetched the first time it is shown */}
      <Suspense fallback={<Loading />}>
        <LocalizedProviders />
      </Suspense>
    </MantineProvider>
  );
}
