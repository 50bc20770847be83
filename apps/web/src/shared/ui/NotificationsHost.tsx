import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() => import('./NotificationsView.tsx'));

/**
 * Mantine's notifications, mounted with the first one shown: the store (notifications.show) is tiny, the
 * view with its transitions and scroll lock is not, and most pages (the login) never show one. Notifications
 * shown before the view has loaded wait in the store and appear when it does.
 */
export function NotificationsHost() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (notifications.length > 0) setNeeded(true);
  }, [notifications.length]);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
