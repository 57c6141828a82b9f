/**
 * One Idempotency-Key per payload (ARCHITECTURE.md §5). The server answers a replayed key with its
 * first answer and debits nothing twice, so the portal sends the same key again whenever it cannot know
 * whether the first request was committed: a lost answer (network error) or a 5xx, and also 408, 409
 * (the first still in flight), 425 and 429. A success or a definitive refusal (any other 4xx: the server
 * wrote nothing and released the key) forgets it; a changed payload is another purchase and gets a new key.
 * Keys live in memory for the session (dropped at its end), at most `MAX_KEYS` payloads.
 */
import { ApiError } from '../../api/client';
import { onSessionEnd } from '../../api/session-events';

const MAX_KEYS = 50;
const RETRYABLE = new Set([0, 408, 409, 425, 429]);

/** Payload fingerprint -> key, in insertion order (the oldest is dropped first). */
const keys = new Map<string, string>();
onSessionEnd(() => keys.clear());

/** A random v4 UUID; `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Stable JSON (sorted keys): the same payload always has the same fingerprint. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

const fingerprint = (call: string, body: unknown) => `${call} ${canonical(body)}`;

/** The key of this call with this payload: the kept one, or a new one. */
export function keyForPayload(call: string, body: unknown): string {
  const print = fingerprint(call, body);
  const kept = keys.get(print);
  if (kept) return kept;
  const key = idempotencyKey();
  keys.set(print, key);
  if (keys.size > MAX_KEYS) keys.delete(keys.keys().next().value as string);
  return key;
}

/** True when the request may have been committed without the portal knowing: keep the key. */
export function isUncertain(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return RETRYABLE.has(error.status) || error.status >= 500;
}

/** After the answer: a success or a definitive refusal forgets the payload's key; an uncertain outcome keeps it. */
export function settlePayload(call: string, body: unknown, error?: unknown): void {
  if (error !== undefined && isUncertain(error)) return;
  keys.delete(fingerprint(call, body));
}
