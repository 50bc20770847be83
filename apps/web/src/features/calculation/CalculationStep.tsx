import { FORM, FORM_CODES, type ReportingFormId } from '@deklarant/contracts';
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
import { tOr } from '../../shared/i18n/index.ts';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import {
  additionalPaymentCost,
  type CalculationLine,
  type CalculationView,
  useCalculation,
  useFinishEditing,
} from './api.ts';
import { afterFinish, calculationAction, formatAmount, formatFormAmount, STEPS, stepPath } from './flow.ts';

/** A line by its field in the active language; a figure the catalogue does not name keeps the server's label. */
const lineLabel = (line: { field: string; label: string }) => tOr(`calculation:lines.${line.field}`, line.label);

/** The declaration the wizard works on (currentDeclarationId), or null. */
export function currentDeclarationId(): number | null {
  const raw = session.currentDeclarationId();
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

const FINAL = 'amount_of_IPN_final';
/** The tax lines (ИПН, the foreign tax and its credit, payable): always whole tenge, as on the form. */
const TAX_LINES = new Set([
  'calculated_amount_of_income_tax',
  'amount_of_personal_income_tax_from_outside_rk',
  'foreign_tax_credit',
  FINAL,
]);

/**
 * An amount, or a blurred stand-in while the declaration is unpaid (the server withholds the figure).
 * `whole`: a figure of the form, in whole tenge as the declaration prints it; deals keep up to 4 decimals.
 */
export function Amount({
  value,
  strong,
  whole,
}: {
  value: string | null | undefined;
  strong?: boolean;
  whole?: boolean;
}) {
  const { t } = useTranslation(['calculation', 'common', 'errors']);
  if (value === null || value === undefined) {
    return (
      <Text component="span" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        <span aria-hidden style={{ filter: 'blur(6px)', userSelect: 'none' }}>
          {'000\u00a0000\u00a0₸'}
        </span>
        <VisuallyHidden>{t('hidden')}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Text component="span" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }} data-testid="amount">
      {whole ? formatFormAmount(value) : formatAmount(value)}
    </Text>
  );
}

/** Step 6 'Исчисление ИПН': every figure, and under each the rule, its article and the deals. */
export function CalculationStep() {
  const id = currentDeclarationId();
  if (id === null) return <Navigate to={stepPath(2)} replace />;
  return <CalculationFor id={id} />;
}

function CalculationFor({ id }: { id: number }) {
  const { t } = useTranslation(['calculation', 'common', 'errors']);
  const q = useCalculation(id);
  if (q.isPending) return <Loading label={t('loading')} />;
  if (q.isError) {
    return (
      <Alert color="red" title={t('failed')} data-testid="calculation-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{q.error.message}</Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => void q.refetch()}>
              {t('common:actions.retry')}
            </Button>
            <Button size="xs" variant="default" component={Link} to={stepPath(STEPS.ASSETS)}>
              {t('toData')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return <CalculationScreen view={q.data} />;
}

function CalculationScreen({ view }: { view: CalculationView }) {
  const { t } = useTranslation(['calculation', 'declarations', 'common', 'errors']);
  const form = FORM_CODES[view.reporting_form_id as ReportingFormId];
  const lines = view.lines;
  const noDeals = lines.every((l) => l.deals_total === 0);
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('declarations:formYear', { form, year: view.year })}</Text>
      </Stack>
      {view.hidden && (
        <Alert color="blue" title={t('hiddenTitle')} data-testid="calculation-hidden">
          {t('hiddenText')}
        </Alert>
      )}
      {view.ignored_deals.length > 0 && <IgnoredDeals view={view} />}
      {view.reporting_form_id === FORM.F250 ? (
        <Alert color="gray">{t('form250')}</Alert>
      ) : (
        <>
          {noDeals && (
            <Alert color="gray" data-testid="calculation-empty">
              {t('errors:emptyList')} {t('noDeals')}
            </Alert>
          )}
          <Text size="sm" c="dimmed" data-testid="whole-tenge-note">
            {t('wholeNote')}
          </Text>
          <Paper withBorder radius="md">
            <Accordion multiple chevronPosition="left" variant="default" data-testid="calculation-lines">
              {lines.map((l) => (
                <LineItem key={l.field} line={l} />
              ))}
            </Accordion>
          </Paper>
        </>
      )}
      <StepButtons view={view} />
    </Stack>
  );
}

function IgnoredDeals({ view }: { view: CalculationView }) {
  const { t } = useTranslation(['calculation', 'common', 'errors']);
  return (
    <Alert color="yellow" title={t('ignoredTitle')} data-testid="ignored-deals">
      <Text size="sm" mb={4}>
        {t('ignoredText')}
      </Text>
      <List size="sm" spacing={2}>
        {view.ignored_deals.map((d) => (
          <List.Item key={String(d.id)}>
            {d.name || t('untitled')}
            {d.transaction_date ? `, ${d.transaction_date}` : ''} — {d.section_title}
            {d.comment ? ` (${d.comment})` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function LineItem({ line }: { line: CalculationLine }) {
  const { t } = useTranslation(['calculation', 'common', 'errors']);
  const final = line.field === FINAL;
  return (
    <Accordion.Item value={line.field} data-testid={`line-${line.field}`}>
      <Accordion.Control>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={final ? 700 : 500} size="sm">
              {lineLabel(line)}
            </Text>
            {line.code && (
              <Text size="xs" c="dimmed">
                {t('line', { code: line.code })}
              </Text>
            )}
          </Stack>
          <Amount
            value={line.form_amount ?? line.amount}
            strong={final}
            whole={line.code !== null || TAX_LINES.has(line.field)}
          />
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          <Text size="sm">{line.rule}</Text>
          <Group gap="xs">
            <Badge variant="light" color="gray" radius="sm" style={{ textTransform: 'none' }}>
              {line.article}
            </Badge>
            {line.uncertain && (
              <Text size="xs" c="orange.8">
                {t('uncertain')}
              </Text>
            )}
          </Group>
          {line.deals_total === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noLineDeals')}
            </Text>
          ) : (
            <DealsTable line={line} />
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function DealsTable({ line }: { line: CalculationLine }) {
  const { t } = useTranslation(['calculation', 'common', 'errors']);
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table fz="sm" verticalSpacing={4} striped withTableBorder data-testid="line-deals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.deal')}</Table.Th>
            <Table.Th>{t('table.section')}</Table.Th>
            <Table.Th>{t('table.date')}</Table.Th>
            <Table.Th ta="right">{t('table.result')}</Table.Th>
            <Table.Th ta="right">{t('table.counted')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {line.deals.map((d) => (
            <Table.Tr key={String(d.id)}>
              <Table.Td>
                {d.name || t('untitled')}
                {d.benefit && (
                  <Text size="xs" c="teal.8">
                    {t('benefit', { benefit: d.benefit })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{d.section_title}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.transaction_date ?? '—'}</Table.Td>
              <Table.Td ta="right">
                <Amount value={d.income} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={d.counted} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {line.deals_total > line.deals.length && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('more', { count: line.deals_total - line.deals.length })}
        </Text>
      )}
    </Box>
  );
}

function StepButtons({ view }: { view: CalculationView }) {
  const { t } = useTranslation(['calculation', 'declarations', 'common', 'errors']);
  const navigate = useNavigate();
  const finish = useFinishEditing(view.declaration_id);
  const action = calculationAction(view.status);
  const halyk = session.isHalyk();
  const back = stepPath(STEPS.ASSETS);

  const run = () =>
    finish.mutate(undefined, {
      onSuccess: async ({ status }) => {
        const cost = status === 4 ? await additionalPaymentCost(view.declaration_id) : null;
        navigate(afterFinish(status, { id: view.declaration_id, halyk, cost }));
      },
      onError: (e) => {
        notifications.show({
          color: 'red',
          title: t('finishFailed'),
          message: e instanceof ApiError ? e.message : t('errors:finishUnavailable'),
        });
      },
    });

  const confirm = () =>
    modals.openConfirmModal({
      title: t('confirmTitle'),
      centered: true,
      children: (
        <Stack gap="xs">
          {view.ignored_deals.length > 0 ? (
            <>
              <Text size="sm">{t('errors:finishNeedsInfo')}</Text>
              <Text size="sm" c="dimmed">
                {t('notCounted', { names: view.ignored_deals.map((d) => d.name || t('untitled')).join(', ') })}
              </Text>
            </>
          ) : (
            <Text size="sm">{t('confirmText')}</Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('declarations:finish'), cancel: t('declarations:cancel') },
      onConfirm: run,
    });

  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" onClick={() => navigate(back)}>
        {t('common:actions.back')}
      </Button>
      {action === 'pay' && (
        <Button component={Link} to="/app/payment">
          {t('declarations:pay')}
        </Button>
      )}
      {action === 'finish' && (
        <Button onClick={confirm} loading={finish.isPending}>
          {t('declarations:continue')}
        </Button>
      )}
      {action === 'continue' && (
        <Button onClick={() => navigate(afterFinish(view.status, { id: view.declaration_id, halyk }))}>
          {t('declarations:continue')}
        </Button>
      )}
    </Group>
  );
}
