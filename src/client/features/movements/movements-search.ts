/** The history's filters in the route's search (`date_start`, `date_stop`, `search`), validated. */
import type { MovementFilters } from './movements-api';

/** A real calendar date `YYYY-MM-DD`, or undefined. */
export function isoDateOrUndefined(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? value
    : undefined;
}

export function validateMovementsSearch(search: Record<string, unknown>): MovementFilters {
  const result: MovementFilters = {};
  const dateStart = isoDateOrUndefined(search.date_start);
  const dateStop = isoDateOrUndefined(search.date_stop);
  const text = typeof search.search === 'string' ? search.search.trim().slice(0, 200) : '';
  if (dateStart) result.date_start = dateStart;
  if (dateStop) result.date_stop = dateStop;
  if (text) result.search = text;
  return result;
}
