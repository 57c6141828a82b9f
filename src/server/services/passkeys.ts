/**
 * Passkeys (WebAuthn) as second factor (issue 28), with @simplewebauthn/server:
 *
 * - registration, from the profile: options (a challenge bound to the session, 5 minutes, one use) and
 *   the attestation ('none'), verified and stored with its name; only a session opened through a
 *   second factor may register (not one of a signed link);
 * - sign-in, after the password: with the check token of AUTH_OTP / MAIL_OTP, options (a challenge
 *   bound to the ticket, the user's passkeys) and the assertion, verified against the stored public
 *   key and counter. A wrong, foreign or replayed assertion counts as a wrong code on the ticket (5 kill
 *   it) and as a failed sign-in of the account (the lockout of ARCHITECTURE.md §7).
 *
 * The relying party comes from PUBLIC_URL (RP ID its host name, origin its origin). Without it (local
 * use, the demo) the RP ID is `localhost` and any http(s)://localhost:<port> origin is accepted: the
 * browser never lets another site use a credential of that RP ID.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import { guardedAttempt } from './login-guard';
import { consumeTicket, findTicket, recordWrongCode, type LoginTicket } from './login-tickets';
import { passkeyOf } from './passkey-store';
import type { SessionUser } from './sessions';
import { completeSignIn, ticketUser, type TokenAnswer } from './sign-in';
import type {
  Passkey,
  PasskeyLoginOptions,
  PasskeyRegistrationOptions,
} from '../../../schemas/wire-types.gen';

/** How long a challenge is good for, and the browser's own timeout. */
export const CHALLENGE_MINUTES = 5;
const TIMEOUT_MS = 120_000;
/** The most passkeys one user may register. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 64;

export interface RelyingParty {
  /** The RP ID: the host name of PUBLIC_URL, else `localhost`. */
  id: string;
  /** Whether a page of this origin may use the passkeys. */
  allowsOrigin(origin: string): boolean;
}

const LOCAL_PROTOCOLS = new Set(['http:', 'https:']);

/** The relying party of an installation: PUBLIC_URL's host and origin, or localhost without it. */
export function relyingParty(publicUrl: string | null): RelyingParty {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { id: url.hostname, allowsOrigin: (origin) => origin === url.origin };
  }
  return {
    id: 'localhost',
    allowsOrigin(origin) {
      try {
        const url = new URL(origin);
        return LOCAL_PROTOCOLS.has(url.protocol) && url.hostname === 'localhost' && url.origin === origin;
      } catch {
        return false;
      }
    },
  };
}

/** `challenge` and `origin` of a response's clientDataJSON; null when it cannot be read. */
function clientData(encoded: string): { challenge: string; origin: string } | null {
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof value.challenge !== 'string' || typeof value.origin !== 'string') return null;
    return { challenge: value.challenge, origin: value.origin };
  } catch {
    return null;
  }
}

const lifetimeMs = () => CHALLENGE_MINUTES * 60_000;

async function storeChallenge(
  db: Kysely<DB>,
  values: { userId: number; ticketId?: number; sessionId?: number },
  now: Date,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = randomBytes(32);
  // Housekeeping: challenges older than their lifetime are useless to everybody.
  await db
    .deleteFrom('passkey_challenges')
    .where('created_at', '<', new Date(now.getTime() - lifetimeMs()))
    .execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      user_id: values.userId,
      ticket_id: values.ticketId ?? null,
      session_id: values.sessionId ?? null,
      // As the browser hands it back in clientDataJSON.
      challenge: bytes.toString('base64url'),
      created_at: now,
    })
    .execute();
  return new Uint8Array(bytes);
}

/**
 * Uses up the challenge (once: of two concurrent requests with it, one wins) if it was handed out for
 * this ticket or session and is still fresh; false otherwise.
 */
async function useChallenge(
  db: Kysely<DB>,
  challenge: string,
  owner: { ticketId: number } | { sessionId: number },
  userId: number,
  now: Date,
): Promise<boolean> {
  let query = db
    .updateTable('passkey_challenges')
    .set({ used_at: now })
    .where('challenge', '=', challenge)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('created_at', '>', new Date(now.getTime() - lifetimeMs()));
  query =
    'ticketId' in owner
      ? query.where('ticket_id', '=', owner.ticketId)
      : query.where('session_id', '=', owner.sessionId);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ---------------------------------------------------------------------------------------------
// Registration (profile)

/** Refuses (403) a session not opened through a second factor. */
async function requireSecondFactorSession(db: Kysely<DB>, session: SessionUser): Promise<void> {
  const row = await db
    .selectFrom('sessions')
    .select('second_factor')
    .where('id', '=', session.sessionId)
    .executeTakeFirst();
  if (!row?.second_factor) throw ApiError.of(403, 'apiPasskeySecondFactorRequired');
}

async function ensureRoom(db: Kysely<DB>, userId: number): Promise<void> {
  const { count } = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_PASSKEYS)
    throw new ApiError(409, formatMessage('apiPasskeyTooMany', { max: MAX_PASSKEYS }));
}

/** POST passkeys/opzioni: the options of navigator.credentials.create for the signed-in user. */
export async function passkeyRegistrationOptions(
  db: Kysely<DB>,
  session: SessionUser,
  rp: RelyingParty,
  now = new Date(),
): Promise<PasskeyRegistrationOptions> {
  await requireSecondFactorSession(db, session);
  await ensureRoom(db, session.userId);
  const user = await db
    .selectFrom('users')
    .select(['email', 'nome', 'cognome'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', session.userId)
    .execute();
  const challenge = await storeChallenge(db, { userId: session.userId, sessionId: session.sessionId }, now);
  const options = await generateRegistrationOptions({
    rpName: formatMessage('apiDeliveredSender'),
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.nome} ${user.cognome}`.trim() || user.email,
    // A stable handle that tells nothing about the person: the account's number.
    userID: new TextEncoder().encode(String(session.userId)),
    challenge,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return options as PasskeyRegistrationOptions;
}

/** The name of a passkey: trimmed, 1-64 characters, no control characters (400 `nome` otherwise). */
function passkeyName(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed === '' || trimmed.length > PASSKEY_NAME_MAX || /[\u0000-\u001f\u007f]/.test(trimmed))
    throw new ApiError(400, { nome: [formatMessage('apiPasskeyNameInvalid', { max: PASSKEY_NAME_MAX })] });
  return trimmed;
}

/** POST passkeys: verifies the attestation against the session's challenge and stores the passkey. */
export async function registerPasskey(
  db: Kysely<DB>,
  session: SessionUser,
  input: { nome: string; response: RegistrationResponseJSON },
  rp: RelyingParty,
  now = new Date(),
): Promise<Passkey> {
  const name = passkeyName(input.nome);
  await requireSecondFactorSession(db, session);
  const invalid = () => ApiError.of(400, 'apiPasskeyRegistrationInvalid');
  const data = clientData(input.response.response.clientDataJSON);
  if (!data || !rp.allowsOrigin(data.origin)) throw invalid();
  if (!(await useChallenge(db, data.challenge, { sessionId: session.sessionId }, session.userId, now)))
    throw ApiError.of(400, 'apiPasskeyReplayed');
  let credential;
  try {
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: data.challenge,
      expectedOrigin: data.origin,
      expectedRPID: rp.id,
      // A second factor after the password: presence is enough, verification is welcome.
      requireUserVerification: false,
    });
    if (!verification.verified) throw invalid();
    credential = verification.registrationInfo.credential;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalid();
  }
  await ensureRoom(db, session.userId);
  const row = await db
    .insertInto('passkeys')
    .values({
      user_id: session.userId,
      credential_id: credential.id,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: (credential.transports ?? []).filter((t) => typeof t === 'string').slice(0, 8),
      name,
      created_at: now,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
  if (!row) throw ApiError.of(409, 'apiPasskeyDuplicate');
  return passkeyOf(row);
}

/** DELETE passkeys/{id}: only the owner's; 404 otherwise. */
export async function removePasskey(db: Kysely<DB>, userId: number, id: number): Promise<{ detail: string }> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw ApiError.of(404, 'apiNotFound');
  return { detail: formatMessage('apiPasskeyRemoved') };
}

// ---------------------------------------------------------------------------------------------
// Sign-in (second factor)

const SIGN_IN_PURPOSES = ['auth_otp', 'mail_otp'] as const;

/** POST api-token-passkey-options: the options of navigator.credentials.get for the check token's user. */
export async function passkeyLoginOptions(
  db: Kysely<DB>,
  input: { check_token: string },
  rp: RelyingParty,
  now = new Date(),
): Promise<PasskeyLoginOptions> {
  const ticket = await findTicket(db, input.check_token, SIGN_IN_PURPOSES, now);
  const user = await ticketUser(db, ticket);
  const passkeys = await db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  if (passkeys.length === 0) throw ApiError.of(400, 'apiPasskeyNone');
  const challenge = await storeChallenge(db, { userId: user.id, ticketId: ticket.id }, now);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: row.transports })),
  });
  return options as PasskeyLoginOptions;
}

type AssertionCheck = 'ok' | 'invalid' | 'replayed';

/** Checks an assertion for the ticket's user; on success the passkey's counter and last use move on. */
async function checkAssertion(
  db: Kysely<DB>,
  ticket: LoginTicket,
  userId: number,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  now: Date,
): Promise<AssertionCheck> {
  const data = clientData(response.response.clientDataJSON);
  if (!data) return 'invalid';
  // The challenge is used up first: a refused assertion cannot be tried again with it.
  if (!(await useChallenge(db, data.challenge, { ticketId: ticket.id }, userId, now))) return 'replayed';
  if (!rp.allowsOrigin(data.origin)) return 'invalid';
  // Only a passkey of this user: another user's credential is no credential here.
  const stored = await db
    .selectFrom('passkeys')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', response.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!stored) return 'invalid';
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: data.challenge,
      expectedOrigin: data.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(stored.public_key),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification: false,
    });
    if (!verification.verified) return 'invalid';
    newCounter = verification.authenticationInfo.newCounter;
  } catch {
    // Bad signature, wrong RP ID, counter not above the stored one (a cloned authenticator)...
    return 'invalid';
  }
  // The counter moves only forward, once: a concurrent use of the same counter loses.
  const updated = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now })
    .where('id', '=', stored.id)
    .where('counter', '=', stored.counter)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? 'ok' : 'replayed';
}

/** POST api-token-passkey: the assertion of a passkey of the check token's user -> session. */
export async function signInWithPasskey(
  db: Kysely<DB>,
  input: { check_token: string; response: AuthenticationResponseJSON },
  rp: RelyingParty,
  now = new Date(),
): Promise<TokenAnswer> {
  const ticket = await findTicket(db, input.check_token, SIGN_IN_PURPOSES, now);
  const user = await ticketUser(db, ticket);
  const outcome: { check: AssertionCheck } = { check: 'invalid' };
  const ok = await guardedAttempt(
    db,
    user.email,
    async () => {
      outcome.check = await checkAssertion(db, ticket, user.id, input.response, rp, now);
      return outcome.check === 'ok';
    },
    now,
  );
  if (!ok) {
    if (await recordWrongCode(db, ticket.id)) throw ApiError.of(400, 'apiCheckTokenExhausted');
    throw new ApiError(400, {
      passkey: [formatMessage(outcome.check === 'replayed' ? 'apiPasskeyReplayed' : 'apiPasskeyInvalid')],
    });
  }
  await consumeTicket(db, ticket.id, now);
  return completeSignIn(db, user, now, { secondFactor: true });
}
