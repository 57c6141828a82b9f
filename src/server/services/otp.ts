/**
 * Second factors (ARCHITECTURE.md §7): TOTP (RFC 6238: SHA1, 6 digits, 30-second steps) accepting the
 * current and the previous step only, never the same step twice for a user (the last accepted step is
 * stored, a later code must be of a later step); e-mail codes of 6 random digits, stored hashed.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { HOTP, Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { DB } from '../db/schema';
import { authRules } from './auth-rules';

const { algorithm, digits, period, issuer, secretBytes } = authRules.totp;

/** A code as typed: spaces dropped, then exactly 6 digits; null otherwise. */
export function normalizeCode(code: string): string | null {
  const compact = code.replace(/\s+/g, '');
  return new RegExp(`^\\d{${digits}}$`).test(compact) ? compact : null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The TOTP time step of an instant. */
export function totpStep(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000 / period);
}

/** The code of a base32 secret at a time step. */
export function totpCodeAt(secretBase32: string, step: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm, digits, counter: step });
}

/** The step (current, else previous) whose code this is, or null. */
export function matchTotpStep(secretBase32: string, code: string, now: Date = new Date()): number | null {
  const normalized = normalizeCode(code);
  if (normalized === null) return null;
  const current = totpStep(now);
  for (const step of [current, current - 1]) {
    if (sameText(totpCodeAt(secretBase32, step), normalized)) return step;
  }
  return null;
}

export type TotpCheck = 'ok' | 'invalid' | 'replayed';

/**
 * Checks a user's TOTP code and, when right, records its step atomically: a code of a step not later
 * than the last accepted one is 'replayed' (also under concurrent requests: one of them wins).
 */
export async function verifyUserTotp(
  db: Kysely<DB>,
  userId: number,
  secretBase32: string,
  code: string,
  now: Date = new Date(),
): Promise<TotpCheck> {
  const step = matchTotpStep(secretBase32, code, now);
  if (step === null) return 'invalid';
  return (await recordTotpStep(db, userId, step)) ? 'ok' : 'replayed';
}

/** Stores `step` as the user's last TOTP step if it is later than the stored one; false otherwise. */
export async function recordTotpStep(db: Kysely<DB>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A fresh TOTP secret: 20 random bytes, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: secretBytes }).base32;
}

/** `otpauth://totp/Portale%20Welfare:<e-mail>?issuer=Portale%20Welfare&secret=...` for authenticator apps. */
export function totpUri(email: string, secretBase32: string): string {
  return new TOTP({
    issuer,
    label: email,
    secret: Secret.fromBase32(secretBase32),
    algorithm,
    digits,
    period,
  }).toString();
}

/** The QR code of a TOTP URI, as a PNG data URL. */
export function qrCodeDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/** 6 random digits (crypto), zero-padded. */
export function newMailCode(): string {
  return String(randomInt(0, 10 ** authRules.mailCodeDigits)).padStart(authRules.mailCodeDigits, '0');
}

/**
 * Stored form of an e-mail code: SHA-256 of the raw check token and the code. The raw check token is
 * never stored, so a copy of the table does not let anyone try the million codes offline.
 */
export function mailCodeHash(checkToken: string, code: string): string {
  return createHash('sha256').update(`${checkToken}:${code}`, 'utf8').digest('hex');
}

/** True when `code` is the e-mail code whose hash is stored. */
export function mailCodeMatches(checkToken: string, code: string, storedHash: string | null): boolean {
  const normalized = normalizeCode(code);
  if (normalized === null || storedHash === null) return false;
  return sameText(mailCodeHash(checkToken, normalized), storedHash);
}
