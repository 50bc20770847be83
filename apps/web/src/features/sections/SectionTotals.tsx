import type { SectionDef } from '@deklarant/contracts';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../shared/i18n/index.ts';
import { formatKzt } from './format.ts';
import { sectionWords } from './texts.ts';

/** The totals the card shows, each with its catalogue key (read at render time: the language can change). */
const LABELS: Record<string, string> = {
  sales_cost_in_tenge_currency: 'sections:totals.sale',
  cost_in_tenge_currency: 'fields:field.purchase_opening_cost.label',
  amount_in_tenge_currency: 'sections:kzt.amount',
  foreign_tax_in_tenge: 'sections:totals.foreignTax',
  value_added_income: 'sections:card.income',
};

/** Section totals from the server (exact decimals); rental adds its form code, purchases their average cost. */
export function SectionTotals({
  section,
  totals,
  count,
}: {
  section: SectionDef;
  totals: Record<string, string>;
  count: number;
}) {
  const { t } = useTranslation(['sections', 'fields']);
  const rows = Object.entries(totals).filter(([k]) => LABELS[k]);
  const mainKzt = sectionWords(section.code).mainKzt;
  const label = (k: string) =>
    section.code === 'rental' && k === 'sales_cost_in_tenge_currency'
      ? t('sections:totals.rent')
      : section.code === 'purchase' && k === 'cost_in_tenge_currency'
        ? t('sections:totals.purchase')
        : k === 'sales_cost_in_tenge_currency' && mainKzt
          ? mainKzt
          : tKey(LABELS[k] as string);
  const averages = Object.entries(totals).filter(([k]) => k.startsWith('average:'));
  if (count === 0 || (rows.length === 0 && section.code !== 'rental')) return null;
  return (
    <Card withBorder padding="md" data-testid="section-totals">
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          {t('sections:totals.records', { n: count })}
        </Text>
        {rows.map(([k, v]) => (
          <Group key={k} justify="space-between" wrap="nowrap">
            <Text size="sm">{label(k)}</Text>
            <Text size="sm" fw={700} data-testid={`total-${k}`}>
              {formatKzt(v)}
            </Text>
          </Group>
        ))}
        {section.code === 'rental' && (
          <Text size="sm" c="gray.7">
            {t('sections:totals.formCode')}
          </Text>
        )}
        {averages.map(([k, v]) => (
          <Group key={k} justify="space-between" wrap="nowrap">
            <Text size="sm">{t('sections:totals.average', { security: k.slice(8) })}</Text>
            <Text size="sm">{t('sections:totals.perUnit', { amount: formatKzt(v) })}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
