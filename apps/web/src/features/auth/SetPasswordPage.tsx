import { Alert, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { localizedResolver } from '../../shared/i18n/index.ts';
import { AuthStep } from './AuthCard.tsx';
import { authApi } from './api.ts';
import { NewPasswordForm, PasswordFields } from './PasswordFields.tsx';

/** Set-password view: the hash from the emailed link; without it, the login (docs/accounts.md). */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const hash = params.get('hash');
  if (!hash) return <Navigate to="/auth/login" replace />;
  return <SetPasswordForm hash={hash} />;
}

function SetPasswordForm({ hash }: { hash: string }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | undefined>();
  const form = useForm<NewPasswordForm>({
    resolver: localizedResolver(NewPasswordForm),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    setNotice(undefined);
    try {
      await authApi.setPassword({ hash, ...v });
      notifications.show({ color: 'green', message: t('setPassword.saved') });
      navigate('/auth/login', { replace: true });
    } catch (e) {
      setNotice(e instanceof ApiError ? e.message : t('errors:tryAgain'));
    }
  });
  return (
    <AuthStep title={t('setPassword.title')} lead={t('setPassword.lead')}>
      <form onSubmit={submit} noValidate data-testid="set-password-form">
        <Stack gap="sm">
          {notice && (
            <Alert color="red" role="alert">
              {notice}
            </Alert>
          )}
          <PasswordFields register={form.register} errors={form.formState.errors} />
          <Button type="submit" size="md" loading={form.formState.isSubmitting} fullWidth>
            {t('common:actions.savePassword')}
          </Button>
        </Stack>
      </form>
    </AuthStep>
  );
}
