/**
 * Signed, short-lived, single-use links: SSO tokens (config/sso-providers.ts, the provider's secret),
 * back-office reconnection tickets (`/reconnect?d=`) and token-login tickets (`/token-login/...?t=`),
 * both signed with TICKET_SECRET.
 *
 * Format: `<payload>.<signature>`, payload = base64url of the UTF-8 JSON
 * `{"email", "exp" (Unix seconds), "nonce", and "provider" (SSO) or "purpose" (tickets)}`,
 * signature = base64url of HMAC-SHA256(key, payload as sent). Tickets use a key derived per purpose
 * (HMAC(TICKET_SECRET, "welfare-link:<purpose>")), so a reconnection ticket is no token-login ticket.
 * Refused: bad signature, expired, more than 5 minutes (plus 1 of clock skew) ahead, nonce already used.
 *
 * Signed data (`signData` / `readSignedData`): the same `<payload>.<signature>` format for small
 * payloads the server hands out and gets back unchanged (carousel actions), with a key derived per
 * purpose (HMAC(TICKET_SECRET, "welfare-data:<purpose>")); no nonce, reusable until its `exp`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findSsoProvider } from '../../../config/sso-providers';
import type { DB } from '../db/schema';
import { authRules } from './auth-rules';

export type TicketPurpose = 'reconnect' | 'token-login';

export interface LinkPayload {
  email: string;
  exp: number;
  nonce: string;
  provider?: string;
  purpose?: TicketPurpose;
}

const MAX_LENGTH = 2048;
const PART = /^[A-Za-z0-9_-]+$/;
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;
const CLOCK_SKEW_SECONDS = 60;

function mac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function ticketKey(secret: string, purpose: TicketPurpose): Buffer {
  return mac(secret, `welfare-link:${purpose}`);
}

function sign(payload: LinkPayload, key: string | Buffer): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The payload of a well-formed link, unverified (to pick the key), or null. */
function decode(link: string): { body: string; signature: Buffer; payload: LinkPayload } | null {
  if (typeof link !== 'string' || link.length > MAX_LENGTH) return null;
  const [body, signature, extra] = link.split('.');
  if (!body || !signature || extra !== undefined || !PART.test(body) || !PART.test(signature)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.email !== 'string' || p.email.length === 0 || p.email.length > 254) return null;
  if (typeof p.exp !== 'number' || !Number.isInteger(p.exp)) return null;
  if (typeof p.nonce !== 'string' || !NONCE.test(p.nonce)) return null;
  if (p.provider !== undefined && typeof p.provider !== 'string') return null;
  if (p.purpose !== undefined && typeof p.purpose !== 'string') return null;
  return { body, signature: Buffer.from(signature, 'base64url'), payload: p as unknown as LinkPayload };
}

function signatureMatches(body: string, signature: Buffer, key: string | Buffer): boolean {
  const expected = mac(key, body);
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}

function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

function expiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + authRules.signedLinkSeconds;
}

/** An SSO token for a user, as the provider would make it. */
export function signSsoToken(
  email: string,
  provider: string,
  secret: string,
  options: { now?: Date; exp?: number; nonce?: string } = {},
): string {
  const now = options.now ?? new Date();
  return sign(
    { email, provider, exp: options.exp ?? expiry(now), nonce: options.nonce ?? newNonce() },
    secret,
  );
}

/** A reconnection or token-login ticket for a user. */
export function signTicket(
  email: string,
  purpose: TicketPurpose,
  secret: string,
  options: { now?: Date; exp?: number } = {},
): string {
  const now = options.now ?? new Date();
  return sign(
    { email, purpose, exp: options.exp ?? expiry(now), nonce: newNonce() },
    ticketKey(secret, purpose),
  );
}

/** Marks a nonce used; false when it already was (replay). */
async function useNonce(db: Kysely<DB>, nonce: string, exp: number, now: Date): Promise<boolean> {
  await db.deleteFrom('used_nonces').where('expires_at', '<', now).execute();
  const inserted = await db
    .insertInto('used_nonces')
    .values({ nonce, expires_at: new Date((exp + CLOCK_SKEW_SECONDS) * 1000) })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return inserted !== undefined;
}

function timely(exp: number, now: Date): boolean {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return exp > nowSeconds && exp <= nowSeconds + authRules.signedLinkSeconds + CLOCK_SKEW_SECONDS;
}

/**
 * The e-mail and provider of a valid SSO token, used up; null when it is malformed, tampered, of an
 * unknown or disabled provider, expired, or already used.
 */
export async function useSsoToken(
  db: Kysely<DB>,
  token: string,
  secrets: Record<string, string | null>,
  now = new Date(),
): Promise<{ email: string; provider: string } | null> {
  const decoded = decode(token);
  const provider = decoded?.payload.provider;
  if (!decoded || provider === undefined || !findSsoProvider(provider)) return null;
  const secret = secrets[provider];
  if (!secret || !signatureMatches(decoded.body, decoded.signature, secret)) return null;
  if (!timely(decoded.payload.exp, now)) return null;
  if (!(await useNonce(db, `sso:${provider}:${decoded.payload.nonce}`, decoded.payload.exp, now)))
    return null;
  return { email: decoded.payload.email.trim().toLowerCase(), provider };
}

/** The e-mail of a valid ticket for `purpose`, used up; null otherwise. */
export async function useTicket(
  db: Kysely<DB>,
  ticket: string,
  purpose: TicketPurpose,
  secret: string,
  now = new Date(),
): Promise<string | null> {
  const decoded = decode(ticket);
  if (!decoded || decoded.payload.purpose !== purpose) return null;
  if (!signatureMatches(decoded.body, decoded.signature, ticketKey(secret, purpose))) return null;
  if (!timely(decoded.payload.exp, now)) return null;
  if (!(await useNonce(db, `${purpose}:${decoded.payload.nonce}`, decoded.payload.exp, now))) return null;
  return decoded.payload.email.trim().toLowerCase();
}

/** Purposes of signed data (keys derived from TICKET_SECRET, distinct from the link keys). */
export type SignedDataPurpose = 'carousel-action';

const MAX_DATA_LENGTH = 1024;

function dataKey(secret: string, purpose: SignedDataPurpose): Buffer {
  return mac(secret, `welfare-data:${purpose}`);
}

/** `<base64url JSON>.<base64url HMAC-SHA256>` of a payload, for `purpose`. */
export function signData(
  payload: Record<string, unknown>,
  secret: string,
  purpose: SignedDataPurpose,
): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(dataKey(secret, purpose), body).toString('base64url')}`;
}

export type SignedDataResult =
  | { ok: true; payload: Record<string, unknown> }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/**
 * The payload of data signed for `purpose`, when well-formed, signed with the key and not expired
 * (`exp`, Unix seconds, when present); otherwise why not (for the log: never the data itself).
 */
export function readSignedData(
  token: string,
  secret: string,
  purpose: SignedDataPurpose,
  now = new Date(),
): SignedDataResult {
  if (typeof token !== 'string' || token.length > MAX_DATA_LENGTH) return { ok: false, reason: 'malformed' };
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !PART.test(body) || !PART.test(signature)) {
    return { ok: false, reason: 'malformed' };
  }
  if (!signatureMatches(body, Buffer.from(signature, 'base64url'), dataKey(secret, purpose))) {
    return { ok: false, reason: 'signature' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, reason: 'malformed' };
  }
  const p = payload as Record<string, unknown>;
  if (p.exp !== undefined) {
    if (typeof p.exp !== 'number' || !Number.isInteger(p.exp)) return { ok: false, reason: 'malformed' };
    if (p.exp <= Math.floor(now.getTime() / 1000)) return { ok: false, reason: 'expired' };
  }
  return { ok: true, payload: p };
}
