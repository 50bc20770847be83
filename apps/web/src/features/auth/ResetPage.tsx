import { Email, MSG } from '@deklarant/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Progress, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { CodeInput, ResendCode } from '../../shared/ui/CodeField.tsx';
import { useCountdown } from '../../shared/ui/countdown.ts';
import { AuthStep } from './AuthCard.tsx';
import { authApi } from './api.ts';
import { NewPasswordForm, PasswordFields } from './PasswordFields.tsx';

const EmailForm = z.object({ email: Email });
const CodeForm = z.object({ code: z.string().trim().min(1, MSG.required) });

const STEP_LABELS = ['Email', 'Код', 'Пароль', 'Готово'] as const;

const message = (e: unknown) => (e instanceof ApiError ? e.message : MSG.tryAgain);

/** /auth/reset: 1 email, 2 code (60 s before resend), 3 new password, 4 success (docs/accounts.md). */
export default function ResetPage() {
  const [step, setStep] = useState<1 | 2 | 3 | 4>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | undefined>();
  const countdown = useCountdown();
  const { mobile } = useLayout();

  const emailForm = useForm<z.input<typeof EmailForm>, unknown, z.output<typeof EmailForm>>({
    resolver: zodResolver(EmailForm),
    defaultValues: { email: '' },
  });
  const codeForm = useForm<z.infer<typeof CodeForm>>({ resolver: zodResolver(CodeForm), defaultValues: { code: '' } });
  const passwordForm = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const requestCode = async (to: string) => {
    setNotice(undefined);
    try {
      await authApi.getCode(to, 2);
      countdown.start();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) emailForm.setError('email', { message: MSG.emailUnknown });
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
        codeForm.setError('code', { message: MSG.wrongCode });
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
    <AuthStep title="Восстановление пароля">
      {mobile ? (
        <Stack gap={6} data-testid="reset-progress">
          <Text size="sm" fw={500}>
            Шаг {step} из 4: {STEP_LABELS[step - 1]}
          </Text>
          <Progress value={step * 25} size="sm" aria-label={`Шаг ${step} из 4`} />
        </Stack>
      ) : (
        <Stepper
          active={step - 1}
          size="xs"
          iconSize={28}
          allowNextStepsSelect={false}
          aria-label="Шаги восстановления"
        >
          {STEP_LABELS.map((l) => (
            <Stepper.Step key={l} label={l} />
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
              Укажите email, с которым вы регистрировались. Мы отправим на него код подтверждения.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              error={emailForm.formState.errors.email?.message}
              {...emailForm.register('email')}
            />
            <Button type="submit" size="md" loading={emailForm.formState.isSubmitting} fullWidth>
              Получить код
            </Button>
            <Anchor component={Link} to="/auth/login" size="sm" ta="center">
              Вернуться ко входу
            </Anchor>
          </Stack>
        </form>
      )}
      {step === 2 && (
        <form onSubmit={submitCode} noValidate data-testid="reset-code-form">
          <Stack gap="sm">
            <Text size="sm">
              Код отправлен на <b>{email}</b>.
            </Text>
            <CodeInput error={codeForm.formState.errors.code?.message} {...codeForm.register('code')} />
            <ResendCode left={countdown.left} label={countdown.label} onResend={() => void requestCode(email)} />
            <Button type="submit" size="md" loading={codeForm.formState.isSubmitting} fullWidth>
              Продолжить
            </Button>
            <Button
              variant="default"
              onClick={() => {
                codeForm.reset({ code: '' });
                setStep(1);
              }}
            >
              Изменить email
            </Button>
          </Stack>
        </form>
      )}
      {step === 3 && (
        <form onSubmit={submitPassword} noValidate data-testid="reset-password-form">
          <Stack gap="sm">
            <PasswordFields register={passwordForm.register} errors={passwordForm.formState.errors} />
            <Button type="submit" size="md" loading={passwordForm.formState.isSubmitting} fullWidth>
              Сохранить пароль
            </Button>
          </Stack>
        </form>
      )}
      {step === 4 && (
        <Stack gap="sm" data-testid="reset-success">
          <Alert color="green">Пароль изменен. Войдите с новым паролем.</Alert>
          <Button component={Link} to="/auth/login" state={{ email }} size="md" fullWidth>
            Войти
          </Button>
        </Stack>
      )}
    </AuthStep>
  );
}
