import type { InvoiceStatus } from '@deklarant/contracts';
import { MSG, PAY_TEXT } from '@deklarant/contracts';
import { Alert, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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
          <Loader aria-label={MSG.paymentChecking} />
        ) : (
          <ThemeIcon size={56} radius="xl" color={view.state === 'paid' ? 'teal' : 'red'} variant="light" aria-hidden>
            <Text fw={700} size="xl">
              {view.state === 'paid' ? '✓' : '!'}
            </Text>
          </ThemeIcon>
        )}
        <Title order={2}>{view.title}</Title>
        {view.note && <Text c="dimmed">{view.note}</Text>}
        {status.isError && !unknown && (
          <Alert color="red" w="100%">
            {(status.error as Error).message}
          </Alert>
        )}
        {view.state === 'paid' && (
          <Button onClick={() => void onContinue()} data-testid="payment-continue">
            {PAY_TEXT.continue}
          </Button>
        )}
        {(view.state === 'unconfirmed' || view.state === 'error') && (
          <Group justify="center">
            <Button onClick={() => void status.refetch()} loading={status.isFetching} data-testid="payment-recheck">
              Проверить еще раз
            </Button>
            <Button variant="default" onClick={() => navigate('/app/declaration?step=2')}>
              {PAY_TEXT.back}
            </Button>
          </Group>
        )}
        {(view.state === 'failed' || view.state === 'void') && (
          <Group justify="center">
            <Button onClick={() => navigate(retryUrl)} data-testid="payment-other-method">
              {view.state === 'void' ? 'Оплатить текущую стоимость' : PAY_TEXT.otherMethod}
            </Button>
            <Button variant="default" onClick={() => navigate('/app/declaration?step=2')}>
              {PAY_TEXT.back}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

type View = {
  state: 'checking' | 'paid' | 'failed' | 'void' | 'unconfirmed' | 'error';
  title: string;
  note?: string;
};

function viewOf(s: InvoiceStatus | 'missing' | 'error' | undefined, expired: boolean): View {
  if (s === 'missing')
    return {
      state: 'failed',
      title: MSG.paymentFailed,
      note: 'Не удалось определить платеж. Попробуйте оплатить еще раз.',
    };
  if (s === 'error') return { state: 'error', title: MSG.paymentChecking };
  if (!s) return { state: 'checking', title: MSG.paymentChecking };
  switch (s.status) {
    case 'paid':
      return { state: 'paid', title: MSG.paymentSuccess };
    case 'void':
      return { state: 'void', title: MSG.paymentFailed, note: MSG.paymentSuperseded };
    case 'failed':
      return {
        state: 'failed',
        title: MSG.paymentFailed,
        note: 'Деньги не списаны. Попробуйте оплатить еще раз или выберите другой способ оплаты.',
      };
    default:
      return expired
        ? { state: 'unconfirmed', title: MSG.paymentChecking, note: MSG.paymentNotConfirmed }
        : { state: 'checking', title: MSG.paymentChecking };
  }
}
