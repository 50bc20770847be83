import { Alert, Modal, ScrollArea, Table, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { i18next } from '../../shared/i18n/i18n.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { documentPaths, fetchDocument } from './api.ts';
import type { SheetPreview } from './workbook.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; sheets: SheetPreview[] }
  | { kind: 'emailed'; message: string }
  | { kind: 'error'; message: string };

/** Step 8 for full_access: the workbook the server renders, its sheets as tables (read in the browser). */
export function ExcelPreview({ id, opened, onClose }: { id: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['documents', 'declarations', 'common', 'errors']);
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!opened) return;
    let alive = true;
    setState({ kind: 'loading' });
    (async () => {
      const r = await fetchDocument(documentPaths.excel(id), 'declaration.xlsx');
      if (r.kind === 'emailed') return { kind: 'emailed', message: r.message } as const;
      const { readWorkbook } = await import('./workbook.ts');
      return { kind: 'ready', sheets: readWorkbook(new Uint8Array(await r.blob.arrayBuffer())) } as const;
    })()
      .then((s) => alive && setState(s))
      .catch(
        (e) =>
          alive &&
          setState({ kind: 'error', message: e instanceof ApiError ? e.message : i18next.t('errors:tryAgain') }),
      );
    return () => {
      alive = false;
    };
  }, [id, opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('declarations:menu.excel')} size="100%" fullScreen={false}>
      {state.kind === 'loading' && <Loading label={t('excelPreview.loading')} />}
      {state.kind === 'emailed' && <Alert color="blue">{state.message}</Alert>}
      {state.kind === 'error' && (
        <Alert color="red" title={t('errors:tryAgain')}>
          {state.message !== t('errors:tryAgain') ? state.message : null}
        </Alert>
      )}
      {state.kind === 'ready' && (
        <Tabs defaultValue="0" keepMounted={false} data-testid="excel-preview">
          <Tabs.List>
            {state.sheets.map((s, i) => (
              <Tabs.Tab key={s.name} value={String(i)}>
                {s.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {state.sheets.map((s, i) => (
            <Tabs.Panel key={s.name} value={String(i)} pt="sm">
              <ScrollArea type="auto" h="min(70vh, 720px)">
                <Table withTableBorder withColumnBorders striped fz="xs" data-testid="excel-sheet">
                  <Table.Tbody>
                    {s.rows.map((row, r) => (
                      // rows have no identity beyond their position in the sheet
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
                      <Table.Tr key={r}>
                        {row.map((cell, c) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column
                          <Table.Td key={c} style={{ whiteSpace: 'nowrap' }}>
                            {cell}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
              {s.more > 0 && (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('excelPreview.more', { count: s.more })}
                </Text>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Modal>
  );
}
