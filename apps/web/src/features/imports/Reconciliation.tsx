import { Alert, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { FileReconciliation } from './api.ts';
import { MONEY_KIND_TEXT, ROW_KIND_TEXT, rowKinds, sectionCounts, totalLines } from './rules.ts';

const money = (s: string) => {
  const [i = '0', f] = s.split('.');
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}${f ? `,${f}` : ''}`;
};

/** Every row accounted for: rows read per kind, deals per section, totals per currency file vs deals. */
export function Reconciliation({ items, files }: { items: FileReconciliation[]; files: number }) {
  return (
    <Stack gap="md" data-testid="upload-reconciliation">
      {items.map((r) => (
        <Stack key={r.file} gap="xs">
          <Text fw={500}>Сверка отчета{files > 1 ? ` (файл ${r.file + 1})` : ''}</Text>
          {r.notes.map((n) => (
            <Alert key={n} color="yellow" variant="light" data-testid="upload-reconciliation-note">
              {n}
            </Alert>
          ))}
          <Group gap="xs">
            {rowKinds(r.rows).map(([kind, n]) => (
              <Badge key={kind} variant="light" color={kind === 'error' ? 'red' : kind === 'skipped' ? 'gray' : 'blue'}>
                {ROW_KIND_TEXT[kind] ?? kind}: {n}
              </Badge>
            ))}
          </Group>
          <Text size="sm">
            Создано сделок:{' '}
            {sectionCounts(r.deals)
              .map((s) => `${s.tile} — ${s.count}`)
              .join(', ') || 'нет'}
            {r.flagged > 0 ? `; отмечено при чтении отчета: ${r.flagged}` : ''}
            {r.skipped > 0 ? `; не перенесено с указанием причины: ${r.skipped}` : ''}
          </Text>
          {Object.keys(r.totals).length > 0 && (
            <Table.ScrollContainer minWidth={520}>
              <Table striped withTableBorder fz="sm" data-testid="upload-totals">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Валюта</Table.Th>
                    <Table.Th>Сумма</Table.Th>
                    <Table.Th ta="right">В отчете</Table.Th>
                    <Table.Th ta="right">В сделках</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {Object.entries(r.totals).flatMap(([currency, t]) =>
                    totalLines(t).map((l) => (
                      <Table.Tr key={`${currency}-${l.kind}`} data-same={l.same}>
                        <Table.Td>{currency}</Table.Td>
                        <Table.Td>{MONEY_KIND_TEXT[l.kind]}</Table.Td>
                        <Table.Td ta="right">{money(l.file)}</Table.Td>
                        <Table.Td ta="right">{money(l.deals)}</Table.Td>
                        <Table.Td>
                          {l.same ? (
                            <Text size="sm" c="green">
                              совпадает
                            </Text>
                          ) : (
                            <Text size="sm" c="orange">
                              расхождение — см. «Не перенесено»
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    )),
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
