import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setSessionErrorHandler } from '../api/client.ts';
import { i18next } from '../i18n/index.ts';

const Dialogs = lazy(() => import('./Dialogs.tsx'));

/** The session error catalogue of docs/accounts.md: a dialog, then the landing page. */
function useSessionDialogs() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    setSessionErrorHandler((kind, message) => {
      queryClient.clear();
      const id = 'session-error';
      modals.closeAll();
      const close = () => {
        modals.close(id);
        void navigate('/');
      };
      modals.open({
        modalId: id,
        title: i18next.t(kind === 'unauthorized' ? 'errors:authErrorTitle' : 'errors:sessionInterrupted'),
        centered: true,
        onClose: () => void navigate('/'),
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
    return () => setSessionErrorHandler(() => {});
  }, [queryClient, navigate]);
}

/**
 * Dialogs (confirmations, the session error) for the signed-in layouts. Mantine's Modal brings its scroll
 * area and Floating UI: it is loaded beside the screen, not before it (the screens open dialogs through the
 * `modals` events, which need the provider mounted, not wrapped around them), and stays out of the login page.
 */
export function ModalsHost({ children }: { children: ReactNode }) {
  useSessionDialogs();
  return (
    <>
      <Suspense fallback={null}>
        <Dialogs />
      </Suspense>
      {children}
    </>
  );
}
