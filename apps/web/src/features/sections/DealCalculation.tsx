import type { SectionCode } from '@deklarant/contracts';
import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../shared/i18n/index.ts';
import type { Calculation, RateUsed, Warning } from './api.ts';
import { formatAmount, formatKzt } from './format.ts';

const RULES = new Set(['previous_working_day', 'annual_average', 'year_end', 'on_date']);

function RateLine({ rate, label }: { rate: RateUsed; label: string }) {
  const { t } = useTranslation(['sections', 'errors']);
  const values = {
    label,
    currency: rate.currency_code,
    rate: formatAmount(rate.rate, 6),
    date: rate.rate_date,
    rule: RULES.has(rate.rule) ? tKey(`sections:rate.rule.${rate.rule}`) : rate.rule,
  };
  return (
    <Group gap="xs" wrap="wrap" data-testid="rate-line">
      <Text size="sm">{rate.rate_date ? t('sections:rate.lineOnDate', values) : t('sections:rate.line', values)}</Text>
      {rate.demo && (
        <Badge color="orange" variant="light" data-testid="demo-rate">
          {t('errors:demoRate')}
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
  /** the section's words in the active language: dividends name the income, not the sale */
  words?: { mainKzt?: string; income?: string };
}) {
  const { t } = useTranslation('sections');
  if (!calc) return null;
  const rows: [string, string | null][] = [];
  if (calc.sales_cost_in_tenge_currency !== null)
    rows.push([words.mainKzt ?? t('kzt.sale'), calc.sales_cost_in_tenge_currency]);
  if (calc.cost_in_tenge_currency !== null) rows.push([t('kzt.cost'), calc.cost_in_tenge_currency]);
  if (calc.amount_in_tenge_currency !== null) rows.push([t('kzt.amount'), calc.amount_in_tenge_currency]);
  if (calc.foreign_tax_in_tenge) rows.push([t('kzt.foreignTax'), calc.foreign_tax_in_tenge]);
  const hasIncome = !['purchase', 'history', '5-1', '5-2', '7'].includes(code) && !code.startsWith('250');
  if (!calc.exchange_rate && rows.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="kzt-panel">
      <Stack gap={6}>
        <Text fw={600}>{t('kzt.title')}</Text>
        {calc.exchange_rate && <RateLine rate={calc.exchange_rate} label={t('kzt.nbkRate')} />}
        {calc.purchase_exchange_rate && <RateLine rate={calc.purchase_exchange_rate} label={t('kzt.purchaseRate')} />}
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
            <Text size="sm">{words.income ?? t('kzt.income')}</Text>
            <Text size="sm" fw={700} data-testid="income-value">
              {formatKzt(calc.value_added_income)}
            </Text>
          </Group>
        )}
        {calc.tax_benefit && (
          <Text size="sm" c="teal.8" data-testid="tax-benefit">
            {t('kzt.benefit', { name: calc.tax_benefit.name, article: calc.tax_benefit.article })}
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
