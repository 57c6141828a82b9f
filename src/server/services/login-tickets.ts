/**
 * Check tokens (`check-token` / `check_token` of spec 000 §7): what the client holds between the
 * password step and the code step. 256-bit random, given to the client once and stored as SHA-256;
 * bound to one user and one purpose; valid 10 minutes; used once; dead after 5 wrong codes
 * (ARCHITECTURE.md §7). The e-mail code of a ticket is stored hashed with the raw token (otp.ts).
 *
 * Purposes: 'auth_otp' (TOTP login), 'mail_otp' (e-mail code login), 'enroll' (e-mailed enrolment
 * code, checked by api-token-otp-verify), 'enroll_confirm' (pending TOTP secret, api-token-confirm).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB, LoginTicketPurpose } from '../db/schema';
import { ApiError } from '../errors';
import { authRules } from './auth-rules';
import { mailCodeHash } from './otp';
import { hashToken, TOKEN_PATTERN } from './sessions';

export interface LoginTicket {
  id: number;
  userId: number;
  purpose: LoginTicketPurpose;
  codeHash: string | null;
  pendingSecret: string | null;
  ssoProvider: string | null;
  failedAttempts: number;
}

export interface IssueTicketOptions {
  userId: number;
  purpose: LoginTicketPurpose;
  /** E-mail code bound to the ticket (stored hashed). */
  code?: string | null;
  pendingSecret?: string | null;
  ssoProvider?: string | null;
  now?: Date;
}

const lifetimeMs = () => authRules.checkTokenMinutes * 60_000;

/** Creates a ticket and returns the raw check token (the only time it exists outside the client). */
export async function issueTicket(db: Kysely<DB>, options: IssueTicketOptions): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('login_tickets')
    .values({
      token_hash: hashToken(token),
      user_id: options.userId,
      purpose: options.purpose,
      code_hash: options.code ? mailCodeHash(token, options.code) : null,
      pending_secret: options.pendingSecret ?? null,
      sso_provider: options.ssoProvider ?? null,
      created_at: now,
    })
    .execute();
  // Housekeeping: tickets a day old are useless to everybody.
  await db
    .deleteFrom('login_tickets')
    .where('created_at', '<', new Date(now.getTime() - 24 * 3_600_000))
    .execute();
  return token;
}

/**
 * The live ticket of a check token for one of the purposes. Throws 400 apiCheckTokenInvalid when
 * unknown, of another purpose, used or expired, and 400 apiCheckTokenExhausted after 5 wrong codes.
 */
export async function findTicket(
  db: Kysely<DB>,
  token: string,
  purposes: readonly LoginTicketPurpose[],
  now = new Date(),
): Promise<LoginTicket> {
  const invalid = () => ApiError.of(400, 'apiCheckTokenInvalid');
  if (!TOKEN_PATTERN.test(token)) throw invalid();
  const row = await db
    .selectFrom('login_tickets')
    .select([
      'id',
      'user_id',
      'purpose',
      'code_hash',
      'pending_secret',
      'sso_provider',
      'failed_attempts',
      'created_at',
      'used_at',
    ])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || !purposes.includes(row.purpose) || row.used_at !== null) throw invalid();
  if (now.getTime() - row.created_at.getTime() > lifetimeMs()) throw invalid();
  if (row.failed_attempts >= authRules.maxWrongCodes) throw ApiError.of(400, 'apiCheckTokenExhausted');
  return {
    id: row.id,
    userId: row.user_id,
    purpose: row.purpose,
    codeHash: row.code_hash,
    pendingSecret: row.pending_secret,
    ssoProvider: row.sso_provider,
    failedAttempts: row.failed_attempts,
  };
}

/** Counts a wrong code on the ticket; true when that killed it (5 wrong codes). */
export async function recordWrongCode(db: Kysely<DB>, ticketId: number): Promise<boolean> {
  const row = await db
    .updateTable('login_tickets')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', ticketId)
    .returning('failed_attempts')
    .executeTakeFirst();
  return (row?.failed_attempts ?? authRules.maxWrongCodes) >= authRules.maxWrongCodes;
}

/**
 * Uses the ticket up (once: concurrent requests with the same token, one wins). Throws 400
 * apiCheckTokenInvalid when it was already used, expired meanwhile or killed.
 */
export async function consumeTicket(
  db: Kysely<DB> | Transaction<DB>,
  ticketId: number,
  now = new Date(),
): Promise<void> {
  const result = await db
    .updateTable('login_tickets')
    .set({ used_at: now })
    .where('id', '=', ticketId)
    .where('used_at', 'is', null)
    .where('failed_attempts', '<', authRules.maxWrongCodes)
    .where('created_at', '>', new Date(now.getTime() - lifetimeMs()))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw ApiError.of(400, 'apiCheckTokenInvalid');
}
