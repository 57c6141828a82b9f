/**
 * Idempotency-Key for purchase-creating calls (ARCHITECTURE.md §5).
 *
 * The key is claimed first, in its own short transaction (unique (user, key)), with a hash of the
 * request. The work then runs; its answer is stored on the key row, ideally inside the work's own
 * transaction (`finish(trx, answer)`), so that "debited" and "answer stored" commit together.
 * - same key, same request, answer stored  -> the stored answer again, nothing re-done;
 * - same key, different request            -> 422;
 * - same key while the first still runs    -> 409;
 * - the work failed                        -> the claim is dropped (nothing was done), a retry runs again.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError, IdempotencyInFlightError, IdempotencyMismatchError } from '../errors';

const KEY = /^[A-Za-z0-9_-]{1,128}$/;
/** A claim older than this without an answer belongs to a crashed process and may be taken over. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface IdempotentOutcome extends StoredAnswer {
  /** True when the answer comes from the first request with this key. */
  replayed: boolean;
}

export type Finish = (trx: Kysely<DB> | Transaction<DB>, answer: StoredAnswer) => Promise<void>;

/** Reads the Idempotency-Key header: null when absent, 400 when malformed. */
export function readIdempotencyKey(request: Pick<FastifyRequest, 'headers'>): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw ApiError.of(400, 'apiIdempotencyKeyInvalid');
  return raw;
}

export function isValidIdempotencyKey(key: string): boolean {
  return KEY.test(key);
}

/** Stable JSON (sorted keys): the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function hashRequest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

async function runIdempotent(
  db: Kysely<DB>,
  claim: { userId: number; key: string; requestHash: string },
  work: (finish: Finish) => Promise<StoredAnswer>,
): Promise<IdempotentOutcome> {
  if (!KEY.test(claim.key)) throw ApiError.of(400, 'apiIdempotencyKeyInvalid');
  const id = await claimKey(db, claim);

  let stored = false;
  const finish: Finish = async (trx, answer) => {
    await trx
      .updateTable('idempotency_keys')
      .set({
        response_status: answer.status,
        response_body: JSON.stringify(answer.body ?? null),
        completed_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    stored = true;
  };

  try {
    const answer = await work(finish);
    if (!stored) await finish(db, answer);
    return { ...answer, replayed: false };
  } catch (error) {
    // Nothing was committed by the failed work: release the key so that a retry can run.
    await db
      .deleteFrom('idempotency_keys')
      .where('id', '=', id)
      .where('response_status', 'is', null)
      .execute();
    throw error;
  }
}

/** Returns the id of the claimed row, or throws the answer for a key already used. */
async function claimKey(
  db: Kysely<DB>,
  claim: { userId: number; key: string; requestHash: string },
): Promise<number> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: claim.userId, key: claim.key, request_hash: claim.requestHash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;

  const existing = await db
    .selectFrom('idempotency_keys')
    .select(['id', 'request_hash', 'response_status', 'response_body', 'created'])
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  if (!existing) return claimKey(db, claim); // released by a failed first attempt meanwhile
  if (existing.request_hash !== claim.requestHash) throw new IdempotencyMismatchError();
  if (existing.response_status !== null) {
    throw new ReplayedAnswer({ status: existing.response_status, body: existing.response_body });
  }
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ created: new Date() })
    .where('id', '=', existing.id)
    .where('response_status', 'is', null)
    .where('created', '<', new Date(Date.now() - STALE_CLAIM_MS))
    .returning('id')
    .executeTakeFirst();
  if (taken) return taken.id;
  throw new IdempotencyInFlightError();
}

/** Internal signal: the key already has an answer. */
class ReplayedAnswer extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('replayed');
  }
}

/** Runs `work` once per (user, key); an earlier request's stored answer is returned with replayed: true. */
export async function withIdempotency(
  db: Kysely<DB>,
  claim: { userId: number; key: string; requestHash: string },
  work: (finish: Finish) => Promise<StoredAnswer>,
): Promise<IdempotentOutcome> {
  try {
    return await runIdempotent(db, claim, work);
  } catch (error) {
    if (error instanceof ReplayedAnswer) return { ...error.answer, replayed: true };
    throw error;
  }
}

/**
 * For purchase-creating routes: runs `work` under the request's Idempotency-Key (if any) and sends
 * its answer. The request hash covers method, route, body and the company acted for, so a different body
 * (or company) with the same key is 422.
 */
export async function sendIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Kysely<DB>,
  userId: number,
  work: (finish: Finish) => Promise<StoredAnswer>,
): Promise<FastifyReply> {
  const key = readIdempotencyKey(request);
  if (key === null) {
    const answer = await work(async () => {});
    return reply.code(answer.status).send(answer.body);
  }
  // The company acted for (back office) is part of the fingerprint: the same key and body for another
  // company is a different request (422), never the first company's answer.
  const company = request.company ?? null;
  const requestHash = hashRequest({
    method: request.method,
    route: request.routeOptions.url,
    body: request.body ?? null,
    ...(company !== null ? { company } : {}),
  });
  const outcome = await withIdempotency(db, { userId, key, requestHash }, work);
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(outcome.status).send(outcome.body);
}
