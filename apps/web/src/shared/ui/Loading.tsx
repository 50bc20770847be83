import { Center, Loader } from '@mantine/core';
import { i18next } from '../i18n/i18n.ts';

/** Also the Suspense fallback while a catalogue loads: i18next.t, not the hook, which would suspend again. */
export function Loading({ label }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={label ?? i18next.t('common:state.loading')} />
    </Center>
  );
}
