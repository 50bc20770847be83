import { emptyToNull, PersonalDataBody, type Profile } from '@deklarant/contracts';
import { Alert, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { useMe } from '../../shared/api/me.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { localizedResolver } from '../../shared/i18n/index.ts';
import {
  PERSONAL_DATA_FIELDS,
  PersonalDataFields,
  type PersonalDataInput,
  type PersonalDataOutput,
} from '../../shared/ui/PersonalDataFields.tsx';
import { accountApi } from './api.ts';
import { ChangeEmail } from './ChangeEmail.tsx';
import { ProfileLayout } from './ProfileLayout.tsx';

/** /app/personal/edit: personal data (docs/accounts.md rules) and the change-email flow. */
export default function EditPersonalPage() {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const me = useMe().data;
  const [changing, setChanging] = useState(false);
  return (
    <ProfileLayout title={t('edit.title')}>
      {me &&
        (changing ? (
          <ChangeEmail currentEmail={me.email} onClose={() => setChanging(false)} />
        ) : (
          <PersonalDataForm me={me} onChangeEmail={() => setChanging(true)} />
        ))}
    </ProfileLayout>
  );
}

const defaults = (me: Profile): PersonalDataInput => ({
  iin: emptyToNull(me.iin) ?? '',
  surname: emptyToNull(me.surname) ?? '',
  name: emptyToNull(me.name) ?? '',
  patronymic: emptyToNull(me.patronymic) ?? '',
  phone: emptyToNull(me.phone) ?? '',
  spouses_iin: emptyToNull(me.spouses_iin) ?? '',
});

function PersonalDataForm({ me, onChangeEmail }: { me: Profile; onChangeEmail: () => void }) {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const qc = useQueryClient();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | undefined>();
  const form = useForm<PersonalDataInput, unknown, PersonalDataOutput>({
    resolver: localizedResolver(PersonalDataBody),
    defaultValues: defaults(me),
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    setNotice(undefined);
    try {
      await accountApi.updatePersonalData({
        ...v,
        patronymic: v.patronymic ?? null,
        spouses_iin: v.spouses_iin ?? null,
      });
      await qc.invalidateQueries({ queryKey: queryKeys.me });
      setNotice({ ok: true, text: t('edit.saved') });
      notifications.show({ color: 'green', message: t('edit.saved') });
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        let placed = false;
        for (const [field, messages] of Object.entries(e.errors)) {
          if ((PERSONAL_DATA_FIELDS as readonly string[]).includes(field)) {
            form.setError(field as FieldPath<PersonalDataInput>, { message: messages[0] ?? t('errors:checkInput') });
            placed = true;
          }
        }
        if (!placed) setNotice({ ok: false, text: e.message });
      } else setNotice({ ok: false, text: e instanceof ApiError ? e.message : t('errors:tryAgain') });
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
          <PersonalDataFields
            form={form}
            email={
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <TextInput label={t('common:fields.email')} value={me.email} disabled readOnly flex={1} miw={0} />
                <Button variant="light" onClick={onChangeEmail}>
                  {t('common:actions.edit')}
                </Button>
              </Group>
            }
          />
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={isSubmitting} size="md">
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
