import { describe, expect, it } from 'vitest';
import { FIRST_DAY_OF_WEEK, dayjs, formatDate, formatDateTime, toIsoDate } from '../../src/shared/dates';

describe('dates', () => {
  it('shows dates as DD-MM-YYYY and DD-MM-YYYY HH:mm:ss', () => {
    expect(formatDate('2026-03-09')).toBe('09-03-2026');
    expect(formatDateTime(new Date(2026, 2, 9, 7, 5, 3))).toBe('09-03-2026 07:05:03');
    expect(toIsoDate(new Date(2026, 11, 31))).toBe('2026-12-31');
  });

  it('shows nothing for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('uses the Italian locale with weeks starting on Monday', () => {
    expect(FIRST_DAY_OF_WEEK).toBe(1);
    expect(dayjs('2026-11-21').format('dddd D MMMM')).toBe('sabato 21 novembre');
    expect(dayjs('2026-11-21').startOf('week').format('dddd')).toBe('lunedì');
  });
});
