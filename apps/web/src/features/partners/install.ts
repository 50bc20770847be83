import { notifications } from '@mantine/notifications';
import { i18next } from '../../shared/i18n/index.ts';
import { session } from '../../shared/session/storage.ts';
import { loginViaBroker } from './api.ts';

/**
 * Onboarding with ?id=&bank_name= (docs/accounts.md): log in via the broker, then /app. An unknown
 * client or partner keeps the visitor on the login screen with the server's message.
 * The app shell installs it as the onboarding's broker entry handler.
 */
export async function brokerEntry(
  id: string,
  bankName: string | null,
  go: (to: string) => void = (to) => window.location.replace(to),
) {
  session.logout();
  try {
    await loginViaBroker(id, bankName);
    go('/app');
  } catch (e) {
    notifications.show({
      color: 'red',
      title: i18next.t('partners:brokerEntryFailed'),
      message: e instanceof Error ? e.message : i18next.t('errors:tryAgain'),
      autoClose: false,
    });
  }
}
