import { MSG, type SectionCode, type SectionWords } from '@deklarant/contracts';
import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Calculation, RateUsed, Warning } from './api.ts';
import { formatAmount, formatKzt } from './format.ts';

const RULE_LABEL: Record<string, string> = {
  previous_working_day: 'курс последнего рабочего дня перед датой получения дохода',
  annual_average: 'среднегодовой курс',
  year_end: 'курс на 31 декабря отчетного года',
  on_date: 'курс на дату',
};

function RateLine({ rate, label }: { rate: RateUsed; label: string }) {
  return (
    <Group gap="xs" wrap="wrap" data-testid="rate-line">
      <Text size="sm">
        {label}: 1 {rate.currency_code} = {formatAmount(rate.rate, 6)} ₸{rate.rate_date ? ` на ${rate.rate_date}` : ''}{' '}
        ({RULE_LABEL[rate.rule] ?? rate.rule})
      </Text>
      {rate.demo && (
        <Badge color="orange" variant="light" data-testid="demo-rate">
          {MSG.demoRate}
        </Badge>
      )}
    </Group>
  );
}

/** The KZT equivalent of the form as typed: the National Bank rate used (and its date), amounts, income. */
export function KztPanel({
  code,
  calc,
  words = {},
}: {
  code: SectionCode;
  calc: Calculation | undefined;
  /** the section's words: dividends name the income, not the sale */
  words?: Partial<SectionWords>;
}) {
  if (!calc) return null;
  const rows: [string, string | null][] = [];
  if (calc.sales_cost_in_tenge_currency !== null)
    rows.push([words.mainKzt ?? 'Сумма реализации в тенге', calc.sales_cost_in_tenge_currency]);
  if (calc.cost_in_tenge_currency !== null) rows.push(['Стоимость приобретения в тенге', calc.cost_in_tenge_currency]);
  if (calc.amount_in_tenge_currency !== null) rows.push(['Сумма в тенге', calc.amount_in_tenge_currency]);
  if (calc.foreign_tax_in_tenge) rows.push(['Налог, уплаченный за рубежом, в тенге', calc.foreign_tax_in_tenge]);
  const hasIncome = !['purchase', 'history', '5-1', '5-2', '7'].includes(code) && !code.startsWith('250');
  if (!calc.exchange_rate && rows.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="kzt-panel">
      <Stack gap={6}>
        <Text fw={600}>Эквивалент в тенге</Text>
        {calc.exchange_rate && <RateLine rate={calc.exchange_rate} label="Курс НБ РК" />}
        {calc.purchase_exchange_rate && (
          <RateLine rate={calc.purchase_exchange_rate} label="Курс на дату приобретения" />
        )}
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap">
            <Text size="sm">{label}</Text>
            <Text size="sm" fw={600} data-testid="kzt-value">
              {formatKzt(value)}
            </Text>
          </Group>
        ))}
        {hasIncome && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{words.income ?? 'Доход (прирост стоимости)'}</Text>
            <Text size="sm" fw={700} data-testid="income-value">
              {formatKzt(calc.value_added_income)}
            </Text>
          </Group>
        )}
        {calc.tax_benefit && (
          <Text size="sm" c="teal.8" data-testid="tax-benefit">
            Льгота: {calc.tax_benefit.name} ({calc.tax_benefit.article})
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Engine notes that explain a rule rather than point at a mistake: shown as notes (blue), never in the
 * error or warning colour (issue 18).
 */
export const NOTE_CODES = new Set([
  'repayment',
  'loss_netted',
  'loss_not_counted',
  'offshore',
  'foreign_tax_credit',
  'foreign_balances_total',
]);

const colorOf = (w: Warning) => (NOTE_CODES.has(w.code) ? 'blue' : w.level === 'error' ? 'red' : 'yellow');

/** Every warning of the engine with its text and colour (error red, warning yellow, note blue). */
export function WarningsList({ warnings }: { warnings: readonly Warning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="deal-warnings">
      {warnings.map((w) => (
        <Alert
          key={w.code}
          color={colorOf(w)}
          title={w.title}
          variant="light"
          data-level={w.level}
          data-code={w.code}
          role={w.level === 'error' && !NOTE_CODES.has(w.code) ? 'alert' : 'status'}
        >
          {w.text}
        </Alert>
      ))}
    </Stack>
  );
}
