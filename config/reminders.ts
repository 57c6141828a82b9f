/**
 * Reminders of expiring credit (issue 28, src/server/services/expiry-reminders.ts).
 *
 * - `thresholdDays`: an employee is reminded when a credit line with spendable credit left is this many
 *   days (or fewer) from its expiry, once per line and threshold; a run that comes late past several
 *   thresholds sends only the nearest one.
 * - `referentWindowDays`: the referents' weekly summary lists the credit of their companies expiring
 *   within this many days (one summary per referent and ISO week).
 * - `summaryRowsShown`: rows of the summary before "e altre N".
 * - `checkEveryMinutes`: how often each instance checks whether the day's run was queued (the first
 *   check at start, so a day missed while no instance ran is caught up at the next start).
 */
export const reminders = {
  thresholdDays: [60, 30, 7],
  referentWindowDays: 30,
  summaryRowsShown: 40,
  checkEveryMinutes: 15,
} as const satisfies {
  thresholdDays: readonly number[];
  referentWindowDays: number;
  summaryRowsShown: number;
  checkEveryMinutes: number;
};
