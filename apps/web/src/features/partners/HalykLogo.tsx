import { Group, Text } from '@mantine/core';
import { HALYK } from './variant.ts';

/** The bank's name: a brand, the same in every language. */
const HALYK_NAME = 'Halyk Finance';

/** The halykfinance co-brand mark, drawn by us (a stylised shield and wordmark, not the bank's artwork). */
export function HalykLogo({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="halyk-logo" aria-label={HALYK_NAME}>
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <path d="M14 2 L25 6 V14 C25 20 20 24.5 14 26 C8 24.5 3 20 3 14 V6 Z" fill={HALYK.green} />
        <path d="M9 9 V19 M19 9 V19 M9 14 H19" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="14" cy="5.5" r="1.6" fill={HALYK.gold} />
      </svg>
      {!compact && (
        <Text fw={700} size="sm" c={HALYK.dark} style={{ whiteSpace: 'nowrap' }}>
          {HALYK_NAME}
        </Text>
      )}
    </Group>
  );
}

/** The soft green backdrop of the halykfinance variant inside the app. */
export function HalykBackdrop() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-testid="halyk-backdrop"
      viewBox="0 0 1440 400"
      preserveAspectRatio="xMidYMin slice"
      style={{ position: 'absolute', inset: 0, width: '100%', height: 400, zIndex: 0, pointerEvents: 'none' }}
    >
      <rect width="1440" height="400" fill={HALYK.light} />
      <path d="M0 260 C 300 200, 620 330, 960 250 S 1320 190, 1440 230 V400 H0Z" fill="#cdebd9" opacity="0.7" />
      <circle cx="1260" cy="80" r="120" fill="#94d3ae" opacity="0.35" />
      <circle cx="160" cy="60" r="60" fill={HALYK.gold} opacity="0.18" />
    </svg>
  );
}
