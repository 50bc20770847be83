import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { session } from '../../shared/session/storage.ts';

const STEPS = ['landing:step1', 'onboarding:slides.data.title', 'landing:step3', 'landing:step4'] as const;

/** The landing page after session loss (docs/accounts.md). */
export default function LandingPage() {
  const { t } = useTranslation(['landing', 'onboarding', 'common']);
  if (session.token()) return <Navigate to="/app" replace />;
  return (
    <Stack gap="lg" maw={720} mx="auto" py="xl">
      <Title order={1}>{t('title')}</Title>
      <Text size="lg">{t('lead')}</Text>
      <List spacing="xs">
        {STEPS.map((k) => (
          <List.Item key={k}>{t(k)}</List.Item>
        ))}
      </List>
      <Group>
        <Button component={Link} to="/auth/login" size="md">
          {t('common:actions.signIn')}
        </Button>
        <Button component={Link} to="/auth/register" size="md" variant="light">
          {t('common:actions.signUp')}
        </Button>
      </Group>
    </Stack>
  );
}
