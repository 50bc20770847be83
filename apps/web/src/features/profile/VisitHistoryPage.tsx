import { Alert, Badge, Button, Card, Center, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { DateField } from '../../shared/ui/DateField.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { accountApi } from './api.ts';
import { formatVisitDate, VISIT_FILTERS, type VisitFilter, visitHistoryQuery, visitStatus } from './history.ts';
import { ProfileLayout } from './ProfileLayout.tsx';

/** /app/personal/history: the visit log with filter, date range and pages (docs/accounts.md). */
export default function VisitHistoryPage() {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const [filter, setFilter] = useState<VisitFilter>('2');
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [page, setPage] = useState(1);
  const query = visitHistoryQuery(page, filter, range);
  const history = useQuery({
    queryKey: ['visit-history', query],
    queryFn: ({ signal }) => accountApi.visitHistory(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = history.data?.data ?? [];
  const lastPage = history.data?.meta.last_page ?? 1;

  return (
    <ProfileLayout title={t('links.history')}>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <Select
              label={t('history.filter')}
              data={VISIT_FILTERS.map((f) => ({ value: f.value, label: t(f.labelKey) }))}
              value={filter}
              allowDeselect={false}
              onChange={(v) => {
                setFilter((v ?? '2') as VisitFilter);
                setPage(1);
              }}
              w={{ base: '100%', xs: 200 }}
              data-testid="visit-filter"
            />
            <DateField
              label={t('history.from')}
              clearable
              value={range[0]}
              maxDate={range[1] ?? undefined}
              onChange={(v) => {
                setRange([v, range[1]]);
                setPage(1);
              }}
              w={{ base: '100%', xs: 160 }}
              data-testid="visit-from"
            />
            <DateField
              label={t('history.to')}
              clearable
              value={range[1]}
              minDate={range[0] ?? undefined}
              onChange={(v) => {
                setRange([range[0], v]);
                setPage(1);
              }}
              w={{ base: '100%', xs: 160 }}
              data-testid="visit-to"
            />
            <Text size="xs" c="dimmed" w="100%">
              {t('history.almatyTime')}
            </Text>
          </Group>
          {history.isPending ? (
            <Loading />
          ) : history.isError ? (
            <Alert color="red" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {history.error instanceof ApiError ? history.error.message : t('errors:tryAgain')}{' '}
                  {t('history.loadFailed')}
                </Text>
                <Button size="xs" variant="light" onClick={() => void history.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : rows.length === 0 ? (
            <Center py="xl" data-testid="visit-empty">
              <Text c="dimmed">{t('errors:noResults')}</Text>
            </Center>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table
                striped
                verticalSpacing="xs"
                fz="sm"
                data-testid="visit-table"
                style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('history.dateTime')}</Table.Th>
                    <Table.Th>{t('history.ip')}</Table.Th>
                    <Table.Th>{t('history.signIn')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((v) => (
                    <Table.Tr key={v.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatVisitDate(v.created_at)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{v.ip}</Table.Td>
                      <Table.Td>
                        <Badge color={v.is_success ? 'green' : 'red'} variant="light" tt="none">
                          {t(visitStatus(v.is_success))}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {lastPage > 1 && (
            <Group justify="center">
              <Pagination total={lastPage} value={page} onChange={setPage} size="sm" aria-label={t('history.pages')} />
            </Group>
          )}
        </Stack>
      </Card>
    </ProfileLayout>
  );
}
