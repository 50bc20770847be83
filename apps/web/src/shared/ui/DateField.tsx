import { DateInput, type DateInputProps } from '@mantine/dates';
import { forwardRef } from 'react';
import { parseTypedDate } from './dates.ts';

/**
 * Every date input of the app (issue 18, item 4): the date can be typed (15.03.2025, 15032025, 15/03/2025)
 * or picked from the calendar that opens under the field. The value is 'YYYY-MM-DD' or null; a typed date
 * outside minDate..maxDate is not taken, and the field returns to the last good value on blur.
 */
export const DateField = forwardRef<HTMLInputElement, DateInputProps>(function DateField(
  { placeholder = 'дд.мм.гггг', valueFormat = 'DD.MM.YYYY', ...rest },
  ref,
) {
  return (
    <DateInput
      ref={ref}
      locale="ru"
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      placeholder={placeholder}
      valueFormat={valueFormat}
      dateParser={parseTypedDate}
      fixOnBlur
    />
  );
});
