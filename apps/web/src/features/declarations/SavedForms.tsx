import { DECLARATIONS_PAGE_SIZE } from '@deklarant/contracts';
import { Alert, Button, Group, Pagination, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../../shared/api/me.ts';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { laterCalls, useDeclarationList, useDeleteDeclaration, useReference } from './api.ts';
import { DeclarationCard } from './DeclarationCard.tsx';
import { cardMenu, type MenuAction, STEP, stepUrl } from './rules.ts';

/** Step 2: saved forms, 15 per page, with the archived toggle and a Create button. */
export function SavedForms() {
  const { t } = useTranslation(['declarations', 'common', 'errors']);
  const [params, setParams] = useSearchParams();
  const archived = params.get('archived') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useDeclarationList(archived, page);
  const statuses = useReference('get-declaration-statuses');
  const types = useReference('get-declaration-types');
  const me = useMe();
  const remove = useDeleteDeclaration();
  const navigate = useNavigate();

  const statusNames = useMemo(() => new Map((statuses.data ?? []).map((s) => [s.id, s.name])), [statuses.data]);
  const typeNames = useMemo(() => new Map((types.data ?? []).map((t) => [t.id, t.type_name])), [types.data]);
  const ctx = { fullAccess: me.data?.full_access ?? false, halyk: session.isHalyk() };

  const setQuery = (next: { archived?: boolean; page?: number }) => {
    const p = new URLSearchParams(params);
    if (next.archived !== undefined) p.set('archived', next.archived ? '1' : '0');
    p.set('page', String(next.page ?? 1));
    setParams(p);
  };

  const confirmRemove = (id: number) =>
    modals.openConfirmModal({
      title: t('errors:deleteTitle'),
      centered: true,
      children: <Text>{t('errors:deleteText')}</Text>,
      labels: { confirm: t('common:actions.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => {
            if (session.currentDeclarationId() === String(id)) session.setCurrentDeclaration(null);
          },
          onError: (e) => notifications.show({ color: 'red', message: e.message }),
        }),
    });

  const onAction = async (id: number, a: MenuAction) => {
    if (a.kind === 'remove') return confirmRemove(id);
    session.setCurrentDeclaration(id);
    if (a.kind === 'link') return navigate(a.to);
    if (a.kind === 'additional-payment') {
      // The cost comes from the tariff module; without it the payment screen asks again.
      const cost = await laterCalls
        .additionalPaymentCost(id)
        .then((r) => r.cost)
        .catch(() => undefined);
      const q = new URLSearchParams({
        ...(cost !== undefined ? { cost: String(cost) } : {}),
        declaration_id: String(id),
      });
      navigate(`/app/payment/additional?${q}`);
    }
  };

  const total = list.data?.meta.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('saved.title')}
        </Title>
        <Button onClick={() => navigate(stepUrl(STEP.NEW))}>{t('create')}</Button>
      </Group>
      <Switch
        label={t('saved.archived')}
        checked={archived}
        onChange={(e) => setQuery({ archived: e.currentTarget.checked })}
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert color="red" title={t('saved.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="empty">
          {t('errors:emptyList')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.data.data.map((d) => (
            <DeclarationCard
              key={d.id}
              d={d}
              statusNames={statusNames}
              typeNames={typeNames}
              actions={cardMenu(d, ctx)}
              onAction={(a) => void onAction(d.id, a)}
            />
          ))}
        </SimpleGrid>
      )}
      {total > DECLARATIONS_PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / DECLARATIONS_PAGE_SIZE)}
          value={page}
          onChange={(p) => setQuery({ page: p })}
          aria-label={t('saved.pages')}
        />
      )}
    </Stack>
  );
}
