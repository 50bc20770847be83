import type { Overpayment } from '@deklarant/contracts';
import { Alert, Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../shared/api/client.ts';
import { currentLocale } from '../../shared/i18n/index.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { formatKzt } from '../payment/index.ts';

const PROVIDER: Record<Overpayment['provider'], string> = { robokassa: 'Robokassa', epay: 'Halyk ePay' };
const when = (iso: string) =>
  new Date(iso).toLocaleString(currentLocale(), { timeZone: 'Asia/Almaty', dateStyle: 'short', timeStyle: 'short' });

/**
 * For administrators in the console: money a provider took that bought nothing (a second charge, a
 * voided or superseded invoice), to refund in the provider's cabinet and then mark as refunded.
 * A manager's session gets 403 from the list: the block is not shown.
 */
export function Overpayments({ token }: { token: string }) {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const qc = useQueryClient();
  const key = ['manager-console', 'overpayments', token];
  const q = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await request<{ data: Overpayment[] }>('/api/admin/payments/overpayments', { authToken: token })).data,
    retry: false,
  });
  const refunded = useMutation({
    mutationFn: (id: number) =>
      request(`/api/admin/payments/overpayments/${id}/refunded`, { method: 'POST', authToken: token }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  if (q.error instanceof ApiError && q.error.status === 403) return null;
  return (
    <Stack gap="xs" data-testid="overpayments">
      <Title order={2} size="h4">
        {t('overpayments.title')}
      </Title>
      {q.isPending && <Loading />}
      {q.isError && <Alert color="red">{(q.error as Error).message}</Alert>}
      {refunded.isError && <Alert color="red">{(refunded.error as Error).message}</Alert>}
      {q.data?.length === 0 && <Text c="dimmed">{t('overpayments.none')}</Text>}
      {q.data && q.data.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('overpayments.date')}</Table.Th>
                <Table.Th>{t('overpayments.amount')}</Table.Th>
                <Table.Th>{t('overpayments.provider')}</Table.Th>
                <Table.Th>{t('overpayments.invoice')}</Table.Th>
                <Table.Th>{t('overpayments.declaration')}</Table.Th>
                <Table.Th>{t('overpayments.reason')}</Table.Th>
                <Table.Th>{t('overpayments.refund')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.map((o) => (
                <Table.Tr key={o.id} data-testid={`overpayment-${o.invoice_id}`}>
                  <Table.Td>{when(o.created_at)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatKzt(o.amount)}</Table.Td>
                  <Table.Td>{PROVIDER[o.provider]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>№ {o.invoice_id}</Table.Td>
                  <Table.Td>{o.declaration_id ? `№ ${o.declaration_id}` : t('overpayments.deleted')}</Table.Td>
                  <Table.Td>{t(`overpayments.reasons.${o.reason}`)}</Table.Td>
                  <Table.Td>
                    {o.refunded_at ? (
                      <Badge color="teal" variant="light">
                        {t('overpayments.refunded', { date: when(o.refunded_at) })}
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        loading={refunded.isPending && refunded.variables === o.id}
                        onClick={() => refunded.mutate(o.id)}
                      >
                        {t('overpayments.markRefunded')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
