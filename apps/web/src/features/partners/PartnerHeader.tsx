import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { usePartnerState } from './api.ts';
import { HalykLogo } from './HalykLogo.tsx';
import { halykVariant } from './variant.ts';

const isReal = (email: string | null | undefined) => Boolean(email) && !/@b2b\.invalid$/i.test(email ?? '');

/**
 * The header additions of the partner variants: for halykfinance the bank's co-brand logo, its
 * download link and the user's email (docs/accounts.md).
 */
export function PartnerHeader({ email }: { email: string | null | undefined }) {
  const { t } = useTranslation(['partners', 'common', 'errors']);
  const { mobile } = useLayout();
  const state = usePartnerState();
  const halyk = halykVariant() || state.data?.partner?.theme === 'halyk';
  if (!halyk) return null;
  const download = state.data?.partner?.links.download;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="partner-header">
      <HalykLogo compact={mobile} />
      {isReal(email) && (
        <Text size="sm" c="dimmed" data-testid="user-email" truncate maw={mobile ? 130 : 260}>
          {email}
        </Text>
      )}
      {download && !mobile && (
        <Anchor href={download} target="_blank" rel="noopener" size="sm" data-testid="partner-download">
          {t('downloadApp')}
        </Anchor>
      )}
    </Group>
  );
}
