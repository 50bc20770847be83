import { ModalsProvider } from '@mantine/modals';
import { useTranslation } from 'react-i18next';

/** Mantine's dialog provider in the active language; the screens open dialogs through `modals` events. */
export default function Dialogs() {
  const { t } = useTranslation('common');
  return <ModalsProvider labels={{ confirm: t('actions.delete'), cancel: t('actions.cancel') }}>{null}</ModalsProvider>;
}
