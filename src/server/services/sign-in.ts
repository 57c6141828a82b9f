/**
 * The sign-in flows of spec 000 §4 (Login steps, Enrolment, AUTH or MAIL codes, Single sign-on):
 *
 * 1. password (`akey`) or SSO token -> second-factor type and a check token:
 *    ENROLL_OTP (no active TOTP: an enrolment code is mailed), AUTH_OTP (active TOTP),
 *    MAIL_OTP (the user's method is e-mail: a login code is mailed); within the second factors the
 *    user's customer allows (issue 24: e-mail only -> always MAIL_OTP; app only -> never MAIL_OTP);
 * 2. AUTH_OTP / MAIL_OTP: check token + code -> session token (+ password_expired);
 * 3. ENROLL_OTP: check token + mailed code -> new check token, QR code and secret; then check token +
 *    TOTP code of that secret -> the TOTP is active, and the next sign-in answers AUTH_OTP.
 *
 * Unknown user and wrong password give the same answer after the same work (one argon2 verification);
 * every wrong password or code counts towards the account's 10 failures in 15 minutes.
 */
import { sql, type Kysely } from 'kysely';
import { findSsoProvider } from '../../../config/sso-providers';
import { formatMessage } from '../messages';
import type { DB, OtpMethod } from '../db/schema';
import { ApiError } from '../errors';
import { escapeHtml } from '../html';
import type { Mailer } from '../plugins/mail';
import { authRules } from './auth-rules';
import { beginAttempt, clearFailures, forgiveAttempt, guardedAttempt } from './login-guard';
import { consumeTicket, findTicket, issueTicket, recordWrongCode, type LoginTicket } from './login-tickets';
import {
  mailCodeMatches,
  matchTotpStep,
  newMailCode,
  newTotpSecret,
  qrCodeDataUrl,
  totpUri,
  verifyUserTotp,
  type TotpCheck,
} from './otp';
import { isPasswordExpired, PASSWORD_DIGEST, verifyPasswordDigest } from './passwords';
import { hasPasskeys } from './passkey-store';
import { createSession } from './sessions';
import type { LoginCheck, LoginToken, OtpEnrolment } from '../../../schemas/wire-types.gen';

export type OtpType = LoginCheck['type'];

export interface SignInDeps {
  db: Kysely<DB>;
  mail: Mailer;
}

export interface SignInUser {
  id: number;
  email: string;
  nome: string;
  cognome: string;
  cod_fisc: string;
  password_hash: string | null;
  pass_expiry_date: string | null;
  otp_method: OtpMethod | null;
  totp_secret: string | null;
  /** Ceased (left the company) or disabled by an operator: no sign-in of any kind. */
  closed: boolean;
  customer: string;
  /** The customer's login options (issue 24): the second factors allowed, the SSO providers trusted. */
  second_factors: OtpMethod[];
  sso_providers: string[];
}

export type CheckAnswer = LoginCheck;
export type TokenAnswer = LoginToken;

const USER_COLUMNS = [
  'u.id',
  'u.email',
  'u.nome',
  'u.cognome',
  'u.cod_fisc',
  'u.password_hash',
  'u.pass_expiry_date',
  'u.otp_method',
  'u.totp_secret',
  sql<boolean>`u.is_cessato OR u.disabled_at IS NOT NULL`.as('closed'),
  'c.slug as customer',
  'c.second_factors',
  'c.sso_providers',
] as const;

export async function findSignInUser(
  db: Kysely<DB>,
  by: { email: string } | { id: number },
): Promise<SignInUser | undefined> {
  const query = db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select(USER_COLUMNS);
  return 'email' in by
    ? query.where('u.email', '=', by.email.trim().toLowerCase()).executeTakeFirst()
    : query.where('u.id', '=', by.id).executeTakeFirst();
}

type SecondFactorOf = Pick<SignInUser, 'otp_method' | 'totp_secret' | 'second_factors'>;

/**
 * The user's second-factor type: e-mail codes, an active TOTP, or not enrolled yet, as far as the
 * customer allows: without the app, always e-mail codes (an enrolled app is not asked for); without
 * e-mail, an e-mail user enrols the app. The user's own method is kept for when both are allowed.
 */
export function otpTypeOf(user: SecondFactorOf): OtpType {
  const totp = user.second_factors.includes('totp');
  const email = user.second_factors.includes('email');
  if (!totp) return 'MAIL_OTP';
  if (user.otp_method === 'email' && email) return 'MAIL_OTP';
  if (user.otp_method === 'totp' && user.totp_secret) return 'AUTH_OTP';
  return 'ENROLL_OTP';
}

export function hasActiveTotp(user: SecondFactorOf): boolean {
  return otpTypeOf(user) === 'AUTH_OTP';
}

/** `akey` = base64url of the UTF-8 JSON {"username": e-mail, "password": hex SHA-256}; 400 otherwise. */
export function parseAkey(akey: string): { username: string; password: string } {
  const invalid = () => new ApiError(400, { akey: [formatMessage('apiAkeyInvalid')] });
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(akey) || akey.length > 4096) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(akey, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  const { username, password } = value as Record<string, unknown>;
  if (typeof username !== 'string' || typeof password !== 'string') throw invalid();
  const email = username.trim().toLowerCase();
  const digest = password.trim().toLowerCase();
  if (email.length === 0 || email.length > 254 || !PASSWORD_DIGEST.test(digest)) throw invalid();
  // Decoded here, so the API-wide NUL check of plugins/text-guard.ts never saw it.
  if (email.includes('\u0000')) throw new ApiError(400, { akey: [formatMessage('apiTextNul')] });
  return { username: email, password: digest };
}

function credentialsInvalid(): ApiError {
  return new ApiError(400, { non_field_errors: [formatMessage('apiCredentialsInvalid')] });
}

/** Plain text and HTML of a short mail: greeting, paragraphs, optional link, signature. */
export function composeMail(name: string, paragraphs: string[], link?: string) {
  const greeting = formatMessage('apiMailGreeting', { name });
  const signature = formatMessage('apiMailSignature');
  const text = [greeting, ...paragraphs, ...(link ? [link] : []), signature].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
    `<p>${escapeHtml(signature)}</p>`,
  ].join('\n');
  return { text, html };
}

async function mailCode(mail: Mailer, user: SignInUser, code: string, enrolment: boolean): Promise<void> {
  const minutes = authRules.checkTokenMinutes;
  const body = formatMessage(enrolment ? 'apiMailEnrolCodeText' : 'apiMailLoginCodeText', { code, minutes });
  await mail.send({
    to: user.email,
    subject: formatMessage(enrolment ? 'apiMailEnrolCodeSubject' : 'apiMailLoginCodeSubject'),
    ...composeMail(`${user.nome} ${user.cognome}`, [body]),
  });
}

/** Step 1 after the first factor: a check token for the user's second factor (mailing a code if needed). */
export async function startSecondFactor(
  deps: SignInDeps,
  user: SignInUser,
  options: { now?: Date; ssoProvider?: string | null } = {},
): Promise<CheckAnswer> {
  const type = otpTypeOf(user);
  const base = { userId: user.id, ssoProvider: options.ssoProvider ?? null, now: options.now };
  // Besides the code, a user with a passkey may use it (issue 28): said with `passkey: true`.
  const passkey =
    type !== 'ENROLL_OTP' && (await hasPasskeys(deps.db, user.id)) ? { passkey: true as const } : {};
  if (type === 'AUTH_OTP') {
    return { type, 'check-token': await issueTicket(deps.db, { ...base, purpose: 'auth_otp' }), ...passkey };
  }
  const code = newMailCode();
  const purpose = type === 'MAIL_OTP' ? 'mail_otp' : 'enroll';
  const token = await issueTicket(deps.db, { ...base, purpose, code });
  await mailCode(deps.mail, user, code, type === 'ENROLL_OTP');
  return { type, 'check-token': token, ...passkey };
}

/** POST api-token-ckey: checks `akey` and starts the second factor. */
export async function signInWithPassword(
  deps: SignInDeps,
  akey: string,
  now = new Date(),
): Promise<CheckAnswer> {
  const credentials = parseAkey(akey);
  const user = await guardedAttempt(
    deps.db,
    credentials.username,
    async () => {
      const found = await findSignInUser(deps.db, { email: credentials.username });
      const matches = await verifyPasswordDigest(found?.password_hash ?? null, credentials.password);
      return matches && found && !found.closed ? found : false;
    },
    now,
  );
  if (!user) throw credentialsInvalid();
  return startSecondFactor(deps, user, { now });
}

/** Refuses (429) when the account is locked, without counting an attempt. */
export async function ensureNotLocked(db: Kysely<DB>, email: string, now = new Date()): Promise<void> {
  await forgiveAttempt(db, await beginAttempt(db, email, now));
}

/** The second factor a ticket stands for (enrolment mails a code, but to set up the app). */
const TICKET_FACTOR: Record<LoginTicket['purpose'], OtpMethod> = {
  auth_otp: 'totp',
  mail_otp: 'email',
  enroll: 'totp',
  enroll_confirm: 'totp',
};

/**
 * The live user of a ticket; a ticket of a closed account is no ticket, nor one that the customer's
 * login options no longer allow (changed by a provisioning since the ticket was issued).
 */
export async function ticketUser(db: Kysely<DB>, ticket: LoginTicket): Promise<SignInUser> {
  const user = await findSignInUser(db, { id: ticket.userId });
  if (!user || user.closed) throw ApiError.of(400, 'apiCheckTokenInvalid');
  if (!user.second_factors.includes(TICKET_FACTOR[ticket.purpose]))
    throw ApiError.of(400, 'apiCheckTokenInvalid');
  if (ticket.ssoProvider !== null && !user.sso_providers.includes(ticket.ssoProvider))
    throw ApiError.of(400, 'apiCheckTokenInvalid');
  return user;
}

/** A wrong code: counted on the ticket (5 kill it) and answered. */
async function wrongCode(db: Kysely<DB>, ticket: LoginTicket, check: TotpCheck = 'invalid'): Promise<never> {
  if (await recordWrongCode(db, ticket.id)) throw ApiError.of(400, 'apiCheckTokenExhausted');
  throw new ApiError(400, {
    otp: [formatMessage(check === 'replayed' ? 'apiOtpReplayed' : 'apiOtpInvalid')],
  });
}

/**
 * The session at the end of a sign-in; the account's failures are cleared. `secondFactor`: the session
 * was opened through a code or a passkey (not a signed link), so it may register passkeys (issue 28).
 */
export async function completeSignIn(
  db: Kysely<DB>,
  user: Pick<SignInUser, 'id' | 'email' | 'pass_expiry_date'>,
  now = new Date(),
  options: { secondFactor?: boolean } = {},
): Promise<TokenAnswer> {
  const token = await createSession(db, user.id, { at: now, secondFactor: options.secondFactor ?? false });
  await clearFailures(db, user.email);
  return { token, password_expired: isPasswordExpired(user.pass_expiry_date, now) };
}

/** POST api-token-otp: the code of an AUTH_OTP or MAIL_OTP check token -> session. */
export async function signInWithCode(
  deps: SignInDeps,
  input: { check_token: string; otp: string; sso_provider_slug?: string },
  now = new Date(),
): Promise<TokenAnswer> {
  const { db } = deps;
  const ticket = await findTicket(db, input.check_token, ['auth_otp', 'mail_otp'], now);
  const slug = input.sso_provider_slug?.trim();
  if (slug && (!findSsoProvider(slug) || (ticket.ssoProvider !== null && ticket.ssoProvider !== slug))) {
    throw new ApiError(400, { sso_provider_slug: [formatMessage('apiSsoProviderInvalid')] });
  }
  const user = await ticketUser(db, ticket);
  // A provider the user's customer does not trust is no provider of hers (issue 24).
  if (slug && !user.sso_providers.includes(slug))
    throw new ApiError(400, { sso_provider_slug: [formatMessage('apiSsoProviderInvalid')] });
  const outcome: { totp: TotpCheck } = { totp: 'invalid' };
  const ok = await guardedAttempt(
    db,
    user.email,
    async () => {
      if (ticket.purpose === 'mail_otp')
        return mailCodeMatches(input.check_token, input.otp, ticket.codeHash);
      if (!user.totp_secret) return false;
      outcome.totp = await verifyUserTotp(db, user.id, user.totp_secret, input.otp, now);
      return outcome.totp === 'ok';
    },
    now,
  );
  if (!ok) return wrongCode(db, ticket, outcome.totp);
  await consumeTicket(db, ticket.id, now);
  return completeSignIn(db, user, now, { secondFactor: true });
}

export type EnrolmentAnswer = OtpEnrolment;

/** POST api-token-otp-verify: the mailed enrolment code -> a new check token, the secret and its QR code. */
export async function verifyEnrolmentCode(
  deps: SignInDeps,
  input: { check_token: string; otp: string },
  now = new Date(),
): Promise<EnrolmentAnswer> {
  const { db } = deps;
  const ticket = await findTicket(db, input.check_token, ['enroll'], now);
  const user = await ticketUser(db, ticket);
  const ok = await guardedAttempt(
    db,
    user.email,
    async () => mailCodeMatches(input.check_token, input.otp, ticket.codeHash),
    now,
  );
  if (!ok) return wrongCode(db, ticket);
  await consumeTicket(db, ticket.id, now);
  const secret = newTotpSecret();
  const checkToken = await issueTicket(db, {
    userId: user.id,
    purpose: 'enroll_confirm',
    pendingSecret: secret,
    ssoProvider: ticket.ssoProvider,
    now,
  });
  return { check_token: checkToken, qr_code: await qrCodeDataUrl(totpUri(user.email, secret)), secret };
}

/** POST api-token-confirm: a TOTP code of the pending secret activates it. */
export async function confirmEnrolment(
  deps: SignInDeps,
  input: { check_token: string; otp: string },
  now = new Date(),
): Promise<{ detail: string }> {
  const { db } = deps;
  const ticket = await findTicket(db, input.check_token, ['enroll_confirm'], now);
  const user = await ticketUser(db, ticket);
  const secret = ticket.pendingSecret;
  if (!secret) throw ApiError.of(400, 'apiCheckTokenInvalid');
  const step = matchTotpStep(secret, input.otp, now);
  if (step === null) return wrongCode(db, ticket);
  await db.transaction().execute(async (trx) => {
    await consumeTicket(trx, ticket.id, now);
    // The confirming code's step counts as used: it cannot sign in afterwards.
    await trx
      .updateTable('users')
      .set({ totp_secret: secret, otp_method: 'totp', totp_last_step: step })
      .where('id', '=', user.id)
      .execute();
  });
  return { detail: formatMessage('enrolCompleted') };
}

/**
 * POST api-token-ssocp: the user of a verified SSO token -> check token (AUTH_OTP or MAIL_OTP only).
 * A provider her customer does not trust (issue 24) is answered as an invalid token: the answer does
 * not tell whether the address has an account, nor which customer's.
 */
export async function signInWithSso(
  deps: SignInDeps,
  user: SignInUser | undefined,
  provider: string,
  now = new Date(),
): Promise<CheckAnswer> {
  if (!user || user.closed || !user.sso_providers.includes(provider))
    throw ApiError.of(400, 'apiSsoTokenInvalid');
  if (otpTypeOf(user) === 'ENROLL_OTP') throw ApiError.of(400, 'apiSsoEnrolmentRequired');
  await ensureNotLocked(deps.db, user.email, now);
  return startSecondFactor(deps, user, { now, ssoProvider: provider });
}
