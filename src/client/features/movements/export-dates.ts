/**
 * Dates of the monthly payroll export (spec 000 §5 Export dates): both required, start not after end,
 * both between the first day of the previous month and today. Dates are `YYYY-MM-DD` strings.
 */
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { firstDayOfPreviousMonth, formatDate, romeToday } from '../../../shared/dates';

export interface ExportRange {
  min: string;
  max: string;
}

/** From the first day of the previous month through today, in Rome's days as the server counts them. */
export function exportRange(now: Date = new Date()): ExportRange {
  const today = romeToday(now);
  return { min: firstDayOfPreviousMonth(today), max: today };
}

export interface ExportDateErrors {
  start?: string;
  end?: string;
}

export function validateExportDates(
  start: string | null,
  end: string | null,
  range: ExportRange = exportRange(),
): ExportDateErrors {
  const errors: ExportDateErrors = {};
  const outside = formatMessage('movExportOutOfRange', {
    min: formatDate(range.min),
    max: formatDate(range.max),
  });
  const inRange = (value: string) => value >= range.min && value <= range.max;
  if (!start) errors.start = messages.movExportStartRequired;
  else if (!inRange(start)) errors.start = outside;
  if (!end) errors.end = messages.movExportEndRequired;
  else if (!inRange(end)) errors.end = outside;
  if (start && end && !errors.start && !errors.end && start > end)
    errors.start = messages.movExportStartAfterEnd;
  return errors;
}
