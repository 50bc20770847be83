import { Card, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHistoryDeals } from './api.ts';
import { formatAmount, formatKzt } from './format.ts';

/** Which purchase lots the sale consumed (FIFO), from GET .../deals/{dealId}/history-deals. */
export function PurchaseHistory({ declarationId, saleId }: { declarationId: number; saleId: number }) {
  const { t } = useTranslation('sections');
  const lots = useHistoryDeals(declarationId, saleId);
  const rows = lots.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="consumed-lots">
      <Stack gap="xs">
        <Text fw={600}>{t('history.title')}</Text>
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.date')}</Table.Th>
                <Table.Th>{t('card.quantity')}</Table.Th>
                <Table.Th>{t('card.cost')}</Table.Th>
                <Table.Th>{t('history.rate')}</Table.Th>
                <Table.Th>{t('card.inTenge')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={`${l.purchase_deal_id}-${l.quantity}`}>
                  <Table.Td>
                    {l.transaction_date ?? '—'}
                    {l.previous_period ? ` ${t('history.previousPeriod')}` : ''}
                  </Table.Td>
                  <Table.Td>{formatAmount(l.quantity)}</Table.Td>
                  <Table.Td>
                    {formatAmount(l.cost)} {l.currency_code}
                  </Table.Td>
                  <Table.Td>{formatAmount(l.rate, 6)}</Table.Td>
                  <Table.Td>{formatKzt(l.cost_in_tenge_currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm">
          {t('history.total', { amount: formatKzt(lots.data?.meta.total_cost_in_tenge_currency) })}
          {lots.data?.meta.unmatched_quantity !== '0'
            ? ` · ${t('history.unmatched', { quantity: formatAmount(lots.data?.meta.unmatched_quantity) })}`
            : ''}
        </Text>
      </Stack>
    </Card>
  );
}
