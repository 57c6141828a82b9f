/**
 * Password reset links (spec 000 §2 Password page, §5 Password reset, §7; ARCHITECTURE.md §7):
 * `password_lost` and `password_expired_renew` always answer the same, whether the e-mail exists or
 * not; for an existing, active account they mail `<base>/password-lost/<customer>/<token>` (resp.
 * `/password-expired/...`). The token is 256-bit random, stored as its SHA-256, valid 1 hour, used
 * once, bound to its kind, and dead after 5 wrong second factors; at most 5 links per user and hour
 * (more requests are answered the same and mail nothing).
 *
 * The link base is the caller's `interface_url` only when it is an http(s) URL of PUBLIC_URL's origin
 * (or of localhost in demo mode), otherwise PUBLIC_URL: a mailed link never points elsewhere.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { screenConstants } from '../../../config/screen-constants';
import { formatMessage } from '../messages';
import type { DB, PasswordResetKind } from '../db/schema';
import { ApiError, type FieldErrors } from '../errors';
import type { Mailer } from '../plugins/mail';
import { authRules } from './auth-rules';
import { clearFailures, guardedAttempt } from './login-guard';
import { verifyUserTotp, type TotpCheck } from './otp';
import { changePassword, newPasswordErrors } from './passwords';
import { hashToken, TOKEN_PATTERN } from './sessions';
import { composeMail, findSignInUser, hasActiveTotp } from './sign-in';

export interface ResetLinkOptions {
  publicUrl: string | null;
  demo: boolean;
  /** Port of this server: the base of links when there is no PUBLIC_URL. */
  port: number;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const CUSTOMER = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Where mailed links point: PUBLIC_URL, or the caller's interface when it is allowed (see above). */
export function linkBase(interfaceUrl: string | null | undefined, options: ResetLinkOptions): string {
  const fallback = options.publicUrl ?? `http://localhost:${options.port}`;
  if (!interfaceUrl) return fallback;
  let url: URL;
  try {
    url = new URL(interfaceUrl);
  } catch {
    return fallback;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    return fallback;
  if (options.publicUrl && url.origin === new URL(options.publicUrl).origin) return options.publicUrl;
  if (options.demo && LOCAL_HOSTS.has(url.hostname)) return url.origin;
  return fallback;
}

const lifetimeMs = () => authRules.resetLinkMinutes * 60_000;

/**
 * Creates a reset link for the user of `email` (if any, and active) and mails it. Resolves the same
 * way whether the user exists or not; the caller answers the same in both cases.
 */
export async function requestPasswordReset(
  deps: { db: Kysely<DB>; mail: Mailer },
  input: { email: string; customer?: string | null; interfaceUrl?: string | null; kind: PasswordResetKind },
  options: ResetLinkOptions & { now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const user = await findSignInUser(deps.db, { email: input.email });
  if (!user || user.closed) return;
  // Housekeeping: links a day old are useless to everybody.
  await deps.db
    .deleteFrom('password_resets')
    .where('created_at', '<', new Date(now.getTime() - 24 * 3_600_000))
    .execute();
  const recent = await deps.db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', user.id)
    .where('created_at', '>', new Date(now.getTime() - 3_600_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= authRules.maxResetLinksPerHour) return;
  const token = randomBytes(32).toString('base64url');
  await deps.db
    .insertInto('password_resets')
    .values({ token_hash: hashToken(token), user_id: user.id, kind: input.kind, created_at: now })
    .execute();
  const requested = input.customer?.trim().toLowerCase() ?? '';
  const customer = CUSTOMER.test(requested) ? requested : user.customer;
  const page = input.kind === 'lost' ? 'password-lost' : 'password-expired';
  const link = `${linkBase(input.interfaceUrl, options)}/${page}/${encodeURIComponent(customer)}/${token}`;
  const lost = input.kind === 'lost';
  await deps.mail.send({
    to: user.email,
    subject: formatMessage(lost ? 'apiMailPasswordLostSubject' : 'apiMailPasswordExpiredSubject'),
    ...composeMail(
      `${user.nome} ${user.cognome}`,
      [
        formatMessage(lost ? 'apiMailPasswordLostText' : 'apiMailPasswordExpiredText', {
          minutes: authRules.resetLinkMinutes,
        }),
      ],
      link,
    ),
  });
}

export interface PasswordReset {
  id: number;
  userId: number;
}

function linkInvalid(): ApiError {
  return ApiError.of(404, 'apiPasswordLinkInvalid');
}

/** The live reset of a link token of this kind; 404 when unknown, used, expired or dead. */
export async function findReset(
  db: Kysely<DB>,
  token: string,
  kind: PasswordResetKind,
  now = new Date(),
): Promise<PasswordReset> {
  if (!TOKEN_PATTERN.test(token)) throw linkInvalid();
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'kind', 'created_at', 'used_at', 'failed_attempts'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.kind !== kind || row.used_at !== null) throw linkInvalid();
  if (now.getTime() - row.created_at.getTime() > lifetimeMs()) throw linkInvalid();
  if (row.failed_attempts >= authRules.maxWrongCodes) throw linkInvalid();
  return { id: row.id, userId: row.user_id };
}

/** Counts a wrong second factor on the link. */
export async function recordResetFailure(db: Kysely<DB>, resetId: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', resetId)
    .execute();
}

/**
 * Uses the link up, inside the password change's transaction (once: a concurrent use fails with 404),
 * and every other open link of the user with it.
 */
export async function claimReset(
  trx: Transaction<DB>,
  reset: PasswordReset,
  now = new Date(),
): Promise<void> {
  const result = await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', reset.id)
    .where('used_at', 'is', null)
    .where('failed_attempts', '<', authRules.maxWrongCodes)
    .where('created_at', '>', new Date(now.getTime() - lifetimeMs()))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw linkInvalid();
  await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', reset.userId)
    .where('used_at', 'is', null)
    .execute();
}

export interface ResetInput {
  new_passwd: string;
  passwd_confirm: string;
  otp?: string;
  cod_fisc?: string;
}

/** GET password_*_reset/{token}: how the link asks for the second proof. */
export async function resetMethod(
  db: Kysely<DB>,
  token: string,
  kind: PasswordResetKind,
  now = new Date(),
): Promise<{ auth_method: 'otp' | 'cod_fisc' }> {
  const reset = await findReset(db, token, kind, now);
  const user = await findSignInUser(db, { id: reset.userId });
  if (!user || user.closed) throw linkInvalid();
  return { auth_method: hasActiveTotp(user) ? 'otp' : 'cod_fisc' };
}

/**
 * POST password_*_reset/{token}: checks the new password (policy, then the second proof: TOTP code or
 * tax code, counted as a sign-in attempt), then changes it, uses the link up and revokes every session.
 */
export async function completePasswordReset(
  db: Kysely<DB>,
  token: string,
  kind: PasswordResetKind,
  input: ResetInput,
  now = new Date(),
): Promise<{ pass_expiry_date: string }> {
  const reset = await findReset(db, token, kind, now);
  const user = await findSignInUser(db, { id: reset.userId });
  if (!user || user.closed) throw linkInvalid();
  const usesOtp = hasActiveTotp(user);

  const errors: FieldErrors = newPasswordErrors(input.new_passwd, input.passwd_confirm);
  if (usesOtp && !input.otp?.trim()) errors.otp = [formatMessage('apiValidationRequired')];
  const taxCode = input.cod_fisc ?? '';
  if (!usesOtp && (taxCode.length !== screenConstants.taxCodeLength || /\s/.test(taxCode))) {
    errors.cod_fisc = [formatMessage('passwordTaxCodeLength')];
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);

  const outcome: { totp: TotpCheck } = { totp: 'invalid' };
  const proven = await guardedAttempt(
    db,
    user.email,
    async () => {
      if (!usesOtp) return taxCode.toUpperCase() === user.cod_fisc.toUpperCase();
      outcome.totp = await verifyUserTotp(db, user.id, user.totp_secret ?? '', input.otp ?? '', now);
      return outcome.totp === 'ok';
    },
    now,
  );
  if (!proven) {
    await recordResetFailure(db, reset.id);
    if (!usesOtp) throw new ApiError(400, { cod_fisc: [formatMessage('apiTaxCodeMismatch')] });
    throw new ApiError(400, {
      otp: [formatMessage(outcome.totp === 'replayed' ? 'apiOtpReplayed' : 'apiOtpInvalid')],
    });
  }

  const passExpiryDate = await changePassword(db, user.id, input.new_passwd, {
    now,
    keepSessionId: null,
    inTransaction: (trx) => claimReset(trx, reset, now),
  });
  await clearFailures(db, user.email);
  return { pass_expiry_date: passExpiryDate };
}
