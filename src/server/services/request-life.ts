/**
 * A request's whole life as the employee sees it (issue 26): the timeline of its stages with their
 * dates and, while it is open, the day the money is expected ("entro il ..."), computed from the
 * declared service levels and payout days (config/operator-console.ts) and, once in a batch, from the
 * batch's execution date. Pure functions here; the reads are in request-review.ts.
 */
import { operatorRules } from '../../../config/operator-console';
import type { ReviewState } from '../db/schema';
import { addDays } from './calendar';

export interface ServiceLevels {
  decisionWorkingDays: number;
  payoutWeekdays: readonly number[];
  bankWorkingDays: number;
}

/** ISO weekday of a 'YYYY-MM-DD' day: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export function isWorkingDay(day: string): boolean {
  return isoWeekday(day) <= 5;
}

/** The day `n` working days after `day` (n = 0: `day` itself if working, else the next working day). */
export function addWorkingDays(day: string, n: number): string {
  let current = day;
  while (!isWorkingDay(current)) current = addDays(current, 1);
  for (let left = n; left > 0;) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** The first payout day on or after `day`. */
export function nextPayoutDay(day: string, levels: ServiceLevels): string {
  let current = day;
  for (let i = 0; i < 14; i += 1) {
    if (levels.payoutWeekdays.includes(isoWeekday(current))) return current;
    current = addDays(current, 1);
  }
  throw new Error('config/operator-console.ts: nessun giorno di pagamento nella settimana');
}

export interface ExpectedPaymentInput {
  state: ReviewState;
  /** Whether the request is paid by transfer (it names an IBAN); others have no payment date. */
  byTransfer: boolean;
  /** The Rome day it was sent. */
  sentDay: string;
  /** Today in Rome. */
  today: string;
  /** The execution day of the open batch it is in (state in_pagamento). */
  batchDay?: string | null;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The day the money is expected on the employee's account, or null (not paid by transfer, documents
 * awaited, closed). Never before today: a late decision moves the promise, it never shows a past day.
 */
export function expectedPaymentDay(
  input: ExpectedPaymentInput,
  levels: ServiceLevels = operatorRules,
): string | null {
  if (!input.byTransfer) return null;
  const payday = (batchDay: string) => addWorkingDays(batchDay, levels.bankWorkingDays);
  switch (input.state) {
    case 'inviata':
    case 'in_verifica': {
      const decided = later(addWorkingDays(input.sentDay, levels.decisionWorkingDays), input.today);
      return payday(nextPayoutDay(decided, levels));
    }
    case 'approvata':
      return payday(nextPayoutDay(input.today, levels));
    case 'in_pagamento':
      return later(payday(input.batchDay ?? input.today), input.today);
    default:
      return null;
  }
}
