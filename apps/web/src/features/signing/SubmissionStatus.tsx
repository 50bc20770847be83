import type { CommonData, Submission, SubmissionStatus } from '@deklarant/contracts';
import { almatyDateTime as almatyDateTimeIn } from '@deklarant/contracts';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { currentLocale, i18next } from '../../shared/i18n/i18n.ts';
import { fetchSubmission } from './api.ts';

export const SUBMISSION_COLORS: Record<SubmissionStatus, string> = {
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
};

/** The sending's status as the tax authority names it (the dictionary's fields:status.*), in the active language. */
export const submissionStatusName = (s: SubmissionStatus): string => i18next.t(`fields:status.${s}`);

/** Date and time in Almaty time, wherever the browser is, as the active language writes them (ru dd.mm.yyyy hh:mm). */
export const almatyDateTime = (iso: string | null | undefined, locale = currentLocale()): string =>
  iso ? almatyDateTimeIn(iso, locale) : '';

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
  const { t } = useTranslation(['signing', 'common', 'errors']);
  const watching = d.submission?.status === 'sent';
  const live = useSubmission(d.id, watching);
  const s = watching && live.data ? live.data : d.submission;
  if (!s) return null;
  if (s.status === 'sent') {
    return (
      <Text size="sm" c="dimmed" data-testid="submission-note">
        {t('awaiting')}
      </Text>
    );
  }
  if (s.status === 'accepted') {
    return (
      <Text size="sm" data-testid="submission-note">
        <Trans
          t={t}
          i18nKey="acceptedNote"
          values={{ number: s.registration_number, date: almatyDateTime(s.registered_at) }}
          components={{ b: <b /> }}
        />
      </Text>
    );
  }
  return (
    <Text size="sm" c="red.8" data-testid="submission-note">
      {t('reason', { reason: s.reason })}
    </Text>
  );
}

/** The card's badge text and colour when the declaration was sent. */
export const submissionBadge = (s: CommonData['submission']) =>
  s ? { label: submissionStatusName(s.status), color: SUBMISSION_COLORS[s.status] } : null;

/** Step 8: 'Отправлено' (waiting), 'Принято' (number, date, «Скачать талон») or 'Отклонено' (reason, what to do). */
export function SubmissionPanel({
  id,
  onDownloadReceipt,
  onDownloadSigned,
  downloading,
}: {
  id: number;
  /** where the receipt can be downloaded (step 8); elsewhere the panel shows no button */
  onDownloadReceipt?: () => void;
  /** where the signed file that was sent can be downloaded (step 8) */
  onDownloadSigned?: () => void;
  downloading?: 'receipt' | 'signed' | null;
}) {
  const { t } = useTranslation(['signing', 'fields', 'common', 'errors']);
  const q = useSubmission(id);
  const s: Submission | null | undefined = q.data;
  if (q.isPending || !s) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="submission-panel" data-status={s.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('panel.title')}
          </Title>
          <Badge color={SUBMISSION_COLORS[s.status]} variant="light" size="lg" data-testid="submission-status">
            {submissionStatusName(s.status)}
          </Badge>
        </Group>
        {s.status === 'sent' && (
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('panel.sentNote')}</Text>
          </Group>
        )}
        {s.status === 'accepted' && (
          <>
            <Table withTableBorder variant="vertical" layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w="42%">{t('panel.number')}</Table.Th>
                  <Table.Td data-testid="submission-number">{s.registration_number}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('panel.date')}</Table.Th>
                  <Table.Td data-testid="submission-date">
                    {t('panel.almaty', { date: almatyDateTime(s.registered_at) })}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{submissionStatusName('sent')}</Table.Th>
                  <Table.Td>{almatyDateTime(s.submitted_at)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {s.receipt_available && onDownloadReceipt && (
              <Button
                variant="light"
                w="fit-content"
                onClick={onDownloadReceipt}
                loading={downloading === 'receipt'}
                data-testid="download-receipt"
              >
                {t('panel.downloadReceipt')}
              </Button>
            )}
          </>
        )}
        {s.status === 'rejected' && (
          <Alert color="red" title={t('panel.rejectedTitle')} data-testid="submission-rejected">
            <Stack gap={4}>
              <Text size="sm">{t('reason', { reason: s.reason })}</Text>
              <Text size="sm">{t('panel.whatToDo')}</Text>
            </Stack>
          </Alert>
        )}
        {onDownloadSigned && (
          <Button
            variant="subtle"
            w="fit-content"
            onClick={onDownloadSigned}
            loading={downloading === 'signed'}
            data-testid="download-signed"
          >
            {t('panel.downloadSigned')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
