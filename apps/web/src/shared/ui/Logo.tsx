import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's name: in Cyrillic for Russian and Kazakh, in Latin letters for English. */
const BRAND: Record<string, string> = {
  ru: 'Декларант', // i18n-ignore: the product's name
  kk: 'Декларант', // i18n-ignore: the product's name
  en: 'Deklarant',
};

/** Our mark, drawn by us. */
export function Logo({ to = '/' }: { to?: string }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label={t('logo.home')}>
      <Group gap={8}>
        <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="var(--mantine-color-brand-6)" />
          <path d="M9 8h9a6 6 0 0 1 0 12h-5v4H9z M13 12v4h5a2 2 0 0 0 0-4z" fill="#fff" />
        </svg>
        <Text fw={700} size="lg">
          {BRAND[i18n.language] ?? BRAND.ru}
        </Text>
      </Group>
    </Link>
  );
}
