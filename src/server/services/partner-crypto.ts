/**
 * The cryptography of partner hand-offs (config/partners.ts describes the formats; ARCHITECTURE.md §5, §7):
 * - `enc_data`: AES-256-GCM, 12-byte random IV, the provider id as additional data, base64url of
 *   `iv || ciphertext || tag`;
 * - charge calls: HMAC-SHA256 over `<X-Partner-Timestamp>.<X-Partner-Nonce>.<raw body>`, hex.
 * Both keys derive from the provider's one shared secret, so a partner configures one value.
 * Used by the portal side (making `enc_data`, checking charges) and by the demo partner (the other side).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PartnerBalance } from '../../../config/partners';

/** What `enc_data` carries (UTF-8 JSON). Money as wire strings. */
export interface PartnerHandoffPayload {
  v: 1;
  /** The provider id (also the additional data of the cipher). */
  partner: string;
  /** The login page (route name) the user came from. */
  page: string;
  /** The declared call body (service, cluster, comp_credito), and bitq's showcase `cat`. */
  service?: string;
  cluster?: string;
  cat?: number;
  utente: { id: number; nome: string; cognome: string; email: string };
  /** The credit on offer and which balance it is. */
  credito: { comp_credito: PartnerBalance; disponibile: string };
  /** Unix seconds. */
  iat: number;
  exp: number;
  /** Random, single use; the charge calls name it. */
  nonce: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function deriveKey(secret: string, purpose: 'enc' | 'sig'): Buffer {
  return createHmac('sha256', secret).update(`welfare-partner:${purpose}`).digest();
}

export function newHandoffNonce(): string {
  return randomBytes(18).toString('base64url');
}

/** Encrypts a payload for a provider. */
export function sealHandoff(secret: string, provider: string, payload: PartnerHandoffPayload): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, 'enc'), iv);
  cipher.setAAD(Buffer.from(provider, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** Decrypts `enc_data`; null when it was not made with this secret for this provider or was altered. */
export function openHandoff(secret: string, provider: string, token: string): PartnerHandoffPayload | null {
  if (!/^[A-Za-z0-9_-]{40,8000}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES + 2) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, 'enc'), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(provider, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const payload = JSON.parse(text) as PartnerHandoffPayload;
    if (payload?.v !== 1 || payload.partner !== provider || typeof payload.nonce !== 'string') return null;
    return payload;
  } catch {
    return null;
  }
}

/** A charge call's own nonce (`X-Partner-Nonce`): every call, retries included, has a new one. */
export function newRequestNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** The signature of a charge call: hex HMAC-SHA256 of `<timestamp>.<nonce>.<raw body>`. */
export function signCharge(secret: string, timestamp: string, nonce: string, rawBody: string): string {
  return createHmac('sha256', deriveKey(secret, 'sig'))
    .update(`${timestamp}.${nonce}.${rawBody}`)
    .digest('hex');
}

export function chargeSignatureMatches(
  secret: string,
  request: { timestamp: string; nonce: string; rawBody: string; signature: string },
): boolean {
  if (!/^[0-9a-f]{64}$/.test(request.signature)) return false;
  const expected = Buffer.from(signCharge(secret, request.timestamp, request.nonce, request.rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(request.signature, 'hex'));
}
