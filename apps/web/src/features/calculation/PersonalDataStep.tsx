import { type Declaration, FORM, PersonalDataBody } from '@deklarant/contracts';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { useMe } from '../../shared/api/me.ts';
import { localizedResolver } from '../../shared/i18n/resolver.ts';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import {
  PersonalDataFields,
  type PersonalDataInput,
  type PersonalDataOutput,
} from '../../shared/ui/PersonalDataFields.tsx';
import { useDeclaration } from '../declarations/index.ts';
import { useSavePersonalData } from './api.ts';
import { currentDeclarationId } from './CalculationStep.tsx';
import { STEPS, stepPath } from './flow.ts';

const str = (v: unknown) => (typeof v === 'string' && v !== 'null' ? v : '');

/** Step 7: personal data of the declaration (docs/accounts.md, field rules); saving leads to step 8. */
export function PersonalDataStep() {
  const { t } = useTranslation(['declarations', 'common', 'errors']);
  const id = currentDeclarationId();
  const q = useDeclaration(id);
  const me = useMe();
  if (id === null) return <Navigate to={stepPath(2)} replace />;
  // The halykfinance variant skips personal data (docs/accounts.md).
  if (session.isHalyk()) return <Navigate to={stepPath(STEPS.PREVIEW)} replace />;
  if (q.isPending || me.isPending) return <Loading />;
  if (q.isError) {
    return (
      <Alert color="red" title={t('openFailed')}>
        {q.error.message}
      </Alert>
    );
  }
  return <PersonalDataForm declaration={q.data} profile={me.data} />;
}

function PersonalDataForm({
  declaration,
  profile,
}: {
  declaration: Declaration;
  profile?: {
    iin: string | null;
    surname: string | null;
    name: string | null;
    phone: string | null;
    email: string;
  } & Record<string, unknown>;
}) {
  const { t } = useTranslation(['calculation', 'common', 'errors']);
  const navigate = useNavigate();
  const d = declaration.common_data;
  const p = declaration.personal_data as Record<string, unknown>;
  const is270 = d.reporting_form_id === FORM.F270;
  const save = useSavePersonalData(d.id);
  const pick = (k: string) => str(p[k]) || str(profile?.[k]);
  const form = useForm<PersonalDataInput, unknown, PersonalDataOutput>({
    resolver: localizedResolver(PersonalDataBody),
    defaultValues: {
      iin: pick('iin'),
      surname: pick('surname'),
      name: pick('name'),
      patronymic: pick('patronymic'),
      phone: pick('phone'),
      spouses_iin: is270 ? str(p.spouses_iin) : '',
    },
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { ...body, patronymic: body.patronymic ?? null, spouses_iin: is270 ? (body.spouses_iin ?? null) : null },
      {
        onSuccess: () => navigate(stepPath(STEPS.PREVIEW)),
        onError: (err) => {
          if (err instanceof ApiError) {
            for (const [field, messages] of Object.entries(err.errors)) {
              form.setError(field as keyof PersonalDataInput, { message: messages[0] });
            }
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('personal.title')}
          </Title>
          <Text c="dimmed">{t('personal.subtitle')}</Text>
        </Stack>
        {d.read_only && <Alert color="yellow">{t('errors:archivedReadOnly')}</Alert>}
        {save.isError && !(save.error instanceof ApiError && Object.keys(save.error.errors).length > 0) && (
          <Alert color="red" data-testid="personal-error">
            {save.error.message}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <PersonalDataFields
            form={form}
            email={
              <TextInput label={t('personal.email')} value={str(p.email) || profile?.email || ''} disabled readOnly />
            }
            spouse={is270}
          />
        </Paper>
        <Group justify="space-between">
          <Button variant="default" component={Link} to={stepPath(STEPS.CALCULATION)}>
            {t('common:actions.back')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={d.read_only}>
            {t('personal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
