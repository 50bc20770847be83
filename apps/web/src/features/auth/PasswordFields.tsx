import { MSG, Password } from '@deklarant/contracts';
import { PasswordInput, Stack } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export const NewPasswordForm = z
  .object({ password: Password, password_confirmation: z.string().min(1, MSG.passwordRequired) })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordsDiffer,
  });
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;

/** New password and its confirmation (docs/accounts.md rule). */
export function PasswordFields({
  register,
  errors,
  labels,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: shared by forms of different shapes that all have these two fields
  register: UseFormRegister<any>;
  errors: FieldErrors<{ password: string; password_confirmation: string }>;
  labels?: [string, string];
}) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="sm">
      <PasswordInput
        label={labels?.[0] ?? t('fields.newPassword')}
        autoComplete="new-password"
        description={t('fields.passwordHint')}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label={labels?.[1] ?? t('fields.repeatPassword')}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
    </Stack>
  );
}
