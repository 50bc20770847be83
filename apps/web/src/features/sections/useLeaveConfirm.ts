import { MSG } from '@deklarant/contracts';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving a form with unsaved changes asks first (MSG: Выйти / Отмена). Returns `allowLeave`,
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
      title: MSG.deleteTitle,
      centered: true,
      children: MSG.exitUnsaved,
      labels: { confirm: MSG.exitConfirm, cancel: MSG.cancel },
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
