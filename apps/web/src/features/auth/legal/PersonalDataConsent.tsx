import { Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const DATA = ['consent.data1', 'consent.data2', 'consent.data3', 'consent.data4'] as const;
const PARTS = [
  ['consent.purposeTitle', 'consent.purpose'],
  ['consent.actionsTitle', 'consent.actions'],
  ['consent.termTitle', 'consent.term'],
] as const;

/** The personal-data consent text (docs/accounts.md dialogs; storage term of docs/accounts.md). */
export function PersonalDataConsentText() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Stack gap="sm" fz="sm">
      <Text size="sm">{t('consent.intro')}</Text>
      <Text size="sm" fw={600}>
        {t('consent.dataTitle')}
      </Text>
      <List size="sm" spacing={4}>
        {DATA.map((k) => (
          <List.Item key={k}>{t(k)}</List.Item>
        ))}
      </List>
      {PARTS.map(([title, text]) => [
        <Text key={title} size="sm" fw={600}>
          {t(title)}
        </Text>,
        <Text key={text} size="sm">
          {t(text)}
        </Text>,
      ])}
    </Stack>
  );
}

/** The personal-data consent dialog opened from the registration checkbox. */
export function PersonalDataConsentDialog({
  opened,
  onClose,
  onAccept,
}: {
  opened: boolean;
  onClose: () => void;
  onAccept?: () => void;
}) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('consent.title')}
      size="lg"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack>
        <PersonalDataConsentText />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
          {onAccept && <Button onClick={onAccept}>{t('consent.accept')}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
