import { FORM, FORM_CODES, MSG, type ReportingFormId } from '@deklarant/contracts';
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
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client.ts';
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
  if (value === null || value === undefined) {
    return (
      <Text component="span" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        <span aria-hidden style={{ filter: 'blur(6px)', userSelect: 'none' }}>
          000&nbsp;000&nbsp;₸
        </span>
        <VisuallyHidden>скрыто до оплаты</VisuallyHidden>
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
  const q = useCalculation(id);
  if (q.isPending) return <Loading label="Выполняется расчет…" />;
  if (q.isError) {
    return (
      <Alert color="red" title="Не удалось выполнить расчет" data-testid="calculation-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{q.error.message}</Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => void q.refetch()}>
              Повторить
            </Button>
            <Button size="xs" variant="default" component={Link} to={stepPath(STEPS.ASSETS)}>
              К данным декларации
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return <CalculationScreen view={q.data} />;
}

function CalculationScreen({ view }: { view: CalculationView }) {
  const form = FORM_CODES[view.reporting_form_id as ReportingFormId];
  const lines = view.lines;
  const noDeals = lines.every((l) => l.deals_total === 0);
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Исчисление ИПН
        </Title>
        <Text c="dimmed">
          Форма {form} за {view.year} год
        </Text>
      </Stack>
      {view.hidden && (
        <Alert color="blue" title="Расчет готов" data-testid="calculation-hidden">
          Суммы налога станут видны после оплаты тарифа. Состав расчета и сделки, из которых он получен, видны уже
          сейчас.
        </Alert>
      )}
      {view.ignored_deals.length > 0 && <IgnoredDeals view={view} />}
      {view.reporting_form_id === FORM.F250 ? (
        <Alert color="gray">Форма 250.00 не содержит расчета налога: перейдите к завершению.</Alert>
      ) : (
        <>
          {noDeals && (
            <Alert color="gray" data-testid="calculation-empty">
              {MSG.emptyList} Сделок для расчета нет: все суммы равны нулю.
            </Alert>
          )}
          <Text size="sm" c="dimmed" data-testid="whole-tenge-note">
            Строки декларации показаны в целых тенге, как они попадут в форму; суммы сделок — с точностью до 4 знаков.
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
  return (
    <Alert color="yellow" title="Сделки не будут учтены" data-testid="ignored-deals">
      <Text size="sm" mb={4}>
        Для этих сделок требуется дополнительная информация. Они не входят в расчет, а после завершения редактирования
        изменить их будет нельзя:
      </Text>
      <List size="sm" spacing={2}>
        {view.ignored_deals.map((d) => (
          <List.Item key={String(d.id)}>
            {d.name || 'Без названия'}
            {d.transaction_date ? `, ${d.transaction_date}` : ''} — {d.section_title}
            {d.comment ? ` (${d.comment})` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function LineItem({ line }: { line: CalculationLine }) {
  const final = line.field === FINAL;
  return (
    <Accordion.Item value={line.field} data-testid={`line-${line.field}`}>
      <Accordion.Control>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={final ? 700 : 500} size="sm">
              {line.label}
            </Text>
            {line.code && (
              <Text size="xs" c="dimmed">
                строка {line.code}
              </Text>
            )}
          </Stack>
          <Amount value={line.amount} strong={final} whole={line.code !== null || TAX_LINES.has(line.field)} />
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
                норма требует уточнения
              </Text>
            )}
          </Group>
          {line.deals_total === 0 ? (
            <Text size="sm" c="dimmed">
              Сделок, влияющих на эту строку, нет.
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
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table fz="sm" verticalSpacing={4} striped withTableBorder data-testid="line-deals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Сделка</Table.Th>
            <Table.Th>Раздел</Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th ta="right">Результат</Table.Th>
            <Table.Th ta="right">В расчете</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {line.deals.map((d) => (
            <Table.Tr key={String(d.id)}>
              <Table.Td>
                {d.name || 'Без названия'}
                {d.benefit && (
                  <Text size="xs" c="teal.8">
                    Льгота: {d.benefit}
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
          и еще {line.deals_total - line.deals.length} сделок
        </Text>
      )}
    </Box>
  );
}

function StepButtons({ view }: { view: CalculationView }) {
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
          title: 'Не удалось завершить редактирование',
          message: e instanceof ApiError ? e.message : MSG.finishUnavailable,
        });
      },
    });

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Завершить редактирование?',
      centered: true,
      children: (
        <Stack gap="xs">
          {view.ignored_deals.length > 0 ? (
            <>
              <Text size="sm">{MSG.finishNeedsInfo}</Text>
              <Text size="sm" c="dimmed">
                Не будут учтены: {view.ignored_deals.map((d) => d.name || 'Без названия').join(', ')}.
              </Text>
            </>
          ) : (
            <Text size="sm">
              Расчет будет сохранен, после чего вы перейдете к заполнению персональных данных. Продолжить?
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: 'Завершить', cancel: 'Отмена' },
      onConfirm: run,
    });

  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" onClick={() => navigate(back)}>
        Назад
      </Button>
      {action === 'pay' && (
        <Button component={Link} to="/app/payment">
          Оплатить
        </Button>
      )}
      {action === 'finish' && (
        <Button onClick={confirm} loading={finish.isPending}>
          Продолжить
        </Button>
      )}
      {action === 'continue' && (
        <Button onClick={() => navigate(afterFinish(view.status, { id: view.declaration_id, halyk }))}>
          Продолжить
        </Button>
      )}
    </Group>
  );
}
