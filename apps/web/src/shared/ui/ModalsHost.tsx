import { Button, Stack, Text } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setSessionErrorHandler } from '../api/client.ts';
import { i18next } from '../i18n/index.ts';

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
 * area and Floating UI, so it is mounted with the signed-in screens and stays out of the login page's bundle.
 */
export function ModalsHost({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  useSessionDialogs();
  return (
    <ModalsProvider labels={{ confirm: t('actions.delete'), cancel: t('actions.cancel') }}>{children}</ModalsProvider>
  );
}
