/**
 * Errors that carry their HTTP answer. Services throw them; the one error handler
 * (plugins/error-handler.ts) turns them into the API error shape of ARCHITECTURE.md §5.
 */
import { formatMessage, type MessageKey, type ServerMessageArgs } from './messages';

export type FieldErrors = Record<string, string[]>;
export type ErrorBody = { detail: string } | FieldErrors;

export class ApiError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: ErrorBody | string, headers: Record<string, string> = {}) {
    const normalized = typeof body === 'string' ? { detail: body } : body;
    super(typeof body === 'string' ? body : JSON.stringify(normalized));
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.body = normalized;
    this.headers = headers;
  }

  /** An error whose text is a catalogue message. */
  static of<K extends MessageKey>(statusCode: number, key: K, ...params: ServerMessageArgs<K>): ApiError {
    return new ApiError(statusCode, formatMessage(key, ...params));
  }
}

/** The user's spendable credit does not cover the amount (409). */
export class InsufficientCreditError extends ApiError {
  constructor() {
    super(409, formatMessage('apiInsufficientCredit'));
    this.name = 'InsufficientCreditError';
  }
}

/** A purchase cannot move to the requested state from its current one (409). */
export class PurchaseStateError extends ApiError {
  constructor(readonly currentStatus: string) {
    super(409, formatMessage('apiPurchaseStateInvalid'));
    this.name = 'PurchaseStateError';
  }
}

/** Same Idempotency-Key while the first request is still running (409). */
export class IdempotencyInFlightError extends ApiError {
  constructor() {
    super(409, formatMessage('apiIdempotencyInFlight'));
    this.name = 'IdempotencyInFlightError';
  }
}

/** Same Idempotency-Key with a different request (422). */
export class IdempotencyMismatchError extends ApiError {
  constructor() {
    super(422, formatMessage('apiIdempotencyMismatch'));
    this.name = 'IdempotencyMismatchError';
  }
}
