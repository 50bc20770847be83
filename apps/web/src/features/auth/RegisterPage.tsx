import { Email, MSG, Password, Phone, personName } from '@deklarant/contracts';
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
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { localizedResolver } from '../../shared/i18n/index.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { session } from '../../shared/session/storage.ts';
import { Captcha, useCaptcha } from '../../shared/ui/Captcha.tsx';
import { CodeInput, ResendCode } from '../../shared/ui/CodeField.tsx';
import { useCountdown } from '../../shared/ui/countdown.ts';
import { PhoneInput } from '../../shared/ui/MaskedInputs.tsx';
import { AuthStep } from './AuthCard.tsx';
import { authApi, isCaptchaError } from './api.ts';
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
  const { t } = useTranslation(['auth', 'common', 'errors']);
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
    resolver: localizedResolver(RegisterForm),
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
        form.setError('email', { message: t('errors:emailTaken') });
        setTaken(v.email);
        setStep(1);
      } else setNotice(e instanceof ApiError ? e.message : t('errors:tryAgain'));
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

  const codeForm = useForm<z.infer<typeof CodeForm>>({
    resolver: localizedResolver(CodeForm),
    defaultValues: { code: '' },
  });

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
      if (e instanceof ApiError && isCaptchaError(e.status, e.message, e.errors))
        return setNotice(t('login.captchaFailed'));
      if (e instanceof ApiError && e.status === 422 && e.errors.email) {
        form.setError('email', { message: t('errors:emailTaken') });
        setTaken(values.email);
        return setStep(1);
      }
      if (e instanceof ApiError && e.status === 429) return setNotice(e.message);
      codeForm.setError('code', { message: t('errors:wrongCode') });
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
      <AuthStep title={t('register.doneTitle')}>
        <Stack data-testid="register-success">
          <Text>{t('register.doneText')}</Text>
          <Button size="md" onClick={() => navigate('/app', { replace: true })}>
            {t('register.toCabinet')}
          </Button>
        </Stack>
      </AuthStep>
    );

  if (step === 2 && values)
    return (
      <AuthStep
        title={t('register.confirmTitle')}
        lead={<Trans t={t} i18nKey="register.confirmLead" values={{ email: values.email }} components={{ b: <b /> }} />}
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
              {t('common:actions.signUp')}
            </Button>
            <Button variant="default" onClick={changeEmail} fullWidth>
              {t('common:actions.changeEmail')}
            </Button>
          </Stack>
        </form>
      </AuthStep>
    );

  return (
    <AuthStep title={t('register.title')} lead={t('register.lead')}>
      <form onSubmit={submitForm} noValidate data-testid="register-form">
        <Stack gap="sm">
          {notice && (
            <Alert color="orange" role="alert">
              {notice}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('common:fields.name')}
              autoComplete="given-name"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label={t('common:fields.surname')}
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
                label={t('common:fields.phone')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                error={errors.phone?.message}
              />
            )}
          />
          <TextInput
            label={t('common:fields.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('common:fields.password')}
            autoComplete="new-password"
            description={t('common:fields.passwordHint')}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label={t('common:fields.repeatPassword')}
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
          <Checkbox
            label={
              <Trans
                t={t}
                i18nKey="register.consent"
                components={{
                  doc: (
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
                    />
                  ),
                }}
              />
            }
            error={errors.personalDataCheck?.message}
            {...form.register('personalDataCheck')}
          />
          <Checkbox
            label={
              <Trans
                t={t}
                i18nKey="register.offer"
                components={{ doc: <Anchor component={Link} to="/public-offer" target="_blank" fz="sm" /> }}
              />
            }
            error={errors.publicOfferCheck?.message}
            {...form.register('publicOfferCheck')}
          />
          <Captcha state={captcha} />
          <Button type="submit" size="md" loading={isSubmitting} fullWidth>
            {t('common:actions.getCode')}
          </Button>
          <Text size="sm" ta="center">
            {t('register.haveAccount')}{' '}
            <Anchor component={Link} to="/auth/login">
              {t('common:actions.signIn')}
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
        title={t('errors:emailTaken')}
        centered
        data-testid="email-taken-dialog"
      >
        <Stack>
          <Text>
            <Trans t={t} i18nKey="register.takenText" values={{ email: taken }} components={{ b: <b /> }} />
          </Text>
          <Group grow>
            <Button component={Link} to="/auth/login" state={{ email: taken }}>
              {t('common:actions.signIn')}
            </Button>
            <Button component={Link} to="/auth/reset" variant="default">
              {t('common:actions.restorePassword')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AuthStep>
  );
}
