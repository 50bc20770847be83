import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { session } from '../../shared/session/storage.ts';

/** The landing page after session loss (docs/accounts.md). */
export default function LandingPage() {
  if (session.token()) return <Navigate to="/app" replace />;
  return (
    <Stack gap="lg" maw={720} mx="auto" py="xl">
      <Title order={1}>Налоговая декларация инвестора — без часов с отчетами брокера</Title>
      <Text size="lg">
        Декларант готовит формы 270.00, 250.00 и 240.00: берет данные из банка или отчета брокера, считает ИПН по
        правилам вашего налогового года и объясняет каждую цифру.
      </Text>
      <List spacing="xs">
        <List.Item>Выберите форму, год и вид декларации</List.Item>
        <List.Item>Получите данные из банка или загрузите отчет брокера</List.Item>
        <List.Item>Проверьте и отредактируйте сделки</List.Item>
        <List.Item>Подпишите и отправьте декларацию онлайн</List.Item>
      </List>
      <Group>
        <Button component={Link} to="/auth/login" size="md">
          Войти
        </Button>
        <Button component={Link} to="/auth/register" size="md" variant="light">
          Зарегистрироваться
        </Button>
      </Group>
    </Stack>
  );
}
