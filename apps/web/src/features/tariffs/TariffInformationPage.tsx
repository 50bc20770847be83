import { TARIFF } from '@deklarant/contracts';
import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../shared/ui/Loading.tsx';
import { formatKzt, useTariffCatalog } from '../payment/index.ts';

/** /app/tariffInformation: the tariffs with their prices, options and tiers (data from the server). */
export default function TariffInformationPage() {
  const { t } = useTranslation(['payment', 'common', 'tariffs']);
  const q = useTariffCatalog();
  if (q.isPending) return <Loading />;
  if (q.isError) return <Alert color="red">{q.error.message}</Alert>;
  const { tariffs, options } = q.data;
  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="tariff-information">
      <Title order={2}>{t('common:nav.tariffs')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {tariffs.map((tariff) => (
          <Card key={tariff.id} withBorder padding="lg" radius="md">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={3}>{tariff.name}</Title>
                <Badge size="lg" variant="light" tt="none">
                  {tariff.tariff_type === TARIFF.CONSULTANT
                    ? t('from', { price: formatKzt(tariff.price) })
                    : formatKzt(tariff.price)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {tariff.description}
              </Text>
              <List size="sm">
                {tariff.features.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
              {tariff.tariff_type === TARIFF.OPTIMAL && options.length > 0 && (
                <Table withRowBorders={false} verticalSpacing={4}>
                  <Table.Tbody>
                    {options.map((o) => (
                      <Table.Tr key={o.code}>
                        <Table.Td>{o.name}</Table.Td>
                        <Table.Td ta="right">+{formatKzt(o.price)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {tariff.tiers.length > 0 && (
                <Table withRowBorders={false} verticalSpacing={4}>
                  <Table.Tbody>
                    {tariff.tiers.map((x) => (
                      <Table.Tr key={x.id}>
                        <Table.Td>{x.title}</Table.Td>
                        <Table.Td ta="right">{t('from', { price: formatKzt(x.price) })}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('tariffs:serviceTerms')}
      </Text>
      <Group>
        <Button component={Link} to="/app/tariff">
          {t('chooseTariff')}
        </Button>
        <Button variant="default" component={Link} to="/app/declaration?step=2">
          {t('back')}
        </Button>
      </Group>
    </Stack>
  );
}
