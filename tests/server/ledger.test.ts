import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import {
  IdempotencyInFlightError,
  IdempotencyMismatchError,
  InsufficientCreditError,
  PurchaseStateError,
} from '../../src/server/errors';
import { addDays, romeDate } from '../../src/server/services/calendar';
import { hashRequest, readIdempotencyKey } from '../../src/server/services/idempotency';
import {
  addCredit,
  allocationsOf,
  approvePurchase,
  balances,
  debitPurchase,
  payPurchase,
  rejectPurchase,
  toWireCrediti,
} from '../../src/server/services/ledger';
import { backends, createTestUser, openTestDatabase } from './helpers';

const today = romeDate();

describe.each(backends)('ledger (%s)', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => database?.drop());

  async function line(
    userId: number,
    euro: number,
    options: { art?: boolean; from?: string; to?: string; fonte?: number } = {},
  ) {
    const { line } = await addCredit(db(), {
      userId,
      amountCents: euro * 100,
      fonte: options.fonte ?? (options.art ? 7 : 1),
      isArt51c3: options.art ?? false,
      dataDecorrenza: options.from ?? addDays(today, -30),
      dataScadenza: options.to ?? addDays(today, 300),
    });
    return line;
  }

  async function spendable(lineId: number) {
    const row = await db()
      .selectFrom('credit_lines')
      .select(['credito_spendibile', 'credito_contabile'])
      .where('id', '=', lineId)
      .executeTakeFirstOrThrow();
    return row;
  }

  it('loads credit with an AVERE movement of kind 10 and derives the balances', async () => {
    const { userId } = await createTestUser(db());
    const ordinary = await line(userId, 100, { fonte: 2 });
    await line(userId, 40, { art: true });
    const movements = await db()
      .selectFrom('movements')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(movements.map((m) => [m.verso, m.id_kind, m.importo])).toEqual([
      ['AVERE', 10, 10000],
      ['AVERE', 10, 4000],
    ]);
    expect(movements[0]!.credit_line_id).toBe(ordinary.id);
    const wire = toWireCrediti(await balances(db(), userId));
    expect(wire).toEqual({
      totale: '140.00',
      art51c3: '40.00',
      per_fonte: {
        '1': '0.00',
        '2': '100.00',
        '3': '0.00',
        '4': '0.00',
        '5': '0.00',
        '6': '0.00',
        '7': '40.00',
      },
    });
  });

  it('does not count lines that are expired or not started yet', async () => {
    const { userId } = await createTestUser(db());
    await line(userId, 10);
    await line(userId, 20, { from: addDays(today, -60), to: addDays(today, -1) });
    await line(userId, 30, { from: addDays(today, 1), to: addDays(today, 90) });
    expect((await balances(db(), userId)).totale).toBe(1000);
    await expect(
      debitPurchase(db(), { userId, kind: 1, amountCents: 1500, source: 'totale' }),
    ).rejects.toBeInstanceOf(InsufficientCreditError);
    // The line valid today is used, the expired and future ones are left alone.
    const { allocations } = await debitPurchase(db(), {
      userId,
      kind: 1,
      amountCents: 1000,
      source: 'totale',
    });
    expect(allocations).toHaveLength(1);
    expect((await balances(db(), userId)).totale).toBe(0);
  });

  it('pays totale from ordinary lines first, soonest expiry first, then art. 51 c.3', async () => {
    const { userId } = await createTestUser(db());
    const art = await line(userId, 100, { art: true, to: addDays(today, 10) });
    const late = await line(userId, 50, { to: addDays(today, 200) });
    const soon = await line(userId, 30, { to: addDays(today, 20) });
    const { allocations, purchase } = await debitPurchase(db(), {
      userId,
      kind: 1,
      amountCents: 10000,
      source: 'totale',
      oggetto: 'Rimborso',
    });
    expect(allocations).toEqual([
      { creditLineId: soon.id, importo: 3000 },
      { creditLineId: late.id, importo: 5000 },
      { creditLineId: art.id, importo: 2000 },
    ]);
    expect(purchase.status).toBe('inserito');
    expect((await spendable(art.id)).credito_spendibile).toBe(8000);
    expect((await spendable(late.id)).credito_spendibile).toBe(0);
    const dare = await db()
      .selectFrom('movements')
      .selectAll()
      .where('id_acquisto', '=', purchase.id)
      .execute();
    expect(dare).toHaveLength(1);
    expect(dare[0]).toMatchObject({ verso: 'DARE', importo: 10000, id_kind: 1, oggetto: 'Rimborso' });
  });

  it('pays art51c3 only from art. 51 c.3 lines', async () => {
    const { userId } = await createTestUser(db());
    const ordinary = await line(userId, 500);
    const artLate = await line(userId, 20, { art: true, to: addDays(today, 100) });
    const artSoon = await line(userId, 15, { art: true, to: addDays(today, 50) });
    await expect(
      debitPurchase(db(), { userId, kind: 5, amountCents: 3600, source: 'art51c3' }),
    ).rejects.toThrow(messages.apiInsufficientCredit);
    const { allocations } = await debitPurchase(db(), {
      userId,
      kind: 5,
      amountCents: 3000,
      source: 'art51c3',
    });
    expect(allocations).toEqual([
      { creditLineId: artSoon.id, importo: 1500 },
      { creditLineId: artLate.id, importo: 1500 },
    ]);
    expect((await spendable(ordinary.id)).credito_spendibile).toBe(50000);
    const b = await balances(db(), userId);
    expect([b.totale, b.art51c3]).toEqual([50500, 500]);
  });

  it('refuses to overspend with InsufficientCreditError (409) and writes nothing', async () => {
    const { userId } = await createTestUser(db());
    await line(userId, 10);
    const error = await debitPurchase(db(), { userId, kind: 1, amountCents: 1001, source: 'totale' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InsufficientCreditError);
    expect((error as InsufficientCreditError).statusCode).toBe(409);
    expect((error as InsufficientCreditError).body).toEqual({ detail: messages.apiInsufficientCredit });
    const purchases = await db().selectFrom('purchases').select('id').where('user_id', '=', userId).execute();
    expect(purchases).toHaveLength(0);
    expect((await balances(db(), userId)).totale).toBe(1000);
  });

  it('refuses amounts that are not positive whole cents', async () => {
    const { userId } = await createTestUser(db());
    for (const amountCents of [0, -100, 1.5, Number.NaN]) {
      await expect(debitPurchase(db(), { userId, kind: 1, amountCents, source: 'totale' })).rejects.toThrow(
        messages.apiAmountInvalid,
      );
    }
    await expect(
      debitPurchase(db(), { userId, kind: 15, amountCents: 100, source: 'totale' }),
    ).rejects.toThrow();
  });

  it('answers a retry with the same Idempotency-Key with the first purchase and debits once', async () => {
    const { userId } = await createTestUser(db());
    await line(userId, 100);
    const input = {
      userId,
      kind: 6,
      amountCents: 2500,
      source: 'totale' as const,
      oggetto: 'Cinema',
      idempotencyKey: 'k-1',
    };
    const first = await debitPurchase(db(), input);
    const second = await debitPurchase(db(), input);
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.purchase.id).toBe(first.purchase.id);
    expect(second.allocations).toEqual(first.allocations);
    expect((await balances(db(), userId)).totale).toBe(7500);
    const dare = await db()
      .selectFrom('movements')
      .select('id')
      .where('user_id', '=', userId)
      .where('verso', '=', 'DARE')
      .execute();
    expect(dare).toHaveLength(1);
    const key = await db()
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(key.response_status).toBe(201);
    expect(key.response_body).toEqual({ id_acquisto: first.purchase.id });
  });

  it('refuses the same Idempotency-Key with a different request (422)', async () => {
    const { userId } = await createTestUser(db());
    await line(userId, 100);
    await debitPurchase(db(), {
      userId,
      kind: 6,
      amountCents: 2500,
      source: 'totale',
      idempotencyKey: 'k-2',
    });
    const error = await debitPurchase(db(), {
      userId,
      kind: 6,
      amountCents: 3000,
      source: 'totale',
      idempotencyKey: 'k-2',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyMismatchError);
    expect((error as IdempotencyMismatchError).statusCode).toBe(422);
    expect((await balances(db(), userId)).totale).toBe(7500);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const { userId } = await createTestUser(db());
    await line(userId, 100);
    const request = {
      op: 'purchase',
      kind: 6,
      importo: 2500,
      source: 'totale',
      oggetto: '',
      soggetto: '',
      payload: {},
    };
    // A claim without an answer: the first request is in flight.
    await db()
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key: 'k-3', request_hash: hashRequest(request) })
      .execute();
    const error = await debitPurchase(db(), {
      userId,
      kind: 6,
      amountCents: 2500,
      source: 'totale',
      idempotencyKey: 'k-3',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyInFlightError);
    expect((error as IdempotencyInFlightError).statusCode).toBe(409);
    expect((await balances(db(), userId)).totale).toBe(10000);
  });

  it('releases the key when the purchase fails, so a retry can succeed', async () => {
    const { userId } = await createTestUser(db());
    const input = { userId, kind: 1, amountCents: 2000, source: 'totale' as const, idempotencyKey: 'k-4' };
    await expect(debitPurchase(db(), input)).rejects.toBeInstanceOf(InsufficientCreditError);
    await line(userId, 50);
    const retry = await debitPurchase(db(), input);
    expect(retry.replayed).toBe(false);
    expect((await balances(db(), userId)).totale).toBe(3000);
  });

  it('reads the Idempotency-Key header: 1-128 characters of [A-Za-z0-9_-]', () => {
    expect(readIdempotencyKey({ headers: {} })).toBeNull();
    expect(readIdempotencyKey({ headers: { 'idempotency-key': 'abc_DEF-123' } })).toBe('abc_DEF-123');
    for (const bad of ['', 'a b', 'x'.repeat(129), 'é', 'a/b']) {
      expect(() => readIdempotencyKey({ headers: { 'idempotency-key': bad } }), bad).toThrow(
        messages.apiIdempotencyKeyInvalid,
      );
    }
  });

  it('gives a rejected purchase back to the same lines with an AVERE movement', async () => {
    const { userId } = await createTestUser(db());
    const a = await line(userId, 30, { to: addDays(today, 10) });
    const b = await line(userId, 100, { to: addDays(today, 100) });
    const { purchase } = await debitPurchase(db(), {
      userId,
      kind: 1,
      amountCents: 5000,
      source: 'totale',
      oggetto: 'Occhiali',
    });
    expect(await allocationsOf(db(), purchase.id)).toEqual([
      { creditLineId: a.id, importo: 3000 },
      { creditLineId: b.id, importo: 2000 },
    ]);
    const rejected = await rejectPurchase(db(), purchase.id, { motivo: 'Documento illeggibile' });
    expect(rejected.status).toBe('rifiutato');
    expect(rejected.rejected_at).not.toBeNull();
    expect((await spendable(a.id)).credito_spendibile).toBe(3000);
    expect((await spendable(b.id)).credito_spendibile).toBe(10000);
    const movements = await db()
      .selectFrom('movements')
      .selectAll()
      .where('id_acquisto', '=', purchase.id)
      .orderBy('id')
      .execute();
    expect(movements.map((m) => [m.verso, m.importo, m.id_kind])).toEqual([
      ['DARE', 5000, 1],
      ['AVERE', 5000, 1],
    ]);
    expect(movements[1]!.soggetto).toBe('Documento illeggibile');
    // Cancelled purchases are the rejected ones.
    const cancelled = await db()
      .selectFrom('purchases')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'rifiutato')
      .execute();
    expect(cancelled.map((c) => c.id)).toEqual([purchase.id]);
    // Rejecting again is refused and gives nothing back twice.
    await expect(rejectPurchase(db(), purchase.id)).rejects.toBeInstanceOf(PurchaseStateError);
    expect((await balances(db(), userId)).totale).toBe(13000);
  });

  it('moves purchases inserito -> approvato -> pagato, lowering the accounted balance when paid', async () => {
    const { userId } = await createTestUser(db());
    const l = await line(userId, 100);
    const { purchase } = await debitPurchase(db(), { userId, kind: 7, amountCents: 4000, source: 'totale' });
    expect(await spendable(l.id)).toEqual({ credito_spendibile: 6000, credito_contabile: 10000 });
    expect((await approvePurchase(db(), purchase.id)).status).toBe('approvato');
    await expect(approvePurchase(db(), purchase.id)).rejects.toBeInstanceOf(PurchaseStateError);
    const paid = await payPurchase(db(), purchase.id);
    expect(paid.status).toBe('pagato');
    expect(paid.paid_at).not.toBeNull();
    expect(await spendable(l.id)).toEqual({ credito_spendibile: 6000, credito_contabile: 6000 });
    await expect(rejectPurchase(db(), purchase.id)).rejects.toBeInstanceOf(PurchaseStateError);
    await expect(payPurchase(db(), purchase.id)).rejects.toBeInstanceOf(PurchaseStateError);
    await expect(approvePurchase(db(), 987_654)).rejects.toThrow(messages.apiNotFound);
  });

  it('keeps movements and allocations append-only', async () => {
    const { userId } = await createTestUser(db());
    await line(userId, 10);
    await expect(
      db().updateTable('movements').set({ importo: 1 }).where('user_id', '=', userId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('movements').where('user_id', '=', userId).execute()).rejects.toThrow(
      /append-only/,
    );
  });

  it('makes credit loads idempotent by rif_esterno', async () => {
    const { userId } = await createTestUser(db());
    const input = {
      userId,
      amountCents: 1000,
      fonte: 3,
      dataDecorrenza: addDays(today, -1),
      dataScadenza: addDays(today, 10),
      rifEsterno: 'import-7-row-3',
    };
    const first = await addCredit(db(), input);
    const second = await addCredit(db(), input);
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.line.id).toBe(first.line.id);
    expect((await balances(db(), userId)).totale).toBe(1000);
  });
});
