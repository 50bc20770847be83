import { Button, MantineProvider, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiError, setSessionErrorHandler } from '../shared/api/client.ts';
import { i18next } from '../shared/i18n/index.ts';
import { useLayout } from '../shared/layout/useBreakpoint.ts';
import { Loading } from '../shared/ui/Loading.tsx';
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

/** The session error catalogue of docs/accounts.md: a dialog, then the landing page. */
function useSessionDialogs() {
  useEffect(() => {
    setSessionErrorHandler((kind, message) => {
      queryClient.clear();
      const id = 'session-error';
      modals.closeAll();
      const close = () => {
        modals.close(id);
        void router.navigate('/');
      };
      modals.open({
        modalId: id,
        title: i18next.t(kind === 'unauthorized' ? 'errors:authErrorTitle' : 'errors:sessionInterrupted'),
        centered: true,
        onClose: () => void router.navigate('/'),
        children: (
          <Stack>
            <Text data-testid="session-error-text">
              {kind === 'unauthorized' ? i18next.t('errors:authErrorText') : message}
            </Text>
            <Button onClick={close}>{i18next.t('common:actions.close')}</Button>
          </Stack>
        ),
      });
    });
  }, []);
}

/** Exposes the breakpoint on <html data-breakpoint> for CSS hooks and tests. */
function useBreakpointAttribute() {
  const { breakpoint } = useLayout();
  useEffect(() => {
    document.documentElement.dataset.breakpoint = breakpoint;
  }, [breakpoint]);
}

function Shell() {
  useSessionDialogs();
  useBreakpointAttribute();
  return <RouterProvider router={router} />;
}

/** Mantine's dates and dialogs in the active language (dayjs locales ru, kk, en). */
function LocalizedProviders() {
  const { t, i18n } = useTranslation('common');
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: t('actions.delete'), cancel: t('actions.cancel') }}>
          <Notifications position="top-right" />
          <Shell />
        </ModalsProvider>
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
