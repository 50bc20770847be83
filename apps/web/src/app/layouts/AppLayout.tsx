import { ActionIcon, Anchor, Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { HalykBackdrop } from '../../features/partners/HalykLogo.tsx';
import { PartnerHeader } from '../../features/partners/PartnerHeader.tsx';
import { halykCssVars } from '../../features/partners/variant.ts';
import { useMe } from '../../shared/api/me.ts';
import { LanguageSwitcher, useProfileLanguage } from '../../shared/i18n/index.ts';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';
import { ModalsHost } from '../../shared/ui/ModalsHost.tsx';

/** The signed-in frame: header with navigation and the profile icon (not for B2B, docs/accounts.md). */
export function AppLayout({ management = false }: { management?: boolean }) {
  const b2b = session.isB2B();
  // halykfinance (case-insensitive): the bank's theme, logos and backdrop, the user's email shown
  const halyk = session.isHalyk();
  const me = useMe();
  const { t } = useTranslation('common');
  useProfileLanguage(me.data);
  return (
    <ModalsHost>
      <Box
        mih="100vh"
        bg="gray.0"
        pos="relative"
        data-halyk={halyk || undefined}
        style={halyk ? halykCssVars : undefined}
      >
        {halyk && <HalykBackdrop />}
        <Box
          component="header"
          bg="white"
          py="sm"
          pos="relative"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', zIndex: 1 }}
        >
          <Container size="lg">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Logo to={management ? '/management' : '/app'} />
                <PartnerHeader email={me.data?.email} />
              </Group>
              <Group gap="md" component="nav" aria-label={t('nav.main')}>
                <LanguageSwitcher />
                <Anchor component={Link} to="/app/declaration?step=2">
                  {t('nav.myDeclarations')}
                </Anchor>
                <Anchor component={Link} to="/app/tariffInformation">
                  {t('nav.tariffs')}
                </Anchor>
                {!b2b && !management && (
                  <ActionIcon
                    component={Link}
                    to="/app/personal"
                    variant="light"
                    size="lg"
                    aria-label={t('nav.personal')}
                  >
                    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                  </ActionIcon>
                )}
              </Group>
            </Group>
          </Container>
        </Box>
        <Container size="lg" py="lg" component="main" pos="relative" style={{ zIndex: 1 }}>
          {me.isPending ? <Loading /> : me.isError ? null : <Outlet />}
        </Container>
      </Box>
    </ModalsHost>
  );
}
