import { session } from '../../shared/session/storage.ts';

/** The halykfinance bank variant (docs/accounts.md), case-insensitive. */
export const isHalykName = (name: string | null | undefined) => (name ?? '').trim().toLowerCase() === 'halykfinance';

/** The variant from the stored bank name (works before the partner settings load). */
export const halykVariant = () => session.isHalyk();

/** Brand colours of the halykfinance theme (backgrounds and logos are drawn in HalykLogo/HalykBackdrop). */
export const HALYK = { green: '#0f8a4c', dark: '#0b6b3a', light: '#eef8f2', gold: '#e3b23c' } as const;

/**
 * Mantine CSS variables for the halykfinance theme: set on a wrapper, every primary-coloured
 * control below it takes the bank's green (a theme, not a fork).
 */
export const halykCssVars: Record<string, string> = {
  '--mantine-primary-color-filled': HALYK.green,
  '--mantine-primary-color-filled-hover': HALYK.dark,
  '--mantine-primary-color-light': 'rgba(15, 138, 76, 0.1)',
  '--mantine-primary-color-light-hover': 'rgba(15, 138, 76, 0.16)',
  '--mantine-primary-color-light-color': HALYK.dark,
  '--mantine-color-anchor': HALYK.dark,
};
