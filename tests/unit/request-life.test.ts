/**
 * The expected payment day an employee is promised (issue 26): working days, payout weekdays, the
 * batch's execution day, never a past day, none while documents are awaited or once closed.
 */
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  expectedPaymentDay,
  isoWeekday,
  nextPayoutDay,
  type ServiceLevels,
} from '../../src/server/services/request-life';

// Decided within 5 working days, batches on Tuesdays and Thursdays, money the next working day.
const levels: ServiceLevels = { decisionWorkingDays: 5, payoutWeekdays: [2, 4], bankWorkingDays: 1 };

describe('working days and payout days', () => {
  it('counts Monday to Friday only', () => {
    expect(isoWeekday('2026-11-27')).toBe(5); // a Friday
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-28', 0)).toBe('2026-11-30'); // Saturday: the next working day
    expect(addWorkingDays('2026-11-23', 5)).toBe('2026-11-30');
  });

  it('finds the next payout day on or after a day', () => {
    expect(nextPayoutDay('2026-11-24', levels)).toBe('2026-11-24'); // Tuesday
    expect(nextPayoutDay('2026-11-25', levels)).toBe('2026-11-26'); // Wednesday -> Thursday
    expect(nextPayoutDay('2026-11-27', levels)).toBe('2026-12-01'); // Friday -> Tuesday
    expect(() => nextPayoutDay('2026-11-27', { ...levels, payoutWeekdays: [] })).toThrow(/nessun giorno/);
  });
});

describe('expected payment day', () => {
  const sent = { sentDay: '2026-11-23', today: '2026-11-23', byTransfer: true } as const;

  it('promises the decision, the next batch and the bank day for an open request', () => {
    // Sent Monday 23: decided by Monday 30, batch Tuesday 1 December, money Wednesday 2.
    expect(expectedPaymentDay({ ...sent, state: 'inviata' }, levels)).toBe('2026-12-02');
    expect(expectedPaymentDay({ ...sent, state: 'in_verifica' }, levels)).toBe('2026-12-02');
  });

  it('moves the promise when the decision is late, never into the past', () => {
    expect(expectedPaymentDay({ ...sent, state: 'in_verifica', today: '2026-12-09' }, levels)).toBe(
      '2026-12-11',
    );
  });

  it('counts from today once approved, from the batch once in payment', () => {
    expect(expectedPaymentDay({ ...sent, state: 'approvata', today: '2026-11-25' }, levels)).toBe(
      '2026-11-27',
    );
    expect(
      expectedPaymentDay(
        { ...sent, state: 'in_pagamento', today: '2026-11-25', batchDay: '2026-11-26' },
        levels,
      ),
    ).toBe('2026-11-27');
    expect(
      expectedPaymentDay(
        { ...sent, state: 'in_pagamento', today: '2026-12-01', batchDay: '2026-11-26' },
        levels,
      ),
    ).toBe('2026-12-01');
  });

  it('promises nothing while documents are awaited, once closed, or without a transfer', () => {
    for (const state of ['documenti_richiesti', 'pagata', 'rifiutata'] as const) {
      expect(expectedPaymentDay({ ...sent, state }, levels)).toBeNull();
    }
    expect(expectedPaymentDay({ ...sent, state: 'inviata', byTransfer: false }, levels)).toBeNull();
  });
});
