import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A screen not built yet says so and names its area: never a blank page. */
export function Placeholder({ title, area }: { title: string; area: string }) {
  return (
    <Card withBorder padding="xl" maw={640} mx="auto" mt="xl" data-testid="placeholder">
      <Stack gap="sm">
        <Title order={2}>{title}</Title>
        <Text>Этот экран ещё в разработке. Раздел продукта: «{area}».</Text>
        <Text c="dimmed" size="sm">
          Пока он готовится, вы можете вернуться к своим декларациям.
        </Text>
        <Button component={Link} to="/app/declaration?step=2" variant="light" w="fit-content">
          К моим декларациям
        </Button>
      </Stack>
    </Card>
  );
}

export function NotFound() {
  return (
    <Card withBorder padding="xl" maw={640} mx="auto" mt="xl" data-testid="not-found">
      <Stack gap="sm">
        <Title order={2}>Страница не найдена</Title>
        <Text>Такого адреса нет. Проверьте ссылку или начните с главной страницы.</Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          На главную
        </Button>
      </Stack>
    </Card>
  );
}
