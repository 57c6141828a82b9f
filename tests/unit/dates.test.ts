import { describe, expect, it } from 'vitest';
import { FIRST_DAY_OF_WEEK, dayjs, formatDate, formatDateTime, toIsoDate } from '../../src/shared/dates';

describe('dates', () => {
  it('shows dates as DD-MM-YYYY and DD-MM-YYYY HH:mm:ss', () => {
    expect(formatDate('2026-03-09')).toBe('09-03-2026');
    expect(formatDateTime('2026-03-09T07:05:03Z')).toBe('09-03-2026 08:05:03');
    expect(toIsoDate(new Date(2026, 11, 31))).toBe('2026-12-31');
  });

  it('shows an instant on the Rome day and wall clock, whatever the machine’s zone', () => {
    // 23:30 UTC is already the next day in Rome: 00:30 in winter (UTC+1), 01:30 in summer (UTC+2).
    expect(formatDateTime('2026-01-31T23:30:00Z')).toBe('01-02-2026 00:30:00');
    expect(formatDate('2026-01-31T23:30:00Z')).toBe('01-02-2026');
    expect(formatDateTime(new Date(Date.UTC(2026, 6, 14, 22, 15, 9)))).toBe('15-07-2026 00:15:09');
    expect(formatDate(new Date(Date.UTC(2026, 6, 14, 22, 15, 9)))).toBe('15-07-2026');
    // Offsets count: 23:59 in New York is 05:59 the next morning in Rome.
    expect(formatDateTime('2026-03-09T23:59:00-05:00')).toBe('10-03-2026 05:59:00');
    // Across the change to summer time (29-03-2026, 02:00 -> 03:00 in Rome).
    expect(formatDateTime('2026-03-29T00:59:59Z')).toBe('29-03-2026 01:59:59');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29-03-2026 03:00:00');
  });

  it('shows a calendar day or a time without zone as written', () => {
    expect(formatDate('2026-02-01')).toBe('01-02-2026');
    expect(formatDateTime('2026-03-04T10:11:12')).toBe('04-03-2026 10:11:12');
    expect(formatDateTime('2026-03-04 00:05')).toBe('04-03-2026 00:05:00');
    expect(formatDate('2026-03-04T23:50:00')).toBe('04-03-2026');
  });

  it('shows nothing for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });

  it('uses the Italian locale with weeks starting on Monday', () => {
    expect(FIRST_DAY_OF_WEEK).toBe(1);
    expect(dayjs('2026-11-21').format('dddd D MMMM')).toBe('sabato 21 novembre');
    expect(dayjs('2026-11-21').startOf('week').format('dddd')).toBe('lunedì');
  });
});
