/**
 * The date rules the portal and the server share, on every day of a year and on the edge days, just
 * after and just before midnight in Rome, in a browser in Rome, New York and Tokyo (issue 23): the
 * portal counts the same Rome day as the server, so the expiry tones, the export's date limits and the
 * tax year of the legal figures agree with the server's whatever the day, the hour and the zone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { constants } from '../../config/constants';
import { creditStatusTable, scheduleTable } from '../../config/tables';
import { hasTone } from '../../src/client/engine/table/values';
import { exportRange } from '../../src/client/features/movements/export-dates';
import { romeToday } from '../../src/shared/dates';
import { legalFigures, pensionLimits, taxYear } from '../../src/shared/legal-figures';
import { addDays, romeDate } from '../../src/server/services/calendar';
import { exportEarliestStart } from '../../src/server/services/history';
import { sweepInstants } from '../server/calendar-days';

const zoneBefore = process.env.TZ;
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const instants = sweepInstants();
const toneOf = (table: typeof creditStatusTable | typeof scheduleTable, name: 'expired' | 'expiring') =>
  table.tones.find((tone) => tone.tone === name && !('when' in tone && tone.when))!;

describe.each(['Europe/Rome', 'America/New_York', 'Asia/Tokyo'])('in a browser in %s', (zone) => {
  it(`agrees with the server on ${instants.length} instants`, () => {
    process.env.TZ = zone;
    const problems: string[] = [];
    const check = (ok: boolean, what: string, at: Date) => {
      if (!ok) problems.push(`${at.toISOString()}: ${what}`);
    };
    for (const { day, at } of instants) {
      check(romeDate(at) === day && romeToday(at) === day, 'the day in Rome', at);
      const range = exportRange(at);
      check(
        range.min === exportEarliestStart(day) && range.max === day && range.min.endsWith('-01'),
        `export range ${JSON.stringify(range)}`,
        at,
      );
      for (const table of [creditStatusTable, scheduleTable]) {
        const expiring = toneOf(table, 'expiring');
        const expired = toneOf(table, 'expired');
        for (let n = -1; n <= constants.expiryWarningDays + 1; n++) {
          const row = { [expiring.field]: addDays(day, n), [expired.field]: addDays(day, n) };
          const soon = n >= 0 && n <= constants.expiryWarningDays;
          check(hasTone(expiring, row, at) === soon, `${table.name}: expiring in ${n} days`, at);
          check(hasTone(expired, row, at) === n < 0, `${table.name}: expired ${n} days`, at);
        }
      }
      const year = taxYear(at);
      check(year === Number(day.slice(0, 4)), `tax year ${year}`, at);
      const figures = legalFigures(year);
      check(
        Object.values(figures).every((cents) => Number.isInteger(cents) && cents > 0),
        'legal figures',
        at,
      );
      check(pensionLimits(year).yearly === figures.pensionDeductibilityLimit, 'pension limit', at);
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });
});
