import { Center, Loader } from '@mantine/core';

export function Loading({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
