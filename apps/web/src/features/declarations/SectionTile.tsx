import type { SectionDef, SectionSummary } from '@deklarant/contracts';
import { Badge, Card, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatKzt } from './rules.ts';
import { sectionTexts } from './sectionText.ts';

/** A section tile: its label and title, deal count and KZT total; it opens the section list. */
export function SectionTile({ section, summary }: { section: SectionDef; summary?: SectionSummary }) {
  const count = summary?.count ?? 0;
  const { t } = useTranslation(['declarations', 'fields', 'common', 'errors']);
  const { tile, title, who } = sectionTexts(section);
  return (
    <UnstyledButton
      component={Link}
      to={`/app/${section.route}/show`}
      data-testid="section-tile"
      data-section={section.key}
      style={{ display: 'block', height: '100%' }}
    >
      <Card withBorder padding="md" h="100%">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} size="lg">
              {tile}
            </Text>
            {/* the link's name is its visible text (WCAG 2.5.3), with the count spelled out for screen readers */}
            <VisuallyHidden>{t('declarations:tile.deals')}</VisuallyHidden>
            <Badge variant="light" data-testid="tile-count">
              {count}
            </Badge>
          </Group>
          <Text size="sm">{title}</Text>
          {who && (
            <Text size="xs" c="gray.7" data-testid="tile-who">
              {who}
            </Text>
          )}
          <Text size="sm" fw={600} data-testid="tile-total">
            {formatKzt(summary?.total ?? '0')}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
