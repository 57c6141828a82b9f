/**
 * The provider's operator console (issue 26, ARCHITECTURE.md §8a "A request's life"): the rules a
 * provider tunes without code. The server reads them for decisions, four eyes, payouts and the
 * expected payment date the employee sees; the console shows the reasons as its choice list.
 */
import type { MessageKey } from './messages-account.it';
import type { TextRef } from './texts';

/** Reasons an operator picks when rejecting a request (plus free text), by code; labels are account keys. */
export const rejectReasons = [
  { code: 'documenti-non-validi', label: 'opReasonInvalidDocuments' },
  { code: 'spesa-non-ammessa', label: 'opReasonNotAllowed' },
  { code: 'importo-non-corrispondente', label: 'opReasonAmountMismatch' },
  { code: 'beneficiario-non-ammesso', label: 'opReasonBeneficiary' },
  { code: 'richiesta-duplicata', label: 'opReasonDuplicate' },
  { code: 'altro', label: 'opReasonOther' },
] as const satisfies readonly { code: string; label: TextRef<MessageKey> }[];

export type RejectReasonCode = (typeof rejectReasons)[number]['code'];

export const operatorRules = {
  /** Above this amount (cents) an approval needs a second operator: four eyes. */
  fourEyesAboveCents: 100_000,
  /** Working days (Monday to Friday) within which a sent request is decided. */
  decisionWorkingDays: 5,
  /** Working days the employee waits for documents asked for, before the request is rejected by hand. */
  documentsWorkingDays: 10,
  /** The weekdays payout batches are made on (1 = Monday ... 5 = Friday). */
  payoutWeekdays: [2, 4] as readonly number[],
  /** Working days between a batch's execution date and the money on the employee's account. */
  bankWorkingDays: 1,
  /** Longest note an operator writes (reason, documents asked for). */
  noteMaxChars: 1000,
  /** Requests a payout batch takes at most. */
  batchMaxTransfers: 5000,
} as const;

/** Page sizes of the console's lists (the server's paging and the tables' pager). */
export const operatorPaging = {
  queue: { pageSizes: [20, 50, 100], defaultPageSize: 20 },
  audit: { pageSizes: [20, 50, 100], defaultPageSize: 50 },
  myRequests: { pageSizes: [10, 20, 50], defaultPageSize: 10 },
} as const;

/** The reserved customer of the operators (their own sign-in page, `/operatore/accesso`, and skin). */
export { operatorCustomer } from './skins';

/**
 * The forms whose requests the provider pays to the employee by SEPA transfer, once approved: to the IBAN
 * the request names, else to the employee's latest IBAN on file. Other requests (a pension fund, a
 * supplier, a voucher) are settled outside the payout batches.
 */
export const transferPayoutForms: readonly string[] = [
  'rimb-spese',
  'rimb-interessi',
  'rimb-bollette',
  'rimb-aff-mutui',
];
