import { Email, MSG } from '@deklarant/contracts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { localizedResolver } from '../../shared/i18n/index.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { Captcha, useCaptcha } from '../../shared/ui/Captcha.tsx';
import { AuthStep } from './AuthCard.tsx';
import { authApi, isCaptchaError } from './api.ts';
import { NewPasswordForm, PasswordFields } from './PasswordFields.tsx';
import { useSignIn } from './useSignIn.ts';

const LoginForm = z.object({ email: Email, password: z.string().min(1, MSG.passwordRequired) });
type LoginForm = z.infer<typeof LoginForm>;

type Step = { kind: 'login' } | { kind: 'change'; email: string; oldPassword: string } | { kind: 'blocked' };

/** /auth/login: 1 login, 2 new password when the server demands it, 3 blocked for 60 minutes (docs/accounts.md). */
export default function LoginPage() {
  const [step, setStep] = useState<Step>({ kind: 'login' });
  const [notice, setNotice] = useState<string | undefined>();
  if (step.kind === 'blocked') return <BlockedStep onBack={() => setStep({ kind: 'login' })} />;
  if (step.kind === 'change')
    return (
      <ChangePasswordStep
        email={step.email}
        oldPassword={step.oldPassword}
        onRelogin={(message) => {
          setNotice(message);
          setStep({ kind: 'login' });
        }}
      />
    );
  return (
    <LoginStep
      notice={notice}
      onBlocked={() => setStep({ kind: 'blocked' })}
      onMustChange={(email, oldPassword) => setStep({ kind: 'change', email, oldPassword })}
    />
  );
}

function LoginStep({
  notice,
  onBlocked,
  onMustChange,
}: {
  notice?: string;
  onBlocked: () => void;
  onMustChange: (email: string, oldPassword: string) => void;
}) {
  const location = useLocation();
  const { mobile } = useLayout();
  const presetEmail = (location.state as { email?: string } | null)?.email ?? '';
  const signIn = useSignIn();
  const captcha = useCaptcha();
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [formError, setFormError] = useState<string | undefined>(notice);
  const form = useForm<LoginForm>({
    resolver: localizedResolver(LoginForm),
    defaultValues: { email: presetEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    setFormError(undefined);
    if (!captcha.check()) return;
    try {
      const res = await authApi.login({ ...v, captcha: captcha.value });
      if (res.must_change_password) return onMustChange(v.email, v.password);
      if (res.token) return await signIn(res.token);
      setFormError(t('errors:tryAgain'));
    } catch (e) {
      captcha.reset();
      if (!(e instanceof ApiError)) return setFormError(t('errors:tryAgain'));
      if (isCaptchaError(e.status, e.message, e.errors)) return setFormError(t('login.captchaFailed'));
      if (e.status === 401) return form.setError('email', { message: e.message });
      if (e.status === 403) return onBlocked();
      if (e.status === 500) return form.setError('email', { message: t('errors:userNotFound') });
      setFormError(e.message);
    }
  });

  return (
    <AuthStep title={t('login.title')} lead={t('login.lead')}>
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="sm">
          {formError && (
            <Alert color="orange" data-testid="login-notice" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t('common:fields.email')}
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('common:fields.password')}
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/reset" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Captcha state={captcha} />
          <Button type="submit" loading={isSubmitting} fullWidth size="md">
            {t('common:actions.signIn')}
          </Button>
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to="/auth/register">
              {t('common:actions.signUp')}
            </Anchor>
          </Text>
          {mobile && (
            <Anchor component={Link} to="/auth/login?onboarding=1" size="sm" ta="center">
              {t('login.howItWorks')}
            </Anchor>
          )}
        </Stack>
      </form>
    </AuthStep>
  );
}

function ChangePasswordStep({
  email,
  oldPassword,
  onRelogin,
}: {
  email: string;
  oldPassword: string;
  onRelogin: (message: string) => void;
}) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const signIn = useSignIn();
  const captcha = useCaptcha();
  const [formError, setFormError] = useState<string | undefined>();
  const form = useForm<NewPasswordForm>({
    resolver: localizedResolver(NewPasswordForm),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    setFormError(undefined);
    if (!captcha.check()) return;
    try {
      await authApi.changePassword({ email, old_password: oldPassword, ...v });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 422 || e.status === 400)) {
        if (e.errors.old_password) return setFormError(e.message);
        return form.setError('password', { message: t('errors:passwordMustDiffer') });
      }
      return setFormError(e instanceof ApiError ? e.message : t('errors:tryAgain'));
    }
    // The password is changed: log in again with the new one.
    try {
      const res = await authApi.login({ email, password: v.password, captcha: captcha.value });
      if (res.token) return await signIn(res.token);
    } catch {
      // fall through: the new password works, the visitor logs in by hand
    }
    onRelogin(t('passwordChanged'));
  });

  return (
    <AuthStep title={t('change.title')}>
      <form onSubmit={submit} noValidate data-testid="change-password-form">
        <Stack gap="sm">
          <Alert color="yellow" data-testid="password-expired">
            {t('errors:passwordExpired')}
          </Alert>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput label={t('common:fields.email')} value={email} disabled readOnly />
          <PasswordFields register={form.register} errors={errors} />
          <Captcha state={captcha} />
          <Button type="submit" loading={isSubmitting} fullWidth size="md">
            {t('change.submit')}
          </Button>
        </Stack>
      </form>
    </AuthStep>
  );
}

function BlockedStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  return (
    <AuthStep title={t('blocked.title')}>
      <Stack gap="md" data-testid="login-blocked">
        <svg viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" style={{ alignSelf: 'center' }}>
          <rect x="22" y="40" width="76" height="52" rx="10" fill="var(--mantine-color-brand-1)" />
          <path
            d="M38 40V28a22 22 0 0 1 44 0v12"
            fill="none"
            stroke="var(--mantine-color-brand-6)"
            strokeWidth="8"
            strokeLinecap="round"
          />
          <circle cx="60" cy="62" r="8" fill="var(--mantine-color-brand-6)" />
          <rect x="57" y="64" width="6" height="16" rx="3" fill="var(--mantine-color-brand-6)" />
        </svg>
        <Alert color="red" role="alert">
          {t('errors:accountBlocked')}
        </Alert>
        <Text size="sm">{t('blocked.text')}</Text>
        <Button component={Link} to="/auth/reset" fullWidth>
          {t('common:actions.restorePassword')}
        </Button>
        <Button variant="default" onClick={onBack} fullWidth>
          {t('common:actions.backToLogin')}
        </Button>
      </Stack>
    </AuthStep>
  );
}
