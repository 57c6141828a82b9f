/**
 * The date inputs of the history (period filters, payroll export dates): Mantine's DatePickerInput
 * shown DD-MM-YYYY, with Italian names for the calendar's previous/next controls (icons only
 * otherwise) and colours with AA contrast (date-field.module.css). Inside an ItalianDatesProvider.
 */
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { constants } from '../../../../config/constants';
import { messages } from '../../../../config/messages-account.it';
import classes from './date-field.module.css';

const ariaLabels = {
  previousMonth: messages.movCalendarPreviousMonth,
  nextMonth: messages.movCalendarNextMonth,
  previousYear: messages.movCalendarPreviousYear,
  nextYear: messages.movCalendarNextYear,
  previousDecade: messages.movCalendarPreviousDecade,
  nextDecade: messages.movCalendarNextDecade,
};

export function DateField(props: DatePickerInputProps) {
  return (
    <DatePickerInput
      valueFormat={constants.dateFormat}
      ariaLabels={ariaLabels}
      classNames={{ root: classes.root, day: classes.day }}
      {...props}
    />
  );
}
