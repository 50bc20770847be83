import {
  type CommonData,
  SUBMISSION_STATUS_NAMES,
  SUBMISSION_TEXT,
  type Submission,
  type SubmissionStatus,
} from '@deklarant/contracts';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { fetchSubmission } from './api.ts';

export const SUBMISSION_COLORS: Record<SubmissionStatus, string> = {
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
};

/** dd.mm.yyyy hh:mm in Almaty time, wherever the browser is. */
export function almatyDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Asia/Almaty',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');
}

/**
 * The sending and the tax office's answer, asked again every 3 s while 'Отправлено'; when the answer
 * arrives the declaration and the lists are refreshed (the status may have moved).
 */
export function useSubmission(id: number, enabled = true) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: queryKeys.declarations.submission(id),
    queryFn: ({ signal }) => fetchSubmission(id, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'sent' ? 3000 : false),
  });
  const last = useRef<SubmissionStatus | undefined>(undefined);
  const status = q.data?.status;
  useEffect(() => {
    if (last.current === 'sent' && status && status !== 'sent') {
      void qc.invalidateQueries({ queryKey: queryKeys.declarations.one(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.declarations.lists });
    }
    last.current = status;
  }, [status, id, qc]);
  return q;
}

/** The card's line under its status: the number and date, the reason, or that an answer is awaited. */
export function SubmissionNote({ d }: { d: CommonData }) {
  const watching = d.submission?.status === 'sent';
  const live = useSubmission(d.id, watching);
  const s = watching && live.data ? live.data : d.submission;
  if (!s) return null;
  if (s.status === 'sent') {
    return (
      <Text size="sm" c="dimmed" data-testid="submission-note">
        Ожидается ответ налогового органа
      </Text>
    );
  }
  if (s.status === 'accepted') {
    return (
      <Text size="sm" data-testid="submission-note">
        Рег. № <b>{s.registration_number}</b> от {almatyDateTime(s.registered_at)} (Алматы)
      </Text>
    );
  }
  return (
    <Text size="sm" c="red.8" data-testid="submission-note">
      Причина: {s.reason}
    </Text>
  );
}

/** The card's badge text and colour when the declaration was sent. */
export const submissionBadge = (s: CommonData['submission']) =>
  s ? { label: SUBMISSION_STATUS_NAMES[s.status], color: SUBMISSION_COLORS[s.status] } : null;

/** Step 8: 'Отправлено' (waiting), 'Принято' (number, date, «Скачать талон») or 'Отклонено' (reason, what to do). */
export function SubmissionPanel({
  id,
  onDownloadReceipt,
  downloading,
}: {
  id: number;
  /** where the receipt can be downloaded (step 8); elsewhere the panel shows no button */
  onDownloadReceipt?: () => void;
  downloading?: boolean;
}) {
  const q = useSubmission(id);
  const s: Submission | null | undefined = q.data;
  if (q.isPending || !s) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="submission-panel" data-status={s.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Налоговый орган
          </Title>
          <Badge color={SUBMISSION_COLORS[s.status]} variant="light" size="lg" data-testid="submission-status">
            {SUBMISSION_STATUS_NAMES[s.status]}
          </Badge>
        </Group>
        {s.status === 'sent' && (
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{SUBMISSION_TEXT.sentNote}</Text>
          </Group>
        )}
        {s.status === 'accepted' && (
          <>
            <Table withTableBorder variant="vertical" layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w="42%">Регистрационный номер</Table.Th>
                  <Table.Td data-testid="submission-number">{s.registration_number}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Дата регистрации</Table.Th>
                  <Table.Td data-testid="submission-date">{almatyDateTime(s.registered_at)} (время Алматы)</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Отправлено</Table.Th>
                  <Table.Td>{almatyDateTime(s.submitted_at)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {s.receipt_available && onDownloadReceipt && (
              <Button
                variant="light"
                w="fit-content"
                onClick={onDownloadReceipt}
                loading={downloading}
                data-testid="download-receipt"
              >
                {SUBMISSION_TEXT.downloadReceipt}
              </Button>
            )}
          </>
        )}
        {s.status === 'rejected' && (
          <Alert color="red" title="Декларация отклонена" data-testid="submission-rejected">
            <Stack gap={4}>
              <Text size="sm">Причина: {s.reason}</Text>
              <Text size="sm">{SUBMISSION_TEXT.rejectedWhatToDo}</Text>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
