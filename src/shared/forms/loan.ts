/** Loan interest reimbursement arithmetic (spec 001 §5, §9), in integer cents. */
import { loanInterest } from '../../../config/forms';
import { dayjs } from '../dates';
import { formatCents, parseCents } from '../money';

/** The holders counted: at least the minimum (lower values reset to it, 001 §5). */
export function effectiveHolders(holders: number): number {
  return Number.isFinite(holders)
    ? Math.max(loanInterest.minHolders, Math.trunc(holders))
    : loanInterest.minHolders;
}

/**
 * 90% of the interest share divided by the holders, rounded to cents. One division of integers, so a
 * half cent is exactly half and rounds up.
 */
export function loanMaximumCents(interestCents: number, holders: number): number {
  return Math.round((interestCents * loanInterest.reimbursedPercent) / (100 * effectiveHolders(holders)));
}

/** The same on wire strings ("1000.00", 2 -> "450.00"); null when the interest is not an amount. */
export function loanMaximumAmount(interest: string, holders: number): string | null {
  const cents = parseCents(interest);
  return cents === null || cents < 0 ? null : formatCents(loanMaximumCents(cents, holders));
}

/** The first installment date accepted: today (YYYY-MM-DD) plus one month. */
export function earliestInstallmentDate(today: string): string {
  return dayjs(today).add(loanInterest.minMonthsAhead, 'month').format('YYYY-MM-DD');
}
