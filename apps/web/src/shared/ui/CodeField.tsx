import { Button, Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The emailed code (6 digits). */
export const CodeInput = forwardRef<HTMLInputElement, TextInputProps>(function CodeInput(props, ref) {
  const { t } = useTranslation('common');
  return (
    <TextInput
      label={t('fields.emailCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      placeholder="000000"
      {...props}
      ref={ref}
    />
  );
});

/** 'Отправить код повторно', available when the 60 s countdown has run out. */
export function ResendCode({
  left,
  label,
  onResend,
  loading,
}: {
  left: number;
  label: string;
  onResend: () => void;
  loading?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs" data-testid="resend">
      {left > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('code.resendIn', { time: label })}
        </Text>
      ) : (
        <Button variant="subtle" px={0} onClick={onResend} loading={loading}>
          {t('code.resend')}
        </Button>
      )}
    </Group>
  );
}
