import { MSG } from '@deklarant/contracts';
import { Button, MantineProvider, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/ru';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError, setSessionErrorHandler } from '../shared/api/client.ts';
import { useLayout } from '../shared/layout/useBreakpoint.ts';
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
        title: kind === 'unauthorized' ? MSG.authErrorTitle : MSG.sessionInterrupted,
        centered: true,
        onClose: () => void router.navigate('/'),
        children: (
          <Stack>
            <Text data-testid="session-error-text">{kind === 'unauthorized' ? MSG.authErrorText : message}</Text>
            <Button onClick={close}>Закрыть</Button>
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

export function Providers() {
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Удалить', cancel: 'Отменить' }}>
            <Notifications position="top-right" />
            <Shell />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
