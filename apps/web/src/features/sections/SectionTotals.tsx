import { type SectionDef, wordsOf } from '@deklarant/contracts';
import { Card, Group, Stack, Text } from '@mantine/core';
import { formatKzt } from './format.ts';

const LABELS: Record<string, string> = {
  sales_cost_in_tenge_currency: 'Сумма реализации (дохода)',
  cost_in_tenge_currency: 'Стоимость приобретения',
  amount_in_tenge_currency: 'Сумма в тенге',
  foreign_tax_in_tenge: 'Налог, уплаченный за рубежом',
  value_added_income: 'Доход',
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
  const rows = Object.entries(totals).filter(([k]) => LABELS[k]);
  const label = (k: string) =>
    section.code === 'rental' && k === 'sales_cost_in_tenge_currency'
      ? 'Общая сумма арендной платы'
      : section.code === 'purchase' && k === 'cost_in_tenge_currency'
        ? 'Общая стоимость приобретения'
        : k === 'sales_cost_in_tenge_currency' && wordsOf(section.code).mainKzt
          ? (wordsOf(section.code).mainKzt as string)
          : LABELS[k];
  const averages = Object.entries(totals).filter(([k]) => k.startsWith('average:'));
  if (count === 0 || (rows.length === 0 && section.code !== 'rental')) return null;
  return (
    <Card withBorder padding="md" data-testid="section-totals">
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          Записей: {count}
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
            Код формы: 270.02.I
          </Text>
        )}
        {averages.map(([k, v]) => (
          <Group key={k} justify="space-between" wrap="nowrap">
            <Text size="sm">Средневзвешенная стоимость {k.slice(8)}</Text>
            <Text size="sm">{formatKzt(v)} за шт.</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
