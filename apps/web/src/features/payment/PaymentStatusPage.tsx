import type { InvoiceStatus } from '@deklarant/contracts';
import { Alert, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { session } from '../../shared/session/storage.ts';
import { getInvoiceStatus, saveFailedStatus, storedPayment } from './api.ts';
import { continueUrl } from './PaymentPage.tsx';

/** How often and how long the page asks while the provider's callback has not arrived yet. */
const POLL_MS = 1500;
const POLL_FOR_MS = 45_000;

/**
 * /app/payment/status: the provider returns the browser here, but the address proves nothing (a
 * query string can be typed). The page asks the server about the attempt and shows 'Оплата прошла
 * успешно' only once a verified callback has paid it; until then it says it is checking. A return
 * through the provider's fail address (ePay `failed=1`, Robokassa FailURL without a signature)
 * saves the failed status first. A voided attempt (the price changed) offers to pay the current price.
 */
export default function PaymentStatusPage() {
  const { t } = useTranslation(['payment', 'common', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const stored = storedPayment();
  const raw = params.get('declaration_id') ?? String(stored.declaration_id ?? session.currentDeclarationId() ?? '');
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const invRaw = params.get('InvId') ?? params.get('invoiceId') ?? '';
  const invId = /^\d{1,20}$/.test(invRaw) ? invRaw : null;
  const cameBackFailed = params.get('failed') === '1' || (params.has('OutSum') && !params.has('SignatureValue'));
  const [since] = useState(() => Date.now());
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setExpired(true), POLL_FOR_MS);
    return () => clearTimeout(t);
  }, []);
  const [failSaved, setFailSaved] = useState(!cameBackFailed);
  const saving = useRef(false);

  useEffect(() => {
    if (failSaved || saving.current || id === null || !invId) return;
    saving.current = true;
    saveFailedStatus(id, invId)
      .catch(() => undefined)
      .finally(() => setFailSaved(true));
  }, [failSaved, id, invId]);

  const status = useQuery({
    queryKey: ['payment-invoice', id, invId],
    enabled: id !== null && invId !== null && failSaved,
    queryFn: ({ signal }) => getInvoiceStatus(id as number, invId as string, signal),
    refetchInterval: (q) => (q.state.data?.status === 'pending' && Date.now() - since < POLL_FOR_MS ? POLL_MS : false),
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });

  const retryUrl =
    (status.data?.kind ?? stored.kind) === 'additional' && id !== null
      ? `/app/payment/additional?declaration_id=${id}`
      : '/app/payment';

  const onContinue = async () => {
    if (id === null || !status.data) return navigate('/app/declaration?step=2');
    await qc.invalidateQueries({ queryKey: queryKeys.declarations.all });
    localStorage.removeItem('payment');
    session.setCurrentDeclaration(id);
    navigate(continueUrl(status.data.declaration_status, status.data.reporting_form_id));
  };

  const unknown = id === null || invId === null || (status.error instanceof ApiError && status.error.status === 404);
  const view = viewOf(unknown ? 'missing' : status.isError ? 'error' : status.data, expired);
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl" data-testid="payment-status" data-state={view.state}>
      <Stack gap="md" align="center" ta="center">
        {view.state === 'checking' ? (
          <Loader aria-label={t('errors:paymentChecking')} />
        ) : (
          <ThemeIcon size={56} radius="xl" color={view.state === 'paid' ? 'teal' : 'red'} variant="light" aria-hidden>
            <Text fw={700} size="xl">
              {view.state === 'paid' ? '✓' : '!'}
            </Text>
          </ThemeIcon>
        )}
        <Title order={2}>{t(view.titleKey)}</Title>
        {view.noteKey && <Text c="dimmed">{t(view.noteKey)}</Text>}
        {status.isError && !unknown && (
          <Alert color="red" w="100%">
            {(status.error as Error).message}
          </Alert>
        )}
        {view.state === 'paid' && (
          <Button onClick={() => void onContinue()} data-testid="payment-continue">
            {t('common:actions.continue')}
          </Button>
        )}
        {(view.state === 'unconfirmed' || view.state === 'error') && (
          <Group justify="center">
            <Button onClick={() => void status.refetch()} loading={status.isFetching} data-testid="payment-recheck">
              {t('status.recheck')}
            </Button>
            <Button variant="default" onClick={() => navigate('/app/declaration?step=2')}>
              {t('back')}
            </Button>
          </Group>
        )}
        {(view.state === 'failed' || view.state === 'void') && (
          <Group justify="center">
            <Button onClick={() => navigate(retryUrl)} data-testid="payment-other-method">
              {view.state === 'void' ? t('status.payCurrent') : t('otherMethod')}
            </Button>
            <Button variant="default" onClick={() => navigate('/app/declaration?step=2')}>
              {t('back')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** What the page shows: a state and the catalogue keys of its title and note. */
type View = {
  state: 'checking' | 'paid' | 'failed' | 'void' | 'unconfirmed' | 'error';
  titleKey: ViewText;
  noteKey?: ViewText;
};
type ViewText =
  | 'errors:paymentFailed'
  | 'errors:paymentChecking'
  | 'errors:paymentSuccess'
  | 'errors:paymentSuperseded'
  | 'errors:paymentNotConfirmed'
  | 'payment:status.unknown'
  | 'payment:status.notCharged';

function viewOf(s: InvoiceStatus | 'missing' | 'error' | undefined, expired: boolean): View {
  if (s === 'missing')
    return {
      state: 'failed',
      titleKey: 'errors:paymentFailed',
      noteKey: 'payment:status.unknown',
    };
  if (s === 'error') return { state: 'error', titleKey: 'errors:paymentChecking' };
  if (!s) return { state: 'checking', titleKey: 'errors:paymentChecking' };
  switch (s.status) {
    case 'paid':
      return { state: 'paid', titleKey: 'errors:paymentSuccess' };
    case 'void':
      return { state: 'void', titleKey: 'errors:paymentFailed', noteKey: 'errors:paymentSuperseded' };
    case 'failed':
      return {
        state: 'failed',
        titleKey: 'errors:paymentFailed',
        noteKey: 'payment:status.notCharged',
      };
    default:
      return expired
        ? { state: 'unconfirmed', titleKey: 'errors:paymentChecking', noteKey: 'errors:paymentNotConfirmed' }
        : { state: 'checking', titleKey: 'errors:paymentChecking' };
  }
}
