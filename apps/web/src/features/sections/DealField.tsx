import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../shared/i18n/index.ts';
import { DateField } from '../../shared/ui/DateField.tsx';
import { rankedFilter } from '../../shared/ui/pickers.ts';
import type { FieldDef } from './fields.ts';
import { masks } from './format.ts';
import { searchable, useOptions } from './options.ts';

export type FormValues = Record<string, string | boolean>;

const MASK: Partial<Record<FieldDef['kind'], (v: string) => string>> = {
  amount: masks.amount,
  quantity: masks.amount,
  percent: masks.amount,
  bin: masks.bin,
  isin: masks.isin,
  digits: masks.digits,
};

/** Placeholders: figures as is, words from the catalogue (read at render time: the language can change). */
const placeholderOf = (kind: FieldDef['kind']): string | undefined => {
  switch (kind) {
    case 'amount':
      return '0,00';
    case 'quantity':
      return '0';
    case 'isin':
      return 'US0378331005';
    case 'bin':
      return tKey('sections:field.binPlaceholder');
    case 'date':
    case 'anyDate':
      return tKey('sections:field.datePlaceholder');
    default:
      return undefined;
  }
};

/** The field's label in the active language (the dictionary's key in the fields catalogue). */
export const fieldLabel = (field: FieldDef) => tKey(`fields:${field.labelKey}`);

/** One labelled input of the deal form, chosen by the field's kind (masks applied as the user types). */
export function DealField({
  field,
  control,
  year,
  required,
}: {
  field: FieldDef;
  control: Control<FormValues>;
  year: number;
  required: boolean;
}) {
  useTranslation(['sections', 'fields']);
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f, fieldState }) => {
        const common = {
          label: fieldLabel(field),
          required,
          error: fieldState.error?.message,
          'data-field': field.name,
        };
        if (field.kind === 'select')
          return <SelectField field={field} value={f.value} onChange={f.onChange} onBlur={f.onBlur} common={common} />;
        if (field.kind === 'checkbox')
          return (
            <Checkbox
              label={fieldLabel(field)}
              checked={f.value === true}
              onChange={(e) => f.onChange(e.currentTarget.checked)}
              data-field={field.name}
              mt="xs"
            />
          );
        if (field.kind === 'date' || field.kind === 'anyDate') {
          // The deal date stays inside the report year (docs/sections.md); purchases may be older.
          const limited = field.kind === 'date';
          return (
            <DateField
              {...common}
              value={typeof f.value === 'string' && f.value ? f.value : null}
              onChange={(v) => f.onChange(v ?? '')}
              onBlur={f.onBlur}
              placeholder={placeholderOf(field.kind)}
              data-field={field.name}
              clearable
              minDate={limited ? `${year}-01-01` : undefined}
              maxDate={limited || field.name !== 'return_period' ? `${year}-12-31` : undefined}
              defaultDate={`${year}-06-01`}
            />
          );
        }
        if (field.kind === 'textarea')
          return (
            <Textarea
              {...common}
              value={String(f.value ?? '')}
              onChange={(e) => f.onChange(e.currentTarget.value)}
              onBlur={f.onBlur}
              maxLength={field.maxLength}
              autosize
              minRows={2}
            />
          );
        const mask = MASK[field.kind];
        return (
          <TextInput
            {...common}
            value={String(f.value ?? '')}
            onChange={(e) => f.onChange(mask ? mask(e.currentTarget.value) : e.currentTarget.value)}
            onBlur={f.onBlur}
            maxLength={field.maxLength}
            inputMode={mask && field.kind !== 'isin' && field.kind !== 'bin' ? 'decimal' : undefined}
            placeholder={placeholderOf(field.kind)}
          />
        );
      }}
    />
  );
}

function SelectField({
  field,
  value,
  onChange,
  onBlur,
  common,
}: {
  field: FieldDef;
  value: string | boolean;
  onChange: (v: string) => void;
  onBlur: () => void;
  common: { label: string; required: boolean; error?: string };
}) {
  const { t } = useTranslation(['sections', 'errors', 'common']);
  const { options, loading } = useOptions(field);
  return (
    <Select
      {...common}
      data={options}
      value={typeof value === 'string' && value ? value : null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      searchable={searchable(options)}
      filter={rankedFilter}
      nothingFoundMessage={t('sections:field.nothingFound')}
      placeholder={loading ? t('common:state.loading') : t('errors:selectValue')}
      clearable={!common.required}
      comboboxProps={{ withinPortal: true }}
      data-field={field.name}
    />
  );
}
