import type { PaymentMethod } from '@deklarant/contracts';
import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Methods 1 'Robokassa (другие виды карт)' and 2 'Halyk bank' (docs/tariffs.md); 'Выбор оплаты обязателен'. */
export function PaymentMethodPicker({
  value,
  onChange,
  error,
}: {
  value: PaymentMethod | null;
  onChange: (m: PaymentMethod) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('payment');
  return (
    <Radio.Group
      label={t('method')}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v) as PaymentMethod)}
      error={error}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {([2, 1] as PaymentMethod[]).map((m) => (
          <Radio key={m} value={String(m)} label={t(`methods.${m}`)} data-testid={`payment-method-${m}`} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
