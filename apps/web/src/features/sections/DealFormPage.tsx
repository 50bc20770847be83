import { type Declaration, SECTIONS, type SectionDef, sectionByKey, sectionByRoute } from '@deklarant/contracts';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { localizeMessage } from '../../shared/i18n/index.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { useDeclaration } from '../declarations/index.ts';
import { amountsTyped, currencyChangedAfterAmounts, currencyValue, suggestionFor } from './advice.ts';
import {
  type DealRow,
  useCalculation,
  useDeal,
  useDeclarationId,
  useDeleteDeal,
  useReferenceList,
  useSaveDeal,
} from './api.ts';
import { BrokerField, NoBinNote } from './BrokerField.tsx';
import { KztPanel, WarningsList } from './DealCalculation.tsx';
import { DealField, type FormValues } from './DealField.tsx';
import { type FieldDef, HISTORY_CODES, SECTION_FIELDS } from './fields.ts';
import { dealResolver, type HomeBroker, initialValues, isRequired, isShown, toPayload } from './form-model.ts';
import { HISTORY_SECTION, sectionPaths } from './paths.ts';
import { sectionHelp, sectionTile, sectionTitle, sectionWords } from './texts.ts';
import { useLeaveConfirm } from './useLeaveConfirm.ts';
import { usePrefix } from './usePrefix.ts';

/** /app/{section}/create, /app/{section}/{id} and the purchase-history forms under a sale. */
export default function DealFormPage({ route }: { route: string }) {
  const params = useParams();
  const section = sectionByRoute(route);
  const declarationId = useDeclarationId();
  const decl = useDeclaration(declarationId);
  const dealId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const deal = useDeal(declarationId, section?.slug ?? '', dealId);
  const brokers = useReferenceList('get-brokers', dealId === null);
  const { t } = useTranslation(['sections', 'fields', 'errors', 'common']);

  if (!section) return null;
  if (declarationId === null) return <Alert color="yellow">{t('errors:noDeclarationChosen')}</Alert>;
  if (decl.isError) return <Alert color="red">{decl.error.message}</Alert>;
  if (deal.isError) return <Alert color="red">{deal.error.message}</Alert>;
  if (!decl.data || (dealId !== null && !deal.data)) return <Loading />;
  if (dealId === null && brokers.isPending) return <Loading />;
  const chosen = brokers.data?.find((b) => b.name === decl.data.common_data.broker);
  return (
    <DealForm
      key={dealId ?? 'new'}
      section={section}
      declaration={decl.data}
      homeBroker={chosen ? { name: String(chosen.name), is_foreign: chosen.is_foreign === true } : undefined}
      deal={deal.data?.data}
      hideHistoryLink={deal.data?.meta.hide_history_link ?? false}
    />
  );
}

function DealForm({
  section,
  declaration,
  deal,
  hideHistoryLink,
  homeBroker,
}: {
  section: SectionDef;
  declaration: Declaration;
  deal?: DealRow;
  hideHistoryLink: boolean;
  homeBroker?: HomeBroker | undefined;
}) {
  const navigate = useNavigate();
  const prefix = usePrefix();
  const params = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation(['sections', 'fields', 'errors', 'common']);
  const { reporting_form_id: form, year, id: declarationId, read_only: readOnly } = declaration.common_data;
  const ctx = { form, year };
  const code = section.code;
  const words = sectionWords(code);
  const fields = useMemo(() => SECTION_FIELDS[code].filter((f) => !f.forms || f.forms.includes(form)), [code, form]);
  const saleId = code === 'history' ? Number(params.dealId) : null;
  // Values typed into another section's form and moved here with one click (the section suggestion).
  const moved = useLocation().state as MoveState | null;
  // A form without a broker choice (rental, foreign property) keeps an imported deal's foreign-broker mark.
  const keepsMark = deal?.foreign_broker === true && !fields.some((f) => f.kind === 'broker');
  const extra = useMemo(
    () => ({
      ...(saleId ? { first_a_and_second_section_deal_id: saleId } : {}),
      ...(keepsMark ? { foreign_broker: true } : {}),
    }),
    [saleId, keepsMark],
  );
  const paths = sectionPaths(section, prefix, saleId, search.get('section'));

  const { control, handleSubmit, setError, setValue, formState } = useForm<FormValues>({
    defaultValues: initialValues(code, fields, deal, moved?.carried, homeBroker),
    resolver: dealResolver(code, fields, ctx, extra),
  });
  const values = useWatch({ control }) as FormValues;
  const payload = useMemo(() => toPayload(fields, values, extra), [fields, values, extra]);
  const [debounced] = useDebouncedValue(payload, 350);
  const calc = useCalculation(declarationId, section.slug, debounced);
  const save = useSaveDeal(declarationId, section.slug, deal?.id ?? null);
  const removeOriginal = useDeleteDeal(declarationId, moved?.from?.slug ?? section.slug);
  const allowLeave = useLeaveConfirm(formState.isDirty || moved !== null);
  const markets = useReferenceList(
    'get-markets',
    fields.some((f) => f.name === 'market_id'),
  );
  const suggestion = suggestionFor(
    code,
    payload,
    markets.data as { market_id: number; is_foreign: boolean }[] | undefined,
  );
  const target = suggestion ? SECTIONS.find((s) => s.code === suggestion.code) : undefined;
  const currencyChanged = useCurrencyAdvice(fields, values);
  const moveTo = (to: SectionDef) => {
    allowLeave();
    const state: MoveState = {
      carried: values,
      from: deal ? { slug: section.slug, id: deal.id } : (moved?.from ?? null),
    };
    navigate(sectionPaths(to, prefix).create, { state });
  };
  useBenefitRefresh(
    calc.data?.tax_benefit?.id ?? null,
    values,
    setValue,
    fields.some((f) => f.name === 'availability_tax_benefit'),
  );

  const onSubmit = handleSubmit(async (v) => {
    try {
      // Saving through the form supplies the missing information: status 1 is cleared.
      await save.mutateAsync(toPayload(fields, v, extra));
      // A stored deal moved from another section: the copy is saved here, the original goes.
      if (moved?.from) await removeOriginal.mutateAsync(moved.from.id);
      allowLeave();
      navigate(paths.list);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      for (const [name, messages] of Object.entries(e.errors)) setError(name, { message: messages[0] });
      notifications.show({ color: 'red', title: t('sections:form.notSaved'), message: e.message });
    }
  });

  const warnings = calc.data?.warnings ?? deal?.warnings ?? [];
  const saleSection = code === 'history' ? sectionByKey(search.get('section') ?? '') : undefined;
  // docs/sections.md: no save button for form_250_second_section.
  const canSave = !readOnly && section.key !== 'form_250_second_section';
  const heading = deal ? (words.edit ?? t('errors:dealEdit')) : (words.create ?? t('errors:dealCreate'));

  return (
    <Stack gap="md" maw={880} mx="auto" component="section" aria-labelledby="deal-form-title">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2" id="deal-form-title">
            {heading}
          </Title>
          <Text c="gray.7">
            {sectionTitle(section)}
            {saleSection ? ` · ${sectionTitle(saleSection)}` : ''}
          </Text>
          {sectionHelp(code).map((line) => (
            <Text key={line} size="sm" c="gray.7" data-testid="section-help">
              {line}
            </Text>
          ))}
        </Stack>
        {deal && HISTORY_CODES.has(code) && !hideHistoryLink && (
          <Anchor
            component={Link}
            to={sectionPaths(HISTORY_SECTION, prefix, deal.id, section.key).list}
            data-testid="history-link"
          >
            {t('errors:goToDealHistory')}
          </Anchor>
        )}
      </Group>
      {deal?.status === 1 && (
        <Alert color="yellow" title={t('errors:dealNeedsInfo')}>
          {deal.comment ? localizeMessage(deal.comment) : t('sections:form.checkDeal')}
        </Alert>
      )}
      {readOnly && <Alert color="gray">{t('errors:archivedReadOnly')}</Alert>}
      {suggestion && target && !readOnly && (
        <Alert
          color="blue"
          variant="light"
          title={t('fields:suggest.title', { tile: sectionTile(target) })}
          data-testid="section-suggestion"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{localizeMessage(suggestion.reason)}</Text>
            <Button size="xs" variant="light" onClick={() => moveTo(target)} data-testid="move-deal">
              {t('fields:suggest.move', { tile: sectionTile(target) })}
            </Button>
          </Stack>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={heading}>
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {fields
              .filter((f) => isShown(f, values))
              .map((f) => (
                <div key={f.name} style={WIDE.has(f.kind) ? { gridColumn: '1 / -1' } : undefined}>
                  {f.kind === 'broker' ? (
                    <Stack gap="xs">
                      <BrokerField field={f} control={control} />
                      {values.foreign_broker === true && formState.isDirty && !values.broker_bin && <NoBinNote />}
                    </Stack>
                  ) : (
                    <DealField
                      field={f}
                      control={control}
                      year={year}
                      required={isRequired(code, f.name, payload, ctx)}
                    />
                  )}
                </div>
              ))}
          </SimpleGrid>
        </Card>
        <Stack gap="md" mt="md">
          {currencyChanged && (
            <Alert color="blue" variant="light" data-testid="currency-changed" role="status">
              {t('fields:suggest.currencyChanged')}
            </Alert>
          )}
          <KztPanel code={code} calc={calc.data} words={words} />
          {calc.isError && <Alert color="red">{calc.error.message}</Alert>}
          <WarningsList warnings={warnings} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(paths.list)}>
              {t('errors:cancel')}
            </Button>
            {canSave && (
              <Button type="submit" loading={save.isPending}>
                {t('common:actions.save')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** What a one-click move carries to the suggested section's form. */
interface MoveState {
  carried: FormValues;
  /** the stored deal being moved: deleted once its copy is saved */
  from: { slug: string; id: number } | null;
}

/** Fields that take the whole row of the form grid. */
const WIDE = new Set(['textarea', 'checkbox', 'broker']);

/** True once the currency was changed after amounts had been typed (docs/sections.md: an advisory). */
function useCurrencyAdvice(fields: readonly FieldDef[], values: FormValues): boolean {
  const currency = currencyValue(values);
  const last = useRef(currency);
  const [shown, setShown] = useState(false);
  const typed = amountsTyped(fields, values);
  useEffect(() => {
    if (currencyChangedAfterAmounts(last.current, currency, typed)) setShown(true);
    last.current = currency;
  }, [currency, typed]);
  return shown;
}

/** When the date or currency changes, the tax benefit found for the deal is filled in. */
function useBenefitRefresh(
  benefitId: number | null,
  values: FormValues,
  setValue: (name: string, value: string, opts?: { shouldDirty: boolean }) => void,
  enabled: boolean,
) {
  const trigger = `${values.transaction_date ?? ''}|${values.currency_code ?? ''}|${values.currency_code_id ?? ''}`;
  const last = useRef(trigger);
  const pending = useRef(false);
  useEffect(() => {
    if (trigger !== last.current) {
      last.current = trigger;
      pending.current = true;
    }
  }, [trigger]);
  useEffect(() => {
    if (!enabled || !pending.current) return;
    pending.current = false;
    setValue('availability_tax_benefit', benefitId ? String(benefitId) : '1', { shouldDirty: true });
  }, [benefitId, enabled, setValue]);
}
