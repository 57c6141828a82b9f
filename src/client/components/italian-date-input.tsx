/**
 * Every date input of the portal (history filters, export dates, form dates, upload slots): Mantine's
 * DatePickerInput shown DD-MM-YYYY, with Italian names for the calendar's previous/next controls (icons
 * only otherwise) and colours with AA contrast (italian-date-input.module.css). Use it inside an
 * ItalianDatesProvider.
 */
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { constants } from '../../../config/constants';
import { messages } from '../../../config/messages-account.it';
import classes from './italian-date-input.module.css';

const ariaLabels = {
  previousMonth: messages.calendarPreviousMonth,
  nextMonth: messages.calendarNextMonth,
  previousYear: messages.calendarPreviousYear,
  nextYear: messages.calendarNextYear,
  previousDecade: messages.calendarPreviousDecade,
  nextDecade: messages.calendarNextDecade,
};

export function ItalianDateInput(props: DatePickerInputProps) {
  return (
    <DatePickerInput
      valueFormat={constants.dateFormat}
      ariaLabels={ariaLabels}
      {...props}
      classNames={{ day: classes.day, input: classes.input }}
    />
  );
}
