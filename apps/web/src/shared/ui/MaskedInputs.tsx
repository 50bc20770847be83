import { InputBase, type InputBaseProps } from '@mantine/core';
import { forwardRef, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { formatPhone, IIN_MASK, iinDigits, PHONE_MASK, phoneChunk } from './masks.ts';

interface MaskedProps extends Omit<InputBaseProps, 'onChange' | 'value'> {
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  'data-testid'?: string;
}

/** A stored number (+77012345678, 8701...) is shown masked; what the mask produced is kept as typed. */
const phoneShown = (value: string | null | undefined) =>
  value && /^\+?\d{11}$/.test(value) ? formatPhone(value) : (value ?? '');

/** Phone with the mask +7 (###) ###-##-## (docs/accounts.md); the value is the masked text. */
export const PhoneInput = forwardRef<HTMLInputElement, MaskedProps>(function PhoneInput(
  { value, onChange, label, placeholder = '+7 (777) 777-77-77', autoComplete = 'tel', ...rest },
  ref,
) {
  const { t } = useTranslation('common');
  const afterPlus = useRef(false);
  // the mask already shows '+7 (': a typed or pasted country code must not become the first digit
  const prepare = (chunk: string, masked: { unmaskedValue: string }) => {
    const next = phoneChunk(chunk, masked.unmaskedValue, afterPlus.current);
    afterPlus.current = next.afterPlus;
    return next.append;
  };
  return (
    <InputBase
      {...rest}
      ref={ref}
      label={label ?? t('fields.phone')}
      component={IMaskInput}
      mask={PHONE_MASK}
      prepare={prepare}
      eager
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      placeholder={placeholder}
      value={phoneShown(value)}
      onAccept={(v: string) => onChange(v)}
    />
  );
});

/** IIN: exactly 12 digits (docs/accounts.md); the value is the digits. */
export const IinInput = forwardRef<HTMLInputElement, MaskedProps>(function IinInput(
  { value, onChange, label, placeholder, ...rest },
  ref,
) {
  const { t } = useTranslation('common');
  return (
    <InputBase
      {...rest}
      ref={ref}
      label={label ?? t('fields.iin')}
      component={IMaskInput}
      mask={IIN_MASK}
      inputMode="numeric"
      placeholder={placeholder ?? t('fields.iinPlaceholder')}
      value={iinDigits(value)}
      onAccept={(v: string) => onChange(v)}
    />
  );
});
