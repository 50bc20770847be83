import { Alert, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../shared/i18n/numbers.ts';
import { sectionText } from '../declarations/index.ts';
import type { FileReconciliation } from './api.ts';
import { moneyKindText, rowKinds, rowKindText, sectionCounts, totalLines } from './rules.ts';

/** An amount as the file gives it (every digit), grouped as the active language does. */
const money = (s: string) => formatDecimal(s);

/** Every row accounted for: rows read per kind, deals per section, totals per currency file vs deals. */
export function Reconciliation({ items, files }: { items: FileReconciliation[]; files: number }) {
  const { t } = useTranslation(['imports', 'fields', 'common', 'errors']);
  return (
    <Stack gap="md" data-testid="upload-reconciliation">
      {items.map((r) => (
        <Stack key={r.file} gap="xs">
          <Text fw={500}>{files > 1 ? t('recon.titleFile', { n: r.file + 1 }) : t('recon.title')}</Text>
          {r.notes.map((n) => (
            <Alert key={n} color="yellow" variant="light" data-testid="upload-reconciliation-note">
              {n}
            </Alert>
          ))}
          <Group gap="xs">
            {rowKinds(r.rows).map(([kind, n]) => (
              <Badge key={kind} variant="light" color={kind === 'error' ? 'red' : kind === 'skipped' ? 'gray' : 'blue'}>
                {rowKindText(kind)}: {n}
              </Badge>
            ))}
          </Group>
          <Text size="sm">
            {t('recon.created', {
              list:
                sectionCounts(r.deals)
                  .map((s) => `${sectionText(s, 'tile', s.tile)} — ${s.count}`)
                  .join(', ') || t('recon.none'),
            })}
            {r.flagged > 0 ? t('recon.flagged', { n: r.flagged }) : ''}
            {r.skipped > 0 ? t('recon.skipped', { n: r.skipped }) : ''}
          </Text>
          {Object.keys(r.totals).length > 0 && <Totals totals={r.totals} />}
        </Stack>
      ))}
    </Stack>
  );
}

/** One line of the totals: a currency and a kind of money, the file's sum and the deals'. */
type TotalLine = ReturnType<typeof totalLines>[number] & { currency: string };

/**
 * Totals per currency, file vs deals: a table where there is room, and on a phone one block per line with both
 * figures in view (the table's amounts were off the screen's edge).
 */
function Totals({ totals }: { totals: FileReconciliation['totals'] }) {
  const { t } = useTranslation(['imports']);
  const lines: TotalLine[] = Object.entries(totals).flatMap(([currency, byKind]) =>
    totalLines(byKind).map((l) => ({ ...l, currency })),
  );
  const verdict = (l: TotalLine) => (
    <Text size="sm" c={l.same ? 'green' : 'orange'}>
      {l.same ? t('recon.same') : t('recon.differs')}
    </Text>
  );
  return (
    <>
      <Table striped withTableBorder fz="sm" data-testid="upload-totals" visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('recon.currency')}</Table.Th>
            <Table.Th>{t('recon.sum')}</Table.Th>
            <Table.Th ta="right">{t('recon.inFile')}</Table.Th>
            <Table.Th ta="right">{t('recon.inDeals')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={`${l.currency}-${l.kind}`} data-same={l.same}>
              <Table.Td>{l.currency}</Table.Td>
              <Table.Td>{moneyKindText(l.kind)}</Table.Td>
              <Table.Td ta="right">{money(l.file)}</Table.Td>
              <Table.Td ta="right">{money(l.deals)}</Table.Td>
              <Table.Td>{verdict(l)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" hiddenFrom="sm" data-testid="upload-totals-compact">
        {lines.map((l) => (
          <Card key={`${l.currency}-${l.kind}`} withBorder padding="xs" data-same={l.same}>
            <Text size="sm" fw={500}>
              {l.currency} · {moneyKindText(l.kind)}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {t('recon.inFile')}: {money(l.file)}
              </Text>
              <Text size="sm">
                {t('recon.inDeals')}: {money(l.deals)}
              </Text>
            </Group>
            {verdict(l)}
          </Card>
        ))}
      </Stack>
    </>
  );
}
