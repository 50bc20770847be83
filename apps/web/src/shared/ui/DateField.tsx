import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTypedDate } from './dates.ts';

const isoDay = (d: DateInputProps['minDate']): string | null =>
  d ? (d instanceof Date ? dayjs(d).format('YYYY-MM-DD') : String(d).slice(0, 10)) : null;

/**
 * Every date input of the app (issue 18, item 4): the date can be typed (15.03.2025, 15032025, 15/03/2025)
 * or picked from the calendar that opens under the field. The value is 'YYYY-MM-DD' or null.
 * minDate/maxDate only grey out the calendar's days: a typed date outside them is still taken, so the
 * form's own rule can say why it does not fit ('Выберите дату с 01.01.2024 по 31.12.2024') instead of the
 * field silently dropping it.
 */
export const DateField = forwardRef<HTMLInputElement, DateInputProps>(function DateField(
  { placeholder, valueFormat = 'DD.MM.YYYY', minDate, maxDate, excludeDate, ...rest },
  ref,
) {
  const { t, i18n } = useTranslation('common');
  const min = isoDay(minDate);
  const max = isoDay(maxDate);
  const outside = (day: string) =>
    (min !== null && day.slice(0, 10) < min) || (max !== null && day.slice(0, 10) > max) || !!excludeDate?.(day);
  return (
    <DateInput
      ref={ref}
      locale={i18n.language}
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      excludeDate={outside}
      placeholder={placeholder ?? t('fields.datePlaceholder')}
      valueFormat={valueFormat}
      dateParser={parseTypedDate}
      fixOnBlur
    />
  );
});
