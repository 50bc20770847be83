import type { Profile } from '@deklarant/contracts';
import { Badge, Box, Button, Container, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../shared/api/client.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { ModalsHost } from '../../shared/ui/ModalsHost.tsx';
import { captureContext, goBack, withoutToken } from './context.ts';

/**
 * /management (docs/accounts.md, roles): the mirror of the user routes for a manager acting for a user. The
 * admin path parameters ride on every call; the back button leads to return_url; the step header
 * of the user wizard is hidden. Without the parameters the visitor goes to /app.
 */
export function ManagementLayout() {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mobile } = useLayout();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the context is read once per entry URL
  const ctx = useMemo(
    () => captureContext(params),
    [params.get('token'), params.get('user_id'), params.get('manager_id')],
  );
  const location = useLocation();
  // a token that came in the address is kept in the tab's context; the address loses it
  useEffect(() => {
    const clean = ctx ? withoutToken(location) : null;
    if (clean) navigate(clean, { replace: true });
  }, [ctx, location, navigate]);
  const user = useQuery({
    queryKey: ['management', 'user', ctx?.user_id],
    queryFn: async ({ signal }) => (await api.get<{ data: Profile }>('/api/authenticated', undefined, signal)).data,
    enabled: Boolean(ctx),
    staleTime: 60_000,
  });
  if (!ctx) return <Navigate to="/app" replace />;
  const who = user.data ? [user.data.surname, user.data.name].filter(Boolean).join(' ') || user.data.email : '';
  return (
    <ModalsHost>
      <Box mih="100vh" bg="gray.0" data-management>
        <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="lg">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Button
                  variant="default"
                  onClick={() => goBack(ctx, navigate)}
                  data-testid="management-back"
                  style={{ flexShrink: 0 }}
                >
                  {t('common:actions.back')}
                </Button>
                {!mobile && <Logo to="/management/declaration?step=1" />}
              </Group>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Badge color="grape" variant="light" style={{ flexShrink: 0 }}>
                  {t('badge')}
                </Badge>
                {who && (
                  <Text size="sm" truncate maw={220} data-testid="management-user">
                    {who}
                  </Text>
                )}
              </Group>
            </Group>
          </Container>
        </Box>
        <Container size="lg" py="lg" component="main">
          {user.isError ? (
            <Text c="red" data-testid="management-error">
              {user.error.message}
            </Text>
          ) : (
            <Outlet />
          )}
        </Container>
      </Box>
    </ModalsHost>
  );
}
