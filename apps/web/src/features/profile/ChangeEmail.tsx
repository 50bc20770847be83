import { Email, MSG } from '@deklarant/contracts';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { localizedResolver } from '../../shared/i18n/index.ts';
import { CodeInput, ResendCode } from '../../shared/ui/CodeField.tsx';
import { useCountdown } from '../../shared/ui/countdown.ts';
import { accountApi } from './api.ts';

const EmailForm = z.object({ email: Email });
const CodeForm = z.object({ code: z.string().trim().min(1, MSG.required) });

/**
 * Change email, stages 2-4 of docs/accounts.md (stage 1 is the data form): 2 new email,
 * 3 code sent to the OLD email (60 s before resend), 4 'Поздравляем!'.
 */
export function ChangeEmail({ currentEmail, onClose }: { currentEmail: string; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const [stage, setStage] = useState<2 | 3 | 4>(2);
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | undefined>();
  const countdown = useCountdown();
  const qc = useQueryClient();
  const emailForm = useForm<z.input<typeof EmailForm>, unknown, z.output<typeof EmailForm>>({
    resolver: localizedResolver(EmailForm),
    defaultValues: { email: '' },
  });
  const codeForm = useForm<z.infer<typeof CodeForm>>({
    resolver: localizedResolver(CodeForm),
    defaultValues: { code: '' },
  });

  const requestCode = async (to: string) => {
    setNotice(undefined);
    try {
      await accountApi.getCodeChangeEmail(to);
      countdown.start();
      notifications.show({ color: 'green', message: t('errors:codeSentToOldEmail') });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        emailForm.setError('email', { message: t('errors:emailTaken') });
        setStage(2);
      } else setNotice(e instanceof ApiError ? e.message : t('errors:tryAgain'));
      return false;
    }
  };

  const submitEmail = emailForm.handleSubmit(async (v) => {
    if (await requestCode(v.email)) {
      setEmail(v.email);
      setStage(3);
    }
  });

  const submitCode = codeForm.handleSubmit(async (v) => {
    setNotice(undefined);
    try {
      const res = await accountApi.setNewEmail(email, v.code);
      if (res.errors?.email) {
        emailForm.setError('email', { message: t('errors:emailTaken') });
        return setStage(2);
      }
      if (res.errors?.code || !res.success) return codeForm.setError('code', { message: t('errors:wrongCode') });
      await qc.invalidateQueries({ queryKey: queryKeys.me });
      setStage(4);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.errors.email) {
        emailForm.setError('email', { message: t('errors:emailTaken') });
        return setStage(2);
      }
      if (e instanceof ApiError && (e.status === 422 || e.status === 400))
        return codeForm.setError('code', { message: t('errors:wrongCode') });
      setNotice(e instanceof ApiError ? e.message : t('errors:tryAgain'));
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="change-email" data-stage={stage}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('changeEmail.title')}
        </Title>
        {notice && (
          <Alert color="red" role="alert">
            {notice}
          </Alert>
        )}
        {stage === 2 && (
          <form onSubmit={submitEmail} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('changeEmail.current', { email: currentEmail })}
              </Text>
              <TextInput
                label={t('changeEmail.newEmail')}
                type="email"
                autoComplete="email"
                error={emailForm.formState.errors.email?.message}
                {...emailForm.register('email')}
              />
              <Group>
                <Button type="submit" loading={emailForm.formState.isSubmitting}>
                  {t('common:actions.getCode')}
                </Button>
                <Button variant="default" onClick={onClose}>
                  {t('errors:cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {stage === 3 && (
          <form onSubmit={submitCode} noValidate>
            <Stack gap="sm">
              <Alert color="blue" data-testid="code-sent-notice">
                {t('errors:codeSentToOldEmail')}
              </Alert>
              <Text size="sm">
                <Trans t={t} i18nKey="changeEmail.newEmailShown" values={{ email }} components={{ b: <b /> }} />
              </Text>
              <CodeInput error={codeForm.formState.errors.code?.message} {...codeForm.register('code')} />
              <ResendCode left={countdown.left} label={countdown.label} onResend={() => void requestCode(email)} />
              <Group>
                <Button type="submit" loading={codeForm.formState.isSubmitting}>
                  {t('common:actions.confirm')}
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    codeForm.reset({ code: '' });
                    setStage(2);
                  }}
                >
                  {t('common:actions.changeEmail')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {stage === 4 && (
          <Stack gap="sm" data-testid="change-email-success">
            <Title order={3} c="green.8">
              {t('errors:congratulations')}
            </Title>
            <Text>
              <Trans t={t} i18nKey="changeEmail.done" values={{ email }} components={{ b: <b /> }} />
            </Text>
            <Button onClick={onClose} w="fit-content">
              {t('changeEmail.backToData')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
