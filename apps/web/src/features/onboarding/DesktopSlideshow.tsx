import { Box, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlideIllustration } from './Illustrations.tsx';
import { StepIndicator } from './MobileOnboarding.tsx';
import { DESKTOP_SLIDE_MS, nextCyclic, SLIDES } from './slides.ts';

/** Desktop: the slides beside the auth card, 10 s each, cycling back to slide 1 (docs/accounts.md). */
export function DesktopSlideshow({ intervalMs = DESKTOP_SLIDE_MS }: { intervalMs?: number }) {
  const { t } = useTranslation('onboarding');
  const [index, setIndex] = useState(0);
  useEffect(() => {
    // A new timer per slide: a click on a dot restarts the 10 s.
    const t = setTimeout(() => setIndex(nextCyclic(index)), intervalMs);
    return () => clearTimeout(t);
  }, [index, intervalMs]);
  const slide = SLIDES[index] ?? SLIDES[0]!;
  return (
    <Box
      component="section"
      aria-label={t('aria.desktop')}
      data-testid="onboarding-desktop"
      data-slide={index}
      data-interval={intervalMs}
    >
      <Stack align="center" gap="lg" maw={520} mx="auto">
        <Box
          bg="rgba(255,255,255,0.7)"
          p="lg"
          style={{ borderRadius: 'var(--mantine-radius-xl)', backdropFilter: 'blur(4px)' }}
        >
          <SlideIllustration index={index} size={320} />
        </Box>
        <Stack gap="xs" mih={130} aria-live="polite">
          <Title order={2} ta="center" fz={28}>
            {t(`slides.${slide}.title`)}
          </Title>
          <Text ta="center" size="lg" c="gray.7">
            {t(`slides.${slide}.text`)}
          </Text>
        </Stack>
        <StepIndicator current={index} onSelect={setIndex} label={t('aria.slides')} />
      </Stack>
    </Box>
  );
}
