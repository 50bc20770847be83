import { type CommonData, FORM_CODES, type ReportingFormId } from '@deklarant/contracts';
import { ActionIcon, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubmissionNote, submissionBadge } from '../signing/index.ts';
import { type MenuAction, statusLabel } from './rules.ts';

interface Props {
  d: CommonData;
  statusNames: Map<number, string>;
  typeNames: Map<number, string>;
  actions: MenuAction[];
  onAction: (a: MenuAction) => void;
}

const STATUS_COLORS: Record<number, string> = {
  1: 'gray',
  2: 'yellow',
  3: 'green',
  4: 'orange',
  5: 'blue',
  6: 'violet',
  9: 'teal',
};

/** One saved form: form, year, type, status (the tax office's answer once sent), dates, and its per-status menu. */
export function DeclarationCard({ d, statusNames, typeNames, actions, onAction }: Props) {
  const { t } = useTranslation(['declarations', 'fields', 'common', 'errors']);
  const form = FORM_CODES[d.reporting_form_id as ReportingFormId] ?? String(d.reporting_form_id);
  // once sent, the status is the tax office's answer: 'Отправлено', 'Принято', 'Отклонено' (fields:status.*)
  const sent = submissionBadge(d.submission);
  const label = sent?.label ?? statusLabel(d, statusNames);
  const color = sent?.color ?? STATUS_COLORS[d.status] ?? 'gray';
  return (
    <Card withBorder padding="md" data-testid="declaration-card" data-id={d.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {t('formYear', { form, year: d.year })}
          </Text>
          <Text size="sm">{typeNames.get(d.type) ?? ''}</Text>
          <Badge color={color} variant="light" w="fit-content" data-testid="status">
            {label}
          </Badge>
          <SubmissionNote d={d} />
        </Stack>
        {actions.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size="lg" aria-label={t('card.actions', { form, year: d.year })}>
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                  <circle cx="12" cy="5" r="2" fill="currentColor" />
                  <circle cx="12" cy="12" r="2" fill="currentColor" />
                  <circle cx="12" cy="19" r="2" fill="currentColor" />
                </svg>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actions.map((a) =>
                a.kind === 'notice' ? (
                  <Menu.Label key={a.key}>{a.label}</Menu.Label>
                ) : (
                  <Menu.Item key={a.key} color={a.kind === 'remove' ? 'red' : undefined} onClick={() => onAction(a)}>
                    {a.label}
                  </Menu.Item>
                ),
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group gap="lg" mt="sm">
        <Text size="sm" c="dimmed">
          {t('card.created', { date: d.created_at })}
        </Text>
        {d.declaration_expired_date && (
          <Text size="sm" c="dimmed">
            {t('card.expires', { date: d.declaration_expired_date })}
          </Text>
        )}
      </Group>
    </Card>
  );
}
