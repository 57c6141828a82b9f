/**
 * Status sets: the closed lists of values a table shows as a status (spec 002 §4.1, §4.2, §4.3;
 * 000 §3), each value with its label (a message key of `messages-tables.it.ts`) and a tone. A value
 * outside the set is shown raw (002 §4.2 "any other: shown raw"), or, when the column names one, by
 * a fallback field of the row. Declared once here; table columns name a set by its key.
 */
import { movementKinds } from './movement-kinds';
import type { TableMessageKey } from './messages-tables.it';

/** Colour family of a status: `success` and `danger` are the variants of 002 §4.2. */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface StatusEntry {
  /** A message key, or (for sets built from other config) the text itself with `literal`. */
  readonly label: TableMessageKey | { readonly literal: string };
  readonly tone: StatusTone;
}

export interface StatusSet {
  /** Values as they travel on the wire (strings; numbers and booleans are compared as text). */
  readonly values: Readonly<Record<string, StatusEntry>>;
}

const importJob = {
  values: {
    IN_QUEUE: { label: 'importInQueue', tone: 'neutral' },
    IN_PROGRESS: { label: 'importInProgress', tone: 'info' },
    VALIDATION_FAILED: { label: 'importValidationFailed', tone: 'danger' },
    VALIDATION_COMPLETED: { label: 'importValidationCompleted', tone: 'info' },
    VALIDATION_COMPLETED_WITH_WARNINGS: { label: 'importValidationWarnings', tone: 'warning' },
    CANCELLED_BY_COMPANY_REFERENT: { label: 'importCancelled', tone: 'neutral' },
    REJECTED_BY_BACKOFFICE: { label: 'importRejected', tone: 'danger' },
    ACCEPTED_BY_BACKOFFICE: { label: 'importAccepted', tone: 'info' },
    // Same text, told apart by the variant (002 §4.2).
    IMPORTED_SUCCESSFULLY: { label: 'importAccepted', tone: 'success' },
    IMPORT_FAILED: { label: 'importAccepted', tone: 'danger' },
  },
} as const satisfies StatusSet;

const piattapastoOrder = {
  values: {
    TO_VALIDATE: { label: 'orderToValidate', tone: 'warning' },
    VALID: { label: 'orderValid', tone: 'info' },
    STARTED: { label: 'orderStarted', tone: 'info' },
    COMPLETED: { label: 'orderCompleted', tone: 'success' },
    ERROR: { label: 'orderError', tone: 'danger' },
  },
} as const satisfies StatusSet;

const voucherValidity = {
  values: {
    true: { label: 'voucherValid', tone: 'success' },
    false: { label: 'voucherNotValid', tone: 'danger' },
  },
} as const satisfies StatusSet;

const notificationRead = {
  values: {
    true: { label: 'inboxRead', tone: 'neutral' },
    false: { label: 'inboxUnread', tone: 'info' },
  },
} as const satisfies StatusSet;

/** The state of the purchase behind a movement (`stato_acquisto`). */
const purchaseStatus = {
  values: {
    inserito: { label: 'purchasePending', tone: 'warning' },
    approvato: { label: 'purchaseApproved', tone: 'info' },
    pagato: { label: 'purchasePaid', tone: 'success' },
    rifiutato: { label: 'importCancelled', tone: 'danger' },
  },
} as const satisfies StatusSet;

/** Where a credit line stands today (`stato` of crediti_lista): only an `attiva` line is spendable. */
const creditLineState = {
  values: {
    attiva: { label: 'creditLineActive', tone: 'success' },
    scaduta: { label: 'tableExpired', tone: 'neutral' },
    futura: { label: 'creditLineFuture', tone: 'info' },
  },
} as const satisfies StatusSet;

/** The 14 movement kinds of `movement-kinds.ts`, labels as declared there. */
const movementKind: StatusSet = {
  values: Object.fromEntries(
    movementKinds.map((kind) => [String(kind.id), { label: { literal: kind.label }, tone: 'neutral' }]),
  ),
};

/** A request's stage in its life (issue 26): the employee's requests and the operator console. */
const requestStage = {
  values: {
    inviata: { label: 'requestSent', tone: 'neutral' },
    in_verifica: { label: 'requestInReview', tone: 'info' },
    documenti_richiesti: { label: 'requestDocumentsAsked', tone: 'warning' },
    approvata: { label: 'requestApproved', tone: 'info' },
    in_pagamento: { label: 'requestInPayment', tone: 'info' },
    pagata: { label: 'requestPaid', tone: 'success' },
    rifiutata: { label: 'requestRejected', tone: 'danger' },
  },
} as const satisfies StatusSet;

/** A payout batch's state (issue 26). */
const payoutBatch = {
  values: {
    aperto: { label: 'batchOpen', tone: 'warning' },
    eseguito: { label: 'batchExecuted', tone: 'success' },
    annullato: { label: 'importCancelled', tone: 'neutral' },
  },
} as const satisfies StatusSet;

export const statusSets = {
  'request-stage': requestStage,
  'payout-batch': payoutBatch,
  'import-job': importJob,
  'piattapasto-order': piattapastoOrder,
  'voucher-validity': voucherValidity,
  'notification-read': notificationRead,
  'purchase-status': purchaseStatus,
  'movement-kind': movementKind,
  'credit-line-state': creditLineState,
} as const satisfies Record<string, StatusSet>;

export type StatusSetName = keyof typeof statusSets;

export function isStatusSetName(name: string): name is StatusSetName {
  return Object.hasOwn(statusSets, name);
}
