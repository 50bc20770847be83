import { Radio, Stack, Text } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormValues } from './DealField.tsx';
import type { FieldDef } from './fields.ts';

/** Kazakh or foreign broker (foreign_broker): the choice decides whether the BIN is required. */
export function BrokerField({ field, control }: { field: FieldDef; control: Control<FormValues> }) {
  const { t } = useTranslation('sections');
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f }) => (
        <Radio.Group
          label={t('broker.legend')}
          value={f.value === true ? 'foreign' : 'kazakh'}
          onChange={(v) => f.onChange(v === 'foreign')}
          data-field={field.name}
        >
          <Stack gap={6} mt={6}>
            <Radio value="kazakh" label={t('broker.kazakh')} description={t('broker.kazakhHint')} />
            <Radio value="foreign" label={t('broker.foreign')} description={t('broker.foreignHint')} />
          </Stack>
        </Radio.Group>
      )}
    />
  );
}

/** The quiet note under the broker block: a foreign broker's deal is saved without a BIN. */
export function NoBinNote() {
  const { t } = useTranslation('sections');
  return (
    <Text size="sm" c="gray.7" data-testid="no-bin-note">
      {t('broker.noBin')}
    </Text>
  );
}
