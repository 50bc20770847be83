import { DECLARATION_STATUS, type Declaration, FORM_CODES, isPaid, type ReportingFormId } from '@deklarant/contracts';
import { Alert, Anchor, Box, Button, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { useMe } from '../../shared/api/me.ts';
import { i18next } from '../../shared/i18n/i18n.ts';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { currentDeclarationId, STEPS, stepPath } from '../calculation/index.ts';
import { useDeclaration } from '../declarations/index.ts';
import { almatyDateTime, receiptPath, SubmissionPanel, signedFilePath } from '../signing/index.ts';
import {
  documentPaths,
  type Fetched,
  fetchDocument,
  fileUrl,
  type StoredFile,
  saveBlob,
  startSigning,
  useGenerateXml,
  useXmlList,
} from './api.ts';
import { ExcelPreview } from './ExcelPreview.tsx';

/**
 * Step 8: preview (not for halykfinance), PDF and XML downloads, the Excel workbook and its preview
 * (full_access only), signing, and the tax office's answer once sent (with the receipt).
 */
export function PreviewStep() {
  const { t } = useTranslation(['declarations', 'common', 'errors']);
  const id = currentDeclarationId();
  const q = useDeclaration(id);
  if (id === null) return <Navigate to={stepPath(2)} replace />;
  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <Alert color="red" title={t('openFailed')}>
        {q.error.message}
      </Alert>
    );
  }
  return <PreviewScreen declaration={q.data} />;
}

const failure = (e: unknown) => {
  const tryAgain = i18next.t('errors:tryAgain');
  const text = e instanceof ApiError && e.message !== tryAgain ? e.message : undefined;
  // an XML the checks refused: the list of what to fix, as the server wrote it in the reader's language
  const problems = e instanceof ApiError ? [...new Set(e.errors.xml ?? [])] : [];
  notifications.show({
    color: 'red',
    title: tryAgain,
    autoClose: problems.length ? false : undefined,
    message: problems.length ? (
      <Stack gap={4}>
        {text && <Text size="sm">{text}</Text>}
        <List size="sm" data-testid="xml-problems">
          {problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      </Stack>
    ) : (
      text
    ),
  });
};

/** Runs a download: saves the file, or tells that it will be emailed (a JSON answer). */
async function download(path: string, fallback: string): Promise<Fetched | null> {
  try {
    const r = await fetchDocument(path, fallback);
    if (r.kind === 'file') saveBlob(r.blob, r.filename);
    else notifications.show({ color: 'blue', title: i18next.t('documents:emailed'), message: r.message });
    return r;
  } catch (e) {
    failure(e);
    return null;
  }
}

function PreviewScreen({ declaration }: { declaration: Declaration }) {
  const { t } = useTranslation(['documents', 'declarations', 'common', 'errors']);
  const d = declaration.common_data;
  const form = FORM_CODES[d.reporting_form_id as ReportingFormId];
  const halyk = session.isHalyk();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState<null | 'pdf' | 'excel' | 'sign' | 'receipt' | 'signed'>(null);
  const [excelOpen, setExcelOpen] = useState(false);
  const paid = isPaid(d.status) && d.status !== DECLARATION_STATUS.ADDITIONAL_PAYMENT;
  // the workbook is a full_access feature (the server refuses it otherwise)
  const fullAccess = useMe().data?.full_access ?? false;
  // the card menu's 'Предпросмотр Excel' opens step 8 with ?preview=excel
  const excelAsked = params.get('preview') === 'excel';
  useEffect(() => {
    if (excelAsked && fullAccess && paid) setExcelOpen(true);
  }, [excelAsked, fullAccess, paid]);
  const fetchFile = async (kind: 'receipt' | 'signed') => {
    setBusy(kind);
    if (kind === 'receipt') await download(receiptPath(d.id), 'talon.pdf');
    else await download(signedFilePath(d.id), `declaration-${d.id}-signed.xml`);
    setBusy(null);
  };

  const run = async (kind: 'pdf' | 'excel') => {
    setBusy(kind);
    await download(documentPaths[kind](d.id), `declaration.${kind === 'pdf' ? 'pdf' : 'xlsx'}`);
    setBusy(null);
  };

  // A link from the 'file is ready' letter (?download=year/month/user/file) or the card menu (?action=download).
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !paid) return;
    const key = params.get('download');
    if (key && /^\d{4}\/\d{1,2}\/\d+\/[A-Za-z0-9_.-]+$/.test(key)) {
      handled.current = true;
      void download(`/api/${key}`, key.split('/').pop() ?? 'declaration');
    } else if (params.get('action') === 'download') {
      handled.current = true;
      void download(documentPaths.pdf(d.id), 'declaration.pdf');
    }
  }, [params, paid, d.id]);

  const sign = async () => {
    setBusy('sign');
    try {
      window.location.assign(await startSigning(d.id));
    } catch (e) {
      notifications.show({
        color: 'red',
        title: t('errors:signingFailed'),
        message: e instanceof ApiError ? e.message : t('errors:tryAgain'),
      });
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('declarations:formYear', { form, year: d.year })}</Text>
      </Stack>
      {!paid ? (
        <Alert color="blue" title={t('unpaid')} data-testid="documents-unpaid">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {d.status === DECLARATION_STATUS.ADDITIONAL_PAYMENT
                ? t('errors:documentsNeedAdditionalPayment')
                : t('errors:documentsNeedPayment')}
            </Text>
            <Button
              size="xs"
              component={Link}
              to={
                d.status === DECLARATION_STATUS.ADDITIONAL_PAYMENT
                  ? `/app/payment/additional?declaration_id=${d.id}`
                  : '/app/payment'
              }
            >
              {t('declarations:pay')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('downloadTitle')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: fullAccess ? 4 : 2 }} spacing="sm">
                <Button onClick={() => void run('pdf')} loading={busy === 'pdf'} data-testid="download-pdf">
                  {t('pdf')}
                </Button>
                {fullAccess && (
                  <>
                    <Button variant="light" onClick={() => void run('excel')} loading={busy === 'excel'}>
                      {t('excel')}
                    </Button>
                    <Button variant="light" onClick={() => setExcelOpen(true)} data-testid="excel-preview-open">
                      {t('declarations:menu.excel')}
                    </Button>
                  </>
                )}
                <Button
                  variant="filled"
                  color="teal"
                  onClick={() => void sign()}
                  loading={busy === 'sign'}
                  disabled={d.status === DECLARATION_STATUS.READY}
                >
                  {d.status === DECLARATION_STATUS.READY ? t('signed') : t('declarations:menu.sign')}
                </Button>
              </SimpleGrid>
            </Stack>
          </Paper>
          {(d.tax_office_sending || d.submission) && (
            <SubmissionPanel
              id={d.id}
              onDownloadReceipt={() => void fetchFile('receipt')}
              onDownloadSigned={() => void fetchFile('signed')}
              downloading={busy === 'receipt' || busy === 'signed' ? busy : null}
            />
          )}
          <XmlFiles id={d.id} />
          {fullAccess && <ExcelPreview id={d.id} opened={excelOpen} onClose={() => setExcelOpen(false)} />}
          {!halyk && <PdfPreview id={d.id} autoScroll={params.get('preview') === 'pdf'} />}
        </>
      )}
      <Group justify="space-between">
        <Button variant="default" component={Link} to={halyk ? stepPath(STEPS.CALCULATION) : stepPath(STEPS.PERSONAL)}>
          {t('common:actions.back')}
        </Button>
        <Button variant="subtle" component={Link} to={stepPath(2)}>
          {t('declarations:toSaved')}
        </Button>
      </Group>
    </Stack>
  );
}

function XmlFiles({ id }: { id: number }) {
  const { t } = useTranslation(['documents', 'common', 'errors']);
  const list = useXmlList(id, true);
  const generate = useGenerateXml(id);
  const make = () =>
    generate.mutate(undefined, {
      onSuccess: (f) => void download(fileUrl(f), f.filename),
      onError: failure,
    });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('xml.title')}
          </Title>
          <Button variant="light" onClick={make} loading={generate.isPending} data-testid="generate-xml">
            {t('xml.generate')}
          </Button>
        </Group>
        {list.isPending ? (
          <Loader size="sm" aria-label={t('xml.loading')} />
        ) : list.isError ? (
          <Text size="sm" c="red">
            {list.error.message}
          </Text>
        ) : list.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('xml.empty')}
          </Text>
        ) : (
          <List size="sm" spacing={4} data-testid="xml-list">
            {list.data.map((f: StoredFile) => (
              <List.Item key={f.filename}>
                <Anchor
                  component="button"
                  type="button"
                  style={{ wordBreak: 'break-all', textAlign: 'left' }}
                  onClick={() => void download(fileUrl(f), f.filename)}
                >
                  {f.filename}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  {almatyDateTime(f.created_at)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

/** The PDF in the page through a blob URL (the API needs the bearer token, so no plain link). */
function PdfPreview({ id, autoScroll }: { id: number; autoScroll: boolean }) {
  const { t } = useTranslation(['documents', 'common', 'errors']);
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; url: string }
    | { kind: 'emailed'; message: string }
    | { kind: 'error'; message: string }
  >({ kind: 'loading' });
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let url: string | null = null;
    let alive = true;
    fetchDocument(documentPaths.pdf(id), 'declaration.pdf')
      .then((r) => {
        if (!alive) return;
        if (r.kind === 'emailed') return setState({ kind: 'emailed', message: r.message });
        url = URL.createObjectURL(new Blob([r.blob], { type: 'application/pdf' }));
        setState({ kind: 'ready', url });
      })
      .catch(
        (e) =>
          alive &&
          setState({ kind: 'error', message: e instanceof ApiError ? e.message : i18next.t('errors:tryAgain') }),
      );
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  useEffect(() => {
    if (autoScroll && state.kind === 'ready') box.current?.scrollIntoView({ behavior: 'smooth' });
  }, [autoScroll, state.kind]);

  return (
    <Paper withBorder radius="md" p="md" ref={box}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('preview.title')}
        </Title>
        {state.kind === 'loading' && <Loading label={t('preview.loading')} />}
        {state.kind === 'emailed' && <Alert color="blue">{state.message}</Alert>}
        {state.kind === 'error' && (
          <Alert color="red" title={t('errors:tryAgain')}>
            {state.message !== t('errors:tryAgain') ? state.message : null}
          </Alert>
        )}
        {state.kind === 'ready' && (
          <Box style={{ height: 'min(80vh, 900px)' }}>
            <object
              data={state.url}
              type="application/pdf"
              width="100%"
              height="100%"
              aria-label={t('preview.label')}
              data-testid="pdf-preview"
            >
              <iframe src={state.url} title={t('preview.label')} width="100%" height="100%" style={{ border: 0 }} />
            </object>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
