import { Email, MSG, Password, Phone, personName } from '@deklarant/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { session } from '../../shared/session/storage.ts';
import { Captcha, useCaptcha } from '../../shared/ui/Captcha.tsx';
import { CodeInput, ResendCode } from '../../shared/ui/CodeField.tsx';
import { useCountdown } from '../../shared/ui/countdown.ts';
import { PhoneInput } from '../../shared/ui/MaskedInputs.tsx';
import { AuthStep } from './AuthCard.tsx';
import { authApi, isCaptchaError } from './api.ts';
import { CAPTCHA_NOTICE } from './LoginPage.tsx';
import { PersonalDataConsentDialog } from './legal/PersonalDataConsent.tsx';
import { useSignIn } from './useSignIn.ts';

const RegisterForm = z
  .object({
    name: personName(),
    surname: personName(),
    phone: Phone,
    email: Email,
    password: Password,
    password_confirmation: z.string().min(1, MSG.passwordRequired),
    personalDataCheck: z.boolean().refine((v) => v, MSG.selectValue),
    publicOfferCheck: z.boolean().refine((v) => v, MSG.selectValue),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordsDiffer,
  });
type RegisterInput = z.input<typeof RegisterForm>;
type RegisterValues = z.output<typeof RegisterForm>;

const EMPTY: RegisterInput = {
  name: '',
  surname: '',
  phone: '',
  email: '',
  password: '',
  password_confirmation: '',
  personalDataCheck: false,
  publicOfferCheck: false,
};

const CodeForm = z.object({ code: z.string().trim().min(1, MSG.required) });

/** /auth/register: 1 form, 2 email code (60 s before resend), 3 success on mobile, then /app (docs/accounts.md). */
export default function RegisterPage() {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [values, setValues] = useState<RegisterValues | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const [consentOpen, setConsentOpen] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const captcha = useCaptcha();
  const countdown = useCountdown();
  const { mobile } = useLayout();
  const signIn = useSignIn();
  const navigate = useNavigate();

  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(RegisterForm),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const requestCode = async (v: RegisterValues): Promise<boolean> => {
    try {
      await authApi.getCode(v.email, 1);
      countdown.start();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        form.setError('email', { message: MSG.emailTaken });
        setTaken(v.email);
        setStep(1);
      } else setNotice(e instanceof ApiError ? e.message : MSG.tryAgain);
      return false;
    }
  };

  const submitForm = form.handleSubmit(async (v) => {
    setNotice(undefined);
    if (!captcha.check()) return;
    if (await requestCode(v)) {
      setValues(v);
      setStep(2);
    }
  });

  const codeForm = useForm<z.infer<typeof CodeForm>>({ resolver: zodResolver(CodeForm), defaultValues: { code: '' } });

  const submitCode = codeForm.handleSubmit(async ({ code }) => {
    if (!values) return;
    setNotice(undefined);
    if (!captcha.check()) return;
    try {
      const { token } = await authApi.register({
        ...values,
        code,
        bank_name: session.bankName(),
        captcha: captcha.value,
      });
      await signIn(token, { navigate: false });
      if (mobile) setStep(3);
      else navigate('/app', { replace: true });
    } catch (e) {
      // A captcha solution is single use: a new one is needed for the next attempt.
      captcha.reset();
      if (e instanceof ApiError && isCaptchaError(e.status, e.message, e.errors)) return setNotice(CAPTCHA_NOTICE);
      if (e instanceof ApiError && e.status === 422 && e.errors.email) {
        form.setError('email', { message: MSG.emailTaken });
        setTaken(values.email);
        return setStep(1);
      }
      if (e instanceof ApiError && e.status === 429) return setNotice(e.message);
      codeForm.setError('code', { message: MSG.wrongCode });
    }
  });

  /** 'Изменить email': back to step 1 with the fields cleared (docs/accounts.md). */
  const changeEmail = () => {
    form.reset(EMPTY);
    codeForm.reset({ code: '' });
    captcha.reset();
    setValues(null);
    setNotice(undefined);
    setStep(1);
  };

  if (step === 3)
    return (
      <AuthStep title="Регистрация завершена">
        <Stack data-testid="register-success">
          <Text>Аккаунт создан. Теперь вы можете подготовить свою первую декларацию.</Text>
          <Button size="md" onClick={() => navigate('/app', { replace: true })}>
            Перейти в личный кабинет
          </Button>
        </Stack>
      </AuthStep>
    );

  if (step === 2 && values)
    return (
      <AuthStep
        title="Подтвердите email"
        lead={
          <>
            Мы отправили код на <b>{values.email}</b>. Введите его, чтобы завершить регистрацию.
          </>
        }
      >
        <form onSubmit={submitCode} noValidate data-testid="register-code-form">
          <Stack gap="sm">
            {notice && (
              <Alert color="orange" role="alert">
                {notice}
              </Alert>
            )}
            <CodeInput error={codeForm.formState.errors.code?.message} {...codeForm.register('code')} />
            <ResendCode left={countdown.left} label={countdown.label} onResend={() => void requestCode(values)} />
            {captcha.required && !captcha.value && <Captcha state={captcha} />}
            <Button type="submit" size="md" loading={codeForm.formState.isSubmitting} fullWidth>
              Зарегистрироваться
            </Button>
            <Button variant="default" onClick={changeEmail} fullWidth>
              Изменить email
            </Button>
          </Stack>
        </form>
      </AuthStep>
    );

  return (
    <AuthStep title="Регистрация" lead="Создайте аккаунт, чтобы подготовить и отправить декларацию онлайн.">
      <form onSubmit={submitForm} noValidate data-testid="register-form">
        <Stack gap="sm">
          {notice && (
            <Alert color="orange" role="alert">
              {notice}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Имя" autoComplete="given-name" error={errors.name?.message} {...form.register('name')} />
            <TextInput
              label="Фамилия"
              autoComplete="family-name"
              error={errors.surname?.message}
              {...form.register('surname')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                label="Телефон"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                error={errors.phone?.message}
              />
            )}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Пароль"
            autoComplete="new-password"
            description="Не менее 8 символов: цифра, заглавная и строчная буквы, спец. символ"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label="Повторите пароль"
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
          <Checkbox
            label={
              <>
                Я даю{' '}
                <Anchor
                  component="span"
                  role="button"
                  tabIndex={0}
                  fz="sm"
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setConsentOpen(true);
                    }
                  }}
                  onClick={(e) => {
                    e.preventDefault();
                    setConsentOpen(true);
                  }}
                >
                  согласие на сбор и обработку персональных данных
                </Anchor>
              </>
            }
            error={errors.personalDataCheck?.message}
            {...form.register('personalDataCheck')}
          />
          <Checkbox
            label={
              <>
                Я принимаю условия{' '}
                <Anchor component={Link} to="/public-offer" target="_blank" fz="sm">
                  публичной оферты
                </Anchor>
              </>
            }
            error={errors.publicOfferCheck?.message}
            {...form.register('publicOfferCheck')}
          />
          <Captcha state={captcha} />
          <Button type="submit" size="md" loading={isSubmitting} fullWidth>
            Получить код
          </Button>
          <Text size="sm" ta="center">
            Уже есть аккаунт?{' '}
            <Anchor component={Link} to="/auth/login">
              Войти
            </Anchor>
          </Text>
        </Stack>
      </form>
      <PersonalDataConsentDialog
        opened={consentOpen}
        onClose={() => setConsentOpen(false)}
        onAccept={() => {
          form.setValue('personalDataCheck', true, { shouldValidate: true });
          setConsentOpen(false);
        }}
      />
      <Modal
        opened={taken !== null}
        onClose={() => setTaken(null)}
        title={MSG.emailTaken}
        centered
        data-testid="email-taken-dialog"
      >
        <Stack>
          <Text>
            Аккаунт с адресом <b>{taken}</b> уже есть. Войдите с паролем этого аккаунта или восстановите пароль.
          </Text>
          <Group grow>
            <Button component={Link} to="/auth/login" state={{ email: taken }}>
              Войти
            </Button>
            <Button component={Link} to="/auth/reset" variant="default">
              Восстановить пароль
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AuthStep>
  );
}
