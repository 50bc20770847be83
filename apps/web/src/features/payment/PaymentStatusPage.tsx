import type { Declaration } from '@deklarant/contracts';
import { MSG, PAY_TEXT } from '@deklarant/contracts';
import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../shared/api/client.ts';
import { session } from '../../shared/session/storage.ts';
import { saveFailedStatus, storedPayment } from './api.ts';
import { continueUrl } from './PaymentPage.tsx';

/**
 * /app/payment/status (SPEC section 4 "Payment result"): SignatureValue in the query means success,
 * then Continue; otherwise 'Оплата не прошла', the failed status is saved, and the user may pay another
 * way or return. The server's state (moved only by the verified callback) decides where Continue goes.
 */
export default function PaymentStatusPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const success = params.has('SignatureValue');
  const stored = storedPayment();
  const raw = params.get('declaration_id') ?? String(stored.declaration_id ?? session.currentDeclarationId() ?? '');
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const invId = params.get('InvId') ?? params.get('invoiceId');
  const saved = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (success || saved.current || id === null || !invId) return;
    saved.current = true;
    saveFailedStatus(id, invId).catch(() => undefined);
  }, [success, id, invId]);

  const onContinue = async () => {
    if (id === null) return navigate('/app/declaration?step=2');
    setBusy(true);
    try {
      await qc.invalidateQueries({ queryKey: ['declarations'] });
      const d = (await api.get<{ data: Declaration }>(`/api/declarations/${id}`)).data.common_data;
      localStorage.removeItem('payment');
      session.setCurrentDeclaration(id);
      navigate(continueUrl(d.status, d.reporting_form_id));
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const retryUrl =
    stored.kind === 'additional' && id !== null ? `/app/payment/additional?declaration_id=${id}` : '/app/payment';

  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl" data-testid="payment-status">
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color={success ? 'teal' : 'red'} variant="light" aria-hidden>
          <Text fw={700} size="xl">
            {success ? '✓' : '!'}
          </Text>
        </ThemeIcon>
        <Title order={2}>{success ? MSG.paymentSuccess : MSG.paymentFailed}</Title>
        {!success && (
          <Text c="dimmed">Деньги не списаны. Попробуйте оплатить еще раз или выберите другой способ оплаты.</Text>
        )}
        {error && (
          <Alert color="red" w="100%">
            {error}
          </Alert>
        )}
        {success ? (
          <Button onClick={() => void onContinue()} loading={busy} data-testid="payment-continue">
            {PAY_TEXT.continue}
          </Button>
        ) : (
          <Group justify="center">
            <Button onClick={() => navigate(retryUrl)} data-testid="payment-other-method">
              {PAY_TEXT.otherMethod}
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
