import { Alert, Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useImport } from './api.ts';
import { statusText } from './rules.ts';

/** `?import=<id>` of a page: the import started by the new-form flow (docs/statuses.md). */
export const importParam = (id: number) => `&import=${id}`;

/**
 * The report uploaded with a new form is parsed in the background while the person is already on the data
 * entry step: its progress, then the result (deals added, or why the report was refused) and the way to the
 * full reconciliation on the upload page. The tiles refresh when the deals are in.
 */
export function ImportBanner() {
  const { t } = useTranslation(['imports', 'errors']);
  const [params] = useSearchParams();
  const raw = params.get('import');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const job = useImport(id);
  const qc = useQueryClient();
  const status = job.data?.status;

  useEffect(() => {
    if (status === 'done') void qc.invalidateQueries({ queryKey: queryKeys.declarations.all });
  }, [status, qc]);

  if (id === null) return null;
  const details = (
    <Anchor component={Link} to={`/app/uploading-file?import=${id}`} size="sm">
      {t('banner.details')}
    </Anchor>
  );
  if (job.error) {
    return (
      <Alert color="red" variant="light" data-testid="import-banner">
        {job.error instanceof ApiError ? job.error.message : t('errors:tryAgain')}
      </Alert>
    );
  }
  if (!job.data || (status !== 'done' && status !== 'failed')) {
    return (
      <Alert color="blue" variant="light" data-testid="import-banner" data-status={status ?? 'queued'}>
        <Stack gap={6}>
          <Text size="sm">{statusText(status ?? 'queued')}</Text>
          <Progress value={Math.max(5, job.data?.progress ?? 0)} animated aria-label={statusText('running')} />
        </Stack>
      </Alert>
    );
  }
  if (status === 'failed') {
    return (
      <Alert color="red" variant="light" title={statusText('failed')} data-testid="import-banner" data-status="failed">
        <Stack gap={6}>
          <Text size="sm">{job.data.message ?? t('errors:tryAgain')}</Text>
          <Anchor component={Link} to="/app/uploading-file" size="sm">
            {t('banner.retry')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const { counts } = job.data;
  return (
    <Alert
      color={counts.added > 0 ? 'green' : 'blue'}
      variant="light"
      title={job.data.message ?? statusText('done')}
      data-testid="import-banner"
      data-status="done"
    >
      <Group gap="md">
        {counts.needs_info > 0 && <Text size="sm">{t('banner.needsInfo', { n: counts.needs_info })}</Text>}
        {details}
      </Group>
    </Alert>
  );
}
