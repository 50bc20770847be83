import { FORM_CODES } from '@deklarant/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { localizeMessage } from '../../shared/i18n/i18n.ts';
import { session } from '../../shared/session/storage.ts';
import { sectionText, useDeclaration } from '../declarations/index.ts';
import { type BrokerItem, getDataFromBank, type ImportView, uploadReport, useBrokers, useImport } from './api.ts';
import { Reconciliation } from './Reconciliation.tsx';
import {
  acceptOf,
  DEFAULT_EXTENSIONS,
  dataEntryUrl,
  fileProblem,
  isFinished,
  issueLine,
  MAX_FILE_MB,
  sectionCounts,
  statusText,
  uploadBlock,
} from './rules.ts';

const SHOWN_ISSUES = 50;

/** /app/uploading-file: the broker's report (files in its order), parsed in the background with progress. */
export default function UploadPage() {
  const { t } = useTranslation(['imports', 'declarations', 'common', 'errors']);
  const raw = session.currentDeclarationId();
  const declarationId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const declaration = useDeclaration(declarationId);
  const brokers = useBrokers();
  const qc = useQueryClient();

  const [brokerName, setBrokerName] = useState<string | null>(null);
  const [slots, setSlots] = useState<(File | null)[]>([]);
  const [slotErrors, setSlotErrors] = useState<Record<number, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // `?import=<id>`: the result of an earlier import reopened (the new form's banner links here)
  const [params, setParams] = useSearchParams();
  const [importId, setImportId] = useState<number | null>(() => {
    const raw = params.get('import');
    return raw && /^\d+$/.test(raw) ? Number(raw) : null;
  });
  /** The import shown, kept in the address: a reload or a link opens the same result. */
  const show = (id: number | null) => {
    setImportId(id);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('import');
        else next.set('import', String(id));
        return next;
      },
      { replace: true },
    );
  };
  const job = useImport(importId);

  const common = declaration.data?.common_data;
  // A coupon form takes only its own broker's reports: start with that broker.
  useEffect(() => {
    if (common?.broker && brokerName === null) setBrokerName(common.broker);
  }, [common?.broker, brokerName]);

  const broker: BrokerItem | null = brokers.data?.find((b) => b.name === brokerName) ?? null;
  const count = Math.max(1, broker?.count_files ?? 1);
  const exts = broker?.extensions.length ? broker.extensions : DEFAULT_EXTENSIONS;
  const block = common ? uploadBlock(common, brokerName) : null;
  const files = Array.from({ length: count }, (_, i) => slots[i] ?? null);
  const complete = broker !== null && files.every((f) => f !== null);
  const finished = isFinished(job.data?.status);

  useEffect(() => {
    if (job.data?.status === 'done') void qc.invalidateQueries({ queryKey: queryKeys.declarations.all });
  }, [job.data?.status, qc]);

  const brokerData = useMemo(
    () => (brokers.data ?? []).map((b) => ({ value: b.name, label: b.title })),
    [brokers.data],
  );

  if (declarationId === null) {
    return (
      <Card withBorder padding="lg" maw={760} mx="auto" w="100%">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Alert color="yellow" variant="light">
            {t('errors:noDeclarationChosen')}
          </Alert>
          <Button component={Link} to="/app/declaration?step=2" variant="light" w="fit-content">
            {t('declarations:toMine')}
          </Button>
        </Stack>
      </Card>
    );
  }

  const choose = (i: number, file: File | null) => {
    const problem = file ? fileProblem(file, exts) : null;
    setSlotErrors((e) => ({ ...e, [i]: problem ?? '' }));
    setServerError(null);
    const next = [...files];
    next[i] = problem ? null : file;
    setSlots(next);
  };

  const send = async () => {
    if (!broker || !complete || block) return;
    setSending(true);
    setServerError(null);
    try {
      const r = await uploadReport(
        declarationId,
        files.filter((f): f is File => f !== null),
        broker.name,
      );
      show(r.import_id);
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('errors:tryAgain'));
    } finally {
      setSending(false);
    }
  };

  const fromBank = async () => {
    setSending(true);
    setServerError(null);
    try {
      show((await getDataFromBank(declarationId)).import_id);
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : t('errors:tryAgain'));
    } finally {
      setSending(false);
    }
  };

  const again = () => {
    show(null);
    setSlots([]);
    setSlotErrors({});
  };

  return (
    <Card withBorder padding="lg" maw={760} mx="auto" w="100%" data-testid="upload-page">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {common && (
          <Text c="dimmed" size="sm" data-testid="upload-declaration">
            {t('declarations:formYear', {
              form: FORM_CODES[common.reporting_form_id as 1 | 2 | 3] ?? '',
              year: common.year,
            })}
          </Text>
        )}
        {declaration.isError && (
          <Alert color="red" variant="light">
            {declaration.error instanceof ApiError ? declaration.error.message : t('errors:tryAgain')}
          </Alert>
        )}
        {block && (
          <Alert color="red" variant="light" data-testid="upload-block" title={t('blocked')}>
            {localizeMessage(block)}
          </Alert>
        )}

        {importId === null ? (
          <>
            <Select
              label={t('broker')}
              placeholder={t('brokerPlaceholder')}
              data={brokerData}
              searchable={brokerData.length > 6}
              nothingFoundMessage={t('declarations:nothingFound')}
              value={brokerName}
              onChange={(v) => {
                setBrokerName(v);
                setSlots([]);
                setSlotErrors({});
                setServerError(null);
              }}
              disabled={Boolean(common?.archived)}
            />
            {broker && (
              <Stack gap="xs" data-testid="upload-slots">
                <Text size="sm" fw={500}>
                  {t('need', { count })}
                </Text>
                {files.map((file, i) => (
                  <FileInput
                    // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional (the broker's file order)
                    key={i}
                    label={`${count > 1 ? `${i + 1}. ` : ''}${broker.file_names[i] ?? t('declarations:files.file', { n: i + 1 })}`}
                    description={t('hint', { formats: exts.join(', '), mb: MAX_FILE_MB })}
                    placeholder={t('declarations:files.chooseOne')}
                    clearable
                    accept={acceptOf(exts)}
                    value={file}
                    onChange={(f) => choose(i, f)}
                    error={slotErrors[i] ? localizeMessage(slotErrors[i]) : undefined}
                    disabled={Boolean(block)}
                  />
                ))}
              </Stack>
            )}
            {serverError && (
              <Alert color="red" variant="light" data-testid="upload-error">
                {serverError}
              </Alert>
            )}
            <Group gap="sm">
              <Button onClick={() => void send()} loading={sending} disabled={!complete || Boolean(block)}>
                {t('common:actions.upload')}
              </Button>
              {session.isB2B() && (
                <Button
                  variant="light"
                  onClick={() => void fromBank()}
                  loading={sending}
                  disabled={Boolean(common?.archived)}
                >
                  {t('fromBank')}
                </Button>
              )}
            </Group>
            <Stack gap={4}>
              <Text size="sm">{t('noBroker')}</Text>
              <Group gap="md">
                <Anchor href="/api/imports/template.xlsx" download size="sm">
                  {t('templateXlsx')}
                </Anchor>
                <Anchor href="/api/imports/template.csv" download size="sm">
                  {t('templateCsv')}
                </Anchor>
              </Group>
            </Stack>
          </>
        ) : (
          <ImportProgress view={job.data} error={job.error} />
        )}

        {finished && job.data && (
          <Group gap="sm">
            {job.data.status === 'done' && common && (
              <Button component={Link} to={dataEntryUrl(common.reporting_form_id)}>
                {t('toCheck')}
              </Button>
            )}
            <Button variant="light" onClick={again}>
              {t('again')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function ImportProgress({ view, error }: { view: ImportView | undefined; error: unknown }) {
  const { t } = useTranslation(['imports', 'fields', 'common', 'errors']);
  if (error) {
    return (
      <Alert color="red" variant="light">
        {error instanceof ApiError ? error.message : t('errors:tryAgain')}
      </Alert>
    );
  }
  if (!view) return <Progress value={0} animated aria-label={t('processing')} />;
  if (!isFinished(view.status)) {
    return (
      <Stack gap="xs" data-testid="upload-progress">
        <Text size="sm">{statusText(view.status)}</Text>
        <Progress value={Math.max(5, view.progress)} animated aria-label={t('processing')} />
        <Text size="xs" c="dimmed">
          {view.progress}%
        </Text>
      </Stack>
    );
  }
  if (view.status === 'failed') {
    return (
      <Alert color="red" variant="light" title={statusText('failed')} data-testid="upload-failed">
        {view.message ?? t('errors:tryAgain')}
      </Alert>
    );
  }
  const sections = sectionCounts(view.counts.by_section);
  return (
    <Stack gap="sm" data-testid="upload-result">
      <Alert
        color={view.counts.added > 0 ? 'green' : 'blue'}
        variant="light"
        title={view.message ?? statusText('done')}
      >
        {view.counts.duplicates > 0 && view.counts.added > 0 && (
          <Text size="sm">{t('duplicates', { n: view.counts.duplicates })}</Text>
        )}
      </Alert>
      {sections.length > 0 && (
        <Stack gap={6}>
          <Text fw={500}>{t('bySection')}</Text>
          {sections.map((s) => (
            <Group
              key={s.key}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              data-testid="upload-section"
              data-section={s.key}
            >
              <Anchor component={Link} to={`/app/${s.route}/show`} size="sm">
                {sectionText(s, 'tile', s.tile)}. {sectionText(s, 'title', s.title)}
              </Anchor>
              <Badge variant="light">{s.count}</Badge>
            </Group>
          ))}
        </Stack>
      )}
      {view.counts.reconciliation && view.counts.reconciliation.length > 0 && (
        <Reconciliation items={view.counts.reconciliation} files={view.files.length} />
      )}
      {view.counts.needs_info > 0 && (
        <Alert color="yellow" variant="light" data-testid="upload-needs-info">
          {t('needsInfo', { n: view.counts.needs_info })}
        </Alert>
      )}
      {view.errors.length > 0 && (
        <Stack gap={4} data-testid="upload-row-errors">
          <Text fw={500}>{t('rowErrors', { n: view.counts.errors })}</Text>
          <List size="sm" spacing={2}>
            {view.errors.slice(0, SHOWN_ISSUES).map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static once loaded
              <List.Item key={i}>{issueLine(e, view.files.length)}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {view.skipped.length > 0 && (
        <details>
          <summary>
            <Text span size="sm">
              {t('skipped', { n: view.counts.skipped })}
            </Text>
          </summary>
          <List size="sm" spacing={2} mt="xs">
            {view.skipped.slice(0, SHOWN_ISSUES).map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static once loaded
              <List.Item key={i}>{issueLine(e, view.files.length)}</List.Item>
            ))}
          </List>
        </details>
      )}
    </Stack>
  );
}
