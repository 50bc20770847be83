import { type CommonData, FORM, FORM_CODES, type ReportingFormId, selectableYears } from '@deklarant/contracts';
import { Alert, Anchor, Button, Card, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../shared/api/client.ts';
import { i18next } from '../../shared/i18n/i18n.ts';
import { session } from '../../shared/session/storage.ts';
import { useContacts } from '../../shared/support.ts';
import { rankedFilter } from '../../shared/ui/pickers.ts';
import { importParam } from '../imports/index.ts';
import { contactManager } from '../management/index.ts';
import { laterCalls, useCreateDeclaration, useReference } from './api.ts';
import { BrokerFiles, type FilesValue } from './BrokerFiles.tsx';
import {
  dataEntryStep,
  formOptionDisabled,
  STEP,
  sameRegular,
  show240Notice,
  stepUrl,
  typeOptions,
  uploadState,
} from './rules.ts';

/** Selects show search above 6 options. */
const searchableFor = (n: number) => n > 6;

interface Values {
  reporting_form_id: string;
  year: string;
  type: string;
  kgd_code_id: string;
  broker: string | null;
  consultant: boolean;
}

const required = { validate: (v: string | null) => (v ? true : i18next.t('errors:selectValue')) };

/** Pages of the saved forms read to look for an existing regular declaration (15 forms a page). */
const PAGES_CHECKED = 5;

/** The user's forms, active and archived (a few pages: enough for any real person). */
async function savedForms(): Promise<CommonData[]> {
  const out: CommonData[] = [];
  for (const archived of [0, 1]) {
    for (let page = 1; page <= PAGES_CHECKED; page++) {
      const res = await api.get<{ data: CommonData[]; meta: { last_page: number } }>('/api/declarations', {
        archived,
        page,
      });
      out.push(...res.data);
      if (page >= res.meta.last_page) break;
    }
  }
  return out;
}

/** Step 3: the new form (form, year, type, KGD, optional broker and files, consultant option). */
export function NewForm() {
  const { t } = useTranslation(['declarations', 'common', 'errors']);
  const navigate = useNavigate();
  const forms = useReference('get-reporting-forms');
  const types = useReference('get-declaration-types');
  const kgd = useReference('get-kgd-codes');
  const brokers = useReference('get-brokers');
  const create = useCreateDeclaration();
  // the consultant's messenger contact, configured on the server (CONSULTANT_CONTACT_URL)
  const consultantUrl = useContacts().data?.consultant_url;
  const years = useMemo(() => selectableYears(new Date()), []);
  const [files, setFiles] = useState<FilesValue>({ slots: [], loose: [] });

  const { control, handleSubmit, watch, setValue, setError, formState } = useForm<Values>({
    defaultValues: {
      // Form 270.00 replaces 240.00, so it is the default (docs/tax-years.md).
      reporting_form_id: String(FORM.F270),
      year: String(years[0] ?? ''),
      type: '',
      kgd_code_id: '',
      broker: null,
      consultant: false,
    },
  });
  const formId = Number(watch('reporting_form_id')) || null;
  const year = Number(watch('year')) || null;
  const typeId = watch('type');
  const brokerName = watch('broker');
  const broker = brokers.data?.find((b) => b.name === brokerName) ?? null;

  // Default type 'Очередная'; type 2 disappears for 250.00; 240.00 gives way to 270.00 where abolished.
  useEffect(() => {
    const allowed = typeOptions(types.data ?? [], formId);
    if (!allowed.some((t) => String(t.id) === typeId)) {
      const def = allowed.find((t) => t.is_default) ?? allowed[0];
      setValue('type', def ? String(def.id) : '');
    }
  }, [types.data, formId, typeId, setValue]);
  useEffect(() => {
    if (formId !== null && formOptionDisabled(formId, year)) setValue('reporting_form_id', String(FORM.F270));
  }, [formId, year, setValue]);

  const submit = async (v: Values, withUpload: boolean) => {
    try {
      const d = await create.mutateAsync({
        reporting_form_id: Number(v.reporting_form_id),
        year: Number(v.year),
        type: Number(v.type),
        kgd_code_id: Number(v.kgd_code_id),
        broker: v.broker,
      });
      const id = d.common_data.id;
      session.setCurrentDeclaration(id);
      const importId = await afterCreate(id, v, withUpload);
      // the report is parsed in the background: the data entry step shows its progress and result
      navigate(stepUrl(dataEntryStep(d.common_data.reporting_form_id), importId ? importParam(importId) : ''));
    } catch (e) {
      if (e instanceof ApiError) {
        for (const [field, msgs] of Object.entries(e.errors)) {
          if (field in v) setError(field as keyof Values, { message: msgs[0] });
        }
        notifications.show({ color: 'red', message: e.message });
      } else throw e;
    }
  };

  /** New-form flow of docs/statuses.md after 201: partner data, consultant tariff, files (the import's id). */
  const afterCreate = async (id: number, v: Values, withUpload: boolean): Promise<number | null> => {
    // the partner's data comes in as an import too: its id lets step 4 show how it went
    const fromBank = session.isB2B()
      ? await laterCalls.getDataFromBank(id).then(
          (r) => r.import_id ?? null,
          () => null,
        )
      : null;
    if (v.consultant) {
      if (consultantUrl) window.open(consultantUrl, '_blank', 'noopener');
      // TODO(payment issue): choose-tariff may not exist yet; creation must still succeed.
      await laterCalls.chooseConsultantTariff(id, v.broker).catch(() => undefined);
      // the messenger bot tells the managers' chat (issue 9); a failure never blocks the new form
      await contactManager(id).catch(() => undefined);
    }
    const state = uploadState(Boolean(v.broker), files.slots, files.loose.length);
    if (withUpload && state === 'complete' && v.broker) {
      const accepted = await laterCalls
        .uploadFiles(
          id,
          files.slots.filter((f): f is File => f !== null),
          v.broker,
        )
        .catch((e: Error) => {
          notifications.show({ color: 'red', title: t('new.filesNotUploaded'), message: e.message });
          return null;
        });
      return accepted?.import_id ?? fromBank;
    }
    return fromBank;
  };

  /** A second 'Очередная' for the same form and year asks first (issue 18, item 7). */
  const onValid = async (v: Values) => {
    const next = { reporting_form_id: Number(v.reporting_form_id), year: Number(v.year), type: Number(v.type) };
    const existing = await savedForms().catch(() => []);
    const twin = sameRegular(existing, next, types.data ?? []);
    if (!twin) {
      proceed(v);
      return;
    }
    modals.openConfirmModal({
      title: t('new.twinTitle'),
      centered: true,
      children: (
        <Stack gap="xs" data-testid="second-regular-warning">
          <Text size="sm">
            {t('new.twinText', {
              form: FORM_CODES[next.reporting_form_id as ReportingFormId],
              year: next.year,
              id: twin.id,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('new.twinHint')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('new.twinConfirm'), cancel: t('cancel') },
      onConfirm: () => proceed(v),
    });
  };

  const proceed = (v: Values) => {
    const state = uploadState(Boolean(v.broker), files.slots, files.loose.length);
    if (state === 'incomplete' || state === 'no-broker') {
      modals.openConfirmModal({
        title: t('attention'),
        centered: true,
        children: (
          <Text>
            {state === 'incomplete' ? t('new.incomplete') : t('new.noBroker')} {t('new.withoutUpload')}
          </Text>
        ),
        labels: { confirm: t('new.withoutUploadConfirm'), cancel: t('cancel') },
        onConfirm: () => void submit(v, false),
      });
      return;
    }
    void submit(v, true);
  };

  const formData = (forms.data ?? []).map((f) => ({
    value: String(f.form_id),
    label: `${f.form_name} — ${f.form_description}`,
    disabled: formOptionDisabled(f.form_id, year),
  }));
  const typeData = typeOptions(types.data ?? [], formId).map((t) => ({ value: String(t.id), label: t.type_name }));
  const kgdData = (kgd.data ?? []).map((k) => ({ value: String(k.id), label: `${k.code_kgd} — ${k.kgd_name}` }));
  const brokerData = (brokers.data ?? []).map((b) => ({ value: b.name, label: b.title }));
  const err = (k: keyof Values) => formState.errors[k]?.message;

  return (
    <Card withBorder padding="lg" maw={720} mx="auto" w="100%">
      <form onSubmit={handleSubmit((v) => onValid(v))} noValidate aria-label={t('steps.new')}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('steps.new')}
          </Title>
          <Controller
            name="year"
            control={control}
            rules={required}
            render={({ field }) => (
              <Select
                label={t('new.year')}
                required
                data={years.map(String)}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={err('year')}
                allowDeselect={false}
              />
            )}
          />
          <Controller
            name="reporting_form_id"
            control={control}
            rules={required}
            render={({ field }) => (
              <Select
                label={t('new.form')}
                required
                data={formData}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={err('reporting_form_id')}
                allowDeselect={false}
              />
            )}
          />
          {show240Notice(year) && (
            <Alert color="blue" variant="light" data-testid="form-240-notice">
              {t('errors:form240Notice')}
            </Alert>
          )}
          <Controller
            name="type"
            control={control}
            rules={required}
            render={({ field }) => (
              <Select
                label={t('new.type')}
                required
                data={typeData}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={err('type')}
                allowDeselect={false}
              />
            )}
          />
          <Controller
            name="kgd_code_id"
            control={control}
            rules={required}
            render={({ field }) => (
              <Select
                label={t('new.kgd')}
                placeholder={t('new.kgdPlaceholder')}
                required
                data={kgdData}
                searchable={searchableFor(kgdData.length)}
                filter={rankedFilter}
                nothingFoundMessage={t('nothingFound')}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={err('kgd_code_id')}
                limit={200}
              />
            )}
          />
          <Controller
            name="broker"
            control={control}
            render={({ field }) => (
              <Select
                label={t('new.broker')}
                placeholder={t('new.brokerPlaceholder')}
                data={brokerData}
                searchable={searchableFor(brokerData.length)}
                filter={rankedFilter}
                clearable
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  setFiles({ slots: [], loose: [] });
                }}
                error={err('broker')}
              />
            )}
          />
          <BrokerFiles broker={broker} value={files} onChange={setFiles} />
          <Controller
            name="consultant"
            control={control}
            render={({ field }) => (
              <Checkbox
                label={t('new.consultant')}
                description={t('new.consultantHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          {watch('consultant') && consultantUrl && (
            <Anchor href={consultantUrl} target="_blank" rel="noopener" size="sm">
              {t('new.consultantLink')}
            </Anchor>
          )}
          <Group justify="space-between" mt="sm">
            <Button variant="default" onClick={() => navigate(stepUrl(STEP.SAVED))}>
              {t('common:actions.back')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
