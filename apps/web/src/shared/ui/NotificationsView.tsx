import { Notifications } from '@mantine/notifications';

export default function NotificationsView() {
  return <Notifications position="top-right" />;
}
