import { type Declaration, FORM, MSG, PersonalDataBody } from '@deklarant/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/client.ts';
import { useMe } from '../../shared/api/me.ts';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { IinInput, PhoneInput } from '../../shared/ui/MaskedInputs.tsx';
import { useDeclaration } from '../declarations/index.ts';
import { useSavePersonalData } from './api.ts';
import { currentDeclarationId } from './CalculationStep.tsx';
import { STEPS, stepPath } from './flow.ts';

type FormIn = z.input<typeof PersonalDataBody>;
type FormOut = z.output<typeof PersonalDataBody>;

const str = (v: unknown) => (typeof v === 'string' && v !== 'null' ? v : '');

/** Step 7: personal data of the declaration (SPEC section 5 rules); saving leads to step 8. */
export function PersonalDataStep() {
  const id = currentDeclarationId();
  const q = useDeclaration(id);
  const me = useMe();
  if (id === null) return <Navigate to={stepPath(2)} replace />;
  // The halykfinance variant skips personal data (SPEC section 1).
  if (session.isHalyk()) return <Navigate to={stepPath(STEPS.PREVIEW)} replace />;
  if (q.isPending || me.isPending) return <Loading />;
  if (q.isError) {
    return (
      <Alert color="red" title="Не удалось открыть форму">
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
  const navigate = useNavigate();
  const d = declaration.common_data;
  const p = declaration.personal_data as Record<string, unknown>;
  const is270 = d.reporting_form_id === FORM.F270;
  const save = useSavePersonalData(d.id);
  const pick = (k: string) => str(p[k]) || str(profile?.[k]);
  const { control, register, handleSubmit, setError, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(PersonalDataBody),
    defaultValues: {
      iin: pick('iin'),
      surname: pick('surname'),
      name: pick('name'),
      patronymic: pick('patronymic'),
      phone: pick('phone'),
      spouses_iin: is270 ? str(p.spouses_iin) : '',
    },
  });
  const e = formState.errors;

  const submit = handleSubmit((body) =>
    save.mutate(
      { ...body, patronymic: body.patronymic ?? null, spouses_iin: is270 ? (body.spouses_iin ?? null) : null },
      {
        onSuccess: () => navigate(stepPath(STEPS.PREVIEW)),
        onError: (err) => {
          if (err instanceof ApiError) {
            for (const [field, messages] of Object.entries(err.errors)) {
              setError(field as keyof FormIn, { message: messages[0] });
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
            Персональные данные
          </Title>
          <Text c="dimmed">Данные попадут в декларацию. Проверьте их перед формированием документов.</Text>
        </Stack>
        {d.read_only && <Alert color="yellow">{MSG.archivedReadOnly}</Alert>}
        {save.isError && !(save.error instanceof ApiError && Object.keys(save.error.errors).length > 0) && (
          <Alert color="red" data-testid="personal-error">
            {save.error.message}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={control}
              name="iin"
              render={({ field }) => (
                <IinInput
                  label="ИИН"
                  withAsterisk
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name="iin"
                  error={e.iin?.message}
                  data-testid="iin"
                />
              )}
            />
            <TextInput
              label="Фамилия"
              withAsterisk
              {...register('surname')}
              error={e.surname?.message}
              autoComplete="family-name"
            />
            <TextInput
              label="Имя"
              withAsterisk
              {...register('name')}
              error={e.name?.message}
              autoComplete="given-name"
            />
            <TextInput
              label="Отчество"
              {...register('patronymic')}
              error={e.patronymic?.message}
              autoComplete="additional-name"
            />
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <PhoneInput
                  label="Телефон"
                  withAsterisk
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name="phone"
                  error={e.phone?.message}
                  data-testid="phone"
                />
              )}
            />
            <TextInput label="Email" value={str(p.email) || profile?.email || ''} disabled readOnly />
            {is270 && (
              <Controller
                control={control}
                name="spouses_iin"
                render={({ field }) => (
                  <IinInput
                    label="ИИН супруга(и)"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name="spouses_iin"
                    error={e.spouses_iin?.message}
                    description="Необязательно"
                  />
                )}
              />
            )}
          </SimpleGrid>
        </Paper>
        <Group justify="space-between">
          <Button variant="default" component={Link} to={stepPath(STEPS.CALCULATION)}>
            Назад
          </Button>
          <Button type="submit" loading={save.isPending} disabled={d.read_only}>
            Сохранить и продолжить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
