import { Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';

/** The personal-data consent text (docs/accounts.md dialogs; storage term of docs/accounts.md). */
export function PersonalDataConsentText() {
  return (
    <Stack gap="sm" fz="sm">
      <Text size="sm">
        Регистрируясь в сервисе «Декларант», я свободно, своей волей и в своем интересе даю согласие на сбор и обработку
        моих персональных данных в соответствии с Законом Республики Казахстан «О персональных данных и их защите».
      </Text>
      <Text size="sm" fw={600}>
        Состав данных
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>фамилия, имя, отчество, ИИН, ИИН супруга(и);</List.Item>
        <List.Item>номер телефона и адрес электронной почты;</List.Item>
        <List.Item>сведения о сделках, доходах, имуществе и счетах, необходимые для подготовки декларации;</List.Item>
        <List.Item>история входов в личный кабинет (дата, время, IP-адрес).</List.Item>
      </List>
      <Text size="sm" fw={600}>
        Цели обработки
      </Text>
      <Text size="sm">
        Подготовка, подписание и отправка налоговых деклараций (формы 240.00, 250.00, 270.00), расчет ИПН, оплата услуг,
        связь со мной по вопросам обслуживания.
      </Text>
      <Text size="sm" fw={600}>
        Действия с данными
      </Text>
      <Text size="sm">
        Сбор, запись, систематизация, хранение, уточнение, использование, передача банку или брокеру-партнеру,
        провайдеру электронной подписи и органам государственных доходов в объеме, необходимом для оказания услуги,
        обезличивание и уничтожение.
      </Text>
      <Text size="sm" fw={600}>
        Срок
      </Text>
      <Text size="sm">
        Персональные данные хранятся не менее 3 лет с момента последнего оказания услуги. Согласие действует до его
        отзыва; отозвать его можно письменным обращением в поддержку. Отзыв не влияет на обработку, выполненную до него.
      </Text>
    </Stack>
  );
}

/** The personal-data consent dialog opened from the registration checkbox. */
export function PersonalDataConsentDialog({
  opened,
  onClose,
  onAccept,
}: {
  opened: boolean;
  onClose: () => void;
  onAccept?: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Согласие на сбор и обработку персональных данных"
      size="lg"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack>
        <PersonalDataConsentText />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Закрыть
          </Button>
          {onAccept && <Button onClick={onAccept}>Согласен</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
