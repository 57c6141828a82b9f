/**
 * Races that only a real PostgreSQL can show (PGlite runs one transaction at a time): many purchases
 * at once on separate pool connections, the same Idempotency-Key at once, and several instances
 * migrating one database at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyInFlightError, InsufficientCreditError } from '../../src/server/errors';
import { openDatabase } from '../../src/server/db/connect';
import { listMigrations, runMigrations } from '../../src/server/db/migrate';
import { addDays, romeDate } from '../../src/server/services/calendar';
import { addCredit, balances, debitPurchase } from '../../src/server/services/ledger';
import {
  createTestDatabase,
  createTestUser,
  NO_POSTGRES_REASON,
  openTestDatabase,
  TEST_DATABASE_URL,
} from './helpers';

const today = romeDate();

describe.skipIf(!TEST_DATABASE_URL)(
  `ledger under concurrency on PostgreSQL${TEST_DATABASE_URL ? '' : ` (${NO_POSTGRES_REASON})`}`,
  () => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;

    beforeAll(async () => {
      database = await openTestDatabase('postgres', 50);
    });
    afterAll(async () => database?.drop());

    it('lets exactly 10 of 50 concurrent 10.00 purchases through 100.00 of credit', async () => {
      const db = database.db;
      const { userId } = await createTestUser(db);
      const lines = [];
      for (const euro of [60, 40]) {
        const { line } = await addCredit(db, {
          userId,
          amountCents: euro * 100,
          fonte: 1,
          dataDecorrenza: addDays(today, -1),
          dataScadenza: addDays(today, 100 + euro),
        });
        lines.push(line);
      }

      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          debitPurchase(db, {
            userId,
            kind: 6,
            amountCents: 1000,
            source: 'totale',
            oggetto: `Acquisto ${i}`,
          }),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(10);
      expect(failed).toHaveLength(40);
      for (const f of failed) expect(f.reason).toBeInstanceOf(InsufficientCreditError);

      const b = await balances(db, userId);
      expect(b.totale).toBe(0);

      const dare = await db
        .selectFrom('movements')
        .select((eb) => eb.fn.sum<string | number>('importo').as('total'))
        .where('user_id', '=', userId)
        .where('verso', '=', 'DARE')
        .executeTakeFirstOrThrow();
      const allocations = await db
        .selectFrom('purchase_allocations as a')
        .innerJoin('purchases as p', 'p.id', 'a.purchase_id')
        .select(['a.credit_line_id', 'a.importo'])
        .where('p.user_id', '=', userId)
        .execute();
      const allocated = allocations.reduce((s, a) => s + a.importo, 0);
      expect(Number(dare.total)).toBe(10000);
      expect(allocated).toBe(10000);
      const after = await db
        .selectFrom('credit_lines')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      for (const l of after) {
        const perLine = allocations
          .filter((a) => a.credit_line_id === l.id)
          .reduce((s, a) => s + a.importo, 0);
        expect(l.credito_spendibile).toBe(0);
        expect(l.credito_iniziale - l.credito_spendibile).toBe(perLine);
      }
      const purchases = await db.selectFrom('purchases').select('id').where('user_id', '=', userId).execute();
      expect(purchases).toHaveLength(10);
    }, 60_000);

    it('creates one purchase for 5 concurrent calls with the same Idempotency-Key', async () => {
      const db = database.db;
      const { userId } = await createTestUser(db);
      await addCredit(db, {
        userId,
        amountCents: 10000,
        fonte: 1,
        dataDecorrenza: addDays(today, -1),
        dataScadenza: addDays(today, 30),
      });
      const input = {
        userId,
        kind: 5,
        amountCents: 2500,
        source: 'totale' as const,
        idempotencyKey: 'same-key',
      };
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => debitPurchase(db, input)));
      const purchases = await db.selectFrom('purchases').select('id').where('user_id', '=', userId).execute();
      expect(purchases).toHaveLength(1);
      const made = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
      expect(made.length).toBeGreaterThanOrEqual(1);
      expect(made.filter((r) => !r.replayed)).toHaveLength(1);
      for (const r of made) expect(r.purchase.id).toBe(purchases[0]!.id);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(IdempotencyInFlightError);
      }
      expect((await balances(db, userId)).totale).toBe(7500);
      // Once the first has answered, a retry gets the same purchase.
      const retry = await debitPurchase(db, input);
      expect(retry).toMatchObject({ replayed: true, purchase: { id: purchases[0]!.id } });
    }, 60_000);

    it('applies each migration once when several instances start together', async () => {
      const created = await createTestDatabase();
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: created.url, poolMax: 2 })),
      );
      try {
        const applied = await Promise.all(handles.map((h) => runMigrations(h.db)));
        const all = applied.flat();
        expect(all.sort()).toEqual(
          listMigrations()
            .map((m) => m.name)
            .sort(),
        );
        const rows = await handles[0]!.db.selectFrom('schema_migrations').select('version').execute();
        expect(rows).toHaveLength(listMigrations().length);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
        await created.drop();
      }
    }, 60_000);
  },
);
