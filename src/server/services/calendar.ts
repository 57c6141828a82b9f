/**
 * Calendar days of the business (Italy): a credit line is valid on a day in Rome, whatever the
 * time zone of the server or of the database session.
 */
const ROME_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last minute formatted: every authenticated request asks for today's date, and Intl is slow. */
let lastMinute = Number.NaN;
let lastDay = '';

/** 'YYYY-MM-DD' of an instant in Europe/Rome. */
export function romeDate(instant: Date = new Date()): string {
  // Rome's offsets are whole hours, so its day always changes on a UTC minute boundary.
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = ROME_DAY.format(instant);
    lastMinute = minute;
  }
  return lastDay;
}

/** Adds days (may be negative) to a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Adds months to a 'YYYY-MM-DD' day, clamping to the end of shorter months. */
export function addMonths(day: string, months: number): string {
  const [y, m, dd] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1, 12));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0, 12)).getUTCDate();
  first.setUTCDate(Math.min(dd, last));
  return first.toISOString().slice(0, 10);
}

export const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** True for a real calendar day in 'YYYY-MM-DD'. */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  return new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;
}
