import { Card, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The offer's numbered sections: title and text of each in the auth catalogue (offer.s1 … offer.s7). */
const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7'] as const;

const CONSULTANT_TIERS = [
  ['offer.appendix.tier1', 'offer.appendix.tier1Price'],
  ['offer.appendix.tier2', 'offer.appendix.tier2Price'],
  ['offer.appendix.tier3', 'offer.appendix.tier3Price'],
] as const;

const OPTIONS = ['offer.appendix.option1', 'offer.appendix.option2', 'offer.appendix.option3'] as const;

/** The public offer with its tariff appendix (docs/tariffs.md); header 'Согласие'. */
export function OfferText() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="lg" data-testid="public-offer">
      <Text>{t('offer.intro')}</Text>
      {SECTIONS.map((s, i) => (
        <Stack key={s} gap={6} component="section">
          <Title order={3} fz="lg">
            {i + 1}. {t(`offer.${s}.title`)}
          </Title>
          <Text>{t(`offer.${s}.text`)}</Text>
        </Stack>
      ))}
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tariffs-title">
        <Stack gap="sm">
          <Title order={3} fz="lg" id="tariffs-title">
            {t('offer.appendix.title')}
          </Title>
          <Text fw={600}>{t('offer.appendix.optimal')}</Text>
          <Text size="sm" c="dimmed">
            {t('offer.appendix.halyk')}
          </Text>
          <Text>{t('offer.appendix.optionsLead')}</Text>
          <List spacing={4}>
            {OPTIONS.map((k) => (
              <List.Item key={k}>{t(k)}</List.Item>
            ))}
          </List>
          <Text fw={600} mt="sm">
            {t('offer.appendix.consultant')}
          </Text>
          <Table withTableBorder withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('offer.appendix.scope')}</Table.Th>
                <Table.Th>{t('offer.appendix.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CONSULTANT_TIERS.map(([scope, price]) => (
                <Table.Tr key={scope}>
                  <Table.Td>{t(scope)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">{t('offer.appendix.hours')}</Text>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /public-offer: the embedded offer document with the header 'Согласие'. */
export default function PublicOfferPage() {
  const { t } = useTranslation('auth');
  return (
    <Card withBorder radius="lg" padding="xl" maw={860} mx="auto">
      <Stack gap="md">
        <Title order={1}>{t('offer.title')}</Title>
        <Text c="dimmed">{t('offer.subtitle')}</Text>
        <OfferText />
      </Stack>
    </Card>
  );
}
