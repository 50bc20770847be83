import { emptyToNull } from '@deklarant/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../shared/api/me.ts';
import { tKey } from '../../shared/i18n/index.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { formatPhone } from '../../shared/ui/masks.ts';
import { fullName, ProfileLayout } from './ProfileLayout.tsx';

/** /app/personal: the profile menu (docs/accounts.md). */
export default function ProfilePage() {
  const { mobile, breakpoint } = useLayout();
  const { t } = useTranslation(['profile', 'common']);
  if (mobile || breakpoint === 'tablet') return <ProfileLayout />;
  return (
    <ProfileLayout title={t('title')}>
      <Overview />
    </ProfileLayout>
  );
}

function Overview() {
  const me = useMe().data;
  const { t } = useTranslation(['profile', 'common']);
  if (!me) return null;
  const missing = !emptyToNull(me.iin) || !emptyToNull(me.phone);
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('overview.hello', { name: emptyToNull(me.name) ?? fullName(me) })}
          </Title>
          <Text c="dimmed">{t('overview.lead')}</Text>
          {missing && (
            <Text c="orange.8" size="sm">
              {t('overview.missing')}
            </Text>
          )}
          <Group mt="xs">
            <Button component={Link} to="/app/personal/edit">
              {t('links.edit')}
            </Button>
            <Button component={Link} to="/app/personal/history" variant="default">
              {t('links.history')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <SimpleGrid cols={3}>
        {[
          ['profile:links.newForm', 'profile:overview.newFormText', '/app/declaration?step=3'],
          ['profile:links.savedForms', 'profile:overview.savedFormsText', '/app/declaration?step=2'],
          ['common:nav.tariffs', 'profile:overview.tariffsText', '/app/tariffInformation'],
        ].map(([title, text, to]) => (
          <Card key={to} withBorder radius="lg" padding="md" component={Link} to={to as string}>
            <Text fw={600}>{tKey(title as string)}</Text>
            <Text size="sm" c="dimmed">
              {tKey(text as string)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('overview.email', { email: me.email })}
        {emptyToNull(me.phone) ? t('overview.phone', { phone: formatPhone(me.phone) }) : ''}
      </Text>
    </Stack>
  );
}
