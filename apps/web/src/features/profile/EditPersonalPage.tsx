import { emptyToNull, MSG, PersonalDataBody, type Profile } from '@deklarant/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { useMe } from '../../shared/api/me.ts';
import { IinInput, PhoneInput } from '../../shared/ui/MaskedInputs.tsx';
import { accountApi } from './api.ts';
import { ChangeEmail } from './ChangeEmail.tsx';
import { ProfileLayout } from './ProfileLayout.tsx';

type Input = z.input<typeof PersonalDataBody>;
type Output = z.output<typeof PersonalDataBody>;
const FIELDS = ['iin', 'surname', 'name', 'patronymic', 'phone', 'spouses_iin'] as const;

/** /app/personal/edit: personal data (SPEC section 5 rules) and the change-email flow. */
export default function EditPersonalPage() {
  const me = useMe().data;
  const [changing, setChanging] = useState(false);
  return (
    <ProfileLayout title="Редактирование данных">
      {me &&
        (changing ? (
          <ChangeEmail currentEmail={me.email} onClose={() => setChanging(false)} />
        ) : (
          <PersonalDataForm me={me} onChangeEmail={() => setChanging(true)} />
        ))}
    </ProfileLayout>
  );
}

const defaults = (me: Profile): Input => ({
  iin: emptyToNull(me.iin) ?? '',
  surname: emptyToNull(me.surname) ?? '',
  name: emptyToNull(me.name) ?? '',
  patronymic: emptyToNull(me.patronymic) ?? '',
  phone: emptyToNull(me.phone) ?? '',
  spouses_iin: emptyToNull(me.spouses_iin) ?? '',
});

function PersonalDataForm({ me, onChangeEmail }: { me: Profile; onChangeEmail: () => void }) {
  const qc = useQueryClient();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | undefined>();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(PersonalDataBody),
    defaultValues: defaults(me),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    setNotice(undefined);
    try {
      await accountApi.updatePersonalData({
        ...v,
        patronymic: v.patronymic ?? null,
        spouses_iin: v.spouses_iin ?? null,
      });
      await qc.invalidateQueries({ queryKey: ['me'] });
      setNotice({ ok: true, text: 'Данные сохранены' });
      notifications.show({ color: 'green', message: 'Данные сохранены' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        let placed = false;
        for (const [field, messages] of Object.entries(e.errors)) {
          if ((FIELDS as readonly string[]).includes(field)) {
            form.setError(field as FieldPath<Input>, { message: messages[0] ?? MSG.checkInput });
            placed = true;
          }
        }
        if (!placed) setNotice({ ok: false, text: e.message });
      } else setNotice({ ok: false, text: e instanceof ApiError ? e.message : MSG.tryAgain });
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate data-testid="personal-form">
        <Stack gap="sm">
          {notice && (
            <Alert
              color={notice.ok ? 'green' : 'red'}
              role={notice.ok ? 'status' : 'alert'}
              data-testid="personal-notice"
            >
              {notice.text}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="iin"
            render={({ field }) => (
              <IinInput
                label="ИИН"
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                error={errors.iin?.message}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Фамилия"
              withAsterisk
              autoComplete="family-name"
              error={errors.surname?.message}
              {...form.register('surname')}
            />
            <TextInput
              label="Имя"
              withAsterisk
              autoComplete="given-name"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label="Отчество"
              description="Необязательно"
              autoComplete="additional-name"
              error={errors.patronymic?.message}
              {...form.register('patronymic')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                label="Телефон"
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                error={errors.phone?.message}
              />
            )}
          />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput label="Email" value={me.email} disabled readOnly flex={1} miw={0} />
            <Button variant="light" onClick={onChangeEmail}>
              Изменить
            </Button>
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={isSubmitting} size="md">
              Сохранить
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
