import { Box, Card, Container, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { AuthBackground, backgroundKindFor } from '../../features/auth/AuthBackground.tsx';
import { DesktopSlideshow } from '../../features/onboarding/DesktopSlideshow.tsx';
import { MobileOnboarding } from '../../features/onboarding/MobileOnboarding.tsx';
import { handleBrokerEntry } from '../../features/onboarding/partnerEntry.ts';
import { onboardingSeen } from '../../features/onboarding/slides.ts';
import { useFinishOnboarding } from '../../features/onboarding/useFinishOnboarding.ts';
import { LanguageSwitcher } from '../../shared/i18n/index.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { session } from '../../shared/session/storage.ts';
import { Logo } from '../../shared/ui/Logo.tsx';

/** Routes where a first-time mobile visitor sees the onboarding slides first. */
const ONBOARDING_ROUTES = ['/auth/login', '/auth/register'];

/**
 * The auth layout (docs/accounts.md): a background per route and theme; on desktop the slide show
 * beside the card; on mobile the full-screen onboarding until it is completed or skipped.
 * `?onboarding=1` shows the slides again (then without Skip, as they are completed).
 */
export function AuthLayout() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { breakpoint, mobile } = useLayout();
  const wide = breakpoint === 'desktop' || breakpoint === 'desktopLg';
  const replay = params.get('onboarding') === '1';
  const [seen, setSeen] = useState(onboardingSeen);

  // Partner entry: with `id` the partners issue logs in via the broker; otherwise keep bank_name
  // and start from a clean session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read the entry params once
  useEffect(() => {
    const id = params.get('id');
    const bankName = params.get('bank_name');
    if (id && handleBrokerEntry(id, bankName)) return;
    if (bankName) {
      session.setBankName(bankName);
      session.logout();
    }
  }, []);

  const finish = useFinishOnboarding(() => {
    setSeen(true);
    if (replay) {
      params.delete('onboarding');
      setParams(params, { replace: true });
    }
  });
  const showMobileOnboarding = mobile && ONBOARDING_ROUTES.includes(pathname) && (replay || !seen);
  const halyk = session.isHalyk();

  if (showMobileOnboarding) return <MobileOnboarding completed={seen} onFinish={finish} />;

  return (
    <Box mih="100vh" pos="relative" data-halyk={halyk || undefined}>
      <AuthBackground kind={backgroundKindFor(pathname)} halyk={halyk} />
      <Container
        size={wide ? 1280 : 520}
        pos="relative"
        py={mobile ? 'md' : 'xl'}
        px={mobile ? 'sm' : 'md'}
        style={{ zIndex: 1 }}
      >
        <Group mb={mobile ? 'md' : 'xl'} justify="space-between">
          <Logo />
          <LanguageSwitcher />
        </Group>
        <Group component="main" align="center" justify="center" gap={48} wrap="nowrap">
          {wide && (
            <Box flex={1} miw={0}>
              <DesktopSlideshow />
            </Box>
          )}
          <Card
            withBorder
            shadow="md"
            padding={mobile ? 'md' : 'xl'}
            radius="lg"
            w="100%"
            maw={480}
            style={{ flexShrink: 0 }}
            data-testid="auth-card"
          >
            <Outlet />
          </Card>
        </Group>
      </Container>
    </Box>
  );
}
