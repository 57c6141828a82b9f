/**
 * The reusable Idempotency-Key helper for purchase-creating routes (sendIdempotent), exercised
 * through HTTP on a small app with the real error handler, the way later purchase routes will use it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { errorHandlerPlugin } from '../../src/server/plugins/error-handler';
import { addDays, romeDate } from '../../src/server/services/calendar';
import { sendIdempotent } from '../../src/server/services/idempotency';
import { addCredit, balances, debitPurchase } from '../../src/server/services/ledger';
import { backends, createTestUser, json, openTestDatabase } from './helpers';

describe.each(backends)('Idempotency-Key on a purchase route (%s)', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let userId: number;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    ({ userId } = await createTestUser(database.db));
    await addCredit(database.db, {
      userId,
      amountCents: 10_000,
      fonte: 1,
      dataDecorrenza: addDays(romeDate(), -1),
      dataScadenza: addDays(romeDate(), 30),
    });
    app = Fastify();
    await app.register(errorHandlerPlugin);
    app.post<{ Body: { importo: number } }>(
      '/api/acquisto',
      {
        schema: {
          body: {
            type: 'object',
            required: ['importo'],
            properties: { importo: { type: 'integer', minimum: 1 } },
            additionalProperties: false,
          },
        },
      },
      (request, reply) =>
        sendIdempotent(request, reply, database.db, userId, async (finish) => {
          const { purchase } = await debitPurchase(database.db, {
            userId,
            kind: 6,
            amountCents: request.body.importo,
            source: 'totale',
            beforeCommit: (trx, p) => finish(trx, { status: 201, body: { id_acquisto: p.id } }),
          });
          return { status: 201, body: { id_acquisto: purchase.id } };
        }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const buy = (importo: number, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/acquisto',
      payload: { importo },
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  it('answers a retry with the first answer and debits once', async () => {
    const first = await buy(2500, 'ordine-1');
    expect(first.statusCode).toBe(201);
    const second = await buy(2500, 'ordine-1');
    expect(second.statusCode).toBe(201);
    expect(json(second)).toEqual(json(first));
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((await balances(database.db, userId)).totale).toBe(7500);
  });

  it('answers 422 for the same key with a different body', async () => {
    const response = await buy(3000, 'ordine-1');
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({ detail: messages.apiIdempotencyMismatch });
    expect((await balances(database.db, userId)).totale).toBe(7500);
  });

  it('answers 400 for a malformed key and works without a key', async () => {
    const bad = await buy(100, 'chiave non valida');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ detail: messages.apiIdempotencyKeyInvalid });
    const plain = await buy(100);
    expect(plain.statusCode).toBe(201);
    expect((await balances(database.db, userId)).totale).toBe(7400);
  });

  it('does not store the failure of a purchase: the same key works once credit is there', async () => {
    const refused = await buy(9000, 'ordine-2');
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({ detail: messages.apiInsufficientCredit });
    await addCredit(database.db, {
      userId,
      amountCents: 5000,
      fonte: 1,
      dataDecorrenza: addDays(romeDate(), -1),
      dataScadenza: addDays(romeDate(), 30),
    });
    const retry = await buy(9000, 'ordine-2');
    expect(retry.statusCode).toBe(201);
    expect((await balances(database.db, userId)).totale).toBe(3400);
  });
});
