import type { Broker } from '@deklarant/contracts';
import { FileInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
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
  const [errors, setErrors] = useState<Record<number, string>>({});
  const exts = broker?.extensions.length ? broker.extensions : DEFAULT_EXTENSIONS;
  const hint = `Допустимые форматы: ${exts.join(', ')}; до ${MAX_FILE_MB} МБ.`;

  /** Keeps a file only if its format and size fit; otherwise shows the Russian message. */
  const checked = (i: number, file: File | null): File | null => {
    const problem = file ? fileProblem(file, exts) : null;
    setErrors((e) => ({ ...e, [i]: problem ?? '' }));
    return problem ? null : file;
  };

  if (!broker) {
    return (
      <FileInput
        label="Отчет брокера (необязательно)"
        description={hint}
        placeholder="Выберите файлы"
        multiple
        clearable
        accept={accept(exts)}
        value={value.loose}
        error={errors[0] || undefined}
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
        {count > 1 ? `Отчеты брокера: ${count} файла в указанном порядке` : 'Отчет брокера'}
      </Text>
      {slots.map((file, i) => (
        <FileInput
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional (the broker's file order)
          key={i}
          label={broker.file_names[i] ?? `Файл ${i + 1}`}
          description={i === 0 ? hint : undefined}
          placeholder="Выберите файл"
          clearable
          accept={accept(exts)}
          value={file}
          error={errors[i] || undefined}
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
