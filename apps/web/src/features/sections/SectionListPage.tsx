import { FORM, type SectionDef, sectionByKey, sectionByRoute } from '@deklarant/contracts';
import { Alert, Button, Card, Group, Pagination, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Loading } from '../../shared/ui/Loading.tsx';
import { useDeclaration } from '../declarations/index.ts';
import { type DealRow, useDeclarationId, useDeleteDeal, useSectionList } from './api.ts';
import { WarningsList } from './DealCalculation.tsx';
import { DealCard } from './DealCard.tsx';
import { PurchaseHistory } from './PurchaseHistory.tsx';
import { sectionPaths, stepOf } from './paths.ts';
import { SectionTotals } from './SectionTotals.tsx';
import { sectionAbout, sectionTile, sectionTitle } from './texts.ts';
import { usePrefix } from './usePrefix.ts';

/** /app/{section}/show ('О регистре') and /app/purchase-transactions-currency/{dealId}/show ('История сделок'). */
export default function SectionListPage({ route }: { route: string }) {
  const section = sectionByRoute(route);
  const declarationId = useDeclarationId();
  const { t } = useTranslation(['sections', 'fields', 'errors', 'common']);
  if (!section) return null;
  if (declarationId === null) return <Alert color="yellow">{t('errors:noDeclarationChosen')}</Alert>;
  return <SectionList section={section} declarationId={declarationId} />;
}

function SectionList({ section, declarationId }: { section: SectionDef; declarationId: number }) {
  const navigate = useNavigate();
  const prefix = usePrefix();
  const params = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation(['sections', 'fields', 'errors', 'common']);
  const [previous, setPrevious] = useState(false);
  const [page, setPage] = useState(1);
  const decl = useDeclaration(declarationId);
  const saleId = section.code === 'history' ? Number(params.dealId) : null;
  const list = useSectionList(declarationId, section.slug, previous, saleId, page);
  const remove = useDeleteDeal(declarationId, section.slug);
  const saleSection = sectionByKey(search.get('section') ?? '');
  const paths = sectionPaths(section, prefix, saleId, saleSection?.key);
  const form = decl.data?.common_data.reporting_form_id;

  // docs/sections.md: purchase transactions exist on form 270.00 only; elsewhere the screen goes back.
  useEffect(() => {
    if (section.code === 'purchase' && form !== undefined && form !== FORM.F270) navigate(-1);
  }, [section.code, form, navigate]);

  // after a deletion the last page may be gone: show the new last one
  const lastPageNow = list.data?.meta.last_page;
  useEffect(() => {
    if (lastPageNow !== undefined && page > lastPageNow) setPage(lastPageNow);
  }, [page, lastPageNow]);

  if (list.isError) return <Alert color="red">{list.error.message}</Alert>;
  if (decl.isError) return <Alert color="red">{decl.error.message}</Alert>;
  if (!list.data || !decl.data) return <Loading />;

  const readOnly = decl.data.common_data.read_only;
  const deals = list.data.data;
  const { total, last_page: lastPage } = list.data.meta;
  const atLimit = section.rowLimit !== undefined && total >= section.rowLimit;
  // a large section comes a page at a time (issue 15)
  const pager =
    lastPage > 1 ? (
      <Pagination
        total={lastPage}
        value={Math.min(page, lastPage)}
        onChange={setPage}
        disabled={list.isFetching}
        aria-label={t('sections:list.pages')}
        data-testid="deal-pages"
      />
    ) : null;
  const back =
    section.code === 'history' && saleSection && saleId
      ? sectionPaths(saleSection, prefix).edit(saleId)
      : `${prefix}/declaration?step=${stepOf(section)}`;

  const confirmDelete = (deal: DealRow) =>
    modals.openConfirmModal({
      title: t('errors:deleteTitle'),
      centered: true,
      children: <Text>{t('errors:deleteText')}</Text>,
      labels: { confirm: t('common:actions.delete'), cancel: t('errors:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(deal.id, {
          onError: (e) =>
            notifications.show({ color: 'red', title: t('sections:list.notDeleted'), message: e.message }),
        }),
    });

  return (
    <Stack gap="md" component="section" aria-labelledby="section-title">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Button component={Link} to={back} variant="subtle" w="fit-content" px={0}>
            ← {t('common:actions.back')}
          </Button>
          <Title order={1} size="h2" id="section-title">
            {saleId === null ? t('errors:sectionAbout') : t('errors:dealHistory')}
          </Title>
          <Text fw={600}>
            {saleId !== null
              ? saleSection
                ? t('sections:list.salePurchasesOf', { title: sectionTitle(saleSection) })
                : t('sections:list.salePurchases')
              : `${sectionTile(section)}. ${sectionTitle(section)}`}
          </Text>
          <Text c="gray.7" size="sm">
            {sectionAbout(section)}
          </Text>
        </Stack>
        {!readOnly && !atLimit && (
          <Button component={Link} to={paths.create} data-testid="add-deal">
            {section.code === '5-2' ? t('errors:accountAdd') : t('errors:dealAdd')}
          </Button>
        )}
      </Group>

      {section.code === '5-2' && <Alert color="blue">{t('errors:foreignBalancesHint')}</Alert>}
      <WarningsList warnings={list.data.section_warnings} />
      <SectionTotals
        section={section}
        totals={list.data.totals}
        count={total + deals.filter((d) => d.previous_period).length}
      />
      {section.code === 'purchase' && (
        <Switch
          checked={previous}
          onChange={(e) => {
            setPrevious(e.currentTarget.checked);
            setPage(1);
          }}
          label={previous ? t('errors:hidePreviousPeriods') : t('errors:showPreviousPeriods')}
        />
      )}
      {saleId !== null && <PurchaseHistory declarationId={declarationId} saleId={saleId} />}

      {pager}
      {deals.length === 0 ? (
        <Card withBorder padding="xl" data-testid="empty-state">
          <Text ta="center" c="gray.7">
            {saleId === null ? t('errors:emptyList') : t('errors:emptyHistory')}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="deal-list">
          {deals.map((d) => (
            <DealCard
              key={`${d.previous_period ? 'p' : 'c'}${d.id}`}
              section={section}
              deal={d}
              editLabel={saleId === null ? t('sections:card.edit') : t('errors:dealOpen')}
              editTo={d.previous_period ? null : paths.edit(d.id)}
              onDelete={readOnly || d.previous_period ? null : () => confirmDelete(d)}
            />
          ))}
        </SimpleGrid>
      )}
      {pager}
    </Stack>
  );
}
