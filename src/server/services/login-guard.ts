/**
 * At most 10 failed sign-ins per account in 15 minutes (ARCHITECTURE.md §7), then 429 with an Italian
 * message, even with the right password. The account is the hex SHA-256 of the lower-case e-mail,
 * whether a user has it or not: an unknown address is limited exactly like a known one, so the limit
 * tells nothing about which addresses exist.
 *
 * An attempt is recorded as a failure *before* it is checked (`beginAttempt`) and forgiven when it
 * succeeds (`forgiveAttempt`): concurrent attempts cannot slip past the limit together. A completed
 * sign-in clears the account's failures (`clearFailures`).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatMessage } from '../messages';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { waitText } from '../plugins/rate-limit';
import { authRules } from './auth-rules';

export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

const windowMs = () => authRules.failedLoginWindowMinutes * 60_000;

/** The 429 error, with how long to wait until the oldest counted failure leaves the window. */
function lockedError(retryAtMs: number, now: Date): ApiError {
  const ms = Math.max(1000, retryAtMs - now.getTime());
  return new ApiError(429, formatMessage('apiLoginLocked', { after: waitText(ms) }), {
    'retry-after': String(Math.ceil(ms / 1000)),
  });
}

/**
 * Records an attempt as failed and returns its id; throws 429 (removing the record: refused attempts do
 * not lengthen the lock) when the account already has 10 failures in the window.
 */
export async function beginAttempt(db: Kysely<DB>, email: string, now = new Date()): Promise<number> {
  const account = accountKey(email);
  const since = new Date(now.getTime() - windowMs());
  // Housekeeping: failures that left the window count for nobody (any account).
  await db.deleteFrom('login_failures').where('created_at', '<=', since).execute();
  const row = await db
    .insertInto('login_failures')
    .values({ account, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recent = await db
    .selectFrom('login_failures')
    .select(['id', 'created_at'])
    .where('account', '=', account)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (recent.length > authRules.maxFailedLogins) {
    await db.deleteFrom('login_failures').where('id', '=', row.id).execute();
    const others = recent.filter((r) => r.id !== row.id);
    // Below the limit again when the 10th most recent failure leaves the window.
    const pivot = others[authRules.maxFailedLogins - 1] ?? others[others.length - 1];
    throw lockedError((pivot?.created_at.getTime() ?? now.getTime()) + windowMs(), now);
  }
  return row.id;
}

/** The attempt succeeded: it is not a failure. */
export async function forgiveAttempt(db: Kysely<DB>, attemptId: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', attemptId).execute();
}

/** A completed sign-in (or password reset) clears the account's failures. */
export async function clearFailures(db: Kysely<DB>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', accountKey(email)).execute();
}

/**
 * Runs `check` as one attempt for the account: a failure (check returns false) stays recorded, a
 * success is forgiven. Throws 429 when the account is locked.
 */
export async function guardedAttempt<T>(
  db: Kysely<DB>,
  email: string,
  check: () => Promise<T | false>,
  now = new Date(),
): Promise<T | false> {
  const attemptId = await beginAttempt(db, email, now);
  let result: T | false = false;
  try {
    result = await check();
  } finally {
    if (result !== false) await forgiveAttempt(db, attemptId);
  }
  return result;
}
