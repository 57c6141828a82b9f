/**
 * Passwords (ARCHITECTURE.md §5, §7; spec 000 §5): the client never sends the sign-in password in
 * clear, only its lower-case hex SHA-256 inside `akey`; the server stores argon2id of that digest.
 * For a new password the client sends the plain text, so that the policy is checked here too; it is
 * then stored the same way, argon2id(sha256hex(password)).
 *
 * Policy: 8-32 characters, a lower-case letter, an upper-case letter and a digit, the confirmation
 * equal, and none of the last 5 passwords (the current one included). A changed password expires
 * after 90 days; a change revokes the user's sessions (all of them, or all but the caller's).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { Kysely, Transaction } from 'kysely';
import { constants } from '../../../config/constants';
import { formatMessage } from '../messages';
import type { DB } from '../db/schema';
import { ApiError, type FieldErrors } from '../errors';
import { authRules } from './auth-rules';
import { addDays, romeDate } from './calendar';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, ...authRules.argon2 };

/** Lower-case hex SHA-256 of a text: what the client sends as the password. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export const PASSWORD_DIGEST = /^[0-9a-f]{64}$/;

/** argon2id of a password digest (the lower-case hex SHA-256 of the password). */
export function hashPasswordDigest(digest: string): Promise<string> {
  return hash(digest, ARGON2_OPTIONS);
}

/** argon2id(sha256hex(password)): the stored form of a plain password. */
export function hashPassword(plain: string): Promise<string> {
  return hashPasswordDigest(sha256Hex(plain));
}

let dummyHash: Promise<string> | undefined;

/**
 * True when the digest matches the stored hash. Always runs one argon2 verification, against a
 * dummy hash when the account has none (or does not exist), so that the answer takes the same time.
 */
export async function verifyPasswordDigest(
  stored: string | null | undefined,
  digest: string,
): Promise<boolean> {
  dummyHash ??= hashPasswordDigest(randomBytes(32).toString('hex'));
  const target = stored ?? (await dummyHash);
  try {
    const ok = await verify(target, digest);
    return ok && stored !== null && stored !== undefined;
  } catch {
    // A malformed stored hash is a wrong password, not a crash.
    return false;
  }
}

/** The new-password rules broken by `password` (spec texts), in order. */
export function newPasswordProblems(password: string): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < constants.passwordMinLength || length > constants.passwordMaxLength) {
    problems.push(formatMessage('passwordLength', { n: length }));
  }
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    problems.push(formatMessage('passwordComplexity'));
  }
  return problems;
}

/** Field errors of a new password and its confirmation (`new_passwd`, `passwd_confirm`), empty if fine. */
export function newPasswordErrors(newPasswd: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  const problems = newPasswordProblems(newPasswd);
  if (problems.length > 0) errors.new_passwd = problems;
  if (newPasswd !== confirm) errors.passwd_confirm = [formatMessage('passwordMismatch')];
  return errors;
}

/** True when the password expiry day ('YYYY-MM-DD', Rome) is before today. */
export function isPasswordExpired(passExpiryDate: string | null, now = new Date()): boolean {
  return passExpiryDate !== null && passExpiryDate < romeDate(now);
}

/** True when `plain` is one of the user's last 5 passwords (the current one included). */
export async function isRecentPassword(db: Kysely<DB>, userId: number, plain: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  const history = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(authRules.passwordHistory)
    .execute();
  const hashes = [
    ...new Set([
      ...history.map((h) => h.password_hash),
      ...(user?.password_hash ? [user.password_hash] : []),
    ]),
  ].slice(0, authRules.passwordHistory);
  const digest = sha256Hex(plain);
  const matches = await Promise.all(hashes.map((h) => verify(h, digest).catch(() => false)));
  return matches.some(Boolean);
}

export interface ChangePasswordOptions {
  now?: Date;
  /** Sessions to revoke: every one (reset by link), or every one but this (change while logged in). */
  keepSessionId?: number | null;
  /** Runs first inside the transaction (e.g. claims the reset link); throwing aborts the change. */
  inTransaction?: (trx: Transaction<DB>) => Promise<void>;
}

/** Writes a new password hash with its history and expiry, inside a transaction. */
export async function storePasswordHash(
  trx: Transaction<DB> | Kysely<DB>,
  userId: number,
  passwordHash: string,
  passExpiryDate: string | null,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, pass_expiry_date: passExpiryDate })
    .where('id', '=', userId)
    .execute();
  await trx
    .insertInto('password_history')
    .values({ user_id: userId, password_hash: passwordHash, created_at: now })
    .execute();
  const keep = await trx
    .selectFrom('password_history')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(authRules.passwordHistory)
    .execute();
  await trx
    .deleteFrom('password_history')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      keep.map((k) => k.id),
    )
    .execute();
}

/**
 * Sets a new password (the policy already checked by the caller with `newPasswordErrors`): refuses one
 * of the last 5 (`{"new_passwd": [...]}`), stores argon2id, sets the expiry 90 days ahead, revokes
 * sessions. Returns the new `pass_expiry_date`.
 */
export async function changePassword(
  db: Kysely<DB>,
  userId: number,
  plain: string,
  options: ChangePasswordOptions = {},
): Promise<string> {
  const now = options.now ?? new Date();
  if (await isRecentPassword(db, userId, plain)) {
    throw new ApiError(400, { new_passwd: [formatMessage('apiPasswordReused')] });
  }
  const passwordHash = await hashPassword(plain);
  const passExpiryDate = addDays(romeDate(now), authRules.passwordLifetimeDays);
  await db.transaction().execute(async (trx) => {
    if (options.inTransaction) await options.inTransaction(trx);
    await storePasswordHash(trx, userId, passwordHash, passExpiryDate, now);
    let revoke = trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (options.keepSessionId != null) revoke = revoke.where('id', '!=', options.keepSessionId);
    await revoke.execute();
  });
  return passExpiryDate;
}
