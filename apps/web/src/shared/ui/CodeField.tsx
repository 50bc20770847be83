import { Button, Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/** The emailed code (6 digits). */
export const CodeInput = forwardRef<HTMLInputElement, TextInputProps>(function CodeInput(props, ref) {
  return (
    <TextInput
      label="Код из письма"
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
  return (
    <Group gap="xs" data-testid="resend">
      {left > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          Отправить код повторно можно через {label}
        </Text>
      ) : (
        <Button variant="subtle" px={0} onClick={onResend} loading={loading}>
          Отправить код повторно
        </Button>
      )}
    </Group>
  );
}
