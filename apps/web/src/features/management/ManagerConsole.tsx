import { FORM_CODES, type ReportingFormId } from '@deklarant/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, api, management, request } from '../../shared/api/client.ts';
import { Captcha, useCaptcha } from '../../shared/ui/Captcha.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';
import { managementUrl } from './context.ts';
import { Overpayments } from './Overpayments.tsx';

/** The manager's own session for the console (this tab only). */
const KEY = 'manager_session';
type ManagerSession = { token: string; manager_id: number };
const readSession = (): ManagerSession | null => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ManagerSession | null;
  } catch {
    return null;
  }
};

interface QueueItem {
  declaration_id: number;
  user_id: number;
  user_label: string;
  reporting_form_id: number;
  year: number;
  messages: number;
}
interface UserItem {
  id: number;
  email: string | null;
  name: string;
  surname: string;
  bank_name: string | null;
  declarations: number;
}

/**
 * /manager: the manager signs in, sees the tariff 2 queue and the assigned users, and opens a
 * user's declaration on /management with token, manager_id, user_id and return_url.
 */
export default function ManagerConsole() {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const [s, setS] = useState<ManagerSession | null>(readSession);
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Logo to="/manager" />
            {s && (
              <Button
                variant="subtle"
                onClick={() => {
                  void api.post('/api/management/logout', undefined, { authToken: s.token }).catch(() => {});
                  sessionStorage.removeItem(KEY);
                  setS(null);
                }}
              >
                {t('common:actions.signOut')}
              </Button>
            )}
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="lg" component="main">
        {s ? (
          <Console s={s} onLost={() => setS(null)} />
        ) : (
          <ManagerLogin
            onDone={(x) => {
              sessionStorage.setItem(KEY, JSON.stringify(x));
              setS(x);
            }}
          />
        )}
      </Container>
    </Box>
  );
}

function ManagerLogin({ onDone }: { onDone: (s: ManagerSession) => void }) {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const captcha = useCaptcha();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!email || !password) return setError(t('errors:required'));
    if (!captcha.check()) return;
    setBusy(true);
    setError(undefined);
    try {
      const res = await api.post<{ token: string; manager_id: number }>(
        '/api/management/login',
        { email, password, captcha: captcha.value },
        { skipSessionErrors: true },
      );
      onDone({ token: res.token, manager_id: res.manager_id });
    } catch (err) {
      captcha.reset();
      setError(err instanceof ApiError ? err.message : t('errors:tryAgain'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder maw={420} mx="auto" padding="lg">
      <form onSubmit={submit} noValidate data-testid="manager-login">
        <Stack gap="sm">
          <Title order={1} size="h3">
            {t('console.loginTitle')}
          </Title>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput
            label={t('common:fields.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('common:fields.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Captcha state={captcha} />
          <Button type="submit" loading={busy}>
            {t('common:actions.signIn')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function Console({ s, onLost }: { s: ManagerSession; onLost: () => void }) {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const auth = { authToken: s.token };
  const q = useQuery({
    queryKey: ['manager-console', 'queue', s.token],
    queryFn: async () => (await request<{ data: QueueItem[] }>('/api/management/queue', auth)).data,
  });
  const users = useQuery({
    queryKey: ['manager-console', 'users', s.token],
    queryFn: async () => (await request<{ data: UserItem[] }>('/api/management/users', auth)).data,
  });
  const lost = [q.error, users.error].some((e) => e instanceof ApiError && e.status === 401);
  useEffect(() => {
    if (!lost) return;
    sessionStorage.removeItem(KEY);
    onLost();
  }, [lost, onLost]);
  const target = (userId: number) => ({
    token: s.token,
    manager_id: String(s.manager_id),
    user_id: String(userId),
    return_url: '/manager',
  });
  const open = (userId: number) => managementUrl(target(userId));
  // the token goes to the tab's context, not into the address
  const enter = (userId: number) => management.set(target(userId));
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h3">
          {t('console.queue', { notice: t('errors:managerNotice') })}
        </Title>
        {q.isPending && <Loading />}
        {q.data?.length === 0 && <Text c="dimmed">{t('console.queueEmpty')}</Text>}
        {q.data?.map((d) => (
          <Card key={d.declaration_id} withBorder padding="sm" data-testid={`queue-${d.declaration_id}`}>
            <Group justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <Text fw={600}>
                  {t('console.queueItem', {
                    id: d.declaration_id,
                    code: FORM_CODES[d.reporting_form_id as ReportingFormId],
                    year: d.year,
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('console.messages', { user: d.user_label, n: d.messages })}
                </Text>
              </Stack>
              <Anchor component={Link} to={open(d.user_id)} onClick={() => enter(d.user_id)}>
                {t('open')}
              </Anchor>
            </Group>
          </Card>
        ))}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('console.myUsers')}
        </Title>
        {users.isPending && <Loading />}
        {users.data?.map((u) => (
          <Card key={u.id} withBorder padding="sm" data-testid={`manager-user-${u.id}`}>
            <Group justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <Text fw={600}>{[u.surname, u.name].filter(Boolean).join(' ') || t('console.user', { id: u.id })}</Text>
                <Text size="sm" c="dimmed">
                  {t('console.forms', { email: u.email ?? t('console.noEmail'), n: u.declarations })}
                </Text>
              </Stack>
              <Group gap="xs">
                {u.bank_name && <Badge variant="light">{u.bank_name}</Badge>}
                <Anchor component={Link} to={open(u.id)} onClick={() => enter(u.id)} data-testid={`open-user-${u.id}`}>
                  {t('open')}
                </Anchor>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <Overpayments token={s.token} />
    </Stack>
  );
}
