import {
  DEFAULT_PAYMENT_METHOD,
  FORM,
  FREE_DISCOUNT,
  isPaid,
  money,
  type PaymentMethod,
  PROMO_CHECK_DELAY_MS,
  TARIFF,
  TARIFF_OPTION,
  type Tariff,
} from '@deklarant/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { useDeclaration } from '../declarations/index.ts';
import { checkPromo, chooseTariff, createInitialPayment, formatKzt, startPayment, useTariffCatalog } from './api.ts';
import { PaymentMethodPicker } from './PaymentMethodPicker.tsx';

/** The declaration the payment screens work on: ?declaration_id, else the current one. */
export function useTargetDeclarationId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('declaration_id') ?? session.currentDeclarationId();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return id && id > 0 ? id : null;
}

/** After a successful payment (docs/statuses.md): step 6 (5 for form 250) if the status is 3, else step 7. */
export function continueUrl(status: number, formId: number): string {
  if (status === 3) return `/app/declaration?step=${formId === FORM.F250 ? 5 : 6}`;
  return '/app/declaration?step=7';
}

type Promo = { state: 'idle' | 'checking' } | { state: 'ok'; discount: string } | { state: 'fail'; message: string };

/** Checked 1 s after typing stops (docs/tariffs.md); the server's message on failure. */
function usePromo(code: string, broker: string | null): Promo {
  const [promo, setPromo] = useState<Promo>({ state: 'idle' });
  useEffect(() => {
    const c = code.trim();
    if (!c) {
      setPromo({ state: 'idle' });
      return;
    }
    const ctl = new AbortController();
    const t = setTimeout(() => {
      setPromo({ state: 'checking' });
      checkPromo(c, broker, ctl.signal)
        .then((r) =>
          setPromo(
            r.status === 'success' ? { state: 'ok', discount: r.code.discount } : { state: 'fail', message: r.message },
          ),
        )
        .catch((e: Error) => {
          if (e.name !== 'AbortError') setPromo({ state: 'fail', message: e.message });
        });
    }, PROMO_CHECK_DELAY_MS);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [code, broker]);
  return promo;
}

/** /app/payment and /app/tariff: tariff choice, options, promo code, payment method, pay (docs/tariffs.md). */
export default function PaymentPage() {
  const { t } = useTranslation(['payment', 'common', 'errors']);
  const id = useTargetDeclarationId();
  const decl = useDeclaration(id);
  const catalog = useTariffCatalog();
  const navigate = useNavigate();
  const [tariffType, setTariffType] = useState<number>(TARIFF.OPTIMAL);
  const [options, setOptions] = useState<string[]>([]);
  const [code, setCode] = useState('');
  const [method, setMethod] = useState<PaymentMethod | null>(DEFAULT_PAYMENT_METHOD);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const broker = decl.data?.common_data.broker ?? null;
  const promo = usePromo(code, broker);

  const optimal = catalog.data?.tariffs.find((t) => t.tariff_type === TARIFF.OPTIMAL);
  const total = useMemo(() => {
    if (!optimal || !catalog.data) return null;
    const prices = catalog.data.options.filter((o) => options.includes(o.code)).map((o) => o.price);
    const full = money.money2(money.sum([optimal.price, ...prices]));
    return promo.state === 'ok' ? money.discounted(full, promo.discount) : full;
  }, [optimal, catalog.data, options, promo]);

  if (id === null) return <Navigate to="/app/declaration?step=2" replace />;
  if (decl.isPending || catalog.isPending) return <Loading />;
  if (decl.isError || catalog.isError) {
    return (
      <Alert color="red" title={t('openFailed')}>
        {(decl.error ?? catalog.error)?.message}
      </Alert>
    );
  }
  const d = decl.data.common_data;
  // At status 3 or above the tariff screen goes back (docs/statuses.md).
  if (isPaid(d.status) && d.status !== 4) return <Navigate to={continueUrl(d.status, d.reporting_form_id)} replace />;
  if (d.status === 4) return <Navigate to={`/app/payment/additional?declaration_id=${d.id}`} replace />;

  const free = tariffType === TARIFF.OPTIMAL && promo.state === 'ok' && Number(promo.discount) >= FREE_DISCOUNT;
  const consultant = tariffType === TARIFF.CONSULTANT;

  const submit = async () => {
    setError(null);
    if (!consultant && !free && method === null) {
      setMethodError(t('errors:paymentMethodRequired'));
      return;
    }
    setBusy(true);
    try {
      const res = await chooseTariff(d.id, {
        tariff_type: tariffType,
        selected_additional_service: consultant ? [] : options,
        referral_code: consultant || promo.state !== 'ok' ? null : code.trim(),
        tax_office_sending: !consultant && options.includes(TARIFF_OPTION.AUTO_SUBMISSION),
        broker,
      });
      if (consultant) {
        if (res.contact_url) window.open(res.contact_url, '_blank', 'noopener');
        navigate('/app/declaration?step=2');
        return;
      }
      if (!res.need_payment) {
        navigate(continueUrl(res.status, d.reporting_form_id));
        return;
      }
      const payment = await createInitialPayment(d.id);
      await startPayment(d.id, payment, method ?? DEFAULT_PAYMENT_METHOD);
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : t('errors:tryAgain'));
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="payment-page">
      <Group justify="space-between" align="baseline">
        <Title order={2}>{t('chooseTariff')}</Title>
        <Anchor component={Link} to="/app/tariffInformation" size="sm">
          {t('moreAboutTariffs')}
        </Anchor>
      </Group>
      <Radio.Group value={String(tariffType)} onChange={(v) => setTariffType(Number(v))}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {catalog.data.tariffs.map((tariff) => (
            <TariffCard
              key={tariff.id}
              tariff={tariff}
              selected={tariffType === tariff.tariff_type}
              onSelect={() => setTariffType(tariff.tariff_type)}
            >
              {tariff.tariff_type === TARIFF.OPTIMAL && (
                <Stack gap={6} mt="sm">
                  <Text size="sm" fw={600}>
                    {t('extraServices')}
                  </Text>
                  {catalog.data.options.map((o) => (
                    <Checkbox
                      key={o.code}
                      label={t('optionLabel', { name: o.name, price: formatKzt(o.price) })}
                      description={o.description}
                      checked={options.includes(o.code)}
                      disabled={tariffType !== TARIFF.OPTIMAL}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setOptions((prev) => (on ? [...prev, o.code] : prev.filter((x) => x !== o.code)));
                      }}
                    />
                  ))}
                </Stack>
              )}
            </TariffCard>
          ))}
        </SimpleGrid>
      </Radio.Group>

      {!consultant && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <TextInput
              label={t('promoLabel')}
              placeholder={t('promoPlaceholder')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              rightSection={promo.state === 'checking' ? <Loader size="xs" /> : null}
              error={promo.state === 'fail' ? promo.message : null}
              description={promo.state === 'ok' ? t('promoApplied', { discount: promo.discount }) : undefined}
              maw={360}
              data-testid="promo-code"
            />
            {!free && (
              <PaymentMethodPicker
                value={method}
                onChange={(m) => {
                  setMethod(m);
                  setMethodError(null);
                }}
                error={methodError}
              />
            )}
            {total !== null && (
              <Group gap="xs">
                <Text>{t('total')}:</Text>
                <Text fw={700} size="lg" data-testid="payment-total">
                  {formatKzt(total)}
                </Text>
              </Group>
            )}
          </Stack>
        </Card>
      )}

      {error && (
        <Alert color="red" title={t('errors:paymentFailed')} data-testid="payment-error">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" component={Link} to="/app/declaration?step=2">
          {t('back')}
        </Button>
        <Button onClick={() => void submit()} loading={busy} data-testid="payment-submit">
          {consultant ? t('consultantContact') : free ? t('common:actions.continue') : t('pay')}
        </Button>
      </Group>
    </Stack>
  );
}

function TariffCard({
  tariff,
  selected,
  onSelect,
  children,
}: {
  tariff: Tariff;
  selected: boolean;
  onSelect: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation(['payment', 'common', 'errors']);
  const isConsultant = tariff.tariff_type === TARIFF.CONSULTANT;
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      style={{ borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined, borderWidth: selected ? 2 : 1 }}
      data-testid={`tariff-${tariff.code}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Radio value={String(tariff.tariff_type)} label={<Text fw={700}>{tariff.name}</Text>} onClick={onSelect} />
          <Badge size="lg" variant="light" tt="none">
            {isConsultant ? t('from', { price: formatKzt(tariff.price) }) : formatKzt(tariff.price)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {tariff.description}
        </Text>
        <List size="sm" spacing={2}>
          {tariff.features.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
        {isConsultant && tariff.tiers.length > 0 && (
          <Stack gap={2}>
            {tariff.tiers.map((x) => (
              <Text key={x.id} size="sm">
                {x.title}: {t('from', { price: formatKzt(x.price) })}
              </Text>
            ))}
          </Stack>
        )}
        {children}
      </Stack>
    </Card>
  );
}
