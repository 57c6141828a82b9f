/**
 * The days and instants the calendar sweeps run on (seed-calendar.test.ts, unit/calendar-rules.test.ts):
 * every day of a whole year, the turns of the year and of a leap February, and Rome's two clock changes,
 * each just after midnight and just before it in Rome, where the day in Rome and the day in UTC differ.
 */

/** A non-leap year, with a 31 December and a 1 January on each side of it (2026, 2028). */
export const SWEEP_YEAR = 2027;

/** YYYY-MM-DD of every day of a year. */
export function daysOfYear(year: number): string[] {
  const days: string[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1))
    days.push(d.toISOString().slice(0, 10));
  return days;
}

const romeWallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock in Rome of an instant, read as if it were UTC (milliseconds). */
function romeFace(instant: number): number {
  const part: Record<string, string> = {};
  for (const { type, value } of romeWallClock.formatToParts(new Date(instant))) part[type] = value;
  return Date.UTC(
    Number(part.year),
    Number(part.month) - 1,
    Number(part.day),
    Number(part.hour),
    Number(part.minute),
  );
}

/**
 * The instant at which Rome's clocks show `time` (HH:mm) on `day`: the first one when the hour is
 * repeated (the autumn change), the hour after when it is skipped (the spring change).
 */
export function romeInstant(day: string, time: string): Date {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  // Rome is one or two hours ahead of UTC: start from two hours before and correct by what Rome shows.
  let guess = wanted - 2 * 3_600_000;
  for (let i = 0; i < 3; i++) guess += wanted - romeFace(guess);
  return new Date(guess);
}

/** Instants of the days that most often break a date rule, on both sides of midnight in Rome. */
export const EDGE_INSTANTS: readonly { name: string; at: Date }[] = [
  { name: '31-12, 23:55 in Rome', at: romeInstant('2026-12-31', '23:55') },
  { name: '01-01, 00:05 in Rome', at: romeInstant('2027-01-01', '00:05') },
  { name: '29-02 of a leap year', at: romeInstant('2028-02-29', '12:00') },
  { name: '01-03 after a leap day, 00:05 in Rome', at: romeInstant('2028-03-01', '00:05') },
  { name: 'the spring change in Rome (28-03-2027, 03:30)', at: romeInstant('2027-03-28', '03:30') },
  {
    name: 'the autumn change in Rome (31-10-2027, 02:30 the first time)',
    at: romeInstant('2027-10-31', '02:30'),
  },
];

/** Every day of SWEEP_YEAR and the edge days, each at 00:05 and at 23:55 in Rome. */
export function sweepInstants(): { day: string; at: Date }[] {
  const days = new Set([...daysOfYear(SWEEP_YEAR), '2026-12-31', '2028-02-29', '2028-03-01']);
  return [...days].flatMap((day) => [
    { day, at: romeInstant(day, '00:05') },
    { day, at: romeInstant(day, '23:55') },
  ]);
}
