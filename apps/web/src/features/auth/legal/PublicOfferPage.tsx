import { Card, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

function Section({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} fz="lg">
        {n}. {title}
      </Title>
      {children}
    </Stack>
  );
}

const CONSULTANT_TIERS = [
  ['до 50 сделок или до 10 активов', 'от 100 000 ₸'],
  ['от 50 до 100 сделок или до 50 активов', 'от 250 000 ₸'],
  ['более 100 сделок или более 50 активов', 'от 450 000 ₸'],
] as const;

/** The public offer with its tariff appendix (docs/tariffs.md); header 'Согласие'. */
export function OfferText() {
  return (
    <Stack gap="lg" data-testid="public-offer">
      <Text>
        Настоящий документ является публичной офертой сервиса «Декларант» (далее — Исполнитель) физическим лицам (далее
        — Заказчик) на оказание услуг по подготовке, подписанию и отправке налоговых деклараций. Регистрация в сервисе и
        оплата тарифа означают полное и безоговорочное принятие оферты.
      </Text>
      <Section n={1} title="Предмет">
        <Text>
          Исполнитель предоставляет Заказчику доступ к сервису для подготовки деклараций по формам 240.00, 250.00 и
          270.00: получение данных из банка или отчета брокера, расчет дохода и индивидуального подоходного налога
          (ИПН), формирование декларации в форматах XML, PDF и Excel, подписание и отправку в органы государственных
          доходов при выборе соответствующих опций.
        </Text>
      </Section>
      <Section n={2} title="Сроки оказания услуг">
        <Text>
          Услуга оказывается в течение 1 (одного) рабочего дня с момента оплаты. Рабочее время Исполнителя — с 9:00 до
          18:00 по времени Алматы в рабочие дни.
        </Text>
      </Section>
      <Section n={3} title="Оплата и отказ от услуги">
        <Text>
          Стоимость услуг определяется тарифами (Приложение 1). Оплата производится в тенге (KZT) банковской картой.
          Заказчик вправе отказаться от услуги в течение 1 (одного) рабочего дня с момента оплаты. Денежные средства не
          возвращаются, но оплата может быть перенесена на другую услугу Исполнителя.
        </Text>
      </Section>
      <Section n={4} title="Конфиденциальность и персональные данные">
        <Text>
          Стороны обязуются сохранять конфиденциальность сведений, полученных при исполнении оферты, в течение 5 (пяти)
          лет. Персональные данные Заказчика хранятся не менее 3 (трех) лет и обрабатываются на основании согласия
          Заказчика, данного при регистрации.
        </Text>
      </Section>
      <Section n={5} title="Ответственность и обязанности сторон">
        <Text>
          Заказчик отвечает за достоверность и полноту переданных данных и проверяет декларацию перед подписанием.
          Исполнитель отвечает за правильность расчетов на основании данных, переданных Заказчиком.
        </Text>
      </Section>
      <Section n={6} title="Форс-мажор">
        <Text>
          Стороны освобождаются от ответственности за неисполнение обязательств вследствие обстоятельств непреодолимой
          силы. Если такие обстоятельства длятся более 1 (одного) месяца, каждая из сторон вправе расторгнуть договор.
        </Text>
      </Section>
      <Section n={7} title="Заключительные положения">
        <Text>
          Оферта действует бессрочно до ее отзыва Исполнителем. Споры разрешаются путем переговоров, а при недостижении
          согласия — в суде по законодательству Республики Казахстан.
        </Text>
      </Section>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tariffs-title">
        <Stack gap="sm">
          <Title order={3} fz="lg" id="tariffs-title">
            Приложение 1. Тарифы
          </Title>
          <Text fw={600}>Тариф «Оптимальный» — самостоятельное заполнение: 20 000 ₸</Text>
          <Text size="sm" c="dimmed">
            Для клиентов Halyk Finance (halykfinance) — 8 000 ₸.
          </Text>
          <Text>Дополнительные опции, по 2 000 ₸ каждая:</Text>
          <List spacing={4}>
            <List.Item>онлайн-подписание декларации;</List.Item>
            <List.Item>автоматическая отправка в налоговую;</List.Item>
            <List.Item>мониторинг статуса декларации.</List.Item>
          </List>
          <Text fw={600} mt="sm">
            Тариф «Персональный консультант» — заполнение менеджером: от 100 000 ₸
          </Text>
          <Table withTableBorder withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Объем данных</Table.Th>
                <Table.Th>Стоимость</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CONSULTANT_TIERS.map(([scope, price]) => (
                <Table.Tr key={scope}>
                  <Table.Td>{scope}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{price}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">В тариф входит до 5 часов консультаций.</Text>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /public-offer: the embedded offer document with the header 'Согласие'. */
export default function PublicOfferPage() {
  return (
    <Card withBorder radius="lg" padding="xl" maw={860} mx="auto">
      <Stack gap="md">
        <Title order={1}>Согласие</Title>
        <Text c="dimmed">Публичная оферта на оказание услуг сервиса «Декларант»</Text>
        <OfferText />
      </Stack>
    </Card>
  );
}
