import {
  type CommonData,
  type Declaration,
  type DeclarationList,
  FORM,
  FORM_CODES,
  type ReportingFormId,
  SECTIONS,
  sectionApplies,
} from '@deklarant/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, api, management } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { i18next, tKey } from '../../shared/i18n/index.ts';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { goBack, MANAGER_STEPS } from './context.ts';

const url = (step: number) => `/management/declaration?step=${step}`;
const kzt = (v: string | null | undefined) => {
  if (v === null || v === undefined) return '—';
  const [i = '0', f = ''] = v.replace('-', '').split('.');
  const frac = f.slice(0, 2).replace(/0+$/, '');
  return `${v.startsWith('-') ? '−' : ''}${i.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}${frac ? `,${frac}` : ''}\u00a0₸`;
};
const errText = (e: unknown) => (e instanceof Error ? e.message : i18next.t('errors:tryAgain'));

/** /management/declaration?step=N: the manager's wizard for the user of the admin path. */
export default function ManagementWizard() {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const [params] = useSearchParams();
  const raw = Number(params.get('step'));
  const step = raw >= 1 && raw <= 4 ? raw : 1;
  const id = Number(session.currentDeclarationId()) || null;
  return (
    <Stack gap="md" data-testid={`management-step-${step}`}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('common:stepOf', { step, total: MANAGER_STEPS.length })}
        </Text>
        <Title order={1} size="h2">
          {t(`steps.${MANAGER_STEPS[step - 1] ?? 'period'}`)}
        </Title>
      </Stack>
      {step === 1 || id === null ? <PeriodStep /> : <DeclarationStep step={step} id={id} />}
    </Stack>
  );
}

/** Step 1: the user's forms (open one) or a new form for a reporting period. */
function PeriodStep() {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ['management', 'declarations', management.get()?.user_id],
    queryFn: ({ signal }) => api.get<DeclarationList>('/api/declarations', { page: 1 }, signal),
  });
  const statuses = useList('get-declaration-statuses');
  const statusName = (d: CommonData) =>
    d.status === 2 && d.tariff_type === 2
      ? t('errors:managerNotice')
      : (statuses.data?.find((x) => x.id === d.status)?.name ?? t('wizard.status', { status: d.status }));
  const open = (d: CommonData) => {
    session.setCurrentDeclaration(d.id);
    navigate(url(2));
  };
  return (
    <Stack gap="md">
      {list.isPending && <Loading />}
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.data && list.data.data.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('wizard.userForms')}
          </Title>
          {list.data.data.map((d) => (
            <Card key={d.id} withBorder padding="sm" data-testid={`management-declaration-${d.id}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>
                    {t('wizard.formYear', { code: FORM_CODES[d.reporting_form_id as ReportingFormId], year: d.year })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    № {d.id} · {statusName(d)}
                    {d.tariff_type === 2 ? ` · ${t('wizard.consultant')}` : ''}
                  </Text>
                </Stack>
                <Button size="xs" onClick={() => open(d)} disabled={d.read_only}>
                  {t('open')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <NewPeriodForm onCreated={(id) => open({ id } as CommonData)} />
    </Stack>
  );
}

type Ref = {
  id: number;
  form_id?: number;
  name?: string;
  form_name?: string;
  type_name?: string;
  code_kgd?: string;
  kgd_name?: string;
};
const useList = (call: string) =>
  useQuery({
    queryKey: queryKeys.reference(call),
    queryFn: async ({ signal }) => (await api.get<{ data: Ref[] }>(`/api/common/${call}`, undefined, signal)).data,
    staleTime: 10 * 60_000,
  });

function NewPeriodForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const forms = useList('get-reporting-forms');
  const types = useList('get-declaration-types');
  const kgd = useList('get-kgd-codes');
  const now = new Date().getFullYear();
  const years = [now - 1, now - 2, now - 3].map(String);
  const [v, setV] = useState({ reporting_form_id: String(FORM.F270), year: years[0] ?? '', type: '', kgd: '' });
  const [error, setError] = useState<string>();
  const create = useMutation({
    mutationFn: async () =>
      (
        await api.post<{ data: Declaration }>('/api/declarations', {
          reporting_form_id: Number(v.reporting_form_id),
          year: Number(v.year),
          type: Number(v.type || types.data?.[0]?.id),
          kgd_code_id: Number(v.kgd),
          broker: null,
        })
      ).data,
    onSuccess: (d) => onCreated(d.common_data.id),
    onError: (e) =>
      setError(e instanceof ApiError && Object.keys(e.errors).length ? Object.values(e.errors)[0]?.[0] : errText(e)),
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('wizard.newForm')}
        </Title>
        {error && <Alert color="red">{error}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('wizard.form')}
            data={(forms.data ?? []).map((f) => ({
              value: String(f.form_id),
              label: f.form_name ?? String(f.form_id),
            }))}
            value={v.reporting_form_id}
            onChange={(x) => setV({ ...v, reporting_form_id: x ?? '' })}
            allowDeselect={false}
          />
          <Select
            label={t('wizard.year')}
            data={years}
            value={v.year}
            onChange={(x) => setV({ ...v, year: x ?? '' })}
            allowDeselect={false}
          />
          <Select
            label={t('wizard.kind')}
            data={(types.data ?? []).map((x) => ({ value: String(x.id), label: x.type_name ?? String(x.id) }))}
            value={v.type || (types.data?.[0] ? String(types.data[0].id) : null)}
            onChange={(x) => setV({ ...v, type: x ?? '' })}
            allowDeselect={false}
          />
          <Select
            label={t('wizard.kgd')}
            searchable
            data={(kgd.data ?? []).map((k) => ({
              value: String(k.id),
              label: `${k.code_kgd ?? ''} ${k.kgd_name ?? ''}`.trim(),
            }))}
            value={v.kgd || null}
            onChange={(x) => setV({ ...v, kgd: x ?? '' })}
            data-testid="management-kgd"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!v.kgd || !v.year}>
            {t('wizard.create')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Steps 2-4 work on the chosen declaration. */
function DeclarationStep({ step, id }: { step: number; id: number }) {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['management', 'declaration', id],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Declaration }>(`/api/declarations/${id}`, undefined, signal)).data,
  });
  if (q.isPending) return <Loading />;
  if (q.isError)
    return (
      <Alert color="red" title={t('wizard.openFailed')}>
        <Stack gap="xs" align="flex-start">
          {q.error.message}
          <Button size="xs" variant="light" onClick={() => navigate(url(1))}>
            {t('wizard.toPeriod')}
          </Button>
        </Stack>
      </Alert>
    );
  const d = q.data;
  const c = d.common_data;
  return (
    <Stack gap="md">
      <Text c="dimmed">
        {t('wizard.formYearId', { code: FORM_CODES[c.reporting_form_id as ReportingFormId], year: c.year, id: c.id })}
      </Text>
      {step === 2 && <Tiles declaration={d} kind="income" />}
      {step === 2 && c.reporting_form_id !== FORM.F250 && <RentalIncomeForm id={id} />}
      {step === 3 && <Tiles declaration={d} kind="assets" />}
      {step === 4 && <CalculationAndFinish id={id} />}
      <Group justify="space-between">
        <Button variant="default" onClick={() => navigate(url(step - 1))}>
          {t('common:actions.back')}
        </Button>
        {step < 4 && (
          <Button onClick={() => navigate(url(step + 1))} data-testid="management-next">
            {t('common:actions.continue')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Tiles({ declaration, kind }: { declaration: Declaration; kind: 'income' | 'assets' }) {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const c = declaration.common_data;
  const sections = SECTIONS.filter(
    (s) =>
      s.code !== 'history' &&
      (c.reporting_form_id === FORM.F250 ? s.step === 'form250' && kind === 'assets' : s.step === kind) &&
      sectionApplies(s, c.reporting_form_id, c.year),
  );
  if (sections.length === 0) return <Text c="dimmed">{t('wizard.noSections')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {sections.map((s) => {
        const sum = declaration.summary[s.key];
        return (
          <Card key={s.key} withBorder padding="sm" data-testid={`management-tile-${s.key}`}>
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Badge variant="light">{tKey(`fields:section.${s.key}.tile`, { defaultValue: s.tile })}</Badge>
              <Text size="xs" c="dimmed" data-testid="tile-count">
                {t('wizard.count', { n: sum?.count ?? 0 })}
              </Text>
            </Group>
            <Text size="sm" fw={600} mt={6}>
              {tKey(`fields:section.${s.key}.title`, { defaultValue: s.title })}
            </Text>
            <Text size="sm" c="dimmed">
              {kzt(sum?.total ?? '0')}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** A quick entry for the manager: rental income (V-VII) without leaving the wizard. */
function RentalIncomeForm({ id }: { id: number }) {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const qc = useQueryClient();
  const [v, setV] = useState({ name: '', amount: '', bin: '' });
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(0);
  const add = useMutation({
    mutationFn: () =>
      api.post(`/api/declarations/${id}/deals/income-from-rental`, {
        name_security: v.name.trim(),
        property_name: v.name.trim(),
        sale_closing_cost: v.amount.replace(',', '.').replace(/\s/g, ''),
        rent_amount: v.amount.replace(',', '.').replace(/\s/g, ''),
        broker_bin: v.bin.replace(/\D/g, ''),
      }),
    onSuccess: async () => {
      setError(undefined);
      setV({ name: '', amount: '', bin: '' });
      setSaved((n) => n + 1);
      await qc.invalidateQueries({ queryKey: ['management', 'declaration', id] });
    },
    onError: (e) =>
      setError(e instanceof ApiError && Object.keys(e.errors).length ? Object.values(e.errors)[0]?.[0] : errText(e)),
  });
  return (
    <Card withBorder padding="md" data-testid="management-rental-form">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('rental.title')}
        </Title>
        {error && <Alert color="red">{error}</Alert>}
        {saved > 0 && !error && (
          <Alert color="green" data-testid="management-saved">
            {t('rental.saved')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('rental.object')}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.currentTarget.value })}
          />
          <TextInput
            label={t('rental.amount')}
            inputMode="decimal"
            value={v.amount}
            onChange={(e) => setV({ ...v, amount: e.currentTarget.value })}
          />
          <TextInput
            label={t('rental.tenant')}
            inputMode="numeric"
            maxLength={12}
            value={v.bin}
            onChange={(e) => setV({ ...v, bin: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="light" onClick={() => add.mutate()} loading={add.isPending} disabled={!v.name || !v.amount}>
            {t('common:actions.add')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

interface CalcLine {
  field: string;
  label: string;
  amount: string | null;
}

/** Step 4: the computed ИПН and the manager's finish (the user gets the signing letter). */
function CalculationAndFinish({ id }: { id: number }) {
  const { t } = useTranslation(['management', 'common', 'errors']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const calc = useQuery({
    queryKey: ['management', 'calculation', id],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: { lines: CalcLine[]; hidden: boolean } }>(
          `/api/declarations/${id}/calculation`,
          undefined,
          signal,
        )
      ).data,
    retry: false,
  });
  const finish = useMutation({
    mutationFn: () => api.post<{ success: boolean; status: number }>(`/api/management/declarations/${id}/finish`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['management'] }),
  });
  return (
    <Stack gap="md">
      {calc.isPending && <Loading />}
      {calc.isError && <Alert color="yellow">{t('wizard.calcUnavailable', { message: calc.error.message })}</Alert>}
      {calc.data && (
        <Table withTableBorder striped data-testid="management-calculation">
          <Table.Tbody>
            {calc.data.lines.map((l) => (
              <Table.Tr key={l.field}>
                <Table.Td>{l.label}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {kzt(l.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {finish.isError && <Alert color="red">{errText(finish.error)}</Alert>}
      {finish.isSuccess ? (
        <Alert color="green" title={t('wizard.done')} data-testid="management-finished">
          <Stack gap="xs" align="flex-start">
            {t('wizard.letterSent')}
            <Button size="xs" onClick={() => goBack(management.get(), navigate)}>
              {t('wizard.return')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button
            color="green"
            onClick={() => finish.mutate()}
            loading={finish.isPending}
            data-testid="management-finish"
          >
            {t('wizard.finish')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
