import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../shared/i18n/index.ts';
import { Logo } from '../../shared/ui/Logo.tsx';

export function PublicLayout() {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Logo />
            <LanguageSwitcher />
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="lg" component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
