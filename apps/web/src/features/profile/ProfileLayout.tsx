import { emptyToNull, type Profile } from '@deklarant/contracts';
import { Anchor, Box, Button, Card, Divider, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useMe } from '../../shared/api/me.ts';
import { i18next } from '../../shared/i18n/index.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { session } from '../../shared/session/storage.ts';
import { useSupportUrl } from '../../shared/support.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { formatPhone } from '../../shared/ui/masks.ts';
import { useLogout } from './useLogout.ts';

/** Surname, name and patronymic, or 'Имя не указано' in the active language (call at render time). */
export const fullName = (me: Profile) =>
  [me.surname, me.name, me.patronymic].map(emptyToNull).filter(Boolean).join(' ') || i18next.t('profile:noName');

const LINKS = [
  { to: '/app/declaration?step=3', labelKey: 'profile:links.newForm' },
  { to: '/app/tariffInformation', labelKey: 'common:nav.tariffs' },
  { to: '/app/declaration?step=2', labelKey: 'profile:links.savedForms' },
  { to: '/app/personal/edit', labelKey: 'profile:links.edit' },
  { to: '/app/personal/history', labelKey: 'profile:links.history' },
] as const;

function Row({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation(['profile', 'common']);
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {value ?? t('notSet')}
      </Text>
    </Box>
  );
}

/** Profile sidebar (docs/accounts.md): name, phone, email, IIN and the profile links; logout for non-B2B. */
export function ProfileSidebar({ me }: { me: Profile }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  const supportUrl = useSupportUrl();
  const { t } = useTranslation(['profile', 'common']);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="aside"
      aria-label={t('aria.sidebar')}
      data-testid="profile-sidebar"
    >
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
        <Row label={t('common:fields.phone')} value={emptyToNull(me.phone) ? formatPhone(me.phone) : null} />
        <Row label={t('common:fields.email')} value={emptyToNull(me.email)} />
        <Row label={t('common:fields.iin')} value={emptyToNull(me.iin)} />
        <Divider />
        <Stack gap={2} component="nav" aria-label={t('aria.menu')}>
          {LINKS.map((l) => (
            <NavLink
              key={l.to}
              component={Link}
              to={l.to}
              label={t(l.labelKey)}
              active={pathname === l.to}
              style={{ borderRadius: 8 }}
            />
          ))}
          <NavLink
            component="a"
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            label={t('links.support')}
            description={t('links.supportHint')}
            style={{ borderRadius: 8 }}
          />
        </Stack>
        {!session.isB2B() && (
          <>
            <Divider />
            <Button variant="light" color="red" onClick={() => void logout()} data-testid="logout">
              {t('common:actions.signOut')}
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
  const { t } = useTranslation(['profile', 'common']);
  if (me.isPending) return <Loading />;
  if (!me.data) return null;
  if (session.isB2B())
    return (
      <Card withBorder padding="xl" maw={640} mx="auto">
        <Stack>
          <Title order={2}>{t('b2b.title')}</Title>
          <Text>{t('b2b.text')}</Text>
          <Button component={Link} to="/app/declaration?step=2" w="fit-content">
            {t('common:actions.toMyDeclarations')}
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
            {t('back')}
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
