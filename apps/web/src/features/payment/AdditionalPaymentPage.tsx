import { DEFAULT_PAYMENT_METHOD, type PaymentMethod } from '@deklarant/contracts';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Loading } from '../../shared/ui/Loading.tsx';
import { additionalCost, formatKzt, getAdditionalPayment, startPayment } from './api.ts';
import { PaymentMethodPicker } from './PaymentMethodPicker.tsx';
import { useTargetDeclarationId } from './PaymentPage.tsx';

/** /app/payment/additional?cost=..&declaration_id=.. (docs/tariffs.md). */
export default function AdditionalPaymentPage() {
  const { t } = useTranslation(['payment', 'errors']);
  const [params] = useSearchParams();
  const id = useTargetDeclarationId();
  const given = params.get('cost');
  const cost = useQuery({
    queryKey: ['additional-cost', id],
    queryFn: () => additionalCost(id ?? 0),
    enabled: id !== null && !given,
  });
  const [method, setMethod] = useState<PaymentMethod | null>(DEFAULT_PAYMENT_METHOD);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (id === null) return <Navigate to="/app/declaration?step=2" replace />;
  const amount = given && /^\d+(\.\d+)?$/.test(given) ? given : cost.data;
  if (!amount && cost.isPending) return <Loading />;

  const pay = async () => {
    if (method === null) {
      setMethodError(t('errors:paymentMethodRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const payment = await getAdditionalPayment(id);
      if (!payment || payment.status === 'paid') throw new Error(t('errors:additionalNotNeeded'));
      await startPayment(id, payment, method);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  const shown = amount ? formatKzt(amount).replace(/\u00a0₸$/, '') : '';
  return (
    <Card withBorder padding="xl" maw={640} mx="auto" mt="lg" data-testid="additional-payment">
      <Stack gap="md">
        <Title order={2}>{t('additional.title')}</Title>
        <Text>{t('errors:additionalPayment', { cost: shown })}</Text>
        <PaymentMethodPicker
          value={method}
          onChange={(m) => {
            setMethod(m);
            setMethodError(null);
          }}
          error={methodError}
        />
        {(error || cost.isError) && (
          <Alert color="red" title={t('errors:paymentFailed')}>
            {error ?? cost.error?.message}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" component={Link} to="/app/declaration?step=2">
            {t('back')}
          </Button>
          <Button onClick={() => void pay()} loading={busy} data-testid="additional-pay">
            {t('pay')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
