import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { i18next } from '../../shared/i18n/index.ts';

/**
 * Leaving a form with unsaved changes asks first (errors: exitConfirm / cancel). Returns `allowLeave`,
 * called right before a deliberate navigation (after a save).
 */
export function useLeaveConfirm(dirty: boolean): () => void {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowed.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    modals.openConfirmModal({
      title: i18next.t('errors:deleteTitle'),
      centered: true,
      children: i18next.t('errors:exitUnsaved'),
      labels: { confirm: i18next.t('errors:exitConfirm'), cancel: i18next.t('errors:cancel') },
      onConfirm: () => {
        decided = true;
        blocker.proceed?.();
      },
      onCancel: () => {
        decided = true;
        blocker.reset?.();
      },
      onClose: () => {
        if (!decided) blocker.reset?.();
      },
    });
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return () => {
    allowed.current = true;
  };
}
