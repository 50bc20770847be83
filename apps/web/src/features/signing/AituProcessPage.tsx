import type { SendSignedResult } from '@deklarant/contracts';
import { Alert, Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { session } from '../../shared/session/storage.ts';
import { SUPPORT_MESSENGER_URL } from '../../shared/support.ts';
import { sendSignedFile, signAgain } from './api.ts';
import { SubmissionPanel } from './SubmissionStatus.tsx';

type State = { kind: 'signed' } | { kind: 'sent'; result: SendSignedResult } | { kind: 'failed'; message: string };

/**
 * /aitu-process?code=… (the signing result): 'Подписание прошло успешно' with
 * 'Передать в налоговую', then 'Отправка данных прошла успешно' (with the tax office's answer as it comes)
 * or 'Не удалось отправить данные'. Without a code: 'Подписание не прошло'. Failures offer
 * 'Попробовать снова', 'Вернуться' and the support link (texts in MSG).
 */
export default function AituProcessPage() {
  const { t } = useTranslation(['signing', 'declarations', 'common', 'errors']);
  const [params] = useSearchParams();
  const code = params.get('code');
  const raw = session.currentDeclarationId();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const qc = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'signed' });
  const [busy, setBusy] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);

  const send = async () => {
    if (!code || id === null) return;
    setBusy(true);
    try {
      const result = await sendSignedFile(id, code);
      setState({ kind: 'sent', result });
      void qc.invalidateQueries({ queryKey: queryKeys.declarations.all });
    } catch (e) {
      setState({ kind: 'failed', message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const retrySigning = async () => {
    if (id === null) return;
    setBusy(true);
    setRetryError(null);
    try {
      await signAgain(id);
    } catch (e) {
      setRetryError((e as Error).message);
      setBusy(false);
    }
  };

  const failure = (title: string, message?: string, retry = retrySigning) => (
    <Result ok={false} title={title}>
      {message && <Text c="dimmed">{message}</Text>}
      {retryError && <Alert color="red">{retryError}</Alert>}
      <Group justify="center">
        <Button onClick={() => void retry()} loading={busy} data-testid="signing-retry">
          {t('tryAgain')}
        </Button>
        <Button variant="default" component={Link} to="/app/declaration?step=8">
          {t('back')}
        </Button>
      </Group>
      <Anchor href={SUPPORT_MESSENGER_URL} target="_blank" rel="noopener" size="sm">
        {t('support')}
      </Anchor>
    </Result>
  );

  if (!code) return failure(t('errors:signingFailed'), params.get('error_description') ?? undefined);
  if (state.kind === 'failed') return failure(t('errors:sendFailed'), state.message, send);
  if (state.kind === 'sent') {
    return (
      <Result ok title={t('errors:sendOk')}>
        {state.result.sent && id !== null ? (
          // 'Отправлено' until the tax office answers: then 'Принято' (number, date) or 'Отклонено' (reason)
          <SubmissionPanel id={id} />
        ) : (
          <Text c="dimmed">{t('signedNote')}</Text>
        )}
        <Group justify="center">
          <Button component={Link} to="/app/declaration?step=8" data-testid="open-declaration">
            {t('open')}
          </Button>
          <Button variant="default" component={Link} to="/app/declaration?step=2" data-testid="signing-done">
            {t('declarations:toMine')}
          </Button>
        </Group>
      </Result>
    );
  }
  return (
    <Result ok title={t('errors:signingOk')}>
      {id === null && <Alert color="yellow">{t('noDeclaration')}</Alert>}
      <Button onClick={() => void send()} loading={busy} disabled={id === null} data-testid="send-to-tax-office">
        {t('send')}
      </Button>
    </Result>
  );
}

function Result({ ok, title, children }: { ok: boolean; title: string; children?: React.ReactNode }) {
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl" data-testid="signing-result">
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color={ok ? 'teal' : 'red'} variant="light" aria-hidden>
          <Text fw={700} size="xl">
            {ok ? '✓' : '!'}
          </Text>
        </ThemeIcon>
        <Title order={2}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}
