import type { SectionDef } from '@deklarant/contracts';
import { ActionIcon, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizeMessage } from '../../shared/i18n/index.ts';
import type { DealRow } from './api.ts';
import { dealTitle } from './fields.ts';
import { formatAmount, formatKzt } from './format.ts';
import { sectionTitle } from './texts.ts';

type Fact = [string, string];

/** Quantities keep their 5 decimals (docs/sections.md), amounts show up to 4, trailing zeros dropped. */
const formatQuantity = (v: unknown) => formatAmount(v, 5);
const given = (v: unknown) => v !== null && v !== undefined && v !== '';
const currencyOf = (d: DealRow) => String(d.currency_code ?? '');

/** The few figures a card shows, per kind of section. */
function factsOf(section: SectionDef, d: DealRow, t: TFunction<['sections', 'fields', 'errors', 'common']>): Fact[] {
  const out: Fact[] = [];
  const add = (label: string, value: unknown, fmt: (v: unknown) => string = String) => {
    if (given(value)) out.push([label, fmt(value)]);
  };
  const inCurrency = (v: unknown) => `${formatAmount(v)} ${currencyOf(d)}`.trim();
  switch (section.code) {
    case '7':
    case '250-9':
      add(
        t('card.kind'),
        // i18n-ignore: the stored debt type letters of the official form
        d.debt_type === 'Д' ? t('card.receivable') : d.debt_type === 'К' ? t('card.payable') : d.debt_type,
      );
      add(t('card.amount'), d.amount_owed, inCurrency);
      add(t('card.returnPeriod'), d.return_period);
      break;
    case '5-1':
      add('ISIN', d.isin_security);
      add(t('card.quantity'), d.quantity, formatQuantity);
      break;
    case '5-2':
      add(t('card.balance'), d.amount_in_currency, inCurrency);
      break;
    case 'purchase':
    case 'history':
      add(t('card.date'), d.transaction_date);
      add(t('card.quantity'), d.quantity, formatQuantity);
      add(t('card.cost'), d.purchase_opening_cost, inCurrency);
      add(t('card.inTenge'), d.cost_in_tenge_currency, formatKzt);
      break;
    default:
      if (section.code.startsWith('250')) {
        for (const k of ['amount', 'purchase_price', 'nominal_value', 'property_value'])
          add(t('card.amount'), d[k], inCurrency);
        add(t('card.share'), d.shareholding_size, formatAmount);
        add(t('card.location'), d.location);
        add('VIN', d.vin_number);
        break;
      }
      add(t('card.date'), d.transaction_date);
      add(t('card.quantity'), d.quantity, formatQuantity);
      add(section.code === 'rental' ? t('card.rent') : t('card.amount'), d.sale_closing_cost, inCurrency);
      add(t('card.income'), d.value_added_income, formatKzt);
  }
  if (section.code !== 'purchase' && section.code !== 'history')
    add(t('card.inTenge'), d.amount_in_tenge_currency, formatKzt);
  return out;
}

// i18n-ignore: CSS colour variables, not text
const BORDER = { error: 'var(--mantine-color-red-5)', warning: 'var(--mantine-color-yellow-5)', default: undefined };

/** One deal: title, figures, its level colour; status 1 in warning colour with its note (docs/statuses.md). */
export function DealCard({
  section,
  deal,
  editLabel,
  editTo,
  onDelete,
}: {
  section: SectionDef;
  deal: DealRow;
  editLabel: string;
  editTo: string | null;
  onDelete: (() => void) | null;
}) {
  const { t } = useTranslation(['sections', 'fields', 'errors', 'common']);
  const needsInfo = deal.status === 1;
  const level = needsInfo ? 'warning' : deal.level;
  const title = dealTitle(deal, sectionTitle(section));
  return (
    <Card
      withBorder
      padding="md"
      data-testid="deal-card"
      data-level={level}
      style={{ borderColor: BORDER[level], borderWidth: level === 'default' ? undefined : 2 }}
      bg={needsInfo ? 'yellow.0' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {title}
          </Text>
          {deal.previous_period && (
            <Badge variant="light" color="gray" w="fit-content">
              {t('card.previousPeriod')}
            </Badge>
          )}
        </Stack>
        {(editTo || onDelete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t('card.actions', { title })}>
                ⋮
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {editTo && (
                <Menu.Item component={Link} to={editTo}>
                  {editLabel}
                </Menu.Item>
              )}
              {onDelete && (
                <Menu.Item color="red" onClick={onDelete}>
                  {t('common:actions.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Stack gap={2} mt="xs">
        {factsOf(section, deal, t).map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="gray.7">
              {label}
            </Text>
            <Text size="sm" ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {needsInfo && (
        <Text size="sm" c="yellow.9" mt="xs" data-testid="needs-info">
          {deal.comment ? localizeMessage(deal.comment) : t('errors:dealNeedsInfo')}
        </Text>
      )}
      {!needsInfo && deal.warnings.length > 0 && (
        <Text size="xs" c={level === 'error' ? 'red.7' : 'yellow.9'} mt="xs" lineClamp={2}>
          {deal.warnings[0]?.title ?? deal.warnings[0]?.text}
        </Text>
      )}
    </Card>
  );
}
