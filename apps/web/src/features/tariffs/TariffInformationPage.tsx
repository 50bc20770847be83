import { PAY_TEXT, TARIFF } from '@deklarant/contracts';
import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Loading } from '../../shared/ui/Loading.tsx';
import { formatKzt, useTariffCatalog } from '../payment/index.ts';

/** /app/tariffInformation: the tariffs with their prices, options and tiers (data from the server). */
export default function TariffInformationPage() {
  const q = useTariffCatalog();
  if (q.isPending) return <Loading />;
  if (q.isError) return <Alert color="red">{q.error.message}</Alert>;
  const { tariffs, options } = q.data;
  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="tariff-information">
      <Title order={2}>{PAY_TEXT.tariffs}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {tariffs.map((t) => (
          <Card key={t.id} withBorder padding="lg" radius="md">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={3}>{t.name}</Title>
                <Badge size="lg" variant="light" tt="none">
                  {t.tariff_type === TARIFF.CONSULTANT ? `${PAY_TEXT.from} ` : ''}
                  {formatKzt(t.price)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t.description}
              </Text>
              <List size="sm">
                {t.features.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
              {t.tariff_type === TARIFF.OPTIMAL && options.length > 0 && (
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
              {t.tiers.length > 0 && (
                <Table withRowBorders={false} verticalSpacing={4}>
                  <Table.Tbody>
                    {t.tiers.map((x) => (
                      <Table.Tr key={x.id}>
                        <Table.Td>{x.title}</Table.Td>
                        <Table.Td ta="right">
                          {PAY_TEXT.from} {formatKzt(x.price)}
                        </Table.Td>
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
        Услуга оказывается в течение 1 рабочего дня (с 9:00 до 18:00 по времени Алматы). Оплата в тенге (KZT).
      </Text>
      <Group>
        <Button component={Link} to="/app/tariff">
          {PAY_TEXT.chooseTariff}
        </Button>
        <Button variant="default" component={Link} to="/app/declaration?step=2">
          {PAY_TEXT.back}
        </Button>
      </Group>
    </Stack>
  );
}
