import type { PersonalDataBody } from '@deklarant/contracts';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { IinInput, PhoneInput } from './MaskedInputs.tsx';

export type PersonalDataInput = z.input<typeof PersonalDataBody>;
export type PersonalDataOutput = z.output<typeof PersonalDataBody>;
export type PersonalDataFormApi = UseFormReturn<PersonalDataInput, unknown, PersonalDataOutput>;

/** The fields of PersonalDataBody, as a 422 answer may name them. */
export const PERSONAL_DATA_FIELDS = ['iin', 'surname', 'name', 'patronymic', 'phone', 'spouses_iin'] as const;

type MaskedName = 'iin' | 'phone' | 'spouses_iin';
type MaskedExtra = Omit<ComponentProps<typeof IinInput>, 'value' | 'onChange' | 'onBlur' | 'name' | 'error'>;

/** A masked input (IinInput or PhoneInput) bound to one field of the form. */
function MaskedField({
  form,
  name,
  Input,
  ...extra
}: { form: PersonalDataFormApi; name: MaskedName; Input: typeof IinInput } & MaskedExtra) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Input
          {...extra}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={name}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * The personal-data fields (ИИН, ФИО, телефон, email, ИИН супруга) of the profile and of wizard step 7,
 * bound to a form validated by PersonalDataBody. The caller owns the form, its submit and its answers;
 * `email` is what stands in the email cell, `spouse` shows the spouse's IIN (form 270.00 only).
 */
export function PersonalDataFields({
  form,
  email,
  spouse = false,
}: {
  form: PersonalDataFormApi;
  email: ReactNode;
  spouse?: boolean;
}) {
  const { t } = useTranslation('common');
  const { register } = form;
  const e = form.formState.errors;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <MaskedField form={form} name="iin" Input={IinInput} label={t('fields.iin')} withAsterisk data-testid="iin" />
      <TextInput
        label={t('fields.surname')}
        withAsterisk
        {...register('surname')}
        error={e.surname?.message}
        autoComplete="family-name"
      />
      <TextInput
        label={t('fields.name')}
        withAsterisk
        {...register('name')}
        error={e.name?.message}
        autoComplete="given-name"
      />
      <TextInput
        label={t('fields.patronymic')}
        description={t('fields.optional')}
        {...register('patronymic')}
        error={e.patronymic?.message}
        autoComplete="additional-name"
      />
      <MaskedField
        form={form}
        name="phone"
        Input={PhoneInput}
        label={t('fields.phone')}
        withAsterisk
        data-testid="phone"
      />
      {email}
      {spouse && (
        <MaskedField
          form={form}
          name="spouses_iin"
          Input={IinInput}
          label={t('fields.spouseIin')}
          description={t('fields.optional')}
        />
      )}
    </SimpleGrid>
  );
}
