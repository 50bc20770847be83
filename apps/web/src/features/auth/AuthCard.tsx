import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title, optional lead text and the body of one auth step. */
export function AuthStep({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {lead && (
          <Text c="dimmed" size="sm">
            {lead}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
