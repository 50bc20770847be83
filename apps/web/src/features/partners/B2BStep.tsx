import { Code, Email, MSG, Phone, personName } from '@deklarant/contracts';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { localizedResolver, localizeMessage } from '../../shared/i18n/index.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { STORAGE_KEYS, session } from '../../shared/session/storage.ts';
import { CodeInput, ResendCode } from '../../shared/ui/CodeField.tsx';
import { useCountdown } from '../../shared/ui/countdown.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PhoneInput } from '../../shared/ui/MaskedInputs.tsx';
import { b2bApi, type PartnerState, usePartnerState } from './api.ts';

/** docs/accounts.md: the B2B registration sub-steps of wizard step 1. */
export const B2B_SUBSTEP = { DATA: 1, CODE: 2, SUCCESS: 3, LOGIN: 4 } as const;
type SubStep = (typeof B2B_SUBSTEP)[keyof typeof B2B_SUBSTEP];

const stepUrl = (step: number) => `/app/declaration?step=${step}`;

/** B2B step 1 (docs/accounts.md): name required; both consents ticked (and the contact fields checked). */
const DataForm = z.object({
  name: personName(),
  surname: personName(),
  phone: Phone,
  email: Email,
  personalDataCheck: z.literal(true, { error: MSG.selectValue }),
  publicOfferCheck: z.literal(true, { error: MSG.selectValue }),
});
type DataFormIn = z.input<typeof DataForm>;
type DataFormOut = z.output<typeof DataForm>;

/** /app/declaration?step=1: a partner's client registers (or signs in to an existing account). */
export function B2BStep() {
  const state = usePartnerState();
  if (!session.isB2B()) return <Navigate to={stepUrl(2)} replace />;
  if (state.isPending) return <Loading />;
  if (state.isError) return <Alert color="red">{state.error.message}</Alert>;
  return <B2BFlow state={state.data} />;
}

function B2BFlow({ state }: { state: PartnerState }) {
  const { t } = useTranslation(['partners', 'common', 'errors']);
  const [sub, setSub] = useState<SubStep>(B2B_SUBSTEP.DATA);
  const [data, setData] = useState<DataFormOut | null>(null);
  const broker = state.partner?.title ?? t('b2b.yourBroker');
  return (
    <Stack gap="md" maw={520} mx="auto" data-testid={`b2b-substep-${sub}`}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {sub === B2B_SUBSTEP.LOGIN
            ? t('b2b.loginTitle')
            : sub === B2B_SUBSTEP.SUCCESS
              ? t('b2b.done')
              : t('b2b.registerTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('b2b.from', { broker })}
        </Text>
      </Stack>
      {sub === B2B_SUBSTEP.DATA && (
        <DataStep
          initial={data}
          onCodeSent={(d) => {
            setData(d);
            setSub(B2B_SUBSTEP.CODE);
          }}
          onExisting={(d) => {
            setData(d);
            setSub(B2B_SUBSTEP.LOGIN);
          }}
        />
      )}
      {sub === B2B_SUBSTEP.CODE && data && (
        <CodeStep data={data} onBack={() => setSub(B2B_SUBSTEP.DATA)} onDone={() => setSub(B2B_SUBSTEP.SUCCESS)} />
      )}
      {sub === B2B_SUBSTEP.SUCCESS && <SuccessStep />}
      {sub === B2B_SUBSTEP.LOGIN && data && <LoginStep email={data.email} onBack={() => setSub(B2B_SUBSTEP.DATA)} />}
    </Stack>
  );
}

function DataStep({
  initial,
  onCodeSent,
  onExisting,
}: {
  initial: DataFormOut | null;
  onCodeSent: (d: DataFormOut) => void;
  onExisting: (d: DataFormOut) => void;
}) {
  const { t } = useTranslation(['partners', 'common', 'errors']);
  const [error, setError] = useState<string>();
  const form = useForm<DataFormIn, unknown, DataFormOut>({
    resolver: localizedResolver(DataForm),
    defaultValues: initial ?? {
      name: '',
      surname: '',
      phone: '',
      email: '',
      personalDataCheck: false as unknown as true,
      publicOfferCheck: false as unknown as true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    setError(undefined);
    try {
      const res = await b2bApi.requestCode(v.email);
      if (res.user_exist) onExisting(v);
      else onCodeSent(v);
    } catch (e) {
      if (e instanceof ApiError && e.errors.email) form.setError('email', { message: e.errors.email[0] });
      else setError(e instanceof Error ? e.message : t('errors:tryAgain'));
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="b2b-data-form">
      <Stack gap="sm">
        {error && <Alert color="red">{error}</Alert>}
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
        <Controller
          control={form.control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
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
          description={t('b2b.emailHint')}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Checkbox
          label={t('b2b.personalData')}
          error={errors.personalDataCheck?.message}
          {...form.register('personalDataCheck')}
        />
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey="b2b.offer"
              components={{ a: <Anchor component={Link} to="/public-offer" target="_blank" /> }}
            />
          }
          error={errors.publicOfferCheck?.message}
          {...form.register('publicOfferCheck')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth size="md">
          {t('common:actions.getCode')}
        </Button>
      </Stack>
    </form>
  );
}

function CodeStep({ data, onBack, onDone }: { data: DataFormOut; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation(['partners', 'common', 'errors']);
  const qc = useQueryClient();
  const countdown = useCountdown();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [started, setStarted] = useState(false);
  if (!started) {
    setStarted(true);
    countdown.start();
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = Code.safeParse(code);
    if (!parsed.success) return setError(localizeMessage(parsed.error.issues[0]?.message ?? MSG.required));
    setBusy(true);
    setError(undefined);
    try {
      await b2bApi.register({ ...data, code: parsed.data });
      await qc.invalidateQueries();
      onDone();
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 422 ? (err.errors.code?.[0] ?? err.message) : t('errors:wrongCode'),
      );
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setResending(true);
    try {
      await b2bApi.requestCode(data.email);
      countdown.start();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('errors:tryAgain'));
    } finally {
      setResending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="b2b-code-form">
      <Stack gap="sm">
        <Text size="sm">
          <Trans t={t} i18nKey="b2b.codeSent" values={{ email: data.email }} components={{ b: <b /> }} />
        </Text>
        <CodeInput value={code} onChange={(e) => setCode(e.currentTarget.value)} error={error} />
        <ResendCode left={countdown.left} label={countdown.label} onResend={resend} loading={resending} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t('common:actions.changeEmail')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('common:actions.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SuccessStep() {
  const { t } = useTranslation(['partners', 'common', 'errors']);
  const state = usePartnerState();
  const navigate = useNavigate();
  const { mobile } = useLayout();
  const p = state.data?.partner;
  const next = state.data && state.data.initial_step !== 1 ? state.data.initial_step : 3;
  return (
    <Stack gap="sm" data-testid="b2b-success">
      <Alert color="green" title={t('b2b.successTitle')}>
        {t('b2b.successText')}
      </Alert>
      {mobile && p?.redirect_to_mobile && p.links.mobile_download && (
        <Button component="a" href={p.links.mobile_download} variant="light" data-testid="partner-mobile-redirect">
          {t('b2b.openMobile', { title: p.title })}
        </Button>
      )}
      <Button size="md" onClick={() => navigate(stepUrl(next))}>
        {t('common:actions.continue')}
      </Button>
    </Stack>
  );
}

/** Sub-step 4: the email is registered; the client signs in and the session becomes B2C for it. */
function LoginStep({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation(['partners', 'common', 'errors']);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) return setError(t('errors:passwordRequired'));
    setBusy(true);
    setError(undefined);
    try {
      const res = await b2bApi.connect(email, password);
      session.signIn(res.token, 'B2C');
      localStorage.removeItem(STORAGE_KEYS.b2bId);
      qc.clear();
      navigate('/app/declaration?step=2', { replace: true });
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? t('errors:wrongPassword')
          : err instanceof Error
            ? err.message
            : t('errors:tryAgain'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="b2b-login-form">
      <Stack gap="sm">
        <Text size="sm">
          <Trans t={t} i18nKey="b2b.existing" values={{ email }} components={{ b: <b /> }} />
        </Text>
        <PasswordInput
          label={t('common:fields.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t('common:actions.back')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('common:actions.signIn')}
          </Button>
        </Group>
        <Anchor component={Link} to="/auth/reset" size="sm">
          {t('b2b.forgot')}
        </Anchor>
      </Stack>
    </form>
  );
}

/** /app/declaration without a step, for B2B: the initial-step rule of docs/accounts.md. */
export function B2BInitialStep() {
  const state = usePartnerState();
  if (state.isPending) return <Loading />;
  return <Navigate to={stepUrl(state.data?.initial_step ?? 2)} replace />;
}
