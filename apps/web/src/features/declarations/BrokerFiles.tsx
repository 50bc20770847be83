import type { Broker } from '@deklarant/contracts';
import { FileInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { localizeMessage } from '../../shared/i18n/i18n.ts';
import { DEFAULT_EXTENSIONS, fileProblem, MAX_FILE_MB } from './rules.ts';

/** Files for the selected broker, one slot per required file in the broker's order; loose files without a broker. */
export interface FilesValue {
  slots: (File | null)[];
  loose: File[];
}

interface Props {
  broker: z.infer<typeof Broker> | null;
  value: FilesValue;
  onChange: (v: FilesValue) => void;
}

const accept = (exts: string[]) => exts.map((e) => `.${e}`).join(',');

export function BrokerFiles({ broker, value, onChange }: Props) {
  const { t } = useTranslation(['declarations', 'common', 'errors']);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const exts = broker?.extensions.length ? broker.extensions : DEFAULT_EXTENSIONS;
  const hint = t('files.hint', { formats: exts.join(', '), mb: MAX_FILE_MB });
  /** the catalogue's Russian message (the message id) in the active language */
  const errorOf = (i: number) => (errors[i] ? localizeMessage(errors[i]) : undefined);

  /** Keeps a file only if its format and size fit; otherwise shows the message. */
  const checked = (i: number, file: File | null): File | null => {
    const problem = file ? fileProblem(file, exts) : null;
    setErrors((e) => ({ ...e, [i]: problem ?? '' }));
    return problem ? null : file;
  };

  if (!broker) {
    return (
      <FileInput
        label={t('files.optional')}
        description={hint}
        placeholder={t('files.chooseMany')}
        multiple
        clearable
        accept={accept(exts)}
        value={value.loose}
        error={errorOf(0)}
        onChange={(files) => {
          const ok = files.filter((f) => checked(0, f) !== null);
          onChange({ slots: [], loose: ok });
        }}
      />
    );
  }

  const count = Math.max(1, broker.count_files);
  const slots = Array.from({ length: count }, (_, i) => value.slots[i] ?? null);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {count > 1 ? t('files.several', { count }) : t('files.single')}
      </Text>
      {slots.map((file, i) => (
        <FileInput
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional (the broker's file order)
          key={i}
          label={broker.file_names[i] ?? t('files.file', { n: i + 1 })}
          description={i === 0 ? hint : undefined}
          placeholder={t('files.chooseOne')}
          clearable
          accept={accept(exts)}
          value={file}
          error={errorOf(i)}
          onChange={(f) => {
            const next = [...slots];
            next[i] = checked(i, f);
            onChange({ slots: next, loose: [] });
          }}
        />
      ))}
    </Stack>
  );
}
