import dayjs from 'dayjs';
import 'dayjs/locale/it';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { constants } from '../../config/constants';

dayjs.extend(customParseFormat);
dayjs.locale('it');

/** DD-MM-YYYY, the only date format shown to people. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(constants.dateFormat) : '';
}

/** DD-MM-YYYY HH:mm:ss. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(constants.dateTimeFormat) : '';
}

/** ISO date (YYYY-MM-DD) as used on the wire. */
export function toIsoDate(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DD');
}

/** Monday is the first day of the week in Italy (dayjs `it` locale agrees; Mantine dates gets 1). */
export const FIRST_DAY_OF_WEEK = 1 as const;

export { dayjs };
