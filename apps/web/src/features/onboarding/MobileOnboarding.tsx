import { Box, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlideIllustration } from './Illustrations.tsx';
import { clampSlide, ONBOARDING_STEPS, SLIDES, swipeStep } from './slides.ts';

/** The 5-step indicator: the current step is marked for assistive technology and tests. */
export function StepIndicator({
  current,
  onSelect,
  label,
}: {
  current: number;
  onSelect?: (i: number) => void;
  label?: string;
}) {
  const { t } = useTranslation(['onboarding', 'common']);
  return (
    <Group
      gap={8}
      justify="center"
      role="list"
      aria-label={label ?? t('aria.steps')}
      data-testid="onboarding-indicator"
    >
      {SLIDES.map((s, i) => (
        <UnstyledButton
          key={s}
          role="listitem"
          aria-label={t('common:stepOf', { step: i + 1, total: ONBOARDING_STEPS })}
          aria-current={i === current ? 'step' : undefined}
          onClick={onSelect ? () => onSelect(i) : undefined}
          style={{
            width: i === current ? 28 : 10,
            height: 10,
            borderRadius: 5,
            transition: 'width 200ms ease',
            background: i === current ? 'var(--mantine-color-brand-6)' : 'var(--mantine-color-brand-2)',
          }}
        />
      ))}
    </Group>
  );
}

/** Full-screen mobile onboarding: swipe, 'Далее', 'Пропустить' while not completed (docs/accounts.md). */
export function MobileOnboarding({ completed, onFinish }: { completed: boolean; onFinish: () => void }) {
  const { t } = useTranslation(['onboarding', 'common']);
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const slide = SLIDES[index] ?? SLIDES[0]!;
  const last = index === ONBOARDING_STEPS - 1;
  const go = (i: number) => setIndex(clampSlide(i));

  return (
    <Box
      component="section"
      aria-label={t('aria.mobile')}
      data-testid="onboarding-mobile"
      data-slide={index}
      pos="fixed"
      inset={0}
      bg="white"
      style={{ zIndex: 150, display: 'flex', flexDirection: 'column', touchAction: 'pan-y', userSelect: 'none' }}
      onPointerDown={(e) => {
        start.current = { x: e.clientX, y: e.clientY };
      }}
      onPointerUp={(e) => {
        if (!start.current) return;
        const step = swipeStep(e.clientX - start.current.x, e.clientY - start.current.y);
        start.current = null;
        if (step !== 0) go(index + step);
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
    >
      <Group justify="space-between" px="md" pt="md" mih={52}>
        <Text size="sm" c="dimmed">
          {t('counter', { n: index + 1, total: ONBOARDING_STEPS })}
        </Text>
        {!completed && (
          <Button variant="subtle" onClick={onFinish}>
            {t('skip')}
          </Button>
        )}
      </Group>
      <Stack
        flex={1}
        align="center"
        justify="center"
        gap="lg"
        px="lg"
        style={{ background: 'linear-gradient(180deg, var(--mantine-color-brand-0), #fff)' }}
      >
        <SlideIllustration index={index} size={260} />
        <Stack gap="xs" maw={420} aria-live="polite">
          <Title order={2} ta="center" fz={24}>
            {t(`slides.${slide}.title`)}
          </Title>
          <Text ta="center" c="dimmed">
            {t(`slides.${slide}.text`)}
          </Text>
        </Stack>
      </Stack>
      <Stack gap="md" p="lg" pb="xl">
        <StepIndicator current={index} onSelect={go} />
        <Button size="lg" fullWidth onClick={() => (last ? onFinish() : go(index + 1))}>
          {last ? t('start') : t('common:actions.next')}
        </Button>
      </Stack>
    </Box>
  );
}
