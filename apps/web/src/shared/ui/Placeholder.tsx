import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A screen not built yet says so and names its area: never a blank page. */
export function Placeholder({ title, area }: { title: string; area: string }) {
  const { t } = useTranslation('common');
  return (
    <Card withBorder padding="xl" maw={640} mx="auto" mt="xl" data-testid="placeholder">
      <Stack gap="sm">
        <Title order={2}>{title}</Title>
        <Text>{t('placeholder.inDevelopment', { area })}</Text>
        <Text c="dimmed" size="sm">
          {t('placeholder.meanwhile')}
        </Text>
        <Button component={Link} to="/app/declaration?step=2" variant="light" w="fit-content">
          {t('actions.toMyDeclarations')}
        </Button>
      </Stack>
    </Card>
  );
}

export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <Card withBorder padding="xl" maw={640} mx="auto" mt="xl" data-testid="not-found">
      <Stack gap="sm">
        <Title order={2}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          {t('actions.toHome')}
        </Button>
      </Stack>
    </Card>
  );
}
