import { emptyToNull, type Profile } from '@deklarant/contracts';
import { Anchor, Box, Button, Card, Divider, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../../shared/api/me.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { session } from '../../shared/session/storage.ts';
import { useSupportUrl } from '../../shared/support.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { formatPhone } from '../../shared/ui/masks.ts';
import { useLogout } from './useLogout.ts';

export const fullName = (me: Profile) =>
  [me.surname, me.name, me.patronymic].map(emptyToNull).filter(Boolean).join(' ') || 'Имя не указано';

const NOT_SET = 'не указан';

const LINKS = [
  { to: '/app/declaration?step=3', label: 'Новая форма' },
  { to: '/app/tariffInformation', label: 'Тарифы' },
  { to: '/app/declaration?step=2', label: 'Сохраненные формы' },
  { to: '/app/personal/edit', label: 'Редактировать данные' },
  { to: '/app/personal/history', label: 'История посещений' },
] as const;

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {value ?? NOT_SET}
      </Text>
    </Box>
  );
}

/** Profile sidebar (docs/accounts.md): name, phone, email, IIN and the profile links; logout for non-B2B. */
export function ProfileSidebar({ me }: { me: Profile }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  const supportUrl = useSupportUrl();
  return (
    <Card withBorder radius="lg" padding="lg" component="aside" aria-label="Профиль" data-testid="profile-sidebar">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Box
            w={48}
            h={48}
            style={{ borderRadius: '50%', flexShrink: 0, display: 'grid', placeItems: 'center' }}
            bg="brand.1"
            c="brand.7"
            fw={700}
            aria-hidden="true"
          >
            {(emptyToNull(me.name) ?? emptyToNull(me.email) ?? '?').slice(0, 1).toUpperCase()}
          </Box>
          <Title order={2} fz="lg" data-testid="profile-name" style={{ overflowWrap: 'anywhere' }}>
            {fullName(me)}
          </Title>
        </Group>
        <Row label="Телефон" value={emptyToNull(me.phone) ? formatPhone(me.phone) : null} />
        <Row label="Email" value={emptyToNull(me.email)} />
        <Row label="ИИН" value={emptyToNull(me.iin)} />
        <Divider />
        <Stack gap={2} component="nav" aria-label="Меню профиля">
          {LINKS.map((l) => (
            <NavLink
              key={l.to}
              component={Link}
              to={l.to}
              label={l.label}
              active={pathname === l.to}
              style={{ borderRadius: 8 }}
            />
          ))}
          <NavLink
            component="a"
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            label="Поддержка"
            description="Написать в мессенджер"
            style={{ borderRadius: 8 }}
          />
        </Stack>
        {!session.isB2B() && (
          <>
            <Divider />
            <Button variant="light" color="red" onClick={() => void logout()} data-testid="logout">
              Выйти
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The profile frame: sidebar beside the content on wide screens; on mobile the sidebar is the
 * /app/personal menu and the other screens get a link back to it.
 */
export function ProfileLayout({ title, children }: { title?: string; children?: ReactNode }) {
  const me = useMe();
  const { mobile, breakpoint } = useLayout();
  if (me.isPending) return <Loading />;
  if (!me.data) return null;
  if (session.isB2B())
    return (
      <Card withBorder padding="xl" maw={640} mx="auto">
        <Stack>
          <Title order={2}>Личный кабинет недоступен</Title>
          <Text>Для клиентов банка-партнера профиль ведет партнер. Ваши декларации доступны в разделе форм.</Text>
          <Button component={Link} to="/app/declaration?step=2" w="fit-content">
            К моим декларациям
          </Button>
        </Stack>
      </Card>
    );
  const narrow = mobile || breakpoint === 'tablet';
  if (narrow && !children) return <ProfileSidebar me={me.data} />;
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      {!narrow && (
        <Box w={300} style={{ flexShrink: 0 }}>
          <ProfileSidebar me={me.data} />
        </Box>
      )}
      <Stack flex={1} miw={0} gap="md">
        {narrow && (
          <Anchor component={Link} to="/app/personal" size="sm">
            ← Личный кабинет
          </Anchor>
        )}
        {title && (
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
        )}
        {children}
      </Stack>
    </Group>
  );
}
