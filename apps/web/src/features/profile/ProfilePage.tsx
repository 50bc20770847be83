import { emptyToNull } from '@deklarant/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMe } from '../../shared/api/me.ts';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { formatPhone } from '../../shared/ui/masks.ts';
import { fullName, ProfileLayout } from './ProfileLayout.tsx';

/** /app/personal: the profile menu (docs/accounts.md). */
export default function ProfilePage() {
  const { mobile, breakpoint } = useLayout();
  if (mobile || breakpoint === 'tablet') return <ProfileLayout />;
  return (
    <ProfileLayout title="Личный кабинет">
      <Overview />
    </ProfileLayout>
  );
}

function Overview() {
  const me = useMe().data;
  if (!me) return null;
  const missing = !emptyToNull(me.iin) || !emptyToNull(me.phone);
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Здравствуйте, {emptyToNull(me.name) ?? fullName(me)}!
          </Title>
          <Text c="dimmed">
            Здесь ваши данные для деклараций. ИИН, ФИО и телефон подставляются в каждую новую форму.
          </Text>
          {missing && (
            <Text c="orange.8" size="sm">
              Заполните ИИН и телефон, чтобы подписать и отправить декларацию.
            </Text>
          )}
          <Group mt="xs">
            <Button component={Link} to="/app/personal/edit">
              Редактировать данные
            </Button>
            <Button component={Link} to="/app/personal/history" variant="default">
              История посещений
            </Button>
          </Group>
        </Stack>
      </Card>
      <SimpleGrid cols={3}>
        {[
          ['Новая форма', 'Создать декларацию за нужный год', '/app/declaration?step=3'],
          ['Сохраненные формы', 'Продолжить заполнение или скачать', '/app/declaration?step=2'],
          ['Тарифы', 'Оптимальный и Персональный консультант', '/app/tariffInformation'],
        ].map(([title, text, to]) => (
          <Card key={to} withBorder radius="lg" padding="md" component={Link} to={to as string}>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Email: {me.email}
        {emptyToNull(me.phone) ? ` · Телефон: ${formatPhone(me.phone)}` : ''}
      </Text>
    </Stack>
  );
}
