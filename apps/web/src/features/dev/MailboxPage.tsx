import { Alert, Badge, Card, Center, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../shared/api/client.ts';
import { formatAlmatyDateTime } from '../../shared/ui/dates.ts';
import { Loading } from '../../shared/ui/Loading.tsx';

interface Letter {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  code: string | null;
  created_at: string;
}

/** /dev/mailbox: the development outbox (README.md); absent in production. */
export default function MailboxPage() {
  const { t } = useTranslation('dev');
  const [email, setEmail] = useState(() => new URLSearchParams(window.location.search).get('email') ?? '');
  const [debounced] = useDebouncedValue(email.trim(), 400);
  const outbox = useQuery({
    queryKey: ['dev-outbox', debounced],
    queryFn: ({ signal }) => api.get<{ data: Letter[] }>('/api/dev/outbox', { email: debounced }, signal),
    refetchInterval: 5000,
  });
  const letters = outbox.data?.data ?? [];
  return (
    <Stack gap="md" maw={960} mx="auto" data-testid="dev-mailbox">
      <Title order={1}>{t('mailbox.title')}</Title>
      <Alert color="yellow" title={t('mailbox.warningTitle')}>
        {t('mailbox.warning')}
      </Alert>
      <TextInput
        label={t('mailbox.recipient')}
        description={t('mailbox.recipientHint')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        maw={420}
      />
      {outbox.isPending ? (
        <Loading />
      ) : outbox.isError ? (
        <Alert color="red" role="alert">
          {outbox.error instanceof ApiError && outbox.error.status === 404
            ? t('mailbox.unavailable')
            : t('mailbox.loadFailed')}
        </Alert>
      ) : letters.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{debounced ? t('mailbox.emptyFor', { email: debounced }) : t('mailbox.empty')}</Text>
        </Center>
      ) : (
        letters.map((l) => (
          <Card key={l.id} withBorder radius="md" padding="md" data-testid="dev-letter">
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {l.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatAlmatyDateTime(l.created_at)}
                </Text>
              </Group>
              <Group gap="xs">
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('mailbox.to', { to: l.to })}
                </Text>
                {l.code && (
                  <Badge size="lg" variant="light" data-testid="dev-letter-code">
                    {t('mailbox.code', { code: l.code })}
                  </Badge>
                )}
              </Group>
              <Text size="sm" component="pre" style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>
                {l.text}
              </Text>
              <details>
                <summary style={{ cursor: 'pointer' }}>
                  <Text span size="sm" c="brand.7">
                    {t('mailbox.showHtml')}
                  </Text>
                </summary>
                <iframe
                  title={t('mailbox.htmlTitle', { subject: l.subject })}
                  sandbox=""
                  srcDoc={l.html}
                  style={{ width: '100%', height: 360, border: '1px solid var(--mantine-color-gray-3)', marginTop: 8 }}
                />
              </details>
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
