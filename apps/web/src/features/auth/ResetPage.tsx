import { Email, MSG } from '@deklarant/contracts';
import { Alert, Anchor, Button, Progress, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { i18next, localizedResolver } from '../../shared/i18n/index.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { CodeInput, ResendCode } from '../../shared/ui/CodeField.tsx';
import { useCountdown } from '../../shared/ui/countdown.ts';
import { AuthStep } from './AuthCard.tsx';
import { authApi } from './api.ts';
import { NewPasswordForm, PasswordFields } from './PasswordFields.tsx';

const EmailForm = z.object({ email: Email });
const CodeForm = z.object({ code: z.string().trim().min(1, MSG.required) });

const STEP_LABELS = [
  'common:fields.email',
  'auth:reset.steps.code',
  'common:fields.password',
  'auth:reset.steps.done',
] as const;

const message = (e: unknown) => (e instanceof ApiError ? e.message : i18next.t('errors:tryAgain'));

/** /auth/reset: 1 email, 2 code (60 s before resend), 3 new password, 4 success (docs/accounts.md). */
export default function ResetPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [step, setStep] = useState<1 | 2 | 3 | 4>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | undefined>();
  const countdown = useCountdown();
  const { mobile } = useLayout();

  const emailForm = useForm<z.input<typeof EmailForm>, unknown, z.output<typeof EmailForm>>({
    resolver: localizedResolver(EmailForm),
    defaultValues: { email: '' },
  });
  const codeForm = useForm<z.infer<typeof CodeForm>>({
    resolver: localizedResolver(CodeForm),
    defaultValues: { code: '' },
  });
  const passwordForm = useForm<NewPasswordForm>({
    resolver: localizedResolver(NewPasswordForm),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const requestCode = async (to: string) => {
    setNotice(undefined);
    try {
      await authApi.getCode(to, 2);
      countdown.start();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) emailForm.setError('email', { message: t('errors:emailUnknown') });
      else setNotice(message(e));
      return false;
    }
  };

  const submitEmail = emailForm.handleSubmit(async (v) => {
    if (await requestCode(v.email)) {
      setEmail(v.email);
      setStep(2);
    }
  });

  const submitCode = codeForm.handleSubmit(async (v) => {
    setNotice(undefined);
    try {
      await authApi.checkCode(email, v.code, 2);
      setCode(v.code);
      setStep(3);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 422 || e.status === 400))
        codeForm.setError('code', { message: t('errors:wrongCode') });
      else setNotice(message(e));
    }
  });

  const submitPassword = passwordForm.handleSubmit(async (v) => {
    setNotice(undefined);
    try {
      await authApi.resetPassword({ email, code, ...v });
      setStep(4);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        if (e.errors.password) passwordForm.setError('password', { message: e.errors.password[0] ?? e.message });
        else setNotice(e.message);
      } else setNotice(message(e));
    }
  });

  return (
    <AuthStep title={t('reset.title')}>
      {mobile ? (
        <Stack gap={6} data-testid="reset-progress">
          <Text size="sm" fw={500}>
            {t('reset.stepOf', { step, label: t(STEP_LABELS[step - 1] ?? STEP_LABELS[0]) })}
          </Text>
          <Progress value={step * 25} size="sm" aria-label={t('reset.stepAria', { step })} />
        </Stack>
      ) : (
        <Stepper
          active={step - 1}
          size="xs"
          iconSize={28}
          allowNextStepsSelect={false}
          aria-label={t('reset.stepsAria')}
        >
          {STEP_LABELS.map((l) => (
            <Stepper.Step key={l} label={t(l)} />
          ))}
        </Stepper>
      )}
      {notice && (
        <Alert color="red" role="alert" data-testid="reset-notice">
          {notice}
        </Alert>
      )}
      {step === 1 && (
        <form onSubmit={submitEmail} noValidate data-testid="reset-email-form">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('reset.emailLead')}
            </Text>
            <TextInput
              label={t('common:fields.email')}
              type="email"
              autoComplete="email"
              error={emailForm.formState.errors.email?.message}
              {...emailForm.register('email')}
            />
            <Button type="submit" size="md" loading={emailForm.formState.isSubmitting} fullWidth>
              {t('common:actions.getCode')}
            </Button>
            <Anchor component={Link} to="/auth/login" size="sm" ta="center">
              {t('common:actions.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
      {step === 2 && (
        <form onSubmit={submitCode} noValidate data-testid="reset-code-form">
          <Stack gap="sm">
            <Text size="sm">
              <Trans t={t} i18nKey="reset.codeSent" values={{ email }} components={{ b: <b /> }} />
            </Text>
            <CodeInput error={codeForm.formState.errors.code?.message} {...codeForm.register('code')} />
            <ResendCode left={countdown.left} label={countdown.label} onResend={() => void requestCode(email)} />
            <Button type="submit" size="md" loading={codeForm.formState.isSubmitting} fullWidth>
              {t('common:actions.continue')}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                codeForm.reset({ code: '' });
                setStep(1);
              }}
            >
              {t('common:actions.changeEmail')}
            </Button>
          </Stack>
        </form>
      )}
      {step === 3 && (
        <form onSubmit={submitPassword} noValidate data-testid="reset-password-form">
          <Stack gap="sm">
            <PasswordFields register={passwordForm.register} errors={passwordForm.formState.errors} />
            <Button type="submit" size="md" loading={passwordForm.formState.isSubmitting} fullWidth>
              {t('common:actions.savePassword')}
            </Button>
          </Stack>
        </form>
      )}
      {step === 4 && (
        <Stack gap="sm" data-testid="reset-success">
          <Alert color="green">{t('passwordChanged')}</Alert>
          <Button component={Link} to="/auth/login" state={{ email }} size="md" fullWidth>
            {t('common:actions.signIn')}
          </Button>
        </Stack>
      )}
    </AuthStep>
  );
}
