import {
  DEAL_STATUS_NEEDS_INFO,
  type Declaration,
  FORM,
  FORM_CODES,
  guideOf,
  isPaid,
  type ReportingFormId,
  type SectionDef,
} from '@deklarant/contracts';
import { Accordion, Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { ImportBanner } from '../imports/index.ts';
import { laterCalls } from './api.ts';
import { form250Groups, STEP, stepUrl, tilesFor } from './rules.ts';
import { SectionTile } from './SectionTile.tsx';
import { sectionTexts } from './sectionText.ts';

/** Steps 4 and 5: the income or assets tiles, or the form 250.00 groups, and the step buttons. */
export function DataEntryStep({ step, declaration }: { step: 4 | 5; declaration: Declaration }) {
  const { t } = useTranslation(['declarations', 'fields', 'common', 'errors']);
  const d = declaration.common_data;
  const is250 = d.reporting_form_id === FORM.F250;
  // Data entry is step 5 for form 250.00.
  if (is250 && step === STEP.INCOME) return <Navigate to={stepUrl(STEP.ASSETS)} replace />;
  const kind = is250 ? 'form250' : step === STEP.INCOME ? 'income' : 'assets';
  const form = FORM_CODES[d.reporting_form_id as ReportingFormId];

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t(`declarations:entry.${kind}`)}
        </Title>
        <Text c="dimmed">{t('declarations:formYear', { form, year: d.year })}</Text>
      </Stack>
      {d.read_only && <Alert color="yellow">{t('errors:archivedReadOnly')}</Alert>}
      <ImportBanner />
      {kind === 'form250' ? (
        form250Groups().map((g) => (
          <Stack key={g.id} gap="xs" component="section" aria-label={t('declarations:entry.group', { id: g.id })}>
            <Title order={2} size="h4">
              {g.id}. {g.title}
            </Title>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
              {g.sections.map((s) => (
                <SectionTile key={s.key} section={s} summary={declaration.summary[s.key]} />
              ))}
            </SimpleGrid>
          </Stack>
        ))
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          {tilesFor(kind, d.reporting_form_id, d.year).map((s) => (
            <SectionTile key={s.key} section={s} summary={declaration.summary[s.key]} />
          ))}
        </SimpleGrid>
      )}
      {kind === 'income' && <WhichSection sections={tilesFor(kind, d.reporting_form_id, d.year)} />}
      <StepButtons step={step} declaration={declaration} />
    </Stack>
  );
}

/** Step 4's help: which deals go to I.A, I.B, I.C, II, III and IV, two lines each (the section dictionary). */
function WhichSection({ sections }: { sections: readonly SectionDef[] }) {
  const { t } = useTranslation(['declarations', 'fields', 'common', 'errors']);
  const guided = sections.filter((s) => guideOf(s.code).help.length > 0);
  if (guided.length === 0) return null;
  return (
    <Accordion variant="contained" data-testid="which-section">
      <Accordion.Item value="help">
        <Accordion.Control>{t('declarations:entry.which')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            {guided.map((s) => {
              const texts = sectionTexts(s);
              return (
                <Stack key={s.key} gap={0}>
                  <Text fw={600} size="sm">
                    {texts.tile} · {texts.title}
                  </Text>
                  {texts.help.map((line) => (
                    <Text key={line} size="sm" c="gray.7">
                      {line}
                    </Text>
                  ))}
                </Stack>
              );
            })}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/** The step flow of docs/statuses.md for users: 4 -> 5 -> 6; form 250.00 finishes at 5 (or pays first). */
function StepButtons({ step, declaration }: { step: 4 | 5; declaration: Declaration }) {
  const { t } = useTranslation(['declarations', 'common', 'errors']);
  const navigate = useNavigate();
  const d = declaration.common_data;
  const [finishing, setFinishing] = useState(false);
  const is250 = d.reporting_form_id === FORM.F250;
  const back = step === STEP.ASSETS && !is250 ? stepUrl(STEP.INCOME) : stepUrl(STEP.SAVED);

  const finish = async () => {
    setFinishing(true);
    try {
      const { data } = await laterCalls.finishEditing(d.id);
      navigate(data.status === 4 ? `/app/payment/additional?declaration_id=${d.id}` : stepUrl(STEP.PERSONAL));
    } catch (e) {
      // finish-editing belongs to another issue; its absence (404) reads as the catalogue's error.
      const message = e instanceof ApiError && e.status !== 404 ? e.message : t('errors:finishUnavailable');
      notifications.show({ color: 'red', message });
    } finally {
      setFinishing(false);
    }
  };

  const confirmFinish = () => {
    // a large declaration's answer lists no deals, only how many need information
    const needInfo =
      declaration.needs_info !== undefined
        ? declaration.needs_info > 0
        : Object.values(declaration.deals).some(
            (v) => Array.isArray(v) && v.some((deal) => deal.status === DEAL_STATUS_NEEDS_INFO),
          );
    if (!needInfo) return void finish();
    modals.openConfirmModal({
      title: t('attention'),
      centered: true,
      children: <Text>{t('errors:finishNeedsInfo')}</Text>,
      labels: { confirm: t('continue'), cancel: t('cancel') },
      onConfirm: () => void finish(),
    });
  };

  let next: { label: string; onClick: () => void; finish?: boolean };
  if (step === STEP.INCOME) next = { label: t('continue'), onClick: () => navigate(stepUrl(STEP.ASSETS)) };
  else if (!is250) next = { label: t('continue'), onClick: () => navigate(stepUrl(STEP.CALCULATION)) };
  else if (!isPaid(d.status)) next = { label: t('pay'), onClick: () => navigate('/app/payment') };
  else next = { label: t('finish'), onClick: confirmFinish, finish: true };

  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" onClick={() => navigate(back)}>
        {t('common:actions.back')}
      </Button>
      <Button onClick={next.onClick} loading={finishing} disabled={d.read_only && next.finish}>
        {next.label}
      </Button>
    </Group>
  );
}
