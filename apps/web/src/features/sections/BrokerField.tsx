import { Radio, Stack, Text } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';
import type { FormValues } from './DealField.tsx';
import type { FieldDef } from './fields.ts';

export const BROKER_TEXT = {
  legend: 'Через какого брокера совершена сделка',
  kazakh: 'Казахстанский брокер',
  kazakhHint: 'Freedom Broker, Halyk Finance и др.: нужен БИН брокера',
  foreign: 'Иностранный брокер',
  foreignHint: 'Interactive Brokers, Exante, Freedom24 и др.: БИН не нужен',
  noBin: 'У иностранного брокера нет казахстанского БИН: его можно не указывать. Укажите название и страну брокера.',
} as const;

/** Kazakh or foreign broker (foreign_broker): the choice decides whether the BIN is required. */
export function BrokerField({ field, control }: { field: FieldDef; control: Control<FormValues> }) {
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f }) => (
        <Radio.Group
          label={BROKER_TEXT.legend}
          value={f.value === true ? 'foreign' : 'kazakh'}
          onChange={(v) => f.onChange(v === 'foreign')}
          data-field={field.name}
        >
          <Stack gap={6} mt={6}>
            <Radio value="kazakh" label={BROKER_TEXT.kazakh} description={BROKER_TEXT.kazakhHint} />
            <Radio value="foreign" label={BROKER_TEXT.foreign} description={BROKER_TEXT.foreignHint} />
          </Stack>
        </Radio.Group>
      )}
    />
  );
}

/** The quiet note under the broker block: a foreign broker's deal is saved without a BIN. */
export function NoBinNote() {
  return (
    <Text size="sm" c="gray.7" data-testid="no-bin-note">
      {BROKER_TEXT.noBin}
    </Text>
  );
}
