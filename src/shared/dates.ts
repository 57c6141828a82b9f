import dayjs from 'dayjs';
import 'dayjs/locale/it';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { constants } from '../../config/constants';

dayjs.extend(customParseFormat);
dayjs.locale('it');

/** The portal's people are in Italy: instants are shown on the wall clock of Rome, whatever the browser's zone. */
export const TIME_ZONE = 'Europe/Rome';

type Fields = Record<'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss', string>;

// Intl, not the dayjs utc and timezone plugins: the same zone data for a few lines and no extra bundle.
let romeClock: Intl.DateTimeFormat | undefined;

function romeFields(instant: Date): Fields {
  romeClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const part: Record<string, string> = {};
  for (const { type, value } of romeClock.formatToParts(instant)) part[type] = value;
  return {
    YYYY: part.year ?? '',
    MM: part.month ?? '',
    DD: part.day ?? '',
    HH: part.hour ?? '',
    mm: part.minute ?? '',
    ss: part.second ?? '',
  };
}

/**
 * A calendar day or a wall-clock time without zone (`2026-03-09`, `2026-03-09T10:11:12`): it names no
 * instant, so it is shown as written.
 */
const FLOATING = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

function fieldsOf(value: string | Date | null | undefined): Fields | null {
  if (!value) return null;
  if (!dayjs(value).isValid()) return null;
  const floating = typeof value === 'string' ? FLOATING.exec(value.trim()) : null;
  if (floating) {
    const [, YYYY = '', MM = '', DD = '', HH = '00', mm = '00', ss = '00'] = floating;
    return { YYYY, MM, DD, HH, mm, ss };
  }
  // A Date, or a string with `Z` or an offset: an instant, on Rome's wall clock.
  return romeFields(dayjs(value).toDate());
}

const fill = (format: string, fields: Fields) =>
  format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => fields[token as keyof Fields]);

/** DD-MM-YYYY, the only date format shown to people (the day in Rome for an instant). */
export function formatDate(value: string | Date | null | undefined): string {
  const fields = fieldsOf(value);
  return fields ? fill(constants.dateFormat, fields) : '';
}

/** DD-MM-YYYY HH:mm:ss (Rome's wall clock for an instant). */
export function formatDateTime(value: string | Date | null | undefined): string {
  const fields = fieldsOf(value);
  return fields ? fill(constants.dateTimeFormat, fields) : '';
}

/** Today's date in Italy (YYYY-MM-DD), whatever the machine's or the browser's time zone. */
export function romeToday(now: Date = new Date()): string {
  const fields = romeFields(now);
  return `${fields.YYYY}-${fields.MM}-${fields.DD}`;
}

/** The day a value names (YYYY-MM-DD): a calendar day as written, an instant's day in Rome. */
export function romeDayOf(value: string | Date): string | null {
  const fields = fieldsOf(value);
  return fields ? `${fields.YYYY}-${fields.MM}-${fields.DD}` : null;
}

/** Whole days from one calendar day to another (YYYY-MM-DD): no zone, no clock change in between. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The first day of the month before a day's (YYYY-MM-DD). */
export function firstDayOfPreviousMonth(day: string): string {
  const [year = 0, month = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
}

/** ISO date (YYYY-MM-DD) as used on the wire. */
export function toIsoDate(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DD');
}

/** Monday is the first day of the week in Italy (dayjs `it` locale agrees; Mantine dates gets 1). */
export const FIRST_DAY_OF_WEEK = 1 as const;

export { dayjs };
